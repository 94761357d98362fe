// Live producer: a real `@langchain/langgraph` graph streams the shared scenario as streaming protocol v2
// events (`graph.streamEvents(input, {version: "v3"})` yields the protocol's `{type: "event", seq, method,
// params: {namespace, timestamp, data}}` envelopes in process, offline). A `research` subgraph reports
// custom progress and a researcher message; the agent node streams the preamble and the `delete_file`
// call (arguments in two chunks) from LangChain's `FakeStreamingChatModel`; an approval node calls
// `interrupt()`; the prebuilt `ToolNode` runs the tool after `Command({resume})`. `graph.getState()` is the
// reference the projection is compared with.
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
import { type LiveProducer, SHARED_SCENARIO } from "./producer";

export const CALL_ID = "call_rm";
export const RESEARCH_TEXT = "Found 1 file.";
const s = SHARED_SCENARIO;

const deleteFile = tool(async ({ path }: { path: string }) => `deleted ${path}`, {
  name: s.toolName,
  description: "Delete a file",
  schema: z.object({ path: z.string() }),
});

const lastIsTool = (messages: BaseMessage[]) => {
  const last = messages.at(-1);
  return last !== undefined && ToolMessage.isInstance(last);
};

/** The preamble, then (after the tool's result) the answer, streamed in chunks by the fake model. */
function modelFor(messages: BaseMessage[]): FakeStreamingChatModel {
  const text = lastIsTool(messages) ? s.answer : s.preamble;
  const id = lastIsTool(messages) ? "ai-2" : "ai-1";
  return new FakeStreamingChatModel({
    sleep: 0,
    chunks: [
      new AIMessageChunk({ content: text.slice(0, 4), id }),
      new AIMessageChunk({ content: text.slice(4), id }),
    ],
  });
}

/** The `delete_file` call as the model's final message: a `tool_call` content block (what the protocol
 * streams as a tool-call block) and the message's `tool_calls` (what state restates). The fake streaming
 * model's own tool-call chunks do not survive `streamEvents` v3, so the call is a node's output. */
function callMessage(): AIMessage {
  const call = { id: CALL_ID, name: s.toolName, args: { ...s.toolInput } };
  return new AIMessage({
    id: "ai-call",
    content: [{ type: "tool_call", ...call }],
    tool_calls: [{ ...call, type: "tool_call" }],
  });
}

function pendingCall(messages: BaseMessage[]) {
  const last = messages.at(-1);
  return last !== undefined && AIMessage.isInstance(last) ? last.tool_calls?.[0] : undefined;
}

function researchGraph() {
  return new StateGraph(MessagesAnnotation)
    .addNode("search", async (_state, config: LangGraphRunnableConfig) => {
      config.writer?.({ progress: "searching", pct: 50 });
      return { messages: [new AIMessage({ content: RESEARCH_TEXT, id: "sub-1", name: "researcher" })] };
    })
    .addEdge(START, "search")
    .addEdge("search", END)
    .compile();
}

export function buildV2Graph(withResearch = true) {
  return (
    new StateGraph(MessagesAnnotation)
      // Without research, a node that does nothing: the shared scenario states no subagent.
      .addNode("research", withResearch ? researchGraph() : async () => ({}))
      .addNode("agent", async (state) => ({
        messages: [await modelFor(state.messages).invoke(state.messages)],
      }))
      .addNode("call", async () => ({ messages: [callMessage()] }))
      .addNode("approve", async (state) => {
        const call = pendingCall(state.messages);
        if (call !== undefined)
          interrupt({ type: "tool_approval", toolCallId: call.id, name: call.name, args: call.args });
        return {};
      })
      .addNode("tools", new ToolNode([deleteFile]))
      .addNode("answer", async (state) => ({
        messages: [await modelFor(state.messages).invoke(state.messages)],
      }))
      .addEdge(START, "research")
      .addEdge("research", "agent")
      .addEdge("agent", "call")
      .addEdge("call", "approve")
      .addEdge("approve", "tools")
      .addEdge("tools", "answer")
      .addEdge("answer", END)
      .compile({ checkpointer: new MemorySaver() })
  );
}

/** LangChain serializable objects (`{lc, type: "constructor", id, kwargs}`) as plain JSON, the way a
 * server writes them on the wire. */
function toWire(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

export interface V2Production {
  /** Protocol events of the interrupted run, then of the resumed run. */
  records: unknown[];
  interruptedRunLength: number;
  /** `graph.getState()` after the interrupt and at the end, as plain JSON. */
  stateAfterInterrupt: {
    values: { messages: unknown[] };
    tasks: { interrupts: { id: string; value: unknown }[] }[];
  };
  finalState: { values: { messages: unknown[] }; next: string[] };
}

export async function runV2Scenario(withResearch = true): Promise<V2Production> {
  const graph = buildV2Graph(withResearch);
  const configurable = { thread_id: "thread-v2" };
  const collect = async (input: unknown) => {
    const records: unknown[] = [];
    // biome-ignore lint/suspicious/noExplicitAny: the graph accepts its state or a Command
    const stream = await graph.streamEvents(input as any, { configurable, version: "v3" });
    for await (const event of stream) records.push(toWire(event));
    return records;
  };
  const interrupted = await collect({ messages: [{ role: "user", content: s.prompt }] });
  const stateAfterInterrupt = toWire(
    await graph.getState({ configurable }),
  ) as V2Production["stateAfterInterrupt"];
  const resumed = await collect(new Command({ resume: { approved: true } }));
  const finalState = toWire(await graph.getState({ configurable })) as V2Production["finalState"];
  return {
    records: [...interrupted, ...resumed],
    interruptedRunLength: interrupted.length,
    stateAfterInterrupt,
    finalState,
  };
}

/** The shared scenario without the research subgraph (what every producer of it states). The resume
 * value is the caller's, never streamed: no stated decision. */
export const langgraphV2Producer: LiveProducer = async () => {
  const production = await runV2Scenario(false);
  return {
    format: "langgraph-v2",
    records: production.records,
    interruptedRunLength: production.interruptedRunLength,
  };
};

/** The same two runs as `streamEvents(…, {version: "v3", encoding: "text/event-stream"})` writes them:
 * SSE frames `event: <method>|<namespace…>` whose `data:` is the event's data. */
export async function runV2ScenarioSse(): Promise<{ interrupted: string; resumed: string }> {
  const graph = buildV2Graph(true);
  const configurable = { thread_id: "thread-v2-sse" };
  const collect = async (input: unknown) => {
    const decoder = new TextDecoder();
    let text = "";
    const options = { configurable, version: "v3" as const, encoding: "text/event-stream" as const };
    // biome-ignore lint/suspicious/noExplicitAny: the graph accepts its state or a Command
    for await (const bytes of await graph.streamEvents(input as any, options))
      text += decoder.decode(bytes, { stream: true });
    return text;
  };
  const interrupted = await collect({ messages: [{ role: "user", content: s.prompt }] });
  const resumed = await collect(new Command({ resume: { approved: true } }));
  return { interrupted, resumed };
}
