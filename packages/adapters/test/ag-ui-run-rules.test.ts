// The AG-UI run lifecycle as the envelope states it: RUN_STARTED (its prompt and resume answers),
// RUN_FINISHED's three outcomes and their interrupts, token usage, RUN_ERROR and STEP_STARTED — each
// AG-UI 1.0 event in, the exact envelope facts out.
import { describe, expect, it } from "vitest";
import { adapt, diagnostic, facts, factsAfterStart } from "./ag-ui-support";

const started = { type: "RUN_STARTED", threadId: "t1", runId: "r1" };
const approvalSchema = { type: "object", properties: { approved: { type: "boolean" } } };

describe("AG-UI RUN_STARTED", () => {
  it.each([
    [
      "the newest user message is the turn's input",
      {
        messages: [
          { id: "a0", role: "assistant", content: "Hello" },
          { id: "u1", role: "user", content: "Delete x" },
        ],
      },
      { input: "Delete x", userMessageId: "u1", parentRunId: "parent-1" },
    ],
    [
      "a conversation that ends with the assistant has no new input",
      {
        messages: [
          { id: "u1", role: "user", content: "Delete x" },
          { id: "a1", role: "assistant", content: "Done" },
        ],
      },
      { parentRunId: "parent-1" },
    ],
    [
      "a last message that is not an object is no input",
      { messages: ["Delete x"] },
      { parentRunId: "parent-1" },
    ],
  ])("STAT-07 %s", (_label, input, payload) => {
    const [start] = facts(adapt([{ ...started, parentRunId: "parent-1", input }]), true);
    expect(start).toStrictEqual({
      type: "run.started",
      threadId: "t1",
      runId: "r1",
      phase: "submitted",
      runtimeEntity: "agent_turn",
      payload,
    });
  });

  it("ENV-03 a RUN_STARTED that omits its ids keeps the stream's thread and run", () => {
    const events = facts(
      adapt([started, { type: "RUN_FINISHED", threadId: "t1", runId: "r1" }, { type: "RUN_STARTED" }]),
      true,
    );
    expect(events.at(-1)).toStrictEqual({
      type: "run.started",
      threadId: "t1",
      runId: "r1",
      phase: "submitted",
      runtimeEntity: "agent_turn",
      payload: {},
    });
  });
});

describe("AG-UI resume answers (input.resume)", () => {
  // Run 1 gates tool tc-rm behind interrupt int-1 and asks a free question int-2; run 2 answers.
  const firstRun = [
    started,
    { type: "TOOL_CALL_START", toolCallId: "tc-rm", toolCallName: "delete_file", parentMessageId: "m-a" },
    { type: "TOOL_CALL_ARGS", toolCallId: "tc-rm", delta: '{"path":"x"}' },
    { type: "TOOL_CALL_END", toolCallId: "tc-rm" },
    {
      type: "RUN_FINISHED",
      threadId: "t1",
      runId: "r1",
      outcome: {
        type: "interrupt",
        interrupts: [
          { id: "int-1", reason: "tool_approval", toolCallId: "tc-rm", responseSchema: approvalSchema },
          { id: "int-2", reason: "question", message: "Which folder?" },
        ],
      },
    },
  ];
  const resume = (entries: unknown[]) => {
    const events = facts(
      adapt([...firstRun, { ...started, runId: "r2", input: { messages: [], resume: entries } }]),
    );
    const index = events.findIndex((e) => e.type === "run.started" && e !== events[0]);
    return events.slice(index + 1);
  };

  it.each([
    [
      "HITL-04 a rejected approval ends the gated tool denied",
      { interruptId: "int-1", status: "resolved", payload: { approved: false } },
      [
        {
          type: "action.resolved",
          actionId: "int-1",
          toolCallId: "tc-rm",
          payload: {
            outcome: "resolved",
            decision: "reject",
            response: { approved: false },
            decidedBy: "user",
          },
        },
        {
          type: "tool.failed",
          toolCallId: "tc-rm",
          phase: "failed",
          payload: { denied: true, error: "rejected by user" },
        },
      ],
    ],
    [
      "HITL-02 an approval (the `approve` spelling) leaves the tool open for its result",
      { interruptId: "int-1", status: "resolved", payload: { approve: true } },
      [
        {
          type: "action.resolved",
          actionId: "int-1",
          toolCallId: "tc-rm",
          payload: {
            outcome: "resolved",
            decision: "approve",
            response: { approve: true },
            decidedBy: "user",
          },
        },
      ],
    ],
    [
      "HITL-04 an abandoned approval cancels the gated tool",
      { interruptId: "int-1", status: "cancelled" },
      [
        {
          type: "action.resolved",
          actionId: "int-1",
          toolCallId: "tc-rm",
          payload: { outcome: "cancelled", decidedBy: "user" },
        },
        {
          type: "tool.failed",
          toolCallId: "tc-rm",
          phase: "cancelled",
          payload: { cancelled: true, error: "approval abandoned" },
        },
      ],
    ],
    [
      "HITL-02 a denial spelled `allow: false` is a rejection",
      { interruptId: "int-2", status: "resolved", payload: { allow: false } },
      [
        {
          type: "action.resolved",
          actionId: "int-2",
          payload: { outcome: "resolved", decision: "reject", response: { allow: false }, decidedBy: "user" },
        },
      ],
    ],
    [
      "HITL-02 a free answer is an answer, with no tool to close",
      { interruptId: "int-2", status: "resolved", payload: { folder: "docs" } },
      [
        {
          type: "action.resolved",
          actionId: "int-2",
          payload: {
            outcome: "resolved",
            decision: "answer",
            response: { folder: "docs" },
            decidedBy: "user",
          },
        },
      ],
    ],
    [
      "HITL-02 an abandoned question with no tool closes nothing else",
      { interruptId: "int-2", status: "cancelled" },
      [{ type: "action.resolved", actionId: "int-2", payload: { outcome: "cancelled", decidedBy: "user" } }],
    ],
    [
      "HITL-02 an answer without payload is an answer with no response",
      { interruptId: "int-2", status: "resolved" },
      [
        {
          type: "action.resolved",
          actionId: "int-2",
          payload: { outcome: "resolved", decision: "answer", decidedBy: "user" },
        },
      ],
    ],
    [
      "DIAG-02 a resume entry without interruptId is reported",
      { status: "resolved", payload: { approved: true } },
      [
        diagnostic(
          "unsupported_source_event",
          "warning",
          "ag-ui record #5: resume entry without interruptId",
          {
            kind: "object",
            keys: ["type", "threadId", "runId", "input"],
            type: "RUN_STARTED",
          },
        ),
      ],
    ],
  ])("%s", (_label, entry, expected) => {
    expect(resume([entry])).toStrictEqual(expected);
  });
});

describe("AG-UI RUN_FINISHED outcomes", () => {
  it.each([
    ["no outcome", {}, { outcome: "success" }],
    ["a null outcome (absent)", { outcome: null }, { outcome: "success" }],
    [
      "success with a result, a finish reason and the frontend calls it left pending",
      {
        outcome: { type: "success", pendingToolCallIds: ["tc-front", 7] },
        result: { ok: true },
        finishReason: "stop",
      },
      { outcome: "success", reason: "stop", result: { ok: true }, pendingToolCallIds: ["tc-front"] },
    ],
  ])("STAT-07 %s completes the run", (_label, fields, payload) => {
    expect(factsAfterStart([{ type: "RUN_FINISHED", ...fields }])).toStrictEqual([
      { type: "run.finished", phase: "completed", payload },
    ]);
  });

  it("STAT-07 a cancelled run is cancelled, not completed", () => {
    expect(factsAfterStart([{ type: "RUN_FINISHED", outcome: { type: "cancelled" } }])).toStrictEqual([
      { type: "run.finished", phase: "cancelled", payload: { outcome: "cancelled", reason: "cancelled" } },
    ]);
  });

  it("FALL-02 an outcome in an unknown shape ends the run unknown and names the shape", () => {
    expect(
      factsAfterStart([{ type: "RUN_FINISHED", outcome: { type: "paused", why: "quota" } }]),
    ).toStrictEqual([
      diagnostic("unknown_taxonomy_value", "warning", "RUN_FINISHED outcome in an unknown shape", {
        outcome: '{"type":"paused","why":"quota"}',
      }),
      { type: "run.finished", payload: { outcome: "unknown", reason: "unknown outcome" } },
    ]);
  });

  it("HITL-01 each interrupt is a pending action; a gated tool waits on it", () => {
    const events = facts(
      adapt([
        started,
        { type: "TOOL_CALL_START", toolCallId: "tc-rm", toolCallName: "delete_file" },
        { type: "TOOL_CALL_END", toolCallId: "tc-rm" },
        {
          type: "RUN_FINISHED",
          outcome: {
            type: "interrupt",
            interrupts: [
              {
                id: "int-1",
                reason: "tool_approval",
                message: "Delete x?",
                toolCallId: "tc-rm",
                responseSchema: approvalSchema,
                expiresAt: "2026-11-27T09:00:00Z",
              },
              { id: "int-2", reason: "question", message: "Which folder?" },
            ],
          },
        },
      ]).slice(3),
    );
    expect(events).toStrictEqual([
      {
        type: "action.required",
        actionId: "int-1",
        toolCallId: "tc-rm",
        phase: "waiting",
        payload: {
          actionType: "tool_approval",
          sourceType: "tool_approval",
          prompt: "Delete x?",
          schema: approvalSchema,
          availableDecisions: ["approve", "reject"],
          toolName: "delete_file",
          expiresAt: "2026-11-27T09:00:00Z",
        },
      },
      {
        type: "tool.progress",
        toolCallId: "tc-rm",
        phase: "waiting",
        payload: { awaitingActionId: "int-1" },
      },
      {
        type: "action.required",
        actionId: "int-2",
        phase: "waiting",
        payload: { actionType: "clarification", sourceType: "question", prompt: "Which folder?" },
      },
      {
        type: "run.finished",
        phase: "interrupted",
        payload: { outcome: "interrupted", reason: "interrupt" },
      },
    ]);
  });

  it("HITL-01 the pre-1.0 draft: a bare `interrupt` outcome with `interrupts` beside it, ids as `interruptId`", () => {
    expect(
      factsAfterStart([
        {
          type: "RUN_FINISHED",
          outcome: "interrupt",
          interrupts: [
            { interruptId: "int-9", reason: "plan_review", prompt: "Go on?", schema: { type: "string" } },
          ],
        },
      ]),
    ).toStrictEqual([
      {
        type: "action.required",
        actionId: "int-9",
        phase: "waiting",
        payload: {
          actionType: "plan_decision",
          sourceType: "plan_review",
          prompt: "Go on?",
          schema: { type: "string" },
        },
      },
      {
        type: "run.finished",
        phase: "interrupted",
        payload: { outcome: "interrupted", reason: "interrupt" },
      },
    ]);
  });

  it("HITL-01 a 1.0 interrupt outcome reads its interrupts from the outcome only", () => {
    expect(
      factsAfterStart([
        {
          type: "RUN_FINISHED",
          outcome: { type: "interrupt" },
          interrupts: [{ id: "stray", reason: "confirm" }],
        },
      ]),
    ).toStrictEqual([
      {
        type: "run.finished",
        phase: "interrupted",
        payload: { outcome: "interrupted", reason: "interrupt" },
      },
    ]);
  });

  it("DIAG-02 an interrupt without id is reported, the others still become actions", () => {
    const events = factsAfterStart([
      {
        type: "RUN_FINISHED",
        outcome: {
          type: "interrupt",
          interrupts: [{ reason: "confirm" }, { id: "int-3", reason: "confirm" }],
        },
      },
    ]);
    expect(events.map((e) => (e.type === "diagnostic.changed" ? e.payload : e.type))).toStrictEqual([
      {
        code: "unsupported_source_event",
        severity: "warning",
        message: "ag-ui record #1: interrupt without id",
        summary: { kind: "object", keys: ["type", "outcome"], type: "RUN_FINISHED" },
      },
      "action.required",
      "run.finished",
    ]);
  });
});

describe("AG-UI token usage", () => {
  const usageFacts = (records: unknown[]) =>
    factsAfterStart(records).filter((e) => e.type === "metric.changed");
  const metric = (metricName: string, value: number) => ({
    type: "metric.changed",
    metricName,
    payload: { value, unit: "tokens" },
  });

  it("STAT-02 usage sums over providers and runs; zero counts, negative and missing ones do not", () => {
    expect(
      usageFacts([
        {
          type: "RUN_FINISHED",
          usage: [
            {
              provider: "openai",
              inputTokens: 100,
              outputTokens: 20,
              reasoningTokens: 0,
              cachedInputTokens: -3,
            },
            { provider: "anthropic", inputTokens: 50, outputTokens: -1 },
          ],
        },
        { ...started, runId: "r2" },
        { type: "RUN_ERROR", message: "boom", usage: [{ inputTokens: 7, cachedInputTokens: 4 }] },
      ]),
    ).toStrictEqual([
      metric("tokens.input", 150),
      metric("tokens.output", 20),
      metric("tokens.reasoning", 0),
      metric("tokens.input", 157),
      metric("tokens.output", 20),
      metric("tokens.reasoning", 0),
      metric("tokens.cached_input", 4),
    ]);
  });

  it("STAT-02 a usage list with no counts restates nothing", () => {
    expect(
      usageFacts([
        { type: "RUN_FINISHED", usage: [{ inputTokens: 5 }] },
        { ...started, runId: "r2" },
        { type: "RUN_FINISHED", usage: [{ provider: "openai", model: "gpt" }] },
        { ...started, runId: "r3" },
        { type: "RUN_FINISHED", usage: [] },
      ]),
    ).toStrictEqual([metric("tokens.input", 5)]);
  });
});

describe("AG-UI RUN_ERROR", () => {
  it("TOOL-10 the run fails, and the calls of this run still waiting fail with its error", () => {
    const events = facts(
      adapt([
        started,
        // A frontend tool the first run left for the application: not this run's call.
        { type: "TOOL_CALL_START", toolCallId: "tc-front", toolCallName: "confirm" },
        { type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["tc-front"] } },
        { ...started, runId: "r2" },
        { type: "TOOL_CALL_START", toolCallId: "tc-2", toolCallName: "search" },
        { type: "TOOL_CALL_END", toolCallId: "tc-2" },
        { type: "RUN_ERROR", message: "model overloaded", code: "rate_limit" },
      ]).slice(5),
    );
    expect(events).toStrictEqual([
      { type: "tool.started", toolCallId: "tc-2", phase: "acting", payload: { name: "search" } },
      { type: "tool.args", toolCallId: "tc-2", phase: "acting", payload: { complete: true } },
      {
        type: "tool.failed",
        toolCallId: "tc-2",
        phase: "failed",
        payload: { error: "run failed before the tool returned: model overloaded" },
      },
      {
        type: "run.failed",
        phase: "failed",
        payload: { message: "model overloaded", category: "rate_limit" },
      },
    ]);
  });

  it("TOOL-10 a RUN_ERROR without message still fails the open call, with no message to quote", () => {
    expect(
      factsAfterStart([
        { type: "TOOL_CALL_START", toolCallId: "tc-1", toolCallName: "search" },
        { type: "RUN_ERROR" },
      ]),
    ).toStrictEqual([
      { type: "tool.started", toolCallId: "tc-1", phase: "acting", payload: { name: "search" } },
      { type: "tool.args", toolCallId: "tc-1", phase: "acting", payload: { complete: true } },
      {
        type: "tool.failed",
        toolCallId: "tc-1",
        phase: "failed",
        payload: { error: "run failed before the tool returned" },
      },
      { type: "run.failed", phase: "failed", payload: {} },
    ]);
  });
});

describe("AG-UI STEP_STARTED", () => {
  it("STAT-02 a step is a stage label on the status row; a nameless step is only a status", () => {
    expect(
      factsAfterStart([
        { type: "STEP_STARTED", stepName: "plan" },
        { type: "STEP_FINISHED", stepName: "plan" },
        { type: "STEP_STARTED" },
      ]),
    ).toStrictEqual([
      {
        type: "run.status",
        stepId: "plan",
        phase: "preparing",
        payload: { status: "preparing", label: "plan" },
      },
      { type: "run.status", phase: "preparing", payload: { status: "preparing" } },
    ]);
  });
});
