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
