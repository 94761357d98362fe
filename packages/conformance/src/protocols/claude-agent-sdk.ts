// Claude Agent SDK messages (stream-json), shaped like the captured `claude-agent-sdk.*.sdkmessages.jsonl`.
import { FACTS, type ProtocolStories } from "./types";

const session_id = "9f3c0a52-0000-4000-8000-00000000c0de";
let uuidCounter = 0;
/** Every SDK message carries its own `uuid`; stories number them so a redelivery can repeat one. */
function uuid(): string {
  uuidCounter += 1;
  return `00000000-0000-4000-8000-${String(uuidCounter).padStart(12, "0")}`;
}
const meta = (messageId: string) => ({
  session_id,
  parent_tool_use_id: null,
  uuid: uuid(),
  api_message_id: messageId,
});
const streamEvent = (messageId: string, event: Record<string, unknown>) => ({
  type: "stream_event",
  event,
  ...meta(messageId),
});
const init = () => ({
  type: "system",
  subtype: "init",
  cwd: "/workspace/demo",
  session_id,
  tools: ["Bash"],
  model: "claude-sonnet-4-5",
  uuid: uuid(),
});
const assistant = (id: string, content: unknown[]) => ({
  type: "assistant",
  message: { id, type: "message", role: "assistant", model: "claude-sonnet-4-5", content, stop_reason: null },
  parent_tool_use_id: null,
  session_id,
  uuid: uuid(),
});
const result = (extra: Record<string, unknown> = {}) => ({
  type: "result",
  subtype: "success",
  is_error: false,
  result: FACTS.answer,
  stop_reason: "end_turn",
  num_turns: 1,
  session_id,
  uuid: uuid(),
  ...extra,
});

function textMessage(id: string, citations?: unknown[]): unknown[] {
  return [
    streamEvent(id, {
      type: "message_start",
      message: { id, type: "message", role: "assistant", content: [] },
    }),
    streamEvent(id, { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
    ...FACTS.deltas.map((text) =>
      streamEvent(id, { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } }),
    ),
    assistant(id, [{ type: "text", text: FACTS.answer, ...(citations ? { citations } : {}) }]),
    streamEvent(id, { type: "content_block_stop", index: 0 }),
    streamEvent(id, { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null } }),
    streamEvent(id, { type: "message_stop" }),
  ];
}

function toolUse(
  id: string,
  toolUseId: string,
  input: Record<string, unknown>,
  name: string = FACTS.toolName,
): unknown[] {
  return [
    streamEvent(id, {
      type: "message_start",
      message: { id, type: "message", role: "assistant", content: [] },
    }),
    streamEvent(id, {
      type: "content_block_start",
      index: 0,
      content_block: { type: "tool_use", id: toolUseId, name, input: {} },
    }),
    streamEvent(id, {
      type: "content_block_delta",
      index: 0,
      delta: { type: "input_json_delta", partial_json: JSON.stringify(input) },
    }),
    assistant(id, [{ type: "tool_use", id: toolUseId, name, input }]),
    streamEvent(id, { type: "content_block_stop", index: 0 }),
    streamEvent(id, { type: "message_stop" }),
  ];
}

const toolResult = (toolUseId: string, content: string, isError: boolean) => ({
  type: "user",
  message: {
    role: "user",
    content: [{ tool_use_id: toolUseId, type: "tool_result", content, is_error: isError }],
  },
  parent_tool_use_id: null,
  session_id,
  uuid: uuid(),
});

function gated(approved: boolean) {
  const toolUseId = "toolu_gated";
  const input = { path: FACTS.gatedPath };
  const request = [
    init(),
    ...toolUse("msg_g1", toolUseId, input, FACTS.gatedTool),
    {
      type: "control_request",
      request_id: "req-perm-1",
      request: { subtype: "can_use_tool", tool_name: FACTS.gatedTool, input, tool_use_id: toolUseId },
    },
  ];
  const answer = {
    type: "control_response",
    response: {
      subtype: "success",
      request_id: "req-perm-1",
      response: approved
        ? { behavior: "allow", updatedInput: input }
        : { behavior: "deny", message: "not allowed" },
    },
  };
  const after = approved
    ? [toolResult(toolUseId, `deleted ${FACTS.gatedPath}`, false), result()]
    : [
        toolResult(toolUseId, "not allowed", true),
        result({
          permission_denials: [{ tool_name: FACTS.gatedTool, tool_use_id: toolUseId, tool_input: input }],
        }),
      ];
  return { records: [...request, answer, ...after], toolCallId: toolUseId, requestedAfter: request.length };
}

export const CLAUDE_STORIES: ProtocolStories = {
  format: "claude-agent-sdk",
  stories: {
    text: () => ({ records: [init(), ...textMessage("msg_1"), result()] }),
    reasoning: () => ({
      records: [
        init(),
        streamEvent("msg_1", {
          type: "message_start",
          message: { id: "msg_1", type: "message", role: "assistant", content: [] },
        }),
        streamEvent("msg_1", {
          type: "content_block_start",
          index: 0,
          content_block: { type: "thinking", thinking: "" },
        }),
        streamEvent("msg_1", {
          type: "content_block_delta",
          index: 0,
          delta: { type: "thinking_delta", thinking: FACTS.reasoning },
        }),
        streamEvent("msg_1", { type: "content_block_stop", index: 0 }),
        streamEvent("msg_1", {
          type: "content_block_start",
          index: 1,
          content_block: { type: "text", text: "" },
        }),
        ...FACTS.deltas.map((text) =>
          streamEvent("msg_1", {
            type: "content_block_delta",
            index: 1,
            delta: { type: "text_delta", text },
          }),
        ),
        assistant("msg_1", [
          { type: "thinking", thinking: FACTS.reasoning, signature: "sig" },
          { type: "text", text: FACTS.answer },
        ]),
        streamEvent("msg_1", { type: "content_block_stop", index: 1 }),
        streamEvent("msg_1", { type: "message_stop" }),
        result(),
      ],
    }),
    tool: () => ({
      toolCallId: "toolu_1",
      records: [
        init(),
        ...toolUse("msg_1", "toolu_1", { city: FACTS.city }),
        toolResult("toolu_1", JSON.stringify({ tempC: FACTS.tempC }), false),
        result(),
      ],
    }),
    toolError: () => ({
      toolCallId: "toolu_2",
      records: [
        init(),
        ...toolUse("msg_1", "toolu_2", { city: FACTS.failingCity }),
        toolResult("toolu_2", FACTS.toolError, true),
        result(),
      ],
    }),
    runError: () => ({
      records: [
        init(),
        result({
          subtype: "error_during_execution",
          is_error: true,
          result: undefined,
          errors: [FACTS.runError],
        }),
      ],
    }),
    redelivery: () => {
      const records = [init(), ...textMessage("msg_1"), result()];
      // The second delta again, same uuid: a reconnecting reader's duplicate.
      return { records: [...records, records[3]] };
    },
    approve: () => gated(true),
    deny: () => gated(false),
    sources: () => ({
      records: [
        init(),
        ...textMessage("msg_1", [
          {
            type: "web_search_result_location",
            url: FACTS.sourceUrl,
            title: FACTS.sourceTitle,
            cited_text: "21°C",
            encrypted_index: "x",
          },
        ]),
        result(),
      ],
    }),
  },
  cannot: {},
};
