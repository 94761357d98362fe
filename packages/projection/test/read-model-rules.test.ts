import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import type { HydrationInput } from "../src";

type Projector = ReturnType<typeof createProjector>;
const hydrated = (input: HydrationInput): Projector => {
  const p = createProjector();
  p.hydrate(input);
  return p;
};
const reported = (p: Projector) =>
  p.getState().diagnostics.map(({ code, severity, message }) => ({ code, severity, message }));
const session = (snapshot: Record<string, unknown>) =>
  hydrated({ kind: "runtime-session", snapshot: { sessionId: "s1", ...snapshot } as never });
const thread = (fields: Record<string, unknown>) =>
  hydrated({ kind: "thread", thread: { threadId: "th1", status: "running", ...fields } as never });

describe("hydration from runtime read models (HYD-09, ROUTE-01, AUI-AR-READ-006)", () => {
  it("AUI-AR-READ-006 a session snapshot without threads or routing says what is unavailable", () => {
    const p = session({});
    expect(reported(p)).toEqual([
      {
        code: "missing_correlation",
        severity: "info",
        message: "runtime session snapshot has no threads: status unavailable",
      },
      {
        code: "missing_correlation",
        severity: "info",
        message: "snapshot has no routingLimitSummary: model chip unavailable",
      },
    ]);
    expect(p.getState().runtime.model).toEqual({ selected: "unavailable" });
  });

  it("ROUTE-01 the model chip and limits come from the routing summary, by either field name", () => {
    const p = session({
      runtimeId: "rt",
      updatedAt: "2026-01-01T00:00:00Z",
      threads: [{ threadId: "th1", status: "running" }],
      routingLimitSummary: {
        model: "m",
        provider: "p",
        candidateCount: 2,
        singleCandidate: false,
        decisionSource: "policy",
        cost: { usd: 1 },
        rateLimit: { remaining: 3 },
        quota: 7,
      },
      telemetrySummary: { traceIds: ["tr1"] },
    });
    const { runtime } = p.getState();
    expect(runtime.model).toEqual({
      selected: "m",
      provider: "p",
      candidateCount: 2,
      singleCandidate: false,
      decisionSource: "policy",
      source: { type: "hydrate:runtime-session" },
    });
    expect(runtime.limits).toEqual({ status: "unknown", cost: { usd: 1 }, rateLimit: { remaining: 3 } });
    expect([
      runtime.sessionId,
      runtime.runtimeId,
      runtime.threadId,
      runtime.traceId,
      runtime.updatedAt,
    ]).toEqual(["s1", "rt", "th1", "tr1", "2026-01-01T00:00:00Z"]);
    expect(reported(p)).toEqual([]);
  });

  it("ROUTE-01 selectedModel and selectedProvider win; a summary naming no model reads unavailable", () => {
    const named = session({
      threads: [{ threadId: "th1", status: "running" }],
      routingLimitSummary: {
        selectedModel: "a",
        model: "b",
        selectedProvider: "x",
        provider: "y",
        quota: { left: 1 },
      },
      telemetrySummary: { traceIds: ["tr1", "tr2"] },
    });
    expect(named.getState().runtime.model).toMatchObject({ selected: "a", provider: "x" });
    expect(named.getState().runtime.limits.quota).toEqual({ left: 1 });
    // Two traces: none is the session's.
    expect(named.getState().runtime.traceId).toBeUndefined();
    const unnamed = session({ threads: [{ threadId: "th1", status: "running" }], routingLimitSummary: {} });
    expect(unnamed.getState().runtime.model.selected).toBe("unavailable");
  });

  it("EVID-01 evidence refs of a session become referenced records of that session, body not loaded", () => {
    const p = session({ threads: [{ threadId: "th1", status: "running" }], evidenceRefs: ["ev1", 5] });
    expect(Object.keys(p.getState().evidence)).toEqual(["ev1"]);
    expect(p.getState().evidence.ev1).toMatchObject({
      status: "referenced",
      correlation: { sessionId: "s1" },
      verification: "unavailable",
    });
  });

  it("STAT-01 a thread status that is not known is reported; incidents are warnings with their words", () => {
    const p = thread({
      status: "weird",
      incidents: [{ summary: "sum", message: "no" }, { message: "msg" }, { kind: "k" }, {}, 5],
    });
    expect(reported(p)).toEqual([
      { code: "unknown_taxonomy_value", severity: "warning", message: 'thread status "weird" is not known' },
      { code: "runtime_warning", severity: "warning", message: "sum" },
      { code: "runtime_warning", severity: "warning", message: "msg" },
      { code: "runtime_warning", severity: "warning", message: "k" },
      { code: "runtime_warning", severity: "warning", message: "runtime incident" },
    ]);
    expect(p.getState().runtime.status).toBe("unknown");
  });

  it("HYD-03 a stale thread marks the runtime stale", () => {
    expect(thread({ status: "stale" }).getState().cursor.staleSections).toEqual(["runtime"]);
  });

  it("HITL-03 a blocked thread with a pending request is action_required; a request without id is reported", () => {
    const p = thread({
      status: "blocked",
      pendingRequests: [{ requestId: "a1", kind: "approval", title: "Run it?" }, { title: "no id" }, 7],
    });
    expect(p.getState().runtime.status).toBe("action_required");
    expect(Object.keys(p.getState().actions)).toEqual(["a1"]);
    expect(reported(p)).toEqual([
      { code: "missing_correlation", severity: "warning", message: "pending request without actionId" },
    ]);
  });

  it("ORD-03 a held pending action the next snapshot lacks is kept as stale and reported once", () => {
    const p = thread({ pendingRequests: [{ id: "a1", kind: "approval" }] });
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "running", pendingRequests: [] } });
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "running", pendingRequests: [] } });
    expect(p.getState().actions.a1.status).toBe("stale");
    expect(reported(p).filter((d) => d.code === "snapshot_conflict")).toEqual([
      {
        code: "snapshot_conflict",
        severity: "warning",
        message: "snapshot lacks pending action a1: kept as stale until the runtime resolves it",
      },
    ]);
  });

  it.each([
    ["completed", "output-available"],
    ["succeeded", "output-available"],
    ["failed", "output-error"],
    ["running", "running"],
    ["cancelled", "cancelled"],
    ["canceled", "cancelled"],
    ["paused", "unknown"],
    [7, "unknown"],
  ])("TOOL-01 a read model's tool call %j reads %s", (status, expected) => {
    const p = thread({
      toolCalls: [{ toolCallId: "c1", status, toolName: "grep", outputRef: "blob://1" }, { status }],
    });
    expect(Object.keys(p.getState().tools)).toEqual(["c1"]);
    expect(p.getState().tools.c1).toMatchObject({ status: expected, name: "grep", outputRef: "blob://1" });
    expect(p.getState().tools.c1.attempts.map((a) => a.status)).toEqual([expected]);
  });

  it("TOOL-01 a later read model moves a known tool's state and keeps its name unless restated", () => {
    const p = thread({ toolCalls: [{ toolCallId: "c1", status: "running", name: "ls" }] });
    p.hydrate({
      kind: "thread",
      thread: { threadId: "th1", status: "running", toolCalls: [{ toolCallId: "c1", status: "completed" }] },
    });
    expect(p.getState().tools.c1).toMatchObject({ status: "output-available", name: "ls" });
  });

  it("TEAM-02 subagents listed under a thread keep their lineage and names", () => {
    const p = thread({
      subagents: [
        { agentId: "w1", name: "Writer", status: "running", role: "writer" },
        { agentId: "w2", agentName: "Tester", parentThreadId: "th0", parentAgentId: "lead" },
        "junk",
      ],
    });
    const { agents } = p.getState();
    expect(Object.keys(agents).sort()).toEqual(["w1", "w2"]);
    expect(agents.w1).toMatchObject({
      name: "Writer",
      role: "writer",
      status: "running",
      parentThreadId: "th1",
    });
    expect(agents.w2).toMatchObject({ name: "Tester", parentThreadId: "th0", parentAgentId: "lead" });
  });

  it("TASK-01 a task snapshot without a taskId is reported and adds nothing", () => {
    const p = hydrated({ kind: "task", task: { status: "running" } as never });
    expect(reported(p)).toEqual([
      { code: "missing_correlation", severity: "warning", message: "task snapshot without taskId" },
    ]);
    expect(p.getState().tasks).toEqual({});
  });

  it("TASK-01 a task snapshot's title falls back to its objective; dependencies and parent are kept", () => {
    const p = hydrated({
      kind: "task",
      task: {
        taskId: "k1",
        status: "running",
        objective: "Ship it",
        currentRunId: "r1",
        parentTaskId: "k0",
        dependsOn: ["k2", "k1"],
      } as never,
    });
    expect(p.getState().tasks.k1).toMatchObject({
      title: "Ship it",
      currentRunId: "r1",
      parentTaskId: "k0",
      dependsOn: ["k2"],
    });
  });
});
