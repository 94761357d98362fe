// HYD-02/05 PERF-04: the team's roster and delegation edges hydrated from a window (its newest entries plus
// entries sent ahead of their page) and then paged in by cursor end in the team's own order, each entry
// once, whatever entries the window sent ahead and whatever the page size.
import type { DelegationEdge, ProjectionState } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector } from "../src";

function hydrated(roster: string[], edges: DelegationEdge[]) {
  const p = createProjector();
  const state = p.getState();
  p.hydrate({
    kind: "projection",
    state: { ...state, team: { ...state.team, roster, edges } } as ProjectionState,
  });
  return p;
}

/** A window of `list`: the entries flagged ahead (before `start`) and every entry from `start`. */
function windowOf<T>(list: T[], start: number, ahead: boolean[]): T[] {
  return list.filter((_, i) => i >= start || ahead[i]);
}

describe("mergeTeam", () => {
  it("HYD-05 PERF-04 paging the roster back from any window gives every id once, in order", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 17 }),
        fc.array(fc.boolean(), { minLength: 80, maxLength: 80 }),
        (length, newest, pageSize, ahead) => {
          const roster = Array.from({ length }, (_, i) => `a${i}`);
          const start = Math.max(0, length - newest);
          const window = windowOf(roster, start, ahead);
          const p = hydrated(window, []);
          const pending = new Set(window.slice(0, window.length - (length - start)));
          for (let end = start; end > 0; end -= pageSize) {
            const page = roster.slice(Math.max(0, end - pageSize), end);
            p.mergeTeam("roster", page, pending);
            for (const id of page) pending.delete(id);
          }
          expect(p.getState().team.roster).toEqual(roster);
        },
      ),
    );
  });

  it("HYD-05 an edge the projection holds keeps its own state; edges are one per kind and pair", () => {
    const held: DelegationEdge = { from: "a", to: "b", kind: "wait", status: "ended" };
    const p = hydrated(["b"], [held]);
    let notified = 0;
    p.subscribe(() => {
      notified += 1;
    });
    p.mergeTeam("edges", [
      { from: "lead", to: "a", kind: "spawn" },
      { from: "a", to: "b", kind: "wait", status: "active" },
      { from: "lead", to: "a", kind: "spawn" },
      { nonsense: true },
    ]);
    const { edges } = p.getState().team;
    expect(edges).toEqual([{ from: "lead", to: "a", kind: "spawn" }, held]);
    expect(notified).toBe(1);
    p.mergeTeam("edges", [{ from: "lead", to: "a", kind: "spawn" }]);
    expect(notified).toBe(1);
  });

  it("HYD-05 a page keeps the first entry of each id, drops entries without an identity, and is copied", () => {
    const p = hydrated([], []);
    const first = { workItemId: "w1", title: "First", status: "open" };
    p.mergeTeam("workBoard", [
      first,
      { workItemId: "w1", title: "Second", status: "open" },
      { workItemId: 5, title: "Numbered" },
      null,
      "w2",
      { title: "No id" },
    ]);
    p.mergeTeam("edges", [
      { from: "lead", to: "a" },
      { from: "lead", kind: "spawn" },
      { to: "a", kind: "spawn" },
    ]);
    first.title = "Changed by the caller";
    const { team } = p.getState();
    expect(team.workBoard).toEqual([{ workItemId: "w1", title: "First", status: "open" }]);
    expect(team.edges).toEqual([]);
  });

  it("HYD-05 a page for a name that is not one of the team's lists changes nothing, whatever it carries", () => {
    const p = hydrated(["a1"], []);
    const before = p.getState();
    let heard = 0;
    p.subscribe(() => {
      heard += 1;
    });
    // `undefined` is the key an id field the team does not have would read.
    const entries = ["a2", { id: "x", undefined: "x" }];
    for (const list of ["counts", "bogus"]) p.mergeTeam(list as never, entries);
    expect(p.getState()).toBe(before);
    expect(heard).toBe(0);
    expect(p.version).toBe(1);
  });

  it("HYD-05 held entries named older stay before the page, the rest after it; a held entry the page lists moves to it", () => {
    const p = hydrated(["x", "y"], []);
    p.mergeTeam("roster", ["p1"], new Set(["x"]));
    expect(p.getState().team.roster).toEqual(["x", "p1", "y"]);
    const q = hydrated(["a", "b", "c"], []);
    let notified = 0;
    q.subscribe(() => {
      notified += 1;
    });
    q.mergeTeam("roster", ["b"]);
    expect(q.getState().team.roster).toEqual(["b", "a", "c"]);
    expect(notified).toBe(1);
  });

  it("HYD-05 a roster page keeps only agent ids; a page with none changes nothing, whatever `older` names", () => {
    const p = hydrated(["a", "b"], []);
    let notified = 0;
    p.subscribe(() => {
      notified += 1;
    });
    p.mergeTeam("roster", [7, null, { agentId: "q" }] as never, new Set(["b"]));
    expect(p.getState().team.roster).toEqual(["a", "b"]);
    expect(notified).toBe(0);
    p.mergeTeam("roster", [5, "z"] as never);
    expect(p.getState().team.roster).toEqual(["z", "a", "b"]);
  });
});
