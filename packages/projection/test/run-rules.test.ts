// The run family's facts, field by field (STAT-01..07, ROUTE-01/02, PROC-02/03, TOOL-01, ENV-06/07): the
// runtime row, the turn's timeline entries, the failure and its error part, and what a turn's end closes.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const SPINE = {
  runtimeId: "rt",
  sessionId: "s",
  threadId: "th",
  turnId: "t1",
  runId: "r1",
  taskId: "k1",
  attemptId: "a1",
} as const;
const entries = (state: State) =>
  state.timeline.map((entry) => ({
    id: entry.id,
    kind: entry.kind,
    title: entry.title,
    status: entry.status,
  }));
const diagnostics = (state: State) => state.diagnostics.map((d) => [d.code, d.severity, d.message]);
const refsOf = (state: State, id: string) => state.timeline.find((entry) => entry.id === id)?.refs;

describe("run.finished outcomes (STAT-07)", () => {
  it.each<[string | undefined, string]>([
    [undefined, "completed"],
    ["success", "completed"],
    ["cancelled", "cancelled"],
    ["interrupted", "interrupted"],
    ["unknown", "unknown"],
  ])(
    "STAT-07 outcome %s ends the run as %s, with its timeline entry and no diagnostic",
    (outcome, status) => {
      const e = stream(SPINE);
      const state = projectEvents([
        e("run.started"),
        e("run.finished", { payload: outcome === undefined ? {} : { outcome, reason: "why" } }),
      ]);
      expect(state.runtime.status).toBe(status);
      expect(state.runtime.reason).toBe(outcome === undefined ? undefined : "why");
      expect(state.timeline).toEqual([
        expect.objectContaining({
          id: "run:t1",
          kind: "status",
          title: `Run ${status}`,
          status,
          refs: SPINE,
        }),
      ]);
      expect(state.diagnostics).toEqual([]);
    },
  );

  it("STAT-07 an outcome the standard does not name is unknown, never success, and is flagged", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([e("run.started"), e("run.finished", { payload: { outcome: "great" } })]);
    expect(state.runtime.status).toBe("unknown");
    expect(diagnostics(state)).toEqual([
      ["unknown_taxonomy_value", "warning", 'run.finished outcome "great" is not standard'],
    ]);
  });

  it("STAT-07 a repeated terminal is flagged and not applied twice", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started"),
      e("run.finished", { payload: { outcome: "success" } }),
      e("run.failed", { payload: { category: "late" } }),
      e("run.finished", { payload: { outcome: "cancelled", reason: "late" } }),
    ]);
    expect(state.runtime.status).toBe("completed");
    expect(state.runtime.failure).toBeUndefined();
    expect(state.runtime.reason).toBeUndefined();
    expect(entries(state)).toEqual([
      { id: "run:t1", kind: "status", title: "Run completed", status: "completed" },
    ]);
    expect(refsOf(state, "run:t1")).toStrictEqual({ turnId: "t1" });
    expect(diagnostics(state)).toEqual([
      ["turn_terminal_repeated", "warning", "turn t1 already ended"],
      ["turn_terminal_repeated", "warning", "turn t1 already ended"],
    ]);
  });

  it("STAT-07 a run.status after the end is flagged with the turn it names", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.finished", {}),
      e("run.status", { payload: { status: "streaming", label: "late" } }),
    ]);
    expect(state.runtime.status).toBe("completed");
    expect(state.runtime.label).toBeUndefined();
    expect(diagnostics(state)).toEqual([
      ["execution_after_turn_terminal", "warning", "run.status after the turn ended (t1)"],
    ]);
  });
});

describe("run.failed (STAT-07, AUI-AR-READ-005)", () => {
  it("STAT-07 the failure keeps category, message and retryable; the error part and entry name the category", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "partial" } }),
      e("run.failed", { payload: { category: "provider_error", message: "upstream 500", retryable: false } }),
    ]);
    expect(state.runtime.failure).toEqual({
      category: "provider_error",
      message: "upstream 500",
      retryable: false,
    });
    expect(entries(state)).toEqual([
      { id: "run:t1", kind: "error", title: "Run failed: provider_error", status: "failed" },
    ]);
    const error = state.messages[0].parts.find((p) => p.kind === "error");
    expect(error).toMatchObject({
      id: "m1:error",
      status: "done",
      title: "provider_error",
      data: { message: "upstream 500", retryable: false },
    });
  });

  it("STAT-07 a bare failure has an empty failure record, a plain title and an error part without data", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "partial" } }),
      e("run.failed", { payload: { category: 7, message: false, retryable: "yes" } }),
    ]);
    expect(state.runtime.failure).toEqual({});
    expect(entries(state)).toEqual([{ id: "run:t1", kind: "error", title: "Run failed", status: "failed" }]);
    const error = state.messages[0].parts.find((p) => p.kind === "error");
    expect(error?.title).toBe("Run failed");
    expect(error?.data).toEqual({});
  });

  it("STAT-07 the error part goes to the turn's last assistant message, never the user's", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started", { payload: { input: "question" } }),
      e("run.failed", { payload: { category: "x" } }),
    ]);
    expect(state.messages.map((m) => [m.role, m.parts.map((p) => p.kind)])).toEqual([
      ["user", ["user_text"]],
    ]);
  });
});

describe("run.started and run.status fill the runtime row (STAT-01..04, ENV-06)", () => {
  it("ENV-06 run.started lifts the spine, execution shape and queue count, and starts with a clean row", () => {
    const e = stream(SPINE);
    const p = createProjector();
    p.applyAll([
      e("run.status", {
        payload: { status: "retrying", label: "Retrying", reason: "overloaded", retryCount: 2 },
      }),
      e("run.failed", { turnId: "t0", payload: { category: "boom" } }),
      e("run.started", {
        timestamp: "2026-01-01T10:00:00Z",
        runtimeEntity: "agent_turn",
        queuedTurnCount: 3,
      }),
    ]);
    const runtime = p.getState().runtime;
    expect(runtime).toMatchObject({
      ...Object.fromEntries(Object.entries(SPINE).filter(([k]) => !["taskId", "attemptId"].includes(k))),
      runtimeEntity: "agent_turn",
      queuedTurnCount: 3,
      status: "accepted",
      attention: "low",
      startedAt: "2026-01-01T10:00:00Z",
      updatedAt: "2026-01-01T10:00:00Z",
    });
    for (const cleared of ["failure", "retry", "reason", "label"])
      expect(runtime).not.toHaveProperty(cleared);
    expect(p.getState().timeline.find((entry) => entry.id === "run:t1")).toEqual(
      expect.objectContaining({ kind: "status", title: "Run accepted", status: "accepted", refs: SPINE }),
    );
  });

  it("STAT-04 blocked, retrying and failed statuses each add a timeline entry titled by the label or the status", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.status", { payload: { status: "streaming" } }),
      e("run.status", { payload: { status: "blocked", label: "Waiting for quota" } }),
      e("run.status", { payload: { status: "retrying" } }),
      e("run.status", { payload: { status: "failed" } }),
    ]);
    expect(entries(state)).toEqual([
      { id: "run:t1:blocked", kind: "status", title: "Waiting for quota", status: "blocked" },
      { id: "run:t1:retrying", kind: "status", title: "retrying", status: "retrying" },
      { id: "run:t1:failed", kind: "status", title: "failed", status: "failed" },
    ]);
  });

  it("STAT-03 a status without a reason clears the earlier reason; a retry without a reason has only its count", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.status", { payload: { status: "blocked", reason: "quota" } }),
      e("run.status", { payload: { status: "retrying", retryCount: 1 } }),
    ]);
    expect(state.runtime).not.toHaveProperty("reason");
    expect(state.runtime.retry).toEqual({ count: 1 });
  });

  it("STAT-03 an unknown status is flagged at its pointer", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([e("run.status", { payload: { status: 42 } })]);
    expect(state.runtime.status).toBe("unknown");
    expect(state.diagnostics.map((d) => [d.code, d.severity, d.message, d.path])).toEqual([
      ["unknown_taxonomy_value", "warning", "run.status has no known status", "/payload/status"],
    ]);
  });

  it("ROUTE-01 / ROUTE-04 the chip takes every routing fact the runtime reports, or a bare model", () => {
    const e = stream({ turnId: "t1" });
    const routed = projectEvents([
      e("run.status", {
        payload: {
          status: "routing",
          model: "ignored-when-routing-names-one",
          routing: {
            selectedModel: "m-1",
            provider: "acme",
            decisionSource: "policy",
            decisionReason: "cheapest",
            candidateCount: 3,
            singleCandidate: false,
            capabilityGap: "no vision",
          },
        },
      }),
    ]);
    expect(routed.runtime.model).toEqual({
      selected: "m-1",
      provider: "acme",
      decisionSource: "policy",
      decisionReason: "cheapest",
      candidateCount: 3,
      singleCandidate: false,
      capabilityGap: "no vision",
      source: { eventId: "s1-1", sequence: 1, type: "run.status" },
    });
    const bare = projectEvents([e("run.status", { payload: { status: "routing", model: "m-2" } })]);
    expect(bare.runtime.model).toEqual({
      selected: "m-2",
      source: { eventId: "s1-2", sequence: 2, type: "run.status" },
    });
    const wrong = projectEvents([
      e("run.status", {
        payload: {
          status: "routing",
          routing: { provider: 1, decisionSource: 2, decisionReason: 3, capabilityGap: 4 },
        },
      }),
    ]);
    expect(wrong.runtime.model).toEqual({
      selected: "unknown",
      source: { eventId: "s1-3", sequence: 3, type: "run.status" },
    });
    const none = projectEvents([e("run.status", { payload: { status: "routing" } })]);
    expect(none.runtime.model).toEqual({ selected: "unknown" });
  });

  it.each<[string, string]>([
    ["cost", "cost"],
    ["rate_limit", "rateLimit"],
    ["quota", "quota"],
  ])("ROUTE-02 a %s limit fills its own bucket with its scalar fields only", (kind, bucket) => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.status", {
        payload: {
          status: "blocked",
          limits: {
            kind,
            status: "blocked",
            used: 3,
            unit: "usd",
            open: null,
            nested: { a: 1 },
            reason: "cap",
          },
        },
      }),
    ]);
    expect(state.runtime.limits).toStrictEqual({
      status: "blocked",
      [bucket]: { used: 3, unit: "usd", open: null, reason: "cap" },
      reason: "cap",
      source: { eventId: "s1-1", sequence: 1, type: "run.status" },
    });
  });

  it("ROUTE-02 a limit of an unknown kind or status keeps only what the standard names", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.status", {
        payload: { status: "streaming", limits: { kind: "karma", status: "vibes", used: 1 } },
      }),
    ]);
    expect(state.runtime.limits).toStrictEqual({
      status: "unknown",
      source: { eventId: "s1-1", sequence: 1, type: "run.status" },
    });
  });
});

describe("a turn's end closes what it opened (PROC-02/03, TOOL-01)", () => {
  it("TOOL-01 a terminal without turn or run ids closes the open tools of every turn", () => {
    const state = projectEvents([
      { eventId: "1", type: "tool.started", turnId: "t1", toolCallId: "c1" } as AgentUiEvent,
      { eventId: "2", type: "tool.started", turnId: "t2", toolCallId: "c2" } as AgentUiEvent,
      { eventId: "3", type: "run.finished", payload: { outcome: "interrupted" } } as AgentUiEvent,
    ]);
    expect([state.tools.c1.status, state.tools.c2.status]).toEqual(["cancelled", "cancelled"]);
  });

  it("TOOL-01 a terminal with a turn id closes only that turn's tools", () => {
    const state = projectEvents([
      { eventId: "1", type: "tool.started", turnId: "t1", toolCallId: "c1" } as AgentUiEvent,
      { eventId: "2", type: "tool.started", turnId: "t2", toolCallId: "c2" } as AgentUiEvent,
      { eventId: "3", type: "run.finished", turnId: "t1", payload: { outcome: "cancelled" } } as AgentUiEvent,
    ]);
    expect([state.tools.c1.status, state.tools.c2.status]).toEqual(["cancelled", "running"]);
  });

  it("PROC-03 a plan still streaming at the end is archived: done, collapsed, its entry completed", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("plan.delta", { payload: { delta: "1. look" } }),
      e("reasoning.delta", { payload: { delta: "hmm" } }),
      e("reasoning.summary", { payload: { text: "Looked" } }),
      e("run.finished", {}),
    ]);
    expect(state.messages[0].parts.map((p) => [p.kind, p.status, p.expanded])).toEqual([
      ["plan", "done", false],
      ["reasoning_summary", "done", false],
    ]);
    expect(entries(state).filter((entry) => entry.id !== "run:t1")).toEqual([
      { id: "plan:m1:plan", kind: "plan", title: "Plan", status: "completed" },
      { id: "reasoning:m1:reasoning:1", kind: "reasoning", title: "Looked", status: "completed" },
    ]);
  });
});

describe("the user's message (TEXT-09, ENV-07, COMP-02)", () => {
  it("ENV-07 the runtime's run.started adopts the optimistic message: its ids, its run, never optimistic", () => {
    const p = createProjector();
    p.apply({ type: "run.started", eventId: "local", payload: { input: "hi", clientMessageId: "c-1" } });
    p.apply({
      type: "run.started",
      eventId: "rt",
      runId: "r1",
      payload: { clientMessageId: "c-1", userMessageId: "u-1", contextRefs: ["doc:1", 2] },
    });
    const [message] = p.getState().messages;
    expect(message).toMatchObject({ id: "u-1", role: "user", runId: "r1" });
    expect(message.optimistic).toBeUndefined();
    expect(message.parts.map((part) => [part.kind, part.text])).toEqual([["user_text", "hi"]]);
  });

  it("COMP-02 the context the runtime confirmed with the input is kept as ids on the input part", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started", { payload: { input: "hi", contextRefs: ["doc:1", 2, "doc:2"] } }),
    ]);
    expect(state.messages[0].parts[0].data).toEqual({ contextRefs: ["doc:1", "doc:2"] });
    const plain = projectEvents([e("run.started", { payload: { input: "hi", contextRefs: [] } })]);
    expect(plain.messages[0].parts[0].data).toBeUndefined();
  });

  it("TEXT-09 a runtime run.started without input names its user message after the turn, or not at all", () => {
    const e = stream({ turnId: "t1" });
    expect(projectEvents([e("run.started", { payload: {} })]).messages).toEqual([]);
    const state = projectEvents([e("run.started", { payload: { input: "q", clientMessageId: "c-9" } })]);
    expect(state.messages.map((m) => [m.id, m.optimistic])).toEqual([["t1:user", undefined]]);
    const local = projectEvents([
      { type: "run.started", eventId: "x", payload: { input: "q", clientMessageId: "c-9" } },
    ]);
    expect(local.messages.map((m) => [m.id, m.optimistic])).toEqual([["c-9", true]]);
  });
});

describe("facts that restate only part of the row (STAT-03, ENV-06, ENV-07)", () => {
  it("ENV-06 a later fact without spine ids, label or retry keeps the ones reported", () => {
    const e = stream({});
    const state = projectEvents([
      e("run.started", { ...SPINE, runtimeEntity: "agent_turn", queuedTurnCount: 1 }),
      e("run.status", { turnId: "t1", payload: { status: "blocked", label: "Waiting" } }),
      e("run.status", { turnId: "t1", payload: { status: "blocked" } }),
    ]);
    const { runtime } = state;
    expect([runtime.runtimeId, runtime.sessionId, runtime.threadId, runtime.runId]).toEqual([
      "rt",
      "s",
      "th",
      "r1",
    ]);
    expect([runtime.runtimeEntity, runtime.queuedTurnCount, runtime.label]).toEqual([
      "agent_turn",
      1,
      "Waiting",
    ]);
    expect(runtime).not.toHaveProperty("retry");
    expect(runtime).not.toHaveProperty("updatedAt");
    expect(state.timeline.find((item) => item.id === "run:t1:blocked")?.refs).toStrictEqual({ turnId: "t1" });
  });

  it.each<[boolean, string]>([
    [true, "tool_running"],
    [false, "streaming"],
  ])("STAT-03 a running status with a tool open (%s) reads %s", (open, status) => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started"),
      ...(open ? [e("tool.started", { toolCallId: "c1", payload: { name: "x" } })] : []),
      e("run.status", { payload: { status: "running" } }),
    ]);
    expect(state.runtime.status).toBe(status);
  });

  it("STAT-07 a run's facts that name only its run id belong to the turn its start named", () => {
    const state = projectEvents([
      { type: "run.started", eventId: "1", turnId: "t1", runId: "r1", payload: {} },
      { type: "tool.started", eventId: "2", turnId: "t1", toolCallId: "c1", payload: {} },
      { type: "tool.started", eventId: "3", turnId: "t2", toolCallId: "c2", payload: {} },
      { type: "run.finished", eventId: "4", runId: "r1", payload: { outcome: "cancelled" } },
      { type: "run.status", eventId: "5", turnId: "t1", payload: { status: "streaming" } },
    ]);
    expect([state.tools.c1.status, state.tools.c2.status]).toEqual(["cancelled", "running"]);
    expect(state.diagnostics.map((d) => d.code)).toEqual(["execution_after_turn_terminal"]);
    expect(state.timeline.find((item) => item.id === "run:t1")?.status).toBe("cancelled");
  });

  it("ENV-07 a run.started with only a run id is the runtime's: its user message is not optimistic", () => {
    const state = projectEvents([
      { type: "run.started", eventId: "1", runId: "r1", payload: { input: "q" } },
    ]);
    expect(state.messages.map((m) => [m.id, m.optimistic, m.parts.map((p) => [p.text, p.status])])).toEqual([
      ["r1:user", undefined, [["q", "done"]]],
    ]);
  });

  it("ENV-07 the runtime's start adopts a local message named by the runtime's own user message id", () => {
    const p = createProjector();
    p.apply({ type: "run.started", eventId: "local", payload: { input: "hi", userMessageId: "u-1" } });
    expect(p.getState().messages.map((m) => [m.id, m.optimistic])).toEqual([["u-1", true]]);
    p.apply({ type: "run.started", eventId: "rt", turnId: "t1", payload: { userMessageId: "u-1" } });
    const [message] = p.getState().messages;
    expect([message.id, message.optimistic, message.turnId]).toEqual(["u-1", undefined, "t1"]);
    expect(p.getState().messages).toHaveLength(1);
  });

  it("ENV-07 a runtime start with only the client id keeps the message's id; a local resend stays optimistic", () => {
    const p = createProjector();
    p.apply({ type: "run.started", eventId: "l1", payload: { input: "hi", clientMessageId: "c-1" } });
    p.apply({ type: "run.started", eventId: "l2", payload: { input: "hi", clientMessageId: "c-1" } });
    expect(p.getState().messages.map((m) => [m.id, m.optimistic])).toEqual([["c-1", true]]);
    p.apply({ type: "run.started", eventId: "rt", turnId: "t1", payload: { clientMessageId: "c-1" } });
    expect(p.getState().messages.map((m) => [m.id, m.optimistic, m.turnId])).toEqual([
      ["c-1", undefined, "t1"],
    ]);
  });

  it("ORD-07 a restated input updates the one input part of the user message", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("run.started", { payload: { input: "first" } }),
      e("run.started", { payload: { input: "edited" } }),
    ]);
    expect(state.messages.map((m) => m.parts.map((part) => [part.kind, part.text]))).toEqual([
      [["user_text", "edited"]],
    ]);
  });
});
