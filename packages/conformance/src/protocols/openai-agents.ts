// OpenAI Agents SDK run stream events, shaped like the captured `openai-agents.*.runstreamevents.jsonl`.
import { FACTS, type ProtocolStories } from "./types";

const agent = "ops";
const raw = (data: Record<string, unknown>) => ({ type: "raw_model_stream_event", data });
const item = (name: string, itemType: string, rawItem: Record<string, unknown>) => ({
  type: "run_item_stream_event",
  name,
  itemType,
  agent,
  rawItem,
});
const usage = { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 };

function message(id: string): unknown[] {
  const content = [{ type: "output_text", text: FACTS.answer }];
  const done = { type: "message", role: "assistant", status: "completed", id, content };
  return [
    raw({ type: "response_started" }),
    ...FACTS.deltas.map((delta) => raw({ type: "output_text_delta", itemId: id, delta })),
    raw({ type: "response_done", response: { id: `resp_${id}`, usage, output: [done] } }),
    item("message_output_created", "message_output_item", done),
  ];
}

function call(callId: string, name: string, args: Record<string, unknown>) {
  return {
    id: `fc_${callId}`,
    type: "function_call",
    callId,
    name,
    status: "completed",
    arguments: JSON.stringify(args),
  };
}

function toolCalled(callId: string, name: string, args: Record<string, unknown>): unknown[] {
  const fc = call(callId, name, args);
  return [
    raw({ type: "response_started" }),
    raw({ type: "response_done", response: { id: `resp_${callId}`, usage, output: [fc] } }),
    item("tool_called", "tool_call_item", fc),
  ];
}

const toolOutput = (callId: string, name: string, text: string) =>
  item("tool_output", "tool_call_output_item", {
    type: "function_call_result",
    name,
    callId,
    status: "completed",
    output: { type: "text", text },
  });

export const OPENAI_AGENTS_STORIES: ProtocolStories = {
  format: "openai-agents",
  stories: {
    text: () => ({ records: message("msg_1") }),
    reasoning: () => ({
      records: [
        item("reasoning_item_created", "reasoning_item", {
          id: "rs_1",
          type: "reasoning",
          content: [{ type: "input_text", text: FACTS.reasoning }],
        }),
        ...message("msg_1"),
      ],
    }),
    tool: () => ({
      toolCallId: "call_wx",
      records: [
        ...toolCalled("call_wx", FACTS.toolName, { city: FACTS.city }),
        toolOutput("call_wx", FACTS.toolName, JSON.stringify({ tempC: FACTS.tempC })),
        ...message("msg_2"),
      ],
    }),
    approve: () => {
      const request = [
        ...toolCalled("call_rm", FACTS.gatedTool, { path: FACTS.gatedPath }),
        item(
          "tool_approval_requested",
          "tool_approval_item",
          call("call_rm", FACTS.gatedTool, { path: FACTS.gatedPath }),
        ),
      ];
      return {
        toolCallId: "call_rm",
        requestedAfter: request.length,
        records: [
          ...request,
          toolOutput("call_rm", FACTS.gatedTool, `deleted ${FACTS.gatedPath}`),
          ...message("msg_9"),
        ],
      };
    },
  },
  cannot: {
    toolError:
      "a failing function tool streams an ordinary tool_output carrying the SDK's error text; the stream has no error flag",
    runError: "a failed run rejects the stream's promise (an exception); no stream event states it",
    redelivery:
      "output_text_delta events carry no event id, so a redelivered delta cannot be told from a new one",
    deny: "a rejected call streams the same tool_output as an executed one (the refusal text); the decision is only in the serialized RunState",
    sources: "the run stream has no source or citation item",
  },
};
