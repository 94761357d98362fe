// The AI SDK 4 data stream protocol as text (`code:JSON` lines, framed into `{type, value}` records), in
// its documented shape; the live test in packages/conformance reads assistant-stream's DataStreamEncoder.
import { type AgentUiEvent, parseRecords } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { adaptRecords, dataStreamAdapter } from "../src";

const lines = (...rows: [string, unknown][]) =>
  rows.map(([code, value]) => `${code}:${JSON.stringify(value)}`).join("\n");
const adapt = (text: string): AgentUiEvent[] => {
  const adapter = dataStreamAdapter.create();
  const records = parseRecords(text).records;
  return [...records.flatMap((r) => adapter.push(r.value, r.index)), ...adapter.finish()];
};
const ofType = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);

/** An AI SDK 4 `streamText` response: step, reasoning, text, a tool call with streamed args, its result,
 * a source, the next step's answer and the message finish. */
const TURN = lines(
  ["f", { messageId: "msg-1" }],
  ["g", "Weather needs a lookup."],
  ["0", "Let me "],
  ["0", "check."],
  ["b", { toolCallId: "c1", toolName: "weather" }],
  ["c", { toolCallId: "c1", argsTextDelta: '{"city":' }],
  ["c", { toolCallId: "c1", argsTextDelta: '"Paris"}' }],
  ["9", { toolCallId: "c1", toolName: "weather", args: { city: "Paris" } }],
  ["a", { toolCallId: "c1", result: { temp: 21 } }],
  ["e", { finishReason: "tool-calls", usage: { promptTokens: 1, completionTokens: 2 }, isContinued: false }],
  ["f", { messageId: "msg-1b" }],
  ["h", { sourceType: "url", id: "s1", url: "https://weather.example", title: "Forecast" }],
  ["0", "21°C in Paris."],
  ["e", { finishReason: "stop", usage: { promptTokens: 1, completionTokens: 2 }, isContinued: false }],
  ["d", { finishReason: "stop", usage: { promptTokens: 2, completionTokens: 4 } }],
);

describe("AI SDK 4 data stream: framing and detection", () => {
  it("ENV-01 code:JSON lines frame as {type, value} records and detect as ai-sdk-data-stream", () => {
    const framed = parseRecords(TURN);
    expect(framed.format).toBe("data-stream");
    expect(framed.diagnostics).toEqual([]);
    expect(framed.records[1].value).toEqual({ type: "g", value: "Weather needs a lookup." });
    const result = adaptRecords(framed.records, "auto");
    expect(result.detected?.format).toBe("ai-sdk-data-stream");
    expect(result.diagnostics).toEqual([]);
  });

  it("ENV-09 a line that is not code:JSON is an unparseable_input diagnostic with its line, the rest is kept", () => {
    const framed = parseRecords(`0:"ok"\n0:{broken\n0:"fine"`);
    expect(framed.records).toHaveLength(2);
    expect(framed.diagnostics).toEqual([
      expect.objectContaining({ code: "unparseable_input", eventRef: { line: 2 } }),
    ]);
  });
});

describe("AI SDK 4 data stream adapter", () => {
  it("TEXT-04 TOOL-01 one run: reasoning and texts once, the tool's args streamed then stated, its result, completed", () => {
    const events = adapt(TURN);
    expect(ofType(events, "diagnostic.changed")).toEqual([]);
    expect(ofType(events, "run.started")).toHaveLength(1);
    expect(ofType(events, "reasoning.summary").map((e) => e.payload?.text)).toEqual([
      "Weather needs a lookup.",
    ]);
    expect(ofType(events, "text.delta").map((e) => e.payload?.delta)).toEqual([
      "Let me ",
      "check.",
      "21°C in Paris.",
    ]);
    expect(ofType(events, "tool.args").map((e) => e.payload)).toEqual([
      { argsDelta: '{"city":' },
      { argsDelta: '"Paris"}' },
      { input: { city: "Paris" }, complete: true },
    ]);
    expect(ofType(events, "tool.result")).toEqual([
      expect.objectContaining({
        toolCallId: "c1",
        payload: expect.objectContaining({ output: { temp: 21 } }),
      }),
    ]);
    expect(ofType(events, "evidence.changed")[0]).toMatchObject({
      evidenceId: "s1",
      payload: { citations: [{ id: "s1", url: "https://weather.example", title: "Forecast" }] },
    });
    expect(ofType(events, "run.finished")).toEqual([
      expect.objectContaining({ phase: "completed", payload: expect.objectContaining({ reason: "stop" }) }),
    ]);
  });

  it("TOOL-02 a tool call stated whole (9: without b:/c:) runs; an error result fails it", () => {
    const events = adapt(
      lines(
        ["9", { toolCallId: "c1", toolName: "fetch", args: { url: "x" } }],
        ["a", { toolCallId: "c1", result: "timeout", isError: true }],
      ),
    );
    expect(ofType(events, "tool.started").map((e) => e.toolCallId)).toEqual(["c1"]);
    expect(ofType(events, "tool.failed").map((e) => e.toolCallId)).toEqual(["c1"]);
  });

  it("HITL-01 an aui-tool-call-approval gate stays pending until it is answered", () => {
    const gate = ["b", { toolCallId: "c1", toolName: "rm" }] as [string, unknown];
    const request = ["aui-tool-call-approval", { toolCallId: "c1", approval: { id: "ap1" } }] as [
      string,
      unknown,
    ];
    const pending = adapt(lines(gate, request, ["d", { finishReason: "tool-calls" }]));
    expect(ofType(pending, "action.required").map((e) => e.actionId)).toEqual(["c1"]);
    expect(ofType(pending, "action.resolved")).toEqual([]);
    const answered = adapt(
      lines(gate, request, [
        "aui-tool-call-approval",
        { toolCallId: "c1", approval: { id: "ap1", approved: true } },
      ]),
    );
    expect(ofType(answered, "action.resolved")).toEqual([
      expect.objectContaining({ actionId: "c1", payload: expect.objectContaining({ decision: "approve" }) }),
    ]);
  });

  it("STATE-01 2: data and 8: annotations append items; aui-data parts of one name replace in place", () => {
    const events = adapt(
      lines(
        ["2", [{ a: 1 }]],
        ["2", [{ a: 2 }, { a: 3 }]],
        ["8", [{ note: "x" }]],
        ["aui-data", { name: "progress", data: 10 }],
        ["aui-data", { name: "progress", data: 90 }],
      ),
    );
    const patches = ofType(events, "state.delta").flatMap(
      (e) => e.payload?.patch as { path: string; value: unknown }[],
    );
    expect(patches.map((p) => p.path)).toEqual([
      "/aiSdkData",
      "/aiSdkData/data:1",
      "/aiSdkData/data:2",
      "/aiSdkData/data:3",
      "/aiSdkData/annotations:1",
      "/aiSdkData/progress",
      "/aiSdkData/progress",
    ]);
    expect(patches.at(-1)?.value).toBe(90);
  });

  it("TEAM-02 aui-text-delta with a parentId is the subagent's text, in its own part", () => {
    const events = adapt(
      lines(["0", "main"], ["aui-text-delta", { textDelta: "sub", parentId: "helper" }], ["0", " again"]),
    );
    expect(ofType(events, "agent.spawned").map((e) => e.agentId)).toEqual(["helper"]);
    expect(ofType(events, "text.delta").map((e) => [e.agentId, e.payload?.delta, e.partId])).toEqual([
      [undefined, "main", "text-1"],
      ["helper", "sub", "text-2"],
      [undefined, " again", "text-3"],
    ]);
  });

  it("TEXT-06 TEAM-02 an explicit reasoning part start begins a new part, the subagent's when it names one; a delta without text adds nothing", () => {
    const events = adapt(
      lines(
        ["g", "a"],
        ["aui-reasoning-part-start", {}],
        ["g", "b"],
        ["aui-reasoning-part-start", { parentId: "helper" }],
        ["aui-reasoning-delta", { reasoningDelta: "c", parentId: "helper" }],
        ["aui-reasoning-delta", { parentId: "helper" }],
      ),
    );
    expect(ofType(events, "reasoning.delta").map((e) => [e.agentId, e.payload?.delta, e.partId])).toEqual([
      [undefined, "a", "reasoning-1"],
      [undefined, "b", "reasoning-2"],
      ["helper", "c", "reasoning-3"],
    ]);
  });

  it("ERR-01 3: fails the run; bare line strings read the same; unknown records are diagnostics", () => {
    const adapter = dataStreamAdapter.create();
    const events = [
      ...adapter.push('0:"hi"', 0),
      ...adapter.push({ type: "3", value: "rate limited" }, 1),
      ...adapter.push({ type: "z", value: 1 }, 2),
      ...adapter.push({ type: "a", value: { toolCallId: "never", result: 1 } }, 3),
    ];
    expect(ofType(events, "text.delta").map((e) => e.payload?.delta)).toEqual(["hi"]);
    expect(ofType(events, "run.failed")).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ message: "rate limited" }) }),
    ]);
    expect(ofType(events, "diagnostic.changed")).toHaveLength(2);
  });
});
