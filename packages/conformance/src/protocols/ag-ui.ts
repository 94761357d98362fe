// AG-UI events, shaped like the captured `agui.*.events.jsonl` streams.
import { FACTS, type ProtocolStories } from "./types";

const thread = "thread-cf";
const started = (runId = "run-cf") => ({ type: "RUN_STARTED", threadId: thread, runId });
const finished = (runId = "run-cf") => ({
  type: "RUN_FINISHED",
  threadId: thread,
  runId,
  outcome: { type: "success" },
});

function text(messageId: string): unknown[] {
  return [
    { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
    ...FACTS.deltas.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta })),
    { type: "TEXT_MESSAGE_END", messageId },
  ];
}

function toolCall(toolCallId: string, name: string, args: Record<string, unknown>): unknown[] {
  return [
    { type: "TOOL_CALL_START", toolCallId, toolCallName: name, parentMessageId: "m-a" },
    { type: "TOOL_CALL_ARGS", toolCallId, delta: JSON.stringify(args) },
    { type: "TOOL_CALL_END", toolCallId },
  ];
}

function gated(approved: boolean) {
  const toolCallId = "tc-rm";
  const request = [
    started("run-int-1"),
    ...toolCall(toolCallId, FACTS.gatedTool, { path: FACTS.gatedPath }),
    {
      type: "RUN_FINISHED",
      threadId: thread,
      runId: "run-int-1",
      outcome: {
        type: "interrupt",
        interrupts: [
          {
            id: "int-1",
            reason: "tool_approval",
            message: `Delete ${FACTS.gatedPath}?`,
            toolCallId,
            responseSchema: { type: "object", properties: { approved: { type: "boolean" } } },
          },
        ],
      },
    },
  ];
  const resume = {
    type: "RUN_STARTED",
    threadId: thread,
    runId: "run-int-2",
    input: {
      threadId: thread,
      runId: "run-int-2",
      resume: [{ interruptId: "int-1", status: "resolved", payload: { approved } }],
    },
  };
  const after = approved
    ? [{ type: "TOOL_CALL_RESULT", messageId: "tm-rm", toolCallId, content: "deleted", role: "tool" }]
    : [];
  return {
    records: [...request, resume, ...after, finished("run-int-2")],
    toolCallId,
    requestedAfter: request.length,
  };
}

export const AG_UI_STORIES: ProtocolStories = {
  format: "ag-ui",
  stories: {
    text: () => ({ records: [started(), ...text("msg-1"), finished()] }),
    reasoning: () => ({
      records: [
        started(),
        { type: "REASONING_START", messageId: "rs-1" },
        { type: "REASONING_MESSAGE_START", messageId: "rm-1", role: "reasoning" },
        { type: "REASONING_MESSAGE_CONTENT", messageId: "rm-1", delta: FACTS.reasoning },
        { type: "REASONING_MESSAGE_END", messageId: "rm-1" },
        { type: "REASONING_END", messageId: "rs-1" },
        ...text("msg-1"),
        finished(),
      ],
    }),
    tool: () => ({
      toolCallId: "tc-1",
      records: [
        started(),
        ...toolCall("tc-1", FACTS.toolName, { city: FACTS.city }),
        {
          type: "TOOL_CALL_RESULT",
          messageId: "tool-msg-1",
          toolCallId: "tc-1",
          content: JSON.stringify({ tempC: FACTS.tempC }),
          role: "tool",
        },
        finished(),
      ],
    }),
    runError: () => ({
      records: [started(), { type: "RUN_ERROR", message: FACTS.runError, code: "quota" }],
    }),
    approve: () => gated(true),
    deny: () => gated(false),
  },
  cannot: {
    toolError:
      "TOOL_CALL_RESULT has no error flag: a failing tool is only result content, indistinguishable from success",
    redelivery: "AG-UI events carry no event id, so a redelivered record cannot be told from a new one",
    sources: "AG-UI has no source or citation event",
  },
};
