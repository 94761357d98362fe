import { readFileSync } from "node:fs";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { aguiAdapter } from "../src/ag-ui";

const STREAMS = new URL("../../../../shared/peers/streams/", import.meta.url);
const lines = (name: string): unknown[] =>
  readFileSync(new URL(name, STREAMS), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
const adapt = (records: unknown[]): AgentUiEvent[] => {
  const adapter = aguiAdapter.create();
  return [...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
};
const ofType = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);
const unsupported = (events: AgentUiEvent[]) =>
  events.filter(
    (e) =>
      e.type === "diagnostic.changed" && (e.payload as { code: string }).code === "unsupported_source_event",
  );
const finalText = (events: AgentUiEvent[], messageId: string) =>
  ofType(events, "text.final").find((e) => e.messageId === messageId)?.payload?.text;
const deltaText = (events: AgentUiEvent[], messageId: string) =>
  ofType(events, "text.delta")
    .filter((e) => e.messageId === messageId)
    .map((e) => (e.payload as { delta: string }).delta)
    .join("");

describe("ag-ui adapter: peer streams", () => {
  it.each([
    "agui.run-tool-state.events.jsonl",
    "agui.http.events.jsonl",
    "agui.run-tool-state.compacted.jsonl",
  ])(
    "TEXT-01 / TOOL / TEAM-02 %s: text, reasoning, tool, plan, subagent and state as separate facts",
    (name) => {
      const events = adapt(lines(name));
      expect(unsupported(events)).toEqual([]);
      expect(events.every((e) => aguiAdapter.format === e.source?.format)).toBe(true);
      // Answer text: msg-1 and msg-2, each final equals its deltas (no duplicate).
      expect(finalText(events, "msg-1")).toBe("Let me check.");
      expect(deltaText(events, "msg-1")).toBe("Let me check.");
      expect(finalText(events, "msg-2")).toBe("It is 21°C in Paris.");
      // Reasoning is a separate reasoning message, never answer text.
      expect(ofType(events, "reasoning.summary")[0]).toMatchObject({
        messageId: "rm-1",
        payload: { text: "Need weather; call tool." },
      });
      expect(ofType(events, "text.delta").some((e) => e.messageId === "rm-1")).toBe(false);
      // Tool tc-1 weather {"city":"Paris"} → output {tempC:21}, attached to msg-1.
      expect(ofType(events, "tool.started")[0]).toMatchObject({
        toolCallId: "tc-1",
        messageId: "msg-1",
        payload: { name: "weather" },
      });
      expect(
        ofType(events, "tool.args").find((e) => (e.payload as { complete?: boolean }).complete)?.payload,
      ).toMatchObject({
        input: { city: "Paris" },
      });
      expect(ofType(events, "tool.result")[0]).toMatchObject({
        toolCallId: "tc-1",
        payload: { output: { tempC: 21 } },
      });
      // Activity act-1 PLAN: step "fetch" ends done.
      expect(ofType(events, "plan.final").at(-1)).toMatchObject({
        messageId: "act-1",
        payload: { steps: [{ title: "fetch", status: "done" }] },
      });
      // Subagent sub-1 "researcher", parent tc-1/msg-1, text attributed, finished success.
      expect(ofType(events, "agent.spawned")[0]).toMatchObject({
        agentId: "sub-1",
        runtimeEntity: "subagent_turn",
        payload: { agentName: "researcher", parentToolCallId: "tc-1", parentMessageId: "msg-1" },
      });
      expect(ofType(events, "text.final").find((e) => e.messageId === "msg-sub-1")).toMatchObject({
        agentId: "sub-1",
        payload: { text: "Sub-agent findings." },
      });
      expect(ofType(events, "agent.completed")[0]).toMatchObject({
        agentId: "sub-1",
        payload: { status: "completed" },
      });
      // CUSTOM citation → evidence, never text.
      expect(ofType(events, "evidence.changed")[0].payload).toMatchObject({
        citations: [{ url: "https://example.com/wx" }],
      });
      expect(events.at(-1)).toMatchObject({
        type: "run.finished",
        payload: { outcome: "success", result: { ok: true } },
      });
      // ORD-02: event ids are unique within the run.
      expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
    },
  );

  it("STATE_SNAPSHOT / STATE_DELTA pass through as appState and a JSON Patch", () => {
    const events = adapt(lines("agui.run-tool-state.events.jsonl"));
    expect(ofType(events, "state.snapshot")[0].payload).toEqual({
      appState: { todos: [], status: "planning" },
    });
    expect(ofType(events, "state.delta")[0].payload).toEqual({
      patch: [
        { op: "replace", path: "/status", value: "done" },
        { op: "add", path: "/todos/-", value: { id: "t1", title: "report", done: true } },
      ],
    });
  });

  it("HITL-01 RUN_FINISHED interrupt → pending tool_approval for tc-rm, tool waiting, run interrupted", () => {
    const events = adapt(lines("agui.interrupt.events.jsonl"));
    expect(unsupported(events)).toEqual([]);
    expect(ofType(events, "action.required")[0]).toMatchObject({
      actionId: "int-1",
      toolCallId: "tc-rm",
      payload: {
        actionType: "tool_approval",
        prompt: "Delete /workspace/demo/x?",
        toolName: "delete_file",
        schema: { type: "object", properties: { approved: { type: "boolean" } } },
        // The response schema {approved: boolean} states the two answers.
        availableDecisions: ["approve", "reject"],
      },
    });
    expect(ofType(events, "tool.progress")[0]).toMatchObject({
      toolCallId: "tc-rm",
      payload: { awaitingActionId: "int-1" },
    });
    expect(ofType(events, "tool.result")).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "run.finished", payload: { outcome: "interrupted" } });
    expect(ofType(events, "run.failed")).toEqual([]);
  });

  it("HITL-02 resume input resolves the interrupt (approved), then the tool ends with output", () => {
    const events = adapt([...lines("agui.interrupt.events.jsonl"), ...lines("agui.resume.events.jsonl")]);
    const resolved = ofType(events, "action.resolved");
    expect(resolved).toHaveLength(1);
    expect(resolved[0]).toMatchObject({
      actionId: "int-1",
      toolCallId: "tc-rm",
      payload: { outcome: "resolved", decision: "approve" },
    });
    expect(ofType(events, "tool.result")[0]).toMatchObject({
      toolCallId: "tc-rm",
      payload: { output: "deleted" },
    });
    expect(finalText(events, "m-b")).toBe("Done.");
    // Two runs in one stream never share an event id.
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
  });
});

describe("ag-ui adapter: dialects and bad input", () => {
  it("the 0.0.x dialect: TEXT_MESSAGE_CHUNK / TOOL_CALL_CHUNK / THINKING_* build the same facts", () => {
    const events = adapt([
      { type: "RUN_STARTED", threadId: "t", runId: "r" },
      { type: "THINKING_START" },
      { type: "THINKING_TEXT_MESSAGE_START" },
      { type: "THINKING_TEXT_MESSAGE_CONTENT", delta: "hmm" },
      { type: "THINKING_TEXT_MESSAGE_END" },
      { type: "THINKING_END" },
      { type: "TEXT_MESSAGE_CHUNK", messageId: "m1", role: "assistant", delta: "Checking " },
      { type: "TEXT_MESSAGE_CHUNK", delta: "now." },
      {
        type: "TOOL_CALL_CHUNK",
        toolCallId: "call-w",
        toolCallName: "weather",
        parentMessageId: "m1",
        delta: '{"city":',
      },
      { type: "TOOL_CALL_CHUNK", delta: '"Paris"}' },
      { type: "RUN_FINISHED", threadId: "t", runId: "r", finishReason: "tool-calls" },
    ]);
    expect(unsupported(events)).toEqual([]);
    expect(ofType(events, "reasoning.summary")[0].payload).toEqual({ text: "hmm" });
    expect(finalText(events, "m1")).toBe("Checking now.");
    expect(ofType(events, "text.final")).toHaveLength(1);
    expect(ofType(events, "tool.started")[0]).toMatchObject({ toolCallId: "call-w", messageId: "m1" });
    expect(ofType(events, "tool.args").at(-1)?.payload).toMatchObject({
      complete: true,
      input: { city: "Paris" },
    });
  });

  it("ENV-09 an unknown AG-UI type is a diagnostic, not a drop and not a crash", () => {
    const events = adapt([{ type: "X_AGENTUI_ARTIFACT", token: "secret-value" }, 42, null, "text"]);
    expect(events).toHaveLength(4);
    for (const e of events) expect(e.payload).toMatchObject({ code: "unsupported_source_event" });
    expect(JSON.stringify(events)).not.toContain("secret-value");
  });

  it("an ACTIVITY_DELTA that cannot apply is a patch_failed diagnostic and the activity keeps its content", () => {
    const events = adapt([
      { type: "RUN_STARTED", threadId: "t", runId: "r" },
      {
        type: "ACTIVITY_SNAPSHOT",
        messageId: "a",
        activityType: "PLAN",
        content: { steps: [{ title: "s", status: "running" }] },
      },
      { type: "ACTIVITY_DELTA", messageId: "a", patch: [{ op: "replace", path: "/missing/x", value: 1 }] },
      {
        type: "ACTIVITY_DELTA",
        messageId: "a",
        patch: [{ op: "replace", path: "/steps/0/status", value: "done" }],
      },
    ]);
    expect(events.map((e) => e.type)).toEqual([
      "run.started",
      "plan.final",
      "diagnostic.changed",
      "plan.final",
    ]);
    expect(events[2].payload).toMatchObject({ code: "patch_failed" });
    expect(events[3].payload).toMatchObject({ steps: [{ status: "done" }] });
  });

  it("TEXT-08 CUSTOM and RAW never become answer text; a numeric CUSTOM is a metric", () => {
    const events = adapt([
      { type: "RUN_STARTED" },
      { type: "CUSTOM", name: "tokens", value: 12 },
      { type: "CUSTOM", name: "x", value: { password: "p@ss", note: "n" } },
      { type: "RAW", source: "provider", event: { text: "raw text" } },
    ]);
    expect(events.map((e) => e.type)).toEqual([
      "run.started",
      "metric.changed",
      "diagnostic.changed",
      "diagnostic.changed",
    ]);
    expect(events[1]).toMatchObject({ metricName: "tokens", payload: { value: 12 } });
    expect(JSON.stringify(events)).not.toContain("p@ss");
    expect(ofType(events, "text.delta")).toEqual([]);
  });

  it("SEC-02 secret tool arguments are redacted once the input is complete", () => {
    const events = adapt([
      { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "login" },
      { type: "TOOL_CALL_ARGS", toolCallId: "c", delta: '{"user":"a","password":"hunter2"}' },
      { type: "TOOL_CALL_END", toolCallId: "c" },
    ]);
    expect(ofType(events, "tool.args").at(-1)?.payload).toEqual({
      complete: true,
      input: { user: "a", password: "[redacted:password]" },
    });
    expect(JSON.stringify(events)).not.toContain("hunter2");
  });

  it("RUN_ERROR → run.failed with the message and code", () => {
    const [, event] = adapt([{ type: "RUN_STARTED" }, { type: "RUN_ERROR", message: "boom", code: "E1" }]);
    expect(event).toMatchObject({ type: "run.failed", payload: { message: "boom", category: "E1" } });
  });

  it.each(
    JSON.parse(readFileSync(new URL("agui.verify-rejections.json", STREAMS), "utf8")) as {
      seq: string[];
      error: string;
    }[],
  )("ORD-06 a sequence AG-UI's verifier rejects is reported, and its text is kept: $error", ({ seq }) => {
    const records = seq.map((type) => ({ type, messageId: "x", delta: "hi", threadId: "t", runId: "r" }));
    const events = adapt(records);
    const protocol = events.filter(
      (e) =>
        e.type === "diagnostic.changed" &&
        ["out_of_order", "execution_after_turn_terminal"].includes((e.payload as { code: string }).code),
    );
    expect(protocol.length).toBeGreaterThanOrEqual(1);
    expect(protocol[0].payload).toMatchObject({ severity: "warning" });
    expect(unsupported(events)).toEqual([]);
  });

  it("a well-formed run reports no protocol violation", () => {
    const events = adapt(lines("agui.run-tool-state.events.jsonl"));
    expect(ofType(events, "diagnostic.changed")).toEqual([]);
  });

  it("HITL-06 the 0.0.x interrupt keyed by the tool call id links to that tool; an unknown id links to nothing", () => {
    const events = adapt([
      { type: "RUN_STARTED", threadId: "ck", runId: "r1" },
      {
        type: "TOOL_CALL_CHUNK",
        toolCallId: "call-c",
        toolCallName: "confirm_publish",
        delta: '{"title":"wx"}',
      },
      {
        type: "RUN_FINISHED",
        threadId: "ck",
        runId: "r1",
        outcome: {
          type: "interrupt",
          interrupts: [
            { id: "call-c", reason: "approval", message: "Publish?" },
            { id: "other", reason: "input" },
          ],
        },
      },
    ]);
    const [first, second] = ofType(events, "action.required");
    expect(first).toMatchObject({
      actionId: "call-c",
      toolCallId: "call-c",
      payload: { actionType: "tool_approval", toolName: "confirm_publish" },
    });
    expect(second.toolCallId).toBeUndefined();
    expect(second.payload).toMatchObject({ actionType: "structured_input" });
  });

  it("SEC-03 a secret inside a string tool result never reaches the preview", () => {
    const events = adapt([
      { type: "RUN_STARTED" },
      { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "env" },
      {
        type: "TOOL_CALL_RESULT",
        toolCallId: "c",
        content: "OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz123456",
      },
    ]);
    expect(JSON.stringify(events)).not.toContain("abcdefghijklmnopqrstuvwxyz123456");
    expect(ofType(events, "tool.result")).toHaveLength(1);
  });
});

describe("ag-ui adapter: AG-UI 1.0 outcomes and answers to a gated tool", () => {
  const interrupted = (threadId: string) => [
    { type: "RUN_STARTED", threadId, runId: "r1" },
    { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "delete_file" },
    { type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: '{"path":"/x"}' },
    { type: "TOOL_CALL_END", toolCallId: "tc" },
    {
      type: "RUN_FINISHED",
      threadId,
      runId: "r1",
      outcome: { type: "interrupt", interrupts: [{ id: "int", reason: "tool_approval", toolCallId: "tc" }] },
    },
  ];
  const resumed = (threadId: string, entry: Record<string, unknown>) => [
    {
      type: "RUN_STARTED",
      threadId,
      runId: "r2",
      input: { threadId, runId: "r2", messages: [], resume: [entry] },
    },
    { type: "RUN_FINISHED", threadId, runId: "r2", outcome: { type: "success" } },
  ];

  it("an interrupt whose response schema does not state the answers leaves the decisions unset", () => {
    const events = adapt([
      { type: "RUN_STARTED", threadId: "t", runId: "r" },
      {
        type: "RUN_FINISHED",
        threadId: "t",
        runId: "r",
        outcome: {
          type: "interrupt",
          interrupts: [{ id: "i", reason: "input_required", responseSchema: { properties: { city: {} } } }],
        },
      },
    ]);
    expect(ofType(events, "action.required")[0].payload).not.toHaveProperty("availableDecisions");
  });

  it("HITL-04 a rejected approval ends its tool denied (never approval-requested forever, never a result)", () => {
    const events = adapt([
      ...interrupted("t"),
      ...resumed("t", { interruptId: "int", status: "resolved", payload: { approved: false } }),
    ]);
    expect(ofType(events, "action.resolved")[0]).toMatchObject({
      actionId: "int",
      payload: { decision: "reject" },
    });
    expect(ofType(events, "tool.failed")).toEqual([
      expect.objectContaining({ toolCallId: "tc", payload: { denied: true, error: "rejected by user" } }),
    ]);
    expect(ofType(events, "tool.result")).toEqual([]);
  });

  it("HITL-04 an abandoned (cancelled) approval cancels its tool; an approval leaves it open for its result", () => {
    const cancelled = adapt([
      ...interrupted("t"),
      ...resumed("t", { interruptId: "int", status: "cancelled" }),
    ]);
    expect(ofType(cancelled, "action.resolved")[0].payload).toMatchObject({ outcome: "cancelled" });
    expect(ofType(cancelled, "tool.failed")).toEqual([
      expect.objectContaining({ toolCallId: "tc", payload: expect.objectContaining({ cancelled: true }) }),
    ]);
    const approved = adapt([
      ...interrupted("t"),
      ...resumed("t", { interruptId: "int", status: "resolved", payload: { approved: true } }),
    ]);
    expect(ofType(approved, "tool.failed")).toEqual([]);
  });

  it("FALL-02 RUN_FINISHED success keeps the frontend tool calls it left pending for the application", () => {
    const events = adapt([
      { type: "RUN_STARTED", threadId: "t", runId: "r" },
      { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "pick_color" },
      { type: "TOOL_CALL_END", toolCallId: "tc" },
      {
        type: "RUN_FINISHED",
        threadId: "t",
        runId: "r",
        outcome: { type: "success", pendingToolCallIds: ["tc"] },
      },
    ]);
    expect(events.at(-1)).toMatchObject({
      type: "run.finished",
      payload: { outcome: "success", pendingToolCallIds: ["tc"] },
    });
  });

  it("RUN_FINISHED outcome cancelled is a cancelled run, never read as success", () => {
    const events = adapt([
      { type: "RUN_STARTED", threadId: "t", runId: "r" },
      { type: "RUN_FINISHED", threadId: "t", runId: "r", outcome: { type: "cancelled" } },
    ]);
    expect(events.at(-1)).toMatchObject({
      type: "run.finished",
      phase: "cancelled",
      payload: { outcome: "cancelled" },
    });
  });

  it("SUBAGENT_ERROR fails the subagent (not the run) and keeps its message; suspended means waiting", () => {
    const events = adapt([
      { type: "RUN_STARTED", threadId: "t", runId: "r" },
      { type: "SUBAGENT_STARTED", subagentRunId: "s1", name: "researcher" },
      { type: "SUBAGENT_ERROR", subagentRunId: "s1", message: "search backend down", code: "E_BACKEND" },
      { type: "SUBAGENT_STARTED", subagentRunId: "s2", name: "reviewer" },
      { type: "SUBAGENT_FINISHED", subagentRunId: "s2", outcome: { type: "suspended", interruptIds: ["i"] } },
    ]);
    expect(unsupported(events)).toEqual([]);
    const completed = ofType(events, "agent.completed");
    expect(completed.map((e) => [e.agentId, e.phase, (e.payload as { status: string }).status])).toEqual([
      ["s1", "failed", "failed"],
      ["s2", "waiting", "waiting"],
    ]);
    const diagnostic = ofType(events, "diagnostic.changed").find(
      (e) => (e.payload as { code: string }).code === "runtime_error",
    );
    expect(diagnostic?.payload).toMatchObject({ message: expect.stringContaining("search backend down") });
    expect(ofType(events, "run.failed")).toEqual([]);
  });
});
