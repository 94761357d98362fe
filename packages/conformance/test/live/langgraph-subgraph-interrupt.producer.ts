// Live producer: a real `@langchain/langgraph` graph whose `research` subgraph asks (`interrupt()`) in its
// first step and works on in a second, before the root answers. Resumed with `Command({resume})`, the
// subgraph leaves the step that asked long before the root step around it ends. Chunks are streamed
// with subgraphs and serialized like the peer captures: `[namespace[], mode, payload]`.
import {
  Annotation,
  Command,
  END,
  type LangGraphRunnableConfig,
  MemorySaver,
  START,
  StateGraph,
  interrupt,
} from "@langchain/langgraph";

export type Mode = "updates" | "values" | "checkpoints" | "custom" | "debug";

const State = Annotation.Root({
  log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

/** Stream modes that show where a step ends (`values`, `checkpoints`, `debug`), alone and together. */
export const MODES: Mode[][] = [
  ["updates", "values"],
  ["values", "custom"],
  ["updates", "checkpoints", "custom"],
  ["updates", "values", "checkpoints", "custom"],
  ["debug"],
];

/** Each run's chunks: the run that pauses in the subgraph, then the resume. */
export async function produce(modes: Mode[]): Promise<unknown[][]> {
  const research = new StateGraph(State)
    .addNode("ask", async () => ({ log: [`ask:${interrupt("Search the archive too?")}`] }))
    .addNode("work", async (_state, config: LangGraphRunnableConfig) => {
      config.writer?.({ progress: "searching", pct: 50 });
      return { log: ["work"] };
    })
    .addEdge(START, "ask")
    .addEdge("ask", "work")
    .addEdge("work", END)
    .compile();
  const graph = new StateGraph(State)
    .addNode("research", research)
    .addNode("answer", async () => ({ log: ["answer"] }))
    .addEdge(START, "research")
    .addEdge("research", "answer")
    .addEdge("answer", END)
    .compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: "thread-subgraph-ask" }, streamMode: modes, subgraphs: true };
  const collect = async (input: unknown) => {
    const records: unknown[] = [];
    // biome-ignore lint/suspicious/noExplicitAny: the graph accepts its state or a Command
    for await (const chunk of await graph.stream(input as any, config))
      records.push(JSON.parse(JSON.stringify(chunk)));
    return records;
  };
  return [await collect({ log: [] }), await collect(new Command({ resume: "yes" }))];
}
