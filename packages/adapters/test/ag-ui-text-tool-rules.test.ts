// AG-UI text, reasoning and tool-call events as the envelope states them: START/CONTENT/END and the
// CHUNK forms, the 0.0.x THINKING dialect, roles, subagent attribution, and a tool call's arguments and
// result — each stream in, the exact facts out.
import { describe, expect, it } from "vitest";
import { adapt, diagnostic, facts, factsAfterStart } from "./ag-ui-support";

const shape = (record: Record<string, unknown>) => ({
  kind: "object",
  keys: Object.keys(record),
  type: record.type,
});
const textDelta = (messageId: string, delta: string, role = "assistant", agentId?: string) => ({
  type: "text.delta",
  messageId,
  ...(agentId !== undefined ? { agentId, subagentId: agentId } : {}),
  phase: "producing",
  payload: { delta, role },
});
const textFinal = (messageId: string, text: string, agentId?: string) => ({
  type: "text.final",
  messageId,
  ...(agentId !== undefined ? { agentId, subagentId: agentId } : {}),
  payload: { text },
});
const reasoningDelta = (messageId: string, delta: string) => ({
  type: "reasoning.delta",
  messageId,
  payload: { delta, visibility: "summary" },
});
const reasoningSummary = (messageId: string, text: string) => ({
  type: "reasoning.summary",
  messageId,
  payload: { text },
});
const finished = { type: "run.finished", phase: "completed", payload: { outcome: "success" } };

describe("AG-UI records missing their ids", () => {
  it.each([
    [{ type: "TEXT_MESSAGE_START", role: "assistant" }, "message start without messageId"],
    [{ type: "TEXT_MESSAGE_CONTENT", delta: "hi" }, "content without messageId"],
    [{ type: "TEXT_MESSAGE_END" }, "message end without messageId"],
    [{ type: "TOOL_CALL_START", toolCallName: "search" }, "tool call start without toolCallId"],
    [{ type: "TOOL_CALL_ARGS", delta: "{}" }, "tool call args without toolCallId"],
    [{ type: "TOOL_CALL_END" }, "tool call end without toolCallId"],
    [{ type: "TOOL_CALL_RESULT", content: "ok" }, "tool call result without toolCallId"],
  ])("DIAG-02 %j is reported: %s", (record, reason) => {
    expect(factsAfterStart([record])).toStrictEqual([
      diagnostic("unsupported_source_event", "warning", `ag-ui record #1: ${reason}`, shape(record)),
    ]);
  });
});

describe("AG-UI text messages", () => {
  it("TEXT-04 the final text is the deltas' text, once; a message with no content and an unknown END say nothing", () => {
    expect(
      factsAfterStart([
        { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "It is " },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m1" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "21°C." },
        { type: "TEXT_MESSAGE_END", messageId: "m1" },
        { type: "TEXT_MESSAGE_START", messageId: "m2", role: "assistant" },
        { type: "TEXT_MESSAGE_END", messageId: "m2" },
        { type: "TEXT_MESSAGE_END", messageId: "m-unknown" },
      ]),
    ).toStrictEqual([textDelta("m1", "It is "), textDelta("m1", "21°C."), textFinal("m1", "It is 21°C.")]);
  });

  it.each([
    ["user", "user"],
    ["system", "system"],
    ["developer", "assistant"],
    [undefined, "assistant"],
  ])("TEXT-03 a %s message streams with role %s", (role, expected) => {
    expect(
      factsAfterStart([
        { type: "TEXT_MESSAGE_START", messageId: "m1", ...(role !== undefined ? { role } : {}) },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "x" },
      ])[0],
    ).toStrictEqual(textDelta("m1", "x", expected));
  });

  it("TEAM-02 a subagent's message is attributed to it, whether its START or only its END names the subagent", () => {
    expect(
      factsAfterStart([
        { type: "TEXT_MESSAGE_START", messageId: "ms", role: "assistant", subagentRunId: "sub-1" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "ms", delta: "Found it." },
        { type: "TEXT_MESSAGE_END", messageId: "ms" },
        { type: "TEXT_MESSAGE_START", messageId: "mt", role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "mt", delta: "Late." },
        { type: "TEXT_MESSAGE_END", messageId: "mt", subagentRunId: "sub-2" },
      ]),
    ).toStrictEqual([
      textDelta("ms", "Found it.", "assistant", "sub-1"),
      textFinal("ms", "Found it.", "sub-1"),
      textDelta("mt", "Late."),
      textFinal("mt", "Late.", "sub-2"),
    ]);
  });

  it("DIAG-02 content without its START is kept and reported; a START never ENDed is reported when the run ends", () => {
    expect(
      factsAfterStart([
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Orphan" },
        { type: "TEXT_MESSAGE_START", messageId: "m2", role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: "Cut" },
        { type: "TEXT_MESSAGE_START", messageId: "m3", role: "assistant" },
        { type: "RUN_FINISHED" },
      ]),
    ).toStrictEqual([
      diagnostic("out_of_order", "warning", "content for message m1 without its START"),
      textDelta("m1", "Orphan"),
      textDelta("m2", "Cut"),
      diagnostic("out_of_order", "warning", "run finished while message(s) m2, m3 were still open"),
      textFinal("m1", "Orphan"),
      textFinal("m2", "Cut"),
      finished,
    ]);
  });

  it("TEXT-04 chunks: the first names the message, later ones may omit it; a new id closes the previous one", () => {
    expect(
      factsAfterStart([
        { type: "TEXT_MESSAGE_CHUNK", messageId: "c1", role: "user", delta: "Plan " },
        { type: "TEXT_MESSAGE_CHUNK", delta: "a trip" },
        { type: "TEXT_MESSAGE_CHUNK", messageId: "c1", delta: "." },
        { type: "TEXT_MESSAGE_CHUNK", messageId: "c2", delta: "Sure", subagentRunId: "sub-1" },
        { type: "TEXT_MESSAGE_CHUNK", delta: "!" },
        { type: "RUN_FINISHED" },
      ]),
    ).toStrictEqual([
      textDelta("c1", "Plan ", "user"),
      textDelta("c1", "a trip", "user"),
      textDelta("c1", ".", "user"),
      textFinal("c1", "Plan a trip."),
      textDelta("c2", "Sure", "assistant", "sub-1"),
      textDelta("c2", "!", "assistant", "sub-1"),
      textFinal("c2", "Sure!", "sub-1"),
      finished,
    ]);
  });

  it("TEXT-04 a run end forgets the last chunk's message: a later id-less chunk names none", () => {
    const events = factsAfterStart([
      { type: "TEXT_MESSAGE_CHUNK", messageId: "c1", delta: "One" },
      { type: "RUN_FINISHED" },
      { type: "RUN_STARTED", threadId: "t1", runId: "r2" },
      { type: "TEXT_MESSAGE_CHUNK", delta: "Two" },
    ]);
    expect(events.at(-1)).toStrictEqual(
      diagnostic("unsupported_source_event", "warning", "ag-ui record #4: content without messageId", {
        kind: "object",
        keys: ["type", "delta"],
        type: "TEXT_MESSAGE_CHUNK",
      }),
    );
  });

  it("TEXT-04 a chunk after its message's END opens it again, with no out-of-order report", () => {
    expect(
      factsAfterStart([
        { type: "TEXT_MESSAGE_CHUNK", messageId: "c1", delta: "One" },
        { type: "TEXT_MESSAGE_END", messageId: "c1" },
        { type: "TEXT_MESSAGE_CHUNK", delta: " more" },
        { type: "TEXT_MESSAGE_CHUNK", messageId: "c1", delta: "!" },
      ]),
    ).toStrictEqual([
      textDelta("c1", "One"),
      textFinal("c1", "One"),
      textDelta("c1", " more"),
      textDelta("c1", "!"),
    ]);
  });
});

describe("AG-UI reasoning", () => {
  it("TEXT-06 reasoning messages (START/CONTENT/END, CHUNK, content without START) are reasoning, never text", () => {
    expect(
      factsAfterStart([
        { type: "REASONING_START", messageId: "r0" },
        { type: "REASONING_MESSAGE_START", messageId: "r1", role: "reasoning" },
        { type: "REASONING_MESSAGE_CONTENT", messageId: "r1", delta: "Check the map." },
        { type: "REASONING_MESSAGE_END", messageId: "r1" },
        { type: "REASONING_END", messageId: "r0" },
        { type: "REASONING_MESSAGE_CHUNK", messageId: "r2", delta: "Then " },
        { type: "REASONING_MESSAGE_CHUNK", delta: "the weather." },
        { type: "REASONING_MESSAGE_CONTENT", messageId: "r3", delta: "Late." },
        { type: "RUN_FINISHED" },
      ]),
    ).toStrictEqual([
      reasoningDelta("r1", "Check the map."),
      reasoningSummary("r1", "Check the map."),
      reasoningDelta("r2", "Then "),
      reasoningDelta("r2", "the weather."),
      diagnostic("out_of_order", "warning", "content for message r3 without its START"),
      reasoningDelta("r3", "Late."),
      reasoningSummary("r2", "Then the weather."),
      reasoningSummary("r3", "Late."),
      finished,
    ]);
  });

  it("TEXT-06 the 0.0.x THINKING messages: one per run when they carry no id, their own id when they do", () => {
    expect(
      factsAfterStart([
        { type: "THINKING_START" },
        { type: "THINKING_TEXT_MESSAGE_START" },
        { type: "THINKING_TEXT_MESSAGE_CONTENT", delta: "Hmm." },
        { type: "THINKING_TEXT_MESSAGE_END" },
        { type: "THINKING_TEXT_MESSAGE_CONTENT", messageId: "th-2", delta: "Also." },
        { type: "THINKING_TEXT_MESSAGE_END", messageId: "th-2" },
        { type: "THINKING_END" },
      ]),
    ).toStrictEqual([
      reasoningDelta("thinking:r1", "Hmm."),
      reasoningSummary("thinking:r1", "Hmm."),
      diagnostic("out_of_order", "warning", "content for message th-2 without its START"),
      reasoningDelta("th-2", "Also."),
      reasoningSummary("th-2", "Also."),
    ]);
    const noRun = facts(adapt([{ type: "THINKING_TEXT_MESSAGE_CONTENT", delta: "Hmm." }]));
    expect(noRun.at(-1)).toStrictEqual(reasoningDelta("thinking:run", "Hmm."));
  });
});

describe("AG-UI tool calls", () => {
  const started = (
    toolCallId: string,
    payload: Record<string, unknown>,
    more: Record<string, unknown> = {},
  ) => ({
    type: "tool.started",
    toolCallId,
    ...more,
    phase: "acting",
    payload,
  });
  const args = (toolCallId: string, argsDelta: string) => ({
    type: "tool.args",
    toolCallId,
    phase: "acting",
    payload: { argsDelta },
  });
  const complete = (toolCallId: string, more: Record<string, unknown> = {}) => ({
    type: "tool.args",
    toolCallId,
    phase: "acting",
    payload: { complete: true, ...more },
  });

  it("TOOL-01 a call streams its arguments, completes once with its parsed input, and returns", () => {
    expect(
      factsAfterStart([
        {
          type: "TOOL_CALL_START",
          toolCallId: "tc1",
          toolCallName: "weather",
          parentMessageId: "m1",
          subagentRunId: "sub-1",
        },
        { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"city":' },
        { type: "TOOL_CALL_ARGS", toolCallId: "tc1" },
        { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '"Paris"}' },
        { type: "TOOL_CALL_END", toolCallId: "tc1" },
        { type: "TOOL_CALL_RESULT", toolCallId: "tc1", messageId: "tm1", content: '{"tempC":21}' },
        { type: "RUN_FINISHED" },
      ]),
    ).toStrictEqual([
      started("tc1", { name: "weather" }, { messageId: "m1", agentId: "sub-1", subagentId: "sub-1" }),
      args("tc1", '{"city":'),
      args("tc1", '"Paris"}'),
      complete("tc1", { input: { city: "Paris" } }),
      {
        type: "tool.result",
        toolCallId: "tc1",
        phase: "acting",
        payload: {
          output: { tempC: 21 },
          outputPreview: '{"tempC":21}',
          outputBytes: 12,
          resultMessageId: "tm1",
        },
      },
      finished,
    ]);
  });

  it("TOOL-03 arguments that are not JSON stay text; a call with none completes empty; the run end completes open calls once", () => {
    expect(
      factsAfterStart([
        { type: "TOOL_CALL_START", toolCallId: "tc1", toolName: "shell" },
        { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: "ls -la" },
        { type: "TOOL_CALL_END", toolCallId: "tc1" },
        { type: "TOOL_CALL_START", toolCallId: "tc2" },
        { type: "RUN_FINISHED" },
      ]),
    ).toStrictEqual([
      started("tc1", { name: "shell" }),
      args("tc1", "ls -la"),
      complete("tc1", { inputSummary: "ls -la" }),
      started("tc2", {}),
      complete("tc2"),
      finished,
    ]);
  });

  it("TOOL-05 a result that is text stays text, one that is JSON already is kept as is, none states no size", () => {
    const results = factsAfterStart([
      { type: "TOOL_CALL_RESULT", toolCallId: "tc1", content: "héllo" },
      { type: "TOOL_CALL_RESULT", toolCallId: "tc2", content: [42] },
      { type: "TOOL_CALL_RESULT", toolCallId: "tc3" },
    ]).map((e) => e.payload);
    expect(results).toStrictEqual([
      { output: "héllo", outputPreview: "héllo", outputBytes: 6 },
      { output: [42], outputPreview: "[42]", outputBytes: 4 },
      { output: undefined, outputPreview: undefined },
    ]);
  });

  it("TOOL-01 0.0.x TOOL_CALL_CHUNK: the first chunk starts the call, a new call completes the previous one", () => {
    expect(
      factsAfterStart([
        {
          type: "TOOL_CALL_CHUNK",
          toolCallId: "tc1",
          toolCallName: "search",
          parentMessageId: "m1",
          delta: '{"q":',
        },
        { type: "TOOL_CALL_CHUNK", delta: '"rain"}' },
        { type: "TOOL_CALL_CHUNK", toolCallId: "tc2", toolCallName: "weather", delta: "{}" },
        { type: "RUN_FINISHED" },
        { type: "RUN_STARTED", threadId: "t1", runId: "r2" },
        { type: "TOOL_CALL_CHUNK", delta: "{}" },
      ]).slice(0, -1),
    ).toStrictEqual([
      started("tc1", { name: "search" }, { messageId: "m1" }),
      args("tc1", '{"q":'),
      args("tc1", '"rain"}'),
      complete("tc1", { input: { q: "rain" } }),
      started("tc2", { name: "weather" }),
      args("tc2", "{}"),
      complete("tc2", { input: {} }),
      finished,
      { type: "run.started", phase: "submitted", runtimeEntity: "agent_turn", payload: {} },
    ]);
  });
});
