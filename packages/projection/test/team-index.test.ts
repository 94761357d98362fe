// TEAM-02/03/14 HYD-05: a fact about a teammate finds the team's entries by identity, whatever replaced
// the lists before it — a hydration from a stored projection or window, a merged older page. No entry is
// doubled, an edge the projection holds is updated in place, and a wait ends on the edge that exists.
import type { DelegationEdge, ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { stream } from "./helpers";

const spawn = (from: string, to: string): DelegationEdge => ({ from, to, kind: "spawn" });
const wait = (from: string, to: string, status: DelegationEdge["status"]): DelegationEdge => ({
  from,
  to,
  kind: "wait",
  status,
});

function hydrated(team: Partial<ProjectionState["team"]>) {
  const p = createProjector();
  const state = p.getState();
  p.hydrate({ kind: "projection", state: { ...state, team: { ...state.team, ...team } } as ProjectionState });
  return p;
}

describe("team lookups follow lists replaced by hydration and pages", () => {
  it("TEAM-02 HYD-05 after a hydration replaced the team, a teammate is found (or not) in the new lists", () => {
    const e = stream();
    const p = createProjector();
    p.applyAll([e("agent.spawned", { agentId: "w1", payload: { parentAgentId: "lead" } })]);
    // The stored projection holds another teammate, in the same number of entries.
    const state = p.getState();
    p.hydrate({
      kind: "projection",
      state: { ...state, agents: {}, team: { ...state.team, roster: ["w0"], edges: [spawn("lead", "w0")] } },
    });
    p.applyAll([
      e("agent.spawned", { agentId: "w0", payload: { parentAgentId: "lead" } }),
      e("agent.spawned", { agentId: "w2", payload: { parentAgentId: "lead" } }),
    ]);
    const { team } = p.getState();
    expect(team.roster).toEqual(["w0", "w2"]);
    expect(team.edges.map((edge) => [edge.kind, edge.from, edge.to])).toEqual([
      ["spawn", "lead", "w0"],
      ["spawn", "lead", "w2"],
    ]);
  });

  it("TEAM-03 HYD-05 a wait edge that came in an older page ends when its waiter stops waiting", () => {
    const e = stream();
    const p = hydrated({ roster: ["lead", "w1", "w2"], edges: [spawn("lead", "w2")] });
    p.applyAll([e("agent.changed", { agentId: "lead", payload: { status: "running" } })]);
    // The page lands before the edge the window held: the list is replaced, its order changes.
    p.mergeTeam("edges", [wait("lead", "w1", "active")]);
    p.applyAll([e("agent.changed", { agentId: "lead", payload: { status: "completed" } })]);
    expect(p.getState().team.edges).toEqual([
      expect.objectContaining({ from: "lead", to: "w1", kind: "wait", status: "ended" }),
      spawn("lead", "w2"),
    ]);
    // A new wait on the same teammate makes that edge active again: still one wait edge.
    p.applyAll([e("agent.changed", { agentId: "lead", payload: { status: "waiting", waitingOn: ["w1"] } })]);
    const waits = p.getState().team.edges.filter((edge) => edge.kind === "wait");
    expect(waits).toEqual([expect.objectContaining({ status: "active" })]);
  });

  it("TEAM-14 HYD-05 a handoff and a review restated after their page arrived update the paged entries", () => {
    const e = stream();
    const p = hydrated({ roster: [], edges: [] });
    p.applyAll([e("agent.changed", { agentId: "w1", payload: { status: "running" } })]);
    p.mergeTeam("handoffs", [{ handoffId: "h1", from: "w1", to: "w2", status: "handoff_requested" }]);
    p.mergeTeam("reviews", [{ reviewId: "r1", status: "requested", evidenceRefs: [] }]);
    p.applyAll([
      e("agent.handoff", { handoffId: "h1", payload: { from: "w1", to: "w2", status: "accepted" } }),
      e("review.completed", { reviewId: "r1", payload: { status: "passed", reviewer: "w2", target: "w1" } }),
    ]);
    const { team } = p.getState();
    expect(team.handoffs).toEqual([expect.objectContaining({ handoffId: "h1", status: "accepted" })]);
    expect(team.reviews).toEqual([expect.objectContaining({ reviewId: "r1", status: "passed" })]);
    expect(team.edges.map((edge) => edge.kind).sort()).toEqual(["handoff", "review"]);
  });
  it("TEAM-03 an ended wait stays ended, with the fact that ended it, while its waiter goes on working", () => {
    const e = stream();
    const p = createProjector();
    p.applyAll([
      e("agent.changed", { agentId: "lead", payload: { status: "waiting", waitingOn: ["w1"] } }),
      e("agent.changed", { agentId: "lead", payload: { status: "running" } }),
      e("agent.changed", { agentId: "lead", payload: { status: "running", reason: "still working" } }),
    ]);
    const { team, timeline } = p.getState();
    expect(team.edges).toEqual([expect.objectContaining({ to: "w1", kind: "wait", status: "ended" })]);
    expect(team.edges[0].source?.eventId).toBe("s1-2");
    expect(timeline.find((entry) => entry.id === "wait:lead")?.source?.eventId).toBe("s1-2");
  });

  it("TEAM-03 HYD-05 a wait a stored projection holds as ended is not ended again", () => {
    const e = stream();
    const ended = { ...wait("lead", "w1", "ended"), source: { eventId: "stored" } };
    const p = hydrated({ roster: ["lead", "w1"], edges: [ended] });
    p.applyAll([e("agent.changed", { agentId: "lead", payload: { status: "running" } })]);
    const { team, timeline } = p.getState();
    expect(team.edges).toEqual([ended]);
    expect(timeline.find((entry) => entry.id === "wait:lead")).toBeUndefined();
  });

  it("TEAM-14 HYD-05 a restated handoff updates the first of two stored entries with its id", () => {
    const e = stream();
    const stored = { handoffId: "h1", from: "w1", to: "w2", status: "handoff_requested" };
    const p = hydrated({ roster: [], edges: [], handoffs: [stored, { ...stored, to: "w3" }] });
    p.applyAll([
      e("agent.handoff", { handoffId: "h1", payload: { from: "w1", to: "w2", status: "accepted" } }),
    ]);
    expect(p.getState().team.handoffs.map((entry) => [entry.to, entry.status])).toEqual([
      ["w2", "accepted"],
      ["w3", "handoff_requested"],
    ]);
  });

  it("TEAM-03 HYD-05 a wait restated on a teammate a stored projection lists twice makes both of its edges active", () => {
    const e = stream();
    const p = hydrated({
      roster: ["lead", "w1"],
      edges: [wait("lead", "w1", "ended"), wait("lead", "w1", "ended")],
    });
    p.applyAll([e("agent.changed", { agentId: "lead", payload: { status: "waiting", waitingOn: ["w1"] } })]);
    expect(p.getState().team.edges.map((edge) => [edge.to, edge.status])).toEqual([
      ["w1", "active"],
      ["w1", "active"],
    ]);
    p.applyAll([e("agent.changed", { agentId: "lead", payload: { status: "running" } })]);
    expect(p.getState().team.edges.map((edge) => [edge.to, edge.status])).toEqual([
      ["w1", "ended"],
      ["w1", "ended"],
    ]);
  });
});
