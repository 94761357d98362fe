// assistant-ui `assistant-stream` chunks, written in the package's documented `AssistantStreamChunk` shape
// (the live test in packages/conformance drives the package itself).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { ADAPTERS, adaptRecords, assistantStreamAdapter } from "../src";

const adapt = (records: unknown[]): AgentUiEvent[] => {
  const adapter = assistantStreamAdapter.create();
  return [...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
};
const ofType = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);
const codes = (events: AgentUiEvent[]) =>
  ofType(events, "diagnostic.changed").map((e) => (e.payload as { code: string }).code);

const start = (type: string, part: Record<string, unknown> = {}, path: number[] = []) => ({
  type: "part-start",
  path,
  part: { type, ...part },
});
const delta = (path: number[], textDelta: string) => ({ type: "text-delta", path, textDelta });
const finish = (path: number[]) => ({ type: "part-finish", path });

/** A text part, as `controller.appendText("Hello world")` writes it: part-start at [], deltas at [0]. */
const TEXT_ONLY = [start("text"), delta([0], "Hello "), delta([0], "world"), finish([0])];

describe("assistant-stream detection: never a silent guess", () => {
  it("ENV-01 path-addressed chunks are detected as assistant-stream, not ai-sdk", () => {
    const result = adaptRecords(TEXT_ONLY, "auto");
    expect(result.detected).toMatchObject({ format: "assistant-stream" });
    expect(result.detected?.confidence).toBeGreaterThan(0.9);
    expect(ofType(result.events, "text.delta").map((e) => e.payload?.delta)).toEqual(["Hello ", "world"]);
  });

  it("ENV-01 without an adapter for them, the chunks score ai-sdk 0.38: detection says unsure and lists it, no empty projection", () => {
    const withoutIt = ADAPTERS.filter((a) => a.format !== "assistant-stream");
    const chunks = [...TEXT_ONLY, start("text"), delta([1], "!")];
    const result = adaptRecords(chunks, "auto", { adapters: withoutIt });
    expect(result.detected?.format).toBe("unknown");
    expect(result.detected?.candidates[0]).toEqual({ format: "ai-sdk", score: 0.38 });
    expect(result.events).toEqual([]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: "error", message: expect.stringContaining("ai-sdk 0.38") }),
    ]);
  });

  it("ENV-01 read with --from ai-sdk anyway, the adapter says it mapped none of the records", () => {
    const result = adaptRecords(TEXT_ONLY, "ai-sdk");
    expect(result.events.every((e) => e.type === "diagnostic.changed")).toBe(true);
    expect(result.diagnostics[0]).toMatchObject({ code: "no_records_mapped", severity: "error" });
  });
});

describe("assistant-stream adapter", () => {
  it("TEXT-04 text and reasoning once, closed by part-finish; message-finish completes the run", () => {
    const events = adapt([
      { type: "step-start", path: [], messageId: "m1" },
      start("reasoning"),
      delta([0], "thinking"),
      finish([0]),
      ...TEXT_ONLY.map((c) => ("path" in c && c.type !== "part-start" ? { ...c, path: [1] } : c)),
      { type: "message-finish", path: [], finishReason: "stop", usage: { inputTokens: 1, outputTokens: 2 } },
    ]);
    expect(codes(events)).toEqual([]);
    expect(ofType(events, "run.started")).toHaveLength(1);
    expect(ofType(events, "reasoning.summary").map((e) => e.payload?.text)).toEqual(["thinking"]);
    expect(ofType(events, "text.delta").map((e) => e.payload?.delta)).toEqual(["Hello ", "world"]);
    expect(ofType(events, "text.delta").every((e) => e.messageId === "m1")).toBe(true);
    expect(ofType(events, "run.finished")).toEqual([
      expect.objectContaining({ phase: "completed", payload: expect.objectContaining({ reason: "stop" }) }),
    ]);
  });

  it("TOOL-01 a tool call's streamed args close when its result arrives first; the result is its output", () => {
    const events = adapt([
      start("tool-call", { toolCallId: "c1", toolName: "search" }),
      delta([0], '{"q":'),
      delta([0], '"x"}'),
      { type: "result", path: [0], result: { hits: 2 }, isError: false },
      { type: "tool-call-args-text-finish", path: [0] },
      finish([0]),
    ]);
    expect(ofType(events, "tool.started")).toHaveLength(1);
    const args = ofType(events, "tool.args").map((e) => e.payload);
    expect(args).toEqual([
      { argsDelta: '{"q":' },
      { argsDelta: '"x"}' },
      { input: { q: "x" }, complete: true },
    ]);
    expect(ofType(events, "tool.result")).toEqual([
      expect.objectContaining({
        toolCallId: "c1",
        payload: expect.objectContaining({ output: { hits: 2 } }),
      }),
    ]);
  });

  it("TOOL-02 an error result fails the call; arguments that are not JSON are an input error", () => {
    const events = adapt([
      start("tool-call", { toolCallId: "c1", toolName: "search" }),
      delta([0], "{not json"),
      finish([0]),
      start("tool-call", { toolCallId: "c2", toolName: "fetch" }),
      { type: "result", path: [1], result: "boom", isError: true },
    ]);
    const failed = ofType(events, "tool.failed");
    expect(failed.map((e) => e.toolCallId)).toEqual(["c1", "c2"]);
    expect(JSON.stringify(failed[1].payload)).toContain("boom");
  });

  it("HITL-01 HITL-03 an approval is pending until the gate is answered; a denial resolves it rejected", () => {
    const pending = adapt([
      start("tool-call", { toolCallId: "c1", toolName: "rm" }),
      delta([0], "{}"),
      { type: "tool-call-approval", path: [0], approval: { id: "ap1", prompt: "Remove?" } },
      {
        type: "message-finish",
        path: [],
        finishReason: "tool-calls",
        usage: { inputTokens: 0, outputTokens: 0 },
      },
    ]);
    expect(ofType(pending, "action.required")).toEqual([
      expect.objectContaining({ actionId: "c1", toolCallId: "c1" }),
    ]);
    expect(ofType(pending, "action.resolved")).toEqual([]);
    expect(ofType(pending, "run.status").at(-1)?.payload).toMatchObject({ status: "action_required" });
    const denied = adapt([
      start("tool-call", { toolCallId: "c1", toolName: "rm" }),
      { type: "tool-call-approval", path: [0], approval: { id: "ap1" } },
      { type: "tool-call-approval", path: [0], approval: { id: "ap1", approved: false, reason: "no" } },
    ]);
    expect(ofType(denied, "action.resolved")).toEqual([
      expect.objectContaining({ actionId: "c1", payload: expect.objectContaining({ decision: "reject" }) }),
    ]);
  });

  it("EVID-01 sources are evidence with url and title; data parts of one name replace each other in place", () => {
    const events = adapt([
      start("source", { sourceType: "url", id: "s1", url: "https://example.com", title: "Ex" }),
      finish([0]),
      start("data", { name: "progress", data: { pct: 10 } }),
      start("data", { name: "progress", data: { pct: 90 } }),
    ]);
    expect(ofType(events, "evidence.changed")).toEqual([
      expect.objectContaining({
        evidenceId: "s1",
        payload: {
          citations: [
            {
              id: "s1",
              url: "https://example.com",
              title: "Ex",
              sourceType: "url",
              messageId: "assistant-stream:message-1",
            },
          ],
        },
      }),
    ]);
    const patches = ofType(events, "state.delta").flatMap((e) => e.payload?.patch as { path: string }[]);
    expect(patches.filter((p) => p.path === "/aiSdkData/progress")).toHaveLength(2);
  });

  it("TEAM-02 parts written with a parentId are the subagent's: announced once, its own message", () => {
    const events = adapt([
      start("text", { parentId: "researcher" }),
      delta([0], "found it"),
      finish([0]),
      start("text"),
      delta([1], "done"),
    ]);
    expect(ofType(events, "agent.spawned")).toEqual([
      expect.objectContaining({
        agentId: "researcher",
        payload: expect.objectContaining({ role: "subagent" }),
      }),
    ]);
    const texts = ofType(events, "text.delta");
    expect(texts.map((e) => [e.agentId, e.payload?.delta])).toEqual([
      ["researcher", "found it"],
      [undefined, "done"],
    ]);
    expect(texts[0].messageId).not.toBe(texts[1].messageId);
  });

  it("ERR-01 an error chunk fails the run; unknown chunks and deltas for unknown paths are diagnostics", () => {
    const events = adapt([
      ...TEXT_ONLY,
      { type: "error", path: [], error: "model overloaded" },
      { type: "teleport", path: [] },
      delta([7], "orphan"),
      { type: "text-delta", path: "nope", textDelta: "x" },
    ]);
    expect(ofType(events, "run.failed")).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ message: "model overloaded" }) }),
    ]);
    expect(codes(events)).toEqual([
      "unsupported_source_event",
      "unsupported_source_event",
      "unsupported_source_event",
    ]);
  });
});

describe("assistant-stream: a continuation stream appended after the user's answer", () => {
  it("HITL-03 paths restart after message-finish: the restated call is answered, its result and the answer land", () => {
    const pending = [
      start("text"),
      delta([0], "Let me check."),
      finish([0]),
      start("tool-call", { toolCallId: "c1", toolName: "rm" }),
      delta([1], "{}"),
      { type: "tool-call-approval", path: [1], approval: { id: "ap1" } },
      {
        type: "message-finish",
        path: [],
        finishReason: "tool-calls",
        usage: { inputTokens: 0, outputTokens: 0 },
      },
    ];
    const continuation = [
      start("tool-call", { toolCallId: "c1", toolName: "rm" }),
      { type: "tool-call-approval", path: [0], approval: { id: "ap1", approved: true } },
      { type: "result", path: [0], result: "removed", isError: false },
      start("text"),
      delta([1], "Done."),
      { type: "message-finish", path: [], finishReason: "stop", usage: { inputTokens: 0, outputTokens: 0 } },
    ];
    const events = adapt([...pending, ...continuation]);
    expect(codes(events)).toEqual([]);
    expect(ofType(events, "run.started")).toHaveLength(2);
    expect(ofType(events, "action.resolved").map((e) => e.payload?.decision)).toEqual(["approve"]);
    expect(ofType(events, "tool.result").map((e) => e.toolCallId)).toEqual(["c1"]);
    expect(ofType(events, "text.delta").map((e) => e.payload?.delta)).toEqual(["Let me check.", "Done."]);
    expect(ofType(events, "run.finished")).toHaveLength(1);
  });
});
