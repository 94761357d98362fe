import { describe, expect, it } from "vitest";
import { projectEvents, selectDelegationGraph, selectRoster, selectUserMessages } from "../src";
import { codes, stream } from "./helpers";

describe("agent and team family", () => {
  it("TEAM-01/02 / AUI-AR-ID-005 agent.spawned yields a roster entry with lineage and one spawn edge", () => {
    const e = stream({ sessionId: "child-s" });
    const state = projectEvents([
      e("agent.spawned", {
        agentId: "w1",
        subagentId: "sub1",
        parentSessionId: "parent-s",
        parentThreadId: "parent-th",
        taskId: "k1",
        runtimeEntity: "subagent_turn",
        payload: { agentName: "Researcher", role: "research", parentAgentId: "lead" },
      }),
    ]);
    expect(state.agents.w1).toMatchObject({
      name: "Researcher",
      status: "spawning",
      lineage: "known",
      parentSessionId: "parent-s",
      parentThreadId: "parent-th",
      parentAgentId: "lead",
      subagentId: "sub1",
      taskId: "k1",
      runtimeEntity: "subagent_turn",
    });
    expect(state.team.edges).toEqual([
      expect.objectContaining({ from: "lead", to: "w1", kind: "spawn", taskId: "k1" }),
    ]);
    expect(selectRoster(state).map((a) => a.agentId)).toEqual(["w1"]);
  });

  it("TEAM-18 a child without parent ids is lineage unknown with a diagnostic and no fabricated edge", () => {
    const e = stream();
    const state = projectEvents([
      e("agent.spawned", { agentId: "orphan", payload: { agentName: "Orphan" } }),
    ]);
    expect(state.agents.orphan.lineage).toBe("unknown");
    expect(state.team.edges).toHaveLength(0);
    expect(codes(state)).toContain("lineage_unknown");
    expect(selectDelegationGraph(state)).toEqual({
      nodes: [{ id: "orphan", label: "Orphan", status: "spawning", lineage: "unknown" }],
      edges: [],
    });
  });

  it("TEAM-04 / TEAM-06 worker notifications go to team.notifications, never user messages", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("worker.notification", {
        agentId: "w1",
        taskId: "k1",
        workerNotificationId: "n1",
        payload: { status: "completed", summary: "3 bugs found", resultRef: "ref://r" },
      }),
    ]);
    expect(state.team.notifications).toEqual([
      expect.objectContaining({
        id: "n1",
        agentId: "w1",
        taskId: "k1",
        status: "completed",
        summary: "3 bugs found",
        resultRef: "ref://r",
      }),
    ]);
    expect(selectUserMessages(state.messages)).toHaveLength(0);
    expect(state.messages[0]).toMatchObject({ role: "notification" });
    expect(state.messages[0].parts[0]).toMatchObject({
      kind: "worker_notification",
      workerNotificationId: "n1",
    });
  });

  it("TEAM-05 / TASK-02 two agents author separately, never one anonymous assistant", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", { agentId: "a", parentSessionId: "p" }),
      e("agent.spawned", { agentId: "b", parentSessionId: "p" }),
      e("text.delta", { agentId: "a", payload: { delta: "from a" } }),
      e("text.delta", { agentId: "b", payload: { delta: "from b" } }),
    ]);
    const authors = state.messages.filter((m) => m.role === "assistant").map((m) => m.agentId);
    expect(authors).toEqual(["a", "b"]);
    expect(state.agents.a.transcript).toHaveLength(1);
  });

  it("TEAM-09 the teammate transcript is bounded", () => {
    const e = stream();
    const events = [e("agent.spawned", { agentId: "a", parentSessionId: "p" })];
    for (let i = 0; i < 10; i++)
      events.push(e("text.delta", { agentId: "a", turnId: `t${i}`, payload: { delta: "x" } }));
    const state = projectEvents(events, { transcriptLimit: 3 });
    expect(state.agents.a.transcript).toEqual(["t7:a:assistant", "t8:a:assistant", "t9:a:assistant"]);
  });

  it("TEAM-07 a handoff never rewrites authorship of earlier messages", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { agentId: "a", payload: { delta: "before" } }),
      e("agent.handoff", {
        handoffId: "h1",
        payload: { from: "a", to: "b", reason: "specialist", status: "accepted" },
      }),
    ]);
    expect(state.messages[0].agentId).toBe("a");
    expect(state.team.handoffs[0]).toMatchObject({ handoffId: "h1", from: "a", to: "b", status: "accepted" });
    expect(state.team.edges).toContainEqual(expect.objectContaining({ from: "a", to: "b", kind: "handoff" }));
  });

  it("TEAM-08 reviews are keyed by reviewId and carry their verdict and fixes", () => {
    const e = stream();
    const state = projectEvents([
      e("review.requested", { reviewId: "r1", payload: { reviewer: "qa", target: "w1" } }),
      e("review.completed", {
        reviewId: "r1",
        payload: {
          status: "changes_requested",
          verdict: "needs tests",
          requestedFixes: ["add tests"],
          evidenceRefs: ["ev1"],
        },
      }),
    ]);
    expect(state.team.reviews).toEqual([
      expect.objectContaining({
        reviewId: "r1",
        status: "changes_requested",
        verdict: "needs tests",
        requestedFixes: ["add tests"],
        evidenceRefs: ["ev1"],
      }),
    ]);
  });

  it("TEAM-03 / TEAM-13 team counts and provider concurrency are kept; overload is not failure", () => {
    const e = stream();
    const state = projectEvents([
      e("team.changed", {
        teamName: "core",
        teamPhase: "active",
        topology: "parallel_workers",
        teamActiveCount: 2,
        teamQueuedCount: 3,
        teamParallelBudget: 2,
        providerConcurrencyGroup: "openai",
        retryableOverload: true,
        payload: { roster: [{ agentId: "w1", agentName: "One", status: "queued" }] },
      }),
    ]);
    expect(state.team).toMatchObject({ name: "core", phase: "active", topology: "parallel_workers" });
    expect(state.team.counts).toEqual({
      active: 2,
      queued: 3,
      parallelBudget: 2,
      providerConcurrencyGroup: "openai",
      retryableOverload: true,
    });
    expect(state.agents.w1.status).toBe("waiting");
  });

  it("TEAM-11 remote teammate facts are kept; a completed agent is completed only by its fact", () => {
    const e = stream();
    const state = projectEvents([
      e("agent.changed", {
        agentId: "remote",
        runtimeEntity: "external_task",
        payload: { status: "running", remote: { remoteTaskId: "rt1", status: "working" } },
      }),
    ]);
    expect(state.agents.remote).toMatchObject({
      status: "running",
      remote: { remoteTaskId: "rt1", status: "working" },
    });
  });
});
