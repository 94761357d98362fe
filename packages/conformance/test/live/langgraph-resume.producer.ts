// Live producer: a real `@langchain/langgraph` graph runs two nodes in one step (START → a, START → b,
// then c), both of which may call `interrupt()`, and is resumed with `Command({resume})`. On resume
// LangGraph runs the paused step again: a task that finished reports (its update, its tokens) while a
// paused task may still ask again, later in the same step — the same interrupt when the resume did not
// answer it, or a new one. `b` waits before (re-)asking, so `a` reports first in the resumed step.
import { AIMessage, AIMessageChunk } from "@langchain/core/messages";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";
import {
  Annotation,
  Command,
  END,
  MemorySaver,
  MessagesAnnotation,
  START,
  StateGraph,
  interrupt,
} from "@langchain/langgraph";

export type Mode = "updates" | "values" | "messages" | "checkpoints" | "tasks" | "debug";
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});
type Node = (state: typeof State.State) => Promise<Partial<typeof State.State>>;

/** Node `a` streams a short answer (tokens in `messages` mode) once it may go on. */
async function speak(id: string, text: string) {
  const model = new FakeStreamingChatModel({
    sleep: 0,
    chunks: [...text].map((c) => new AIMessageChunk({ content: c, id })),
    responses: [new AIMessage({ content: text, id })],
  });
  return model.invoke([]);
}

export interface Scenario {
  a: Node;
  b: Node;
  /** The resume value of each run after the first, given the interrupt ids the first run raised. */
  resumes(ids: string[]): unknown[];
}

export const SCENARIOS: Record<string, Scenario> = {
  "the resume answers only a; b asks the same again": {
    a: async () => ({ log: [`a:${interrupt("a?")}`], messages: [await speak("ai-a", "a ok")] }),
    b: async () => {
      await pause(30);
      return { log: [`b:${interrupt("b?")}`] };
    },
    resumes: (ids) => [{ [ids[0]]: "ok" }, "fine"],
  },
  "b asks a new question after a finished": {
    a: async () => ({ log: [`a:${interrupt("a?")}`], messages: [await speak("ai-a", "a ok")] }),
    b: async () => {
      const first = interrupt("b?");
      await pause(30);
      return { log: [`b:${first}${interrupt("b2?")}`] };
    },
    resumes: () => ["ok", "fine"],
  },
  "a finishes in the paused step": {
    a: async () => ({ log: ["a"], messages: [await speak("ai-a", "a done")] }),
    b: async () => {
      await pause(30);
      return { log: [`b:${interrupt("b?")}`] };
    },
    resumes: () => ["ok"],
  },
};

export const MODES: Mode[][] = [
  ["values"],
  ["updates", "values"],
  ["values", "messages"],
  ["updates", "values", "messages", "checkpoints"],
  ["updates", "checkpoints"],
  ["checkpoints"],
  ["messages", "checkpoints"],
  ["updates", "messages"],
  ["updates"],
  ["updates", "values", "tasks"],
  ["values", "debug"],
  ["debug"],
];

/** LangChain's serializable objects (`{lc, type: "constructor", id, kwargs}`) → `{_type, …kwargs}`. */
function serialize(chunk: unknown): unknown {
  return JSON.parse(
    JSON.stringify(chunk, (_key, value) => {
      if (value !== null && typeof value === "object" && value.lc === 1 && typeof value.kwargs === "object")
        return { _type: Array.isArray(value.id) ? value.id.at(-1) : undefined, ...value.kwargs };
      return value;
    }),
  );
}

/** Each run's chunks, in order. */
export async function produce(scenario: Scenario, modes: Mode[]): Promise<unknown[][]> {
  const graph = new StateGraph(State)
    .addNode("a", scenario.a)
    .addNode("b", scenario.b)
    .addNode("c", async () => ({ log: ["c"] }))
    .addEdge(START, "a")
    .addEdge(START, "b")
    .addEdge("a", "c")
    .addEdge("b", "c")
    .addEdge("c", END)
    .compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: "thread-resume-step" }, streamMode: modes, subgraphs: true };
  const collect = async (input: unknown) => {
    const records: unknown[] = [];
    // biome-ignore lint/suspicious/noExplicitAny: the graph accepts its state or a Command
    for await (const chunk of await graph.stream(input as any, config)) records.push(serialize(chunk));
    return records;
  };
  const runs = [await collect({ log: [] })];
  const paused = await graph.getState({ configurable: config.configurable });
  const ids = paused.tasks.flatMap((task) => task.interrupts.map((i) => i.id ?? ""));
  for (const resume of scenario.resumes(ids)) runs.push(await collect(new Command({ resume })));
  return runs;
}
