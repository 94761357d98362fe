// Tool calls, approvals and line rules of both assistant-ui wires (assistant-stream chunks and the AI SDK 4
// data stream): arguments streamed over a restated start, blank and broken argument text, stated
// arguments, approval fields, error results, step lines and what a reader says about a record that throws.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { assistantStreamAdapter, dataStreamAdapter, parseDataStreamLine } from "../src/assistant-stream";

type Module = typeof assistantStreamAdapter;
const run = (module: Module, records: unknown[], indexed = true): AgentUiEvent[] => {
  const adapter = module.create();
  return [
    ...records.flatMap((record, index) => adapter.push(record, indexed ? index : undefined)),
    ...adapter.finish(),
  ];
};
/** type, the call or part it is about, its payload, and the source record type it came from. */
const rows = (events: AgentUiEvent[]) =>
  events.map((e) => [e.type, e.toolCallId ?? e.partId ?? null, e.payload, e.source?.sourceType ?? null]);
const part = (type: string, fields: Record<string, unknown> = {}, path: number[] = []) => ({
  type: "part-start",
  path,
  part: { type, ...fields },
});
const line = (type: string, value: unknown) => ({ type, value });
const DATA = "ai-sdk-data-stream:message-1";

describe("assistant-stream tool calls", () => {
  it("TOOL-01 TOOL-03 a restated start keeps the streamed arguments; blank text is no arguments; broken text is an input error", () => {
    const events = run(assistantStreamAdapter, [
      part("tool-call", { toolCallId: "c1", toolName: "a" }),
      { type: "text-delta", path: [0], textDelta: '{"a":' },
      part("tool-call", { toolCallId: "c1", toolName: "a" }),
      { type: "text-delta", path: [1], textDelta: "1}" },
      { type: "tool-call-args-text-finish", path: [1] },
      part("tool-call", { toolCallId: "c2", toolName: "b" }),
      { type: "text-delta", path: [2], textDelta: "  " },
      { type: "tool-call-args-text-finish", path: [2] },
      part("tool-call", { toolCallId: "c3", toolName: "c" }),
      { type: "text-delta", path: [3], textDelta: "{x" },
      { type: "tool-call-args-text-finish", path: [3] },
      part("tool-call", { toolCallId: "c4", toolName: "d" }),
      { type: "text-delta", path: [4], textDelta: '{"q":1}' },
      { type: "tool-call-args-text-finish", path: [4] },
      { type: "result", path: [4], result: "ok" },
      part("tool-call", { toolCallId: "c7", toolName: "g" }),
      { type: "result", path: [5], result: null, isError: true },
    ]);
    expect(rows(events).filter(([type]) => type !== "tool.started" && type !== "run.started")).toStrictEqual([
      ["tool.args", "c1", { argsDelta: '{"a":' }, "text-delta"],
      ["tool.args", "c1", { argsDelta: "1}" }, "text-delta"],
      ["tool.args", "c1", { input: { a: 1 }, complete: true }, "tool-call-args-text-finish"],
      ["tool.args", "c2", { argsDelta: "  " }, "text-delta"],
      ["tool.args", "c2", { input: {}, complete: true }, "tool-call-args-text-finish"],
      ["tool.args", "c3", { argsDelta: "{x" }, "text-delta"],
      [
        "tool.failed",
        "c3",
        { error: "the streamed tool arguments are not valid JSON", category: "invalid_input" },
        "tool-call-args-text-finish",
      ],
      ["tool.args", "c4", { argsDelta: '{"q":1}' }, "text-delta"],
      ["tool.args", "c4", { input: { q: 1 }, complete: true }, "tool-call-args-text-finish"],
      ["tool.result", "c4", { output: "ok", outputPreview: "ok" }, "result"],
      ["tool.args", "c7", { input: {}, complete: true }, "result"],
      ["tool.failed", "c7", { error: "tool error" }, "result"],
    ]);
    expect(events.filter((e) => e.type === "tool.started").map((e) => e.toolCallId)).toEqual([
      "c1",
      "c2",
      "c3",
      "c4",
      "c7",
    ]);
  });

  it("HITL-01 HITL-03 an approval's automatic flag and its prompt or request reason; the answer's reason", () => {
    const events = run(assistantStreamAdapter, [
      part("tool-call", { toolCallId: "c5", toolName: "e" }),
      { type: "tool-call-approval", path: [0], approval: { id: "ap1", isAutomatic: true, prompt: "Run?" } },
      part("tool-call", { toolCallId: "c6", toolName: "f" }),
      { type: "tool-call-approval", path: [1], approval: { id: "ap2", requestReason: "Why" } },
      { type: "tool-call-approval", path: [0], approval: { id: "ap1", approved: false, reason: "no" } },
    ]);
    const request = (toolName: string, reason: string, approvalId: string) => ({
      actionType: "tool_approval",
      sourceType: "tool-approval-request",
      toolName,
      reason,
      approvalId,
      availableDecisions: ["approve", "reject"],
    });
    expect(
      events.filter((e) => e.type.startsWith("action.")).map((e) => [e.type, e.actionId, e.payload]),
    ).toStrictEqual([
      ["action.required", "c5", request("e", "Run?", "ap1")],
      ["action.required", "c6", request("f", "Why", "ap2")],
      [
        "action.resolved",
        "c5",
        { outcome: "resolved", decision: "reject", reason: "no", decidedBy: "policy" },
      ],
    ]);
  });

  it("ERR-01 a record that throws while read is a diagnostic naming the error, cut to 200 characters", () => {
    const throwing = (thrown: () => unknown) => ({
      type: "result",
      path: [0],
      get result() {
        return thrown();
      },
    });
    const messages = (thrown: () => unknown, indexed: boolean) =>
      run(
        assistantStreamAdapter,
        [part("tool-call", { toolCallId: "c1", toolName: "a" }), throwing(thrown)],
        indexed,
      )
        .filter((e) => e.type === "diagnostic.changed")
        .map((e) => e.payload?.message);
    expect(
      messages(() => {
        throw new Error("x".repeat(300));
      }, true),
    ).toEqual([`assistant-stream record #1: adapter error: ${"x".repeat(200)}`]);
    expect(
      messages(() => {
        throw Object.assign(Object.create(null), { reason: "no Error" });
      }, false),
    ).toEqual(["assistant-stream record: adapter error: unknown error"]);
  });
});

describe("AI SDK 4 data stream lines", () => {
  it("ENV-09 a line without a colon is no data stream line, even when it starts with a code", () => {
    expect(parseDataStreamLine("22")).toBeUndefined();
    expect(parseDataStreamLine('0:"a"')).toEqual({ type: "0", value: "a" });
  });

  it("TOOL-01 TEAM-02 stated arguments, a subagent's tool, source and data, a first step's message id", () => {
    const events = run(dataStreamAdapter, [
      line("f", { messageId: "m7" }),
      line("9", { toolCallId: "t9", toolName: "w", args: { q: 1 } }),
      line("b", { toolCallId: "tb", toolName: "x", parentId: "s" }),
      line("c", { toolCallId: "tb" }),
      line("h", { id: "s1", url: "https://a.example", parentId: "s" }),
      line("aui-data", { name: "n", data: 1, parentId: "s" }),
    ]);
    expect(
      events.map((e) => [e.type, e.messageId ?? null, e.agentId ?? null, e.source?.sourceType]),
    ).toStrictEqual([
      ["run.started", "m7", null, "f"],
      ["tool.started", "m7", null, "9"],
      ["tool.args", "m7", null, "9"],
      ["agent.spawned", null, "s", "b"],
      ["tool.started", "m7:s", "s", "b"],
      ["evidence.changed", "m7:s", "s", "h"],
      ["state.delta", "m7:s", "s", "aui-data"],
    ]);
    expect(events[2].payload).toStrictEqual({ input: { q: 1 }, complete: true });
  });

  it("TEXT-04 empty text says nothing; a step's finish closes the open reasoning; tool lines without id or name are reported", () => {
    const events = run(dataStreamAdapter, [
      line("0", ""),
      line("aui-text-delta", {}),
      line("g", "r"),
      line("e", {}),
      line("a", {}),
      line("b", { toolName: "x" }),
      line("9", { toolCallId: "t" }),
      line("d", {}),
    ]);
    expect(
      events.map((e) => [e.type, e.partId ?? null, e.payload?.message ?? null, e.source?.index ?? null]),
    ).toStrictEqual([
      ["run.started", null, null, 2],
      ["reasoning.delta", "reasoning-1", null, 2],
      ["reasoning.summary", "reasoning-1", null, 3],
      [
        "diagnostic.changed",
        null,
        "ai-sdk-data-stream record #4: tool line for a call that was never started",
        4,
      ],
      ["diagnostic.changed", null, "ai-sdk-data-stream record #5: tool call start without id or name", 5],
      ["diagnostic.changed", null, "ai-sdk-data-stream record #6: tool call without id or name", 6],
      ["run.finished", null, null, 7],
    ]);
    expect(events.every((e) => e.messageId === undefined || e.messageId === DATA)).toBe(true);
  });
});
