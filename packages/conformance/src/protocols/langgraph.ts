// LangGraph `graph.stream()` tuples ([namespace, mode, chunk]) with streamMode messages + updates + values,
// shaped like the captured `langgraph.*.stream-chunks.jsonl`.
import { FACTS, type ProtocolStories } from "./types";

const thread_id = "thread-lg-cf";
const metadata = (node: string, step: number) => ({
  tags: [],
  thread_id,
  langgraph_step: step,
  langgraph_node: node,
  langgraph_triggers: [`branch:to:${node}`],
  langgraph_path: ["__pregel_pull", node],
  langgraph_checkpoint_ns: `${node}:0000000${step}-0000-5000-8000-000000000000`,
});
const chunk = (id: string, content: string, toolCalls: unknown[] = []) => ({
  _type: "AIMessageChunk",
  content,
  tool_calls: toolCalls,
  invalid_tool_calls: [],
  tool_call_chunks: [],
  additional_kwargs: {},
  response_metadata: {},
  id,
});
const messages = (message: unknown, node = "agent", step = 1) => [
  [],
  "messages",
  [message, metadata(node, step)],
];
const updates = (node: string, message: unknown) => [[], "updates", { [node]: { messages: [message] } }];
const human = {
  _type: "HumanMessage",
  content: "weather?",
  additional_kwargs: {},
  response_metadata: {},
  id: "h-1",
};
const toolMessage = (toolCallId: string, content: string, status?: "error") => ({
  _type: "ToolMessage",
  tool_call_id: toolCallId,
  content,
  id: `tool-${toolCallId}`,
  ...(status ? { status } : {}),
  additional_kwargs: {},
  response_metadata: {},
});

function answer(id: string, step: number): unknown[] {
  const deltas = FACTS.deltas.map((delta) => messages(chunk(id, delta), "agent", step));
  return [...deltas, updates("agent", { ...chunk(id, FACTS.answer), _type: "AIMessage" })];
}

function toolTurn(toolCallId: string, name: string, args: Record<string, unknown>): unknown[] {
  const calls = [{ id: toolCallId, name, args, type: "tool_call" }];
  return [
    messages(chunk("run-ai-1", "", calls)),
    updates("agent", { ...chunk("run-ai-1", "", calls), _type: "AIMessage" }),
  ];
}

function toolResult(toolCallId: string, content: string, status?: "error"): unknown[] {
  const message = toolMessage(toolCallId, content, status);
  return [messages(message, "tools", 2), updates("tools", message)];
}

export const LANGGRAPH_STORIES: ProtocolStories = {
  format: "langgraph",
  stories: {
    text: () => ({ records: [[[], "values", { messages: [human] }], ...answer("run-ai-1", 1)] }),
    tool: () => ({
      toolCallId: "call_wx",
      records: [
        ...toolTurn("call_wx", FACTS.toolName, { city: FACTS.city }),
        ...toolResult("call_wx", JSON.stringify({ tempC: FACTS.tempC })),
        ...answer("run-ai-2", 3),
      ],
    }),
    toolError: () => ({
      toolCallId: "call_wx",
      records: [
        ...toolTurn("call_wx", FACTS.toolName, { city: FACTS.failingCity }),
        ...toolResult("call_wx", `Error: ${FACTS.toolError}`, "error"),
      ],
    }),
    approve: () => {
      const request = [
        ...toolTurn("call_rm", FACTS.gatedTool, { path: FACTS.gatedPath }),
        [
          [],
          "updates",
          {
            __interrupt__: [
              {
                id: "c46c3593f491450138ff95da7ba9738b",
                value: {
                  type: "tool_approval",
                  toolCallId: "call_rm",
                  name: FACTS.gatedTool,
                  args: { path: FACTS.gatedPath },
                },
              },
            ],
          },
        ],
      ];
      const message = toolMessage("call_rm", `deleted ${FACTS.gatedPath}`);
      return {
        toolCallId: "call_rm",
        requestedAfter: request.length,
        records: [
          ...request,
          messages(message, "approve", 3),
          updates("approve", message),
          ...answer("run-ai-3", 4),
        ],
      };
    },
  },
  cannot: {
    reasoning: "the captured chat-model chunks carry no reasoning blocks to shape a story from",
    runError: "a failed graph run rejects the stream (an exception); no stream tuple states it",
    redelivery:
      "a message chunk's id names its message, not the chunk, so a redelivered chunk cannot be told from a new one",
    deny: "the resume value (Command) is client input, not on the stream; a rejection shows only as whatever the graph does next",
    sources: "stream tuples have no source or citation field",
  },
};
