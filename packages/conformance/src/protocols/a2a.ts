// A2A client stream events (the JS SDK's `sendMessageStream` payloads), shaped like the captured
// `a2a.*.client-events.jsonl`.
import { FACTS, type ProtocolStories } from "./types";

const taskId = "54ba76be-0000-4000-8000-00000000a2a0";
const contextId = "173cb440-0000-4000-8000-00000000a2a0";
const agentMessage = (messageId: string, text: string) => ({
  messageId,
  contextId,
  taskId,
  role: "2:ROLE_AGENT",
  parts: [{ content: { $case: "text", value: text }, filename: "", mediaType: "text/plain" }],
  metadata: {},
  extensions: [],
  referenceTaskIds: [],
});
const task = {
  turn: 1,
  payload: {
    $case: "task",
    value: {
      id: taskId,
      contextId,
      status: { state: "1:TASK_STATE_SUBMITTED", timestamp: "2026-11-25T21:30:43.732Z" },
      artifacts: [],
      history: [],
    },
  },
};
const status = (state: string, message?: unknown) => ({
  turn: 1,
  payload: {
    $case: "statusUpdate",
    value: {
      taskId,
      contextId,
      status: { state, ...(message ? { message } : {}), timestamp: "2026-11-25T21:30:44.000Z" },
      metadata: {},
    },
  },
});

export const A2A_STORIES: ProtocolStories = {
  format: "a2a",
  wholeText: "A2A messages arrive whole; streamed chunks are artifact parts, not answer text",
  stories: {
    text: () => ({
      records: [
        task,
        status("2:TASK_STATE_WORKING"),
        status("3:TASK_STATE_COMPLETED", agentMessage("m-1", FACTS.answer)),
      ],
    }),
    runError: () => ({
      records: [
        task,
        status("2:TASK_STATE_WORKING"),
        status("4:TASK_STATE_FAILED", agentMessage("m-err", FACTS.runError)),
      ],
    }),
  },
  cannot: {
    reasoning: "A2A messages and parts have no reasoning kind",
    tool: "A2A has no tool calls: the remote agent's tools stay inside it",
    toolError: "A2A has no tool calls: the remote agent's tools stay inside it",
    redelivery: "covered by test/peers-a2a.test.ts: a task object restates history the adapter already saw",
    approve: "input-required asks for a message, not an approve/deny decision on a tool",
    deny: "input-required asks for a message, not an approve/deny decision on a tool",
    sources:
      "the captured stream has no url or file part to shape a source story from; not proven through A2A yet",
  },
};
