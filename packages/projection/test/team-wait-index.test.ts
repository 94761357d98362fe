// TEAM-03 TEAM-14 HYD-05: wait edges are found through an index of each waiter's open edges and of its
// edges by target (so a fact costs O(change), not a walk of every wait the waiter ever had). Whatever the
// facts, the waiters, the edges a stored projection brought (repeated, ended, without a status) and the
// reads in between, the team shows what a plain walk of every edge gives: each edge of the waiter is
// active exactly when the waiter waits on its target, and a target named for the first time gets one
// new active edge.
import type { AgentUiEvent, DelegationEdge, ProjectionState } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { codes, stream } from "./helpers";

const AGENTS = ["lead", "w1", "w2", "w3"];

interface Fact {
  agentId: string;
  waiting: boolean;
  targets: string[] | undefined;
  read: boolean;
}

type Row = [from: string, to: string, status: DelegationEdge["status"]];

/** The reference: a walk of every wait edge of the waiter, as a fact describes the wait. */
function model(stored: Row[], facts: readonly Fact[]): Row[] {
  const edges = stored.map((row): Row => [...row]);
  for (const fact of facts) {
    if (fact.waiting && fact.targets === undefined) continue;
    const targets = fact.waiting ? (fact.targets ?? []).filter((id) => id !== fact.agentId) : [];
    for (const edge of edges)
      if (edge[0] === fact.agentId) edge[2] = targets.includes(edge[1]) ? "active" : "ended";
    for (const to of targets)
      if (!edges.some((edge) => edge[0] === fact.agentId && edge[1] === to))
        edges.push([fact.agentId, to, "active"]);
  }
  return edges;
}

function events(facts: readonly Fact[]): AgentUiEvent[] {
  const e = stream();
  return facts.map((fact) =>
    e("agent.changed", {
      agentId: fact.agentId,
      payload: {
        status: fact.waiting ? "waiting" : "running",
        ...(fact.targets !== undefined ? { waitingOn: fact.targets } : {}),
      },
    }),
  );
}

function resumed(stored: Row[]) {
  const projector = createProjector();
  const state = projector.getState();
  const edges = stored.map(([from, to, status]): DelegationEdge => {
    const edge: DelegationEdge = { from, to, kind: "wait" };
    if (status !== undefined) edge.status = status;
    return edge;
  });
  projector.hydrate({
    kind: "projection",
    state: { ...state, team: { ...state.team, roster: [...AGENTS], edges } } as ProjectionState,
  });
  return projector;
}

const rows = (state: ProjectionState): Row[] =>
  state.team.edges.filter((edge) => edge.kind === "wait").map((edge) => [edge.from, edge.to, edge.status]);

const agent = fc.constantFrom(...AGENTS);
const storedArb = fc.array(
  fc.tuple(agent, agent, fc.constantFrom<DelegationEdge["status"]>("active", "ended", undefined)),
  { maxLength: 8 },
);
const factArb = fc.record({
  agentId: agent,
  waiting: fc.boolean(),
  targets: fc.option(fc.subarray(AGENTS), { nil: undefined }),
  read: fc.boolean(),
});

describe("wait edges through the waiter's index (TEAM-03, TEAM-14)", () => {
  it("TEAM-03 TEAM-14 HYD-05 every waiter's edges match a walk of all its edges, read as the facts land or once", () => {
    fc.assert(
      fc.property(storedArb, fc.array(factArb, { maxLength: 16 }), (stored, facts) => {
        const expected = model(stored, facts);
        const live = resumed(stored);
        const list = events(facts);
        list.forEach((event, i) => {
          live.apply(event);
          if (facts[i].read) void live.getState().team.edges;
        });
        expect(rows(live.getState())).toEqual(expected);
        const batch = resumed(stored);
        batch.applyAll(list);
        expect(batch.getState().team).toEqual(live.getState().team);
      }),
      { numRuns: 300 },
    );
  });

  it("TEAM-18 a teammate's lineage diagnostic is taken back once an edge reaches it, and only its own", () => {
    const e = stream();
    const p = createProjector();
    p.applyAll([
      e("agent.spawned", { agentId: "w1" }),
      e("agent.spawned", { agentId: "w2" }),
      e("agent.spawned", { agentId: "w1", payload: { parentAgentId: "lead" } }),
    ]);
    const state = p.getState();
    expect(codes(state)).toEqual(["lineage_unknown"]);
    expect(state.diagnostics[0].message).toContain("w2");
    // A stored projection brings the diagnostic back as data: an edge drawn later still takes it back.
    const resumedState = createProjector();
    resumedState.hydrate({ kind: "projection", state });
    resumedState.applyAll([e("agent.handoff", { handoffId: "h1", payload: { from: "w1", to: "w2" } })]);
    expect(codes(resumedState.getState())).toEqual([]);
  });
});
