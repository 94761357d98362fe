// The agent family, fact by fact (TEAM-01..18): what a roster entry records, its statuses, the team's
// counts and shape, worker notifications, handoffs and reviews with their edges and timeline entries, and
// the exact diagnostics of facts without ids or with words the standard does not name.
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const diagnostics = (state: State) => state.diagnostics.map((d) => [d.code, d.severity, d.message]);
const entry = (state: State, id: string) => {
  const found = state.timeline.find((item) => item.id === id);
  return found && { kind: found.kind, title: found.title, status: found.status, refs: found.refs };
};
const edges = (state: State) => state.team.edges.map((edge) => [edge.kind, edge.from, edge.to, edge.taskId]);

describe("agent facts (TEAM-01/02/18)", () => {
  it("TEAM-02 a spawned agent keeps every fact it states, its lineage and one spawn edge", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", {
        agentId: "w1",
        sessionId: "s",
        threadId: "th",
        subagentId: "sub1",
        taskId: "k1",
        runtimeEntity: "subagent_turn",
        payload: {
          agentName: "Researcher",
          role: "research",
          model: "m-1",
          teamName: "Blue",
          parentAgentId: "lead",
          remote: { endpoint: "https://a.example" },
          background: { jobId: "j" },
        },
      }),
      e("agent.changed", { agentId: "w1", payload: { remote: { cardRef: "c" }, background: { wake: "w" } } }),
    ]);
    expect(state.agents.w1).toMatchObject({
      agentId: "w1",
      name: "Researcher",
      status: "spawning",
      lineage: "known",
      role: "research",
      model: "m-1",
      teamName: "Blue",
      sessionId: "s",
      threadId: "th",
      subagentId: "sub1",
      taskId: "k1",
      runtimeEntity: "subagent_turn",
      parentAgentId: "lead",
      remote: { endpoint: "https://a.example", cardRef: "c" },
      background: { jobId: "j", wake: "w" },
    });
    expect(edges(state)).toEqual([["spawn", "lead", "w1", "k1"]]);
    expect(state.team.roster).toEqual(["w1"]);
    expect(entry(state, "agent:w1")).toEqual({
      kind: "agent",
      title: "Researcher",
      status: "spawning",
      refs: { agentId: "w1", taskId: "k1" },
    });
    expect(state.diagnostics).toEqual([]);
  });

  it("TEAM-02 a team name on the envelope names the agent's team; a subagentId alone identifies the agent", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([e("agent.changed", { subagentId: "sub9", teamName: "Red", payload: {} })]);
    expect(state.agents.sub9).toMatchObject({ agentId: "sub9", teamName: "Red", name: "unknown" });
    expect(entry(state, "agent:sub9")).toEqual({
      kind: "agent",
      title: "sub9",
      status: "unknown",
      refs: { agentId: "sub9" },
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>, string]>([
    ["agent.spawned", {}, {}, "spawning"],
    ["agent.changed", {}, {}, "unknown"],
    ["agent.completed", {}, {}, "completed"],
    ["agent.completed", { phase: "failed" }, {}, "failed"],
    ["agent.completed", { phase: "failed" }, { status: "completed" }, "completed"],
    ["agent.changed", {}, { status: "running" }, "running"],
  ])("TEAM-01 %s %j with payload %j leaves the agent %s", (type, fields, payload, status) => {
    const e = stream({ turnId: "t1" });
    expect(projectEvents([e(type, { agentId: "w1", ...fields, payload })]).agents.w1.status).toBe(status);
  });

  it("TEAM-01 a status word the standard does not name keeps the earlier status and is flagged", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.changed", { agentId: "w1", parentThreadId: "th", payload: { status: "running" } }),
      e("agent.changed", { agentId: "w1", payload: { status: "dreaming" } }),
    ]);
    expect(state.agents.w1.status).toBe("running");
    expect(diagnostics(state)).toEqual([
      ["unknown_taxonomy_value", "info", 'teammate status "dreaming" is not known'],
    ]);
  });

  it("TEAM-18 an agent without parent ids is flagged once, when first seen; an edge drawn later withdraws it", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.applyAll([
      e("agent.changed", { agentId: "w1", payload: {} }),
      e("agent.changed", { agentId: "w1", payload: {} }),
      e("agent.spawned", { payload: {} }),
    ]);
    expect(diagnostics(p.getState())).toEqual([
      ["lineage_unknown", "info", "agent w1 has no parent ids: no delegation edge is drawn"],
      ["missing_correlation", "warning", "agent.spawned without agentId/subagentId"],
    ]);
    p.apply(e("agent.handoff", { handoffId: "h1", payload: { from: "lead", to: "w1" } }));
    expect(diagnostics(p.getState())).toEqual([
      ["missing_correlation", "warning", "agent.spawned without agentId/subagentId"],
    ]);
  });

  it("TEAM-18 an agent already reached by an edge is not flagged when it first reports", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.handoff", { handoffId: "h1", payload: { from: "lead", to: "w1" } }),
      e("agent.changed", { agentId: "w1", payload: {} }),
    ]);
    expect(state.diagnostics).toEqual([]);
  });

  it("TEAM-02 a parent session or thread alone makes the lineage known; the edge is drawn once", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", { agentId: "w1", parentSessionId: "ps", payload: {} }),
      e("agent.changed", { agentId: "w1", parentSessionId: "ps", payload: {} }),
      e("agent.spawned", { agentId: "w2", parentThreadId: "pt", parentSessionId: "ps", payload: {} }),
    ]);
    expect(edges(state)).toEqual([
      ["spawn", "ps", "w1", undefined],
      ["spawn", "pt", "w2", undefined],
    ]);
    expect(state.agents.w2).toMatchObject({ parentSessionId: "ps", parentThreadId: "pt", lineage: "known" });
  });
});

describe("team shape (TEAM-09/10)", () => {
  it("TEAM-10 counts, name, phase and a known topology come from the envelope; other words are ignored", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.changed", {
        agentId: "w1",
        parentThreadId: "th",
        teamActiveCount: 2,
        teamQueuedCount: 1,
        teamParallelBudget: 3,
        providerParallelBudget: 4,
        providerConcurrencyGroup: "g",
        retryableOverload: false,
        teamName: "Blue",
        teamPhase: "running",
        topology: "parallel_workers",
        payload: {},
      }),
      e("team.changed", { topology: "mesh", retryableOverload: "yes", payload: {} } as never),
    ]);
    expect(state.team.counts).toEqual({
      active: 2,
      queued: 1,
      parallelBudget: 3,
      providerParallelBudget: 4,
      providerConcurrencyGroup: "g",
      retryableOverload: false,
    });
    expect([state.team.name, state.team.phase, state.team.topology]).toEqual([
      "Blue",
      "running",
      "parallel_workers",
    ]);
  });

  it("TEAM-09 a roster entry updates the agent's name, role and status; malformed entries are skipped", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("team.changed", {
        payload: {
          teamName: "Blue",
          roster: [
            { agentId: "w1", agentName: "One", role: "r1", status: "running" },
            { agentId: "w2", status: "dreaming", role: 3 },
            { agentName: "nobody" },
            "w3",
          ],
        },
      }),
    ]);
    expect(state.team.name).toBe("Blue");
    expect(state.team.roster).toEqual(["w1", "w2"]);
    expect(state.agents.w1).toMatchObject({ name: "One", role: "r1", status: "running" });
    expect(state.agents.w2).toMatchObject({ name: "unknown", status: "unknown" });
    expect(state.agents.w2).not.toHaveProperty("role");
  });
});

describe("worker notifications (TEAM-04/06)", () => {
  it("TEAM-04 a notification is its own message and entry, never user speech, with its summary redacted", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("worker.notification", {
        agentId: "w1",
        taskId: "k1",
        workerNotificationId: "n1",
        payload: { status: "completed", summary: "Found 3", resultRef: "blob:1", usage: { tokens: 9 } },
      }),
    ]);
    expect(state.team.notifications).toEqual([
      expect.objectContaining({
        id: "n1",
        status: "completed",
        agentId: "w1",
        taskId: "k1",
        summary: "Found 3",
        resultRef: "blob:1",
        usage: { tokens: 9 },
      }),
    ]);
    expect(state.messages.map((m) => [m.id, m.role])).toEqual([["notification:n1", "notification"]]);
    expect(state.messages[0].parts[0]).toMatchObject({
      id: "notification:n1",
      kind: "worker_notification",
      workerNotificationId: "n1",
      status: "done",
      title: "Found 3",
      agentId: "w1",
      taskId: "k1",
    });
    expect(entry(state, "notification:n1")).toEqual({
      kind: "notification",
      title: "Found 3",
      status: "completed",
      refs: { workerNotificationId: "n1", agentId: "w1" },
    });
  });

  it("TEAM-04 a bare notification is titled by its status and keyed by its event", () => {
    const state = projectEvents([{ type: "worker.notification", eventId: "ev-7", payload: { usage: 3 } }]);
    expect(state.team.notifications.map((n) => [n.id, n.status, Object.keys(n).sort()])).toEqual([
      ["ev-7", "unknown", ["id", "source", "status"]],
    ]);
    expect(state.messages[0].parts[0].title).toBe("Worker unknown");
    expect(entry(state, "notification:ev-7")?.refs).toEqual({ workerNotificationId: "ev-7" });
  });

  it("TEAM-04 a notification without any id is numbered by its place", () => {
    const state = projectEvents([
      { type: "worker.notification", payload: {} },
      { type: "worker.notification", payload: {} },
    ] as never);
    expect(state.team.notifications.map((n) => n.id)).toEqual(["notification:0", "notification:1"]);
  });
});

describe("handoffs and reviews (TEAM-07/08)", () => {
  it("TEAM-07 a handoff keeps its fields, draws one edge and is titled by its ends", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.handoff", { handoffId: "h1", payload: { from: "a" } }),
      e("agent.handoff", {
        handoffId: "h1",
        payload: { to: "b", reason: "expert", resumeTarget: "a", status: "accepted" },
      }),
      e("agent.handoff", { handoffId: "h2", payload: { from: "a", to: "b" } }),
    ]);
    expect(state.team.handoffs).toEqual([
      expect.objectContaining({
        handoffId: "h1",
        from: "a",
        to: "b",
        reason: "expert",
        resumeTarget: "a",
        status: "accepted",
      }),
      expect.objectContaining({ handoffId: "h2", from: "a", to: "b", status: "unknown" }),
    ]);
    expect(edges(state)).toEqual([["handoff", "a", "b", undefined]]);
    expect(entry(state, "handoff:h1")).toEqual({
      kind: "team",
      title: "Handoff a → b",
      status: "accepted",
      refs: { handoffId: "h1" },
    });
  });

  it("TEAM-07 a handoff without any id is flagged; one with only one end draws no edge", () => {
    const state = projectEvents([
      { type: "agent.handoff", payload: { from: "a", to: "b" } } as never,
      { type: "agent.handoff", eventId: "e2", payload: { to: "b" } },
    ]);
    expect(state.team.handoffs.map((h) => [h.handoffId, h.from, h.to])).toEqual([["e2", "unknown", "b"]]);
    expect(state.team.edges).toEqual([]);
    expect(diagnostics(state)).toEqual([
      ["missing_correlation", "warning", "agent.handoff without handoffId"],
    ]);
  });

  it("TEAM-08 a review keeps its verdict, fixes and evidence, draws one review edge and is titled by its target", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("review.requested", {
        reviewId: "r1",
        payload: { reviewer: "qa", target: "w1", evidenceRefs: ["ev1"] },
      }),
      e("review.completed", {
        reviewId: "r1",
        payload: {
          status: "changes_requested",
          verdict: "fix it",
          requestedFixes: ["tests"],
          evidenceRefs: ["ev1", "ev2"],
        },
      }),
    ]);
    expect(state.team.reviews).toEqual([
      expect.objectContaining({
        reviewId: "r1",
        status: "changes_requested",
        reviewer: "qa",
        target: "w1",
        verdict: "fix it",
        requestedFixes: ["tests"],
        evidenceRefs: ["ev1", "ev2"],
      }),
    ]);
    expect(edges(state)).toEqual([["review", "qa", "w1", undefined]]);
    expect(entry(state, "review:r1")).toEqual({
      kind: "review",
      title: "Review of w1",
      status: "changes_requested",
      refs: { reviewId: "r1", evidenceId: "ev1" },
    });
  });

  it("TEAM-08 a review status the standard does not name is flagged; a completed review without one stays unknown", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("review.completed", { reviewId: "r1", payload: { status: "meh", requestedFixes: [] } }),
      e("review.completed", { payload: {} }),
    ]);
    expect(state.team.reviews.map((r) => [r.reviewId, r.status, r.requestedFixes])).toEqual([
      ["r1", "unknown", undefined],
      ["s1-2", "unknown", undefined],
    ]);
    expect(entry(state, "review:r1")).toEqual({
      kind: "review",
      title: "Review",
      status: "unknown",
      refs: { reviewId: "r1" },
    });
    expect(diagnostics(state)).toEqual([
      ["unknown_taxonomy_value", "info", 'review status "meh" is not known'],
    ]);
    const missing = projectEvents([{ type: "review.requested", payload: {} } as never]);
    expect(diagnostics(missing)).toEqual([
      ["missing_correlation", "warning", "review.requested without reviewId"],
    ]);
  });
});

describe("a finished agent's lane (PROC-02/03)", () => {
  it("PROC-03 a finished agent's streaming text in its lane is archived; a running one's is not", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", { agentId: "w1", parentThreadId: "th", payload: { status: "running" } }),
      e("agent.spawned", { agentId: "w2", parentThreadId: "th", payload: { status: "running" } }),
      e("text.delta", { agentId: "w1", payload: { delta: "one" } }),
      e("text.delta", { agentId: "w2", payload: { delta: "two" } }),
      e("agent.completed", { agentId: "w1", payload: {} }),
    ]);
    const lanes = state.messages
      .filter((m) => m.agentId !== undefined)
      .map((m) => [m.agentId, m.parts.map((p) => p.status)]);
    expect(lanes).toEqual([
      ["w1", ["done"]],
      ["w2", ["streaming"]],
    ]);
  });
});
