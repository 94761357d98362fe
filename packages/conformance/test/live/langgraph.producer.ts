// Live producer: a real `@langchain/langgraph` graph drives the shared scenario offline, in process.
// The chat-model node uses LangChain's own test double (`FakeStreamingChatModel`), an approval node
// calls `interrupt({type: "tool_approval", …})`, and the prebuilt `ToolNode` runs `delete_file`.
// A `MemorySaver` keeps the paused thread; the resume is `new Command({resume: {approved}})`.
// Chunks are streamed with subgraphs and serialized like the peer captures: `[namespace[], mode,
// payload]`, LangChain messages as `{_type, …kwargs}`. The default modes include `checkpoints`: the
// tuple stream has no end marker, and a final checkpoint (`next: []`) is what tells a reader that the
// graph finished (without it the run's end is `unknown`, see the adapter's completion.ts).
import { AIMessage, AIMessageChunk, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";
import {
  Command,
  END,
  type LangGraphRunnableConfig,
  MemorySaver,
  MessagesAnnotation,
  START,
  StateGraph,
  interrupt,
} from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { z } from "zod";
import { type LiveProducer, type LiveProduction, SHARED_SCENARIO } from "./producer";

export interface LangGraphScenarioOptions {
  /** The human's answer to the approval interrupt. */
  approved: boolean;
  /** Run a `research` subgraph first, which reports custom progress and a researcher message. */
  withResearch?: boolean;
  /** Stream modes (default: updates, messages, custom, values, checkpoints). */
  streamModes?: readonly StreamModeName[];
}

export type StreamModeName = "updates" | "messages" | "custom" | "values" | "tasks" | "checkpoints" | "debug";

const CALL_ID = "call_rm";
export const STREAM_MODES: readonly StreamModeName[] = [
  "updates",
  "messages",
  "custom",
  "values",
  "checkpoints",
];

const deleteFile = tool(async ({ path }: { path: string }) => `deleted ${path}`, {
  name: SHARED_SCENARIO.toolName,
  description: "Delete a file",
  schema: z.object({ path: z.string() }),
});

function isToolMessage(message: BaseMessage | undefined): boolean {
  return message !== undefined && ToolMessage.isInstance(message);
}

/** Turn 1 streams the preamble in two chunks and then the tool call; after a tool result, the answer. */
function modelFor(messages: BaseMessage[]): FakeStreamingChatModel {
  if (isToolMessage(messages.at(-1))) {
    const answer = isDenied(messages.at(-1)) ? "I did not delete it." : SHARED_SCENARIO.answer;
    return new FakeStreamingChatModel({
      sleep: 0,
      responses: [new AIMessage({ content: answer, id: "ai-2" })],
    });
  }
  const text = SHARED_SCENARIO.preamble;
  const call = {
    id: CALL_ID,
    name: SHARED_SCENARIO.toolName,
    args: { ...SHARED_SCENARIO.toolInput },
    type: "tool_call" as const,
  };
  return new FakeStreamingChatModel({
    sleep: 0,
    chunks: [
      new AIMessageChunk({ content: text.slice(0, 7), id: "ai-1" }),
      new AIMessageChunk({ content: text.slice(7), id: "ai-1" }),
      new AIMessageChunk({ content: "", id: "ai-1", tool_calls: [call] }),
    ],
  });
}

function isDenied(message: BaseMessage | undefined): boolean {
  return message !== undefined && message.content === "denied";
}

function lastToolCall(messages: BaseMessage[]) {
  const last = messages.at(-1);
  return last !== undefined && AIMessage.isInstance(last) ? last.tool_calls?.[0] : undefined;
}

function researchGraph() {
  return new StateGraph(MessagesAnnotation)
    .addNode("search", async (_state, config: LangGraphRunnableConfig) => {
      config.writer?.({ progress: "searching", pct: 50 });
      return { messages: [new AIMessage({ content: "Found 1 file.", id: "sub-1", name: "researcher" })] };
    })
    .addEdge(START, "search")
    .addEdge("search", END)
    .compile();
}

export function buildScenarioGraph(withResearch = false) {
  const graph = new StateGraph(MessagesAnnotation)
    .addNode("research", researchGraph())
    .addNode("agent", async (state) => ({
      messages: [await modelFor(state.messages).invoke(state.messages)],
    }))
    .addNode("approve", async (state) => {
      const call = lastToolCall(state.messages);
      if (call === undefined) return {};
      const answer = interrupt({
        type: "tool_approval",
        toolCallId: call.id,
        name: call.name,
        args: call.args,
      }) as { approved?: boolean } | undefined;
      if (answer?.approved === true) return {};
      return {
        messages: [
          new ToolMessage({ tool_call_id: call.id ?? CALL_ID, content: "denied", id: "tool-denied" }),
        ],
      };
    })
    .addNode("tools", new ToolNode([deleteFile]))
    .addEdge(START, withResearch ? "research" : "agent")
    .addEdge("research", "agent")
    .addConditionalEdges("agent", (s) => (lastToolCall(s.messages) !== undefined ? "approve" : END))
    .addConditionalEdges("approve", (s) => (isToolMessage(s.messages.at(-1)) ? "agent" : "tools"))
    .addEdge("tools", "agent");
  return graph.compile({ checkpointer: new MemorySaver() });
}

/** LangChain's serializable objects (`{lc, type: "constructor", id, kwargs}`) → `{_type, …kwargs}`. */
function serializeChunk(chunk: unknown): unknown {
  return JSON.parse(
    JSON.stringify(chunk, (_key, value) => {
      if (value !== null && typeof value === "object" && value.lc === 1 && typeof value.kwargs === "object")
        return { _type: Array.isArray(value.id) ? value.id.at(-1) : undefined, ...value.kwargs };
      return value;
    }),
  );
}

export interface LangGraphProduction extends LiveProduction {
  /** `graph.getState()` between the two runs, serialized like the chunks (what a reconnecting UI reads). */
  stateAfterInterrupt: unknown;
}

export async function runLangGraphScenario(options: LangGraphScenarioOptions): Promise<LangGraphProduction> {
  const graph = buildScenarioGraph(options.withResearch);
  const config = {
    configurable: { thread_id: "thread-live-1" },
    streamMode: [...(options.streamModes ?? STREAM_MODES)],
    subgraphs: true,
  };
  const collect = async (input: unknown) => {
    const records: unknown[] = [];
    // biome-ignore lint/suspicious/noExplicitAny: the graph accepts its state or a Command
    for await (const chunk of await graph.stream(input as any, config)) records.push(serializeChunk(chunk));
    return records;
  };
  const interrupted = await collect({ messages: [{ role: "user", content: SHARED_SCENARIO.prompt }] });
  const snapshot = await graph.getState({ configurable: config.configurable });
  const stateAfterInterrupt = serializeChunk({
    values: snapshot.values,
    next: snapshot.next,
    tasks: snapshot.tasks,
    config: snapshot.config,
  });
  const resumed = await collect(new Command({ resume: { approved: options.approved } }));
  return {
    format: "langgraph",
    records: [...interrupted, ...resumed],
    interruptedRunLength: interrupted.length,
    stateAfterInterrupt,
  };
}

export const langgraphProducer: LiveProducer = () => runLangGraphScenario({ approved: true });
