import type { AgentUiEvent } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

function seeded() {
  const e = stream({ sessionId: "s" });
  const p = createProjector();
  p.applyAll([
    e("agent.spawned", { agentId: "lead", payload: { status: "running" } }),
    e("agent.spawned", { agentId: "w1", payload: { status: "running", parentAgentId: "lead" } }),
    e("agent.spawned", { agentId: "w2", payload: { status: "running", parentAgentId: "lead" } }),
    e("task.changed", { taskId: "k1", workItemId: "wi1", payload: { status: "running" } }),
    e("task.changed", { taskId: "k2", workItemId: "wi2", payload: { status: "running" } }),
    e("agent.changed", { agentId: "lead", payload: { status: "waiting", waitingOn: ["w1"] } }),
    e("agent.handoff", { handoffId: "h1", payload: { from: "w1", to: "w2", status: "started" } }),
    e("review.requested", { reviewId: "r1", payload: { reviewer: "lead", target: "w2" } }),
    e("worker.notification", { agentId: "w1", workerNotificationId: "n1", payload: { status: "done" } }),
  ]);
  return { p, e };
}

describe("team slice copy-on-write", () => {
  it("a work board change copies only its entry: other lists and entries keep identity", () => {
    const { p, e } = seeded();
    const before = p.getState().team;
    p.apply(e("task.changed", { taskId: "k2", payload: { status: "completed" } }));
    const after = p.getState().team;
    expect(after).not.toBe(before);
    expect(after.workBoard).not.toBe(before.workBoard);
    expect(after.workBoard[1]).not.toBe(before.workBoard[1]);
    expect(after.workBoard[1].status).toBe("done");
    expect(before.workBoard[1].status).toBe("running");
    expect(after.workBoard[0]).toBe(before.workBoard[0]);
    for (const list of ["roster", "edges", "handoffs", "notifications", "reviews"] as const)
      expect(after[list], list).toBe(before[list]);
  });

  it("an appended edge and a changed wait edge: the new list keeps every other edge's object", () => {
    const { p, e } = seeded();
    const before = p.getState().team;
    p.apply(e("agent.changed", { agentId: "lead", payload: { status: "running" } }));
    p.apply(e("agent.spawned", { agentId: "w3", payload: { status: "running", parentAgentId: "lead" } }));
    const after = p.getState().team;
    const waitBefore = before.edges.findIndex((edge) => edge.kind === "wait");
    expect(before.edges[waitBefore].status).toBe("active");
    expect(after.edges[waitBefore].status).toBe("ended");
    for (let i = 0; i < before.edges.length; i++)
      if (i !== waitBefore) expect(after.edges[i]).toBe(before.edges[i]);
    expect(after.edges).toHaveLength(before.edges.length + 1);
    expect(after.roster).toEqual([...before.roster, "w3"]);
    expect(after.workBoard).toBe(before.workBoard);
  });

  it("mutating a returned state never reaches the projector: the next read after a change is the fold's", () => {
    const { p, e } = seeded();
    const events: AgentUiEvent[] = [];
    const state = p.getState();
    state.team.roster.push("intruder");
    state.team.edges.splice(0, 1);
    state.team.workBoard[0].status = "failed";
    state.team.handoffs[0].to = "nobody";
    (state.team.counts as Record<string, unknown>).active = 99;
    state.team.notifications.length = 0;
    for (const event of [
      e("agent.spawned", { agentId: "w4", payload: { status: "running", parentAgentId: "lead" } }),
      e("task.changed", { taskId: "k1", payload: { status: "completed" } }),
      e("agent.handoff", { handoffId: "h1", payload: { status: "completed" } }),
      e("worker.notification", { agentId: "w2", workerNotificationId: "n2", payload: { status: "done" } }),
      e("agent.changed", { agentId: "lead", teamActiveCount: 2, payload: { status: "running" } }),
    ]) {
      events.push(event);
      p.apply(event);
    }
    const next = p.getState().team;
    expect(next.roster).toEqual(["lead", "w1", "w2", "w4"]);
    expect(next.edges[0]).toMatchObject({ kind: "spawn", from: "lead", to: "w1" });
    expect(next.workBoard[0].status).toBe("done");
    expect(next.handoffs[0].to).toBe("w2");
    expect(next.counts.active).toBe(2);
    expect(next.notifications.map((n) => n.id)).toEqual(["n1", "n2"]);
  });
});

const agents = ["lead", "a", "b", "c", "d"];
const teamEvent = fc.oneof(
  fc.record({
    type: fc.constantFrom("agent.spawned", "agent.changed", "agent.completed"),
    agentId: fc.constantFrom(...agents),
    parent: fc.option(fc.constantFrom(...agents), { nil: undefined }),
    status: fc.constantFrom("running", "waiting", "completed"),
    waitingOn: fc.option(fc.subarray(agents), { nil: undefined }),
    active: fc.option(fc.nat(9), { nil: undefined }),
  }),
  fc.record({
    type: fc.constant("task.changed"),
    task: fc.constantFrom("k1", "k2", "k3"),
    item: fc.option(fc.constantFrom("wi1", "wi2"), { nil: undefined }),
    status: fc.constantFrom("queued", "running", "blocked", "completed", "failed"),
  }),
  fc.record({
    type: fc.constant("team.changed"),
    item: fc.constantFrom("wi1", "wi2", "wi3"),
    status: fc.constantFrom("open", "running", "done"),
    name: fc.option(fc.constantFrom("alpha", "beta"), { nil: undefined }),
  }),
  fc.record({
    type: fc.constant("agent.handoff"),
    id: fc.constantFrom("h1", "h2"),
    from: fc.constantFrom(...agents),
    to: fc.constantFrom(...agents),
  }),
  fc.record({
    type: fc.constantFrom("review.requested", "review.completed"),
    id: fc.constantFrom("r1", "r2"),
    target: fc.constantFrom(...agents),
    evidence: fc.subarray(["ev1", "ev2"]),
  }),
  fc.record({ type: fc.constant("worker.notification"), agentId: fc.constantFrom(...agents) }),
);

type TeamFact = typeof teamEvent extends fc.Arbitrary<infer T> ? T : never;

function toEvents(facts: readonly TeamFact[]): AgentUiEvent[] {
  const e = stream({ sessionId: "s" });
  return facts.map((fact) => {
    switch (fact.type) {
      case "task.changed":
        return e(fact.type, {
          taskId: fact.task,
          ...(fact.item ? { workItemId: fact.item } : {}),
          payload: { status: fact.status },
        });
      case "team.changed":
        return e(fact.type, {
          payload: { teamName: fact.name, workBoard: [{ workItemId: fact.item, status: fact.status }] },
        });
      case "agent.handoff":
        return e(fact.type, { handoffId: fact.id, payload: { from: fact.from, to: fact.to } });
      case "review.requested":
      case "review.completed":
        return e(fact.type, {
          reviewId: fact.id,
          payload: { reviewer: "lead", target: fact.target, evidenceRefs: fact.evidence },
        });
      case "worker.notification":
        return e(fact.type, { agentId: fact.agentId, payload: { status: "done" } });
      default:
        return e(fact.type, {
          agentId: fact.agentId,
          ...(fact.active === undefined ? {} : { teamActiveCount: fact.active }),
          payload: {
            status: fact.status,
            ...(fact.parent ? { parentAgentId: fact.parent } : {}),
            ...(fact.waitingOn ? { waitingOn: fact.waitingOn } : {}),
          },
        });
    }
  });
}

describe("team slice reads at any point", () => {
  it("TEAM-01 reading the state between any events ends in the batch fold's state", () => {
    fc.assert(
      fc.property(
        fc.array(teamEvent, { maxLength: 60 }),
        fc.array(fc.boolean(), { maxLength: 60 }),
        (facts, reads) => {
          const events = toEvents(facts);
          const expected = projectEvents(events);
          const p = createProjector();
          events.forEach((event, i) => {
            p.apply(event);
            if (reads[i]) p.getState();
          });
          const actual = p.getState();
          expect(actual.team).toEqual(expected.team);
          expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(JSON.stringify(expected)));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("large team lists read late", () => {
  /** A lead and `size` teammates, each with a work item (well past the eager-build threshold). */
  function large(size: number) {
    const e = stream({ sessionId: "s" });
    const p = createProjector();
    p.apply(e("agent.spawned", { agentId: "lead", payload: { status: "running" } }));
    for (let i = 0; i < size; i++) {
      p.apply(
        e("agent.spawned", { agentId: `w${i}`, payload: { status: "running", parentAgentId: "lead" } }),
      );
      p.apply(e("task.changed", { taskId: `k${i}`, workItemId: `wi${i}`, payload: { status: "running" } }));
    }
    return { p, e };
  }

  it("TEAM-01 perf §2.2 each snapshot's lists show the team as of its getState(), read in any order", () => {
    const { p, e } = large(300);
    const first = p.getState().team;
    p.apply(e("task.changed", { taskId: "k5", payload: { status: "completed" } }));
    p.apply(e("agent.changed", { agentId: "lead", payload: { status: "waiting", waitingOn: ["w7"] } }));
    const second = p.getState().team;
    p.apply(e("task.changed", { taskId: "k5", payload: { status: "failed" } }));
    p.apply(e("agent.changed", { agentId: "lead", payload: { status: "running" } }));
    p.apply(e("agent.spawned", { agentId: "w300", payload: { status: "running", parentAgentId: "lead" } }));
    const third = p.getState().team;
    // Read newest first: the older snapshots are rebuilt from what the later changes replaced.
    expect(third.workBoard[5].status).toBe("failed");
    expect(third.edges.at(-1)).toMatchObject({ kind: "spawn", to: "w300" });
    expect(third.edges.find((edge) => edge.kind === "wait")?.status).toBe("ended");
    expect(second.workBoard[5].status).toBe("done");
    expect(second.edges).toHaveLength(301);
    expect(second.edges.at(-1)).toMatchObject({ kind: "wait", to: "w7", status: "active" });
    expect(first.workBoard[5].status).toBe("running");
    expect(first.edges).toHaveLength(300);
    expect(first.roster).toHaveLength(301);
    expect(third.roster).toHaveLength(302);
    // Unchanged entries are the very objects of the older snapshots; changed ones are new.
    expect(third.workBoard[4]).toBe(first.workBoard[4]);
    expect(second.workBoard[5]).not.toBe(first.workBoard[5]);
    expect(third.workBoard[5]).not.toBe(second.workBoard[5]);
    expect(third.edges[0]).toBe(first.edges[0]);
    // An unchanged list is the same array in the next snapshot, read before or after it.
    expect(third.notifications).toBe(first.notifications);
    // Plain data once read: serialized, each snapshot keeps its own lists.
    expect(JSON.parse(JSON.stringify(first)).edges).toHaveLength(300);
  });

  it("TEAM-01 perf §2.2 a large changed team list is built when first read; one-shot projections hold plain lists", () => {
    const { p, e } = large(200);
    p.apply(e("agent.spawned", { agentId: "w200", payload: { status: "running", parentAgentId: "lead" } }));
    const team = p.getState().team;
    const deferred = (list: string) => Object.getOwnPropertyDescriptor(team, list)?.get !== undefined;
    expect(deferred("edges")).toBe(true);
    expect(deferred("roster")).toBe(true);
    expect(team.roster).toHaveLength(202);
    // Reading the roster copied the roster only.
    expect(deferred("roster")).toBe(false);
    expect(deferred("edges")).toBe(true);
    expect(team.edges).toHaveLength(201);
    const events = [e("agent.spawned", { agentId: "lead" })];
    for (let i = 0; i < 200; i++)
      events.push(e("agent.spawned", { agentId: `x${i}`, payload: { parentAgentId: "lead" } }));
    const once = projectEvents(events).team;
    for (const list of ["roster", "edges"])
      expect(Object.getOwnPropertyDescriptor(once, list)?.get).toBeUndefined();
  });

  it("TEAM-01 HYD-05 a page merged between reads leaves the older snapshot's lists as they were", () => {
    const { p, e } = large(200);
    const before = p.getState().team;
    p.mergeTeam("edges", [{ from: "lead", to: "old", kind: "spawn" }]);
    p.apply(e("task.changed", { taskId: "k0", payload: { status: "completed" } }));
    const after = p.getState().team;
    expect(after.edges).toHaveLength(201);
    expect(after.edges[0]).toMatchObject({ to: "old" });
    expect(after.edges[1]).toBe(before.edges[0]);
    expect(before.edges).toHaveLength(200);
    expect(before.edges[0]).toMatchObject({ to: "w0" });
    expect(before.workBoard[0].status).toBe("running");
    expect(after.workBoard[0].status).toBe("done");
  });
  it("TEAM-14 HYD-05 an unread snapshot keeps its handoffs after a page replaced the list and one was restated", () => {
    const e = stream();
    const handoff = (i: number) => ({
      handoffId: `h${i}`,
      from: "w1",
      to: "w2",
      status: "handoff_requested",
    });
    const p = createProjector();
    const empty = p.getState();
    const handoffs = Array.from({ length: 200 }, (_, i) => handoff(i + 1));
    p.hydrate({ kind: "projection", state: { ...empty, team: { ...empty.team, handoffs } } });
    // Unread: a list this large is built when first read.
    const first = p.getState();
    p.mergeTeam("handoffs", [handoff(0)]);
    p.getState();
    p.apply(e("agent.handoff", { handoffId: "h5", payload: { from: "w1", to: "w2", status: "accepted" } }));
    const last = p.getState().team.handoffs;
    expect(last.slice(0, 7).map((entry) => [entry.handoffId, entry.status])).toEqual([
      ["h0", "handoff_requested"],
      ["h1", "handoff_requested"],
      ["h2", "handoff_requested"],
      ["h3", "handoff_requested"],
      ["h4", "handoff_requested"],
      ["h5", "accepted"],
      ["h6", "handoff_requested"],
    ]);
    const before = first.team.handoffs;
    expect(before).toHaveLength(200);
    expect(before.map((entry) => entry.handoffId)).toEqual(handoffs.map((entry) => entry.handoffId));
    expect(before.every((entry) => entry.status === "handoff_requested")).toBe(true);
  });
});
