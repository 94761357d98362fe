// Live: a real `@langchain/langgraph` graph runs two nodes in one step (START → a, START → b), both of
// which may call `interrupt()`, and is resumed with `Command({resume})`. On resume LangGraph runs the
// paused step again: a task that finished reports (its update, its tokens) while a paused task may still
// ask again, later in the same step — the same interrupt when the resume did not answer it, or a new one.
// Every prefix of what the adapter emits must say what the graph says (HITL-03):
// - an interrupt the graph raises again in a run is never shown resolved during that run;
// - nothing resolved reappears pending, and every interrupt a run ends waiting on is pending then;
// - when the stream shows the paused step's end (`values` mode), the answered interrupts are resolved by
//   the end of the run that went past them, not later.
// The graph's own stream is the reference: the interrupts it streams in a run are the ones it waits on.
import { langgraphAdapter } from "@agent-ui/adapters";
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
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
import { beforeAll, describe, expect, it } from "vitest";

type Mode = "updates" | "values" | "messages" | "checkpoints";
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

interface Scenario {
  a: Node;
  b: Node;
  /** The resume value of each run after the first, given the interrupt ids the first run raised. */
  resumes(ids: string[]): unknown[];
}

// `b` waits before (re-)asking, so `a` reports first in the resumed step.
const SCENARIOS: Record<string, Scenario> = {
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

const MODES: Mode[][] = [
  ["values"],
  ["updates", "values"],
  ["values", "messages"],
  ["updates", "values", "messages", "checkpoints"],
  ["updates", "checkpoints"],
  ["updates", "messages"],
  ["updates"],
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
async function produce(scenario: Scenario, modes: Mode[]): Promise<unknown[][]> {
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

/** The interrupt ids a run streams (`updates` / `values` `__interrupt__`): the ones the graph waits on. */
function raisedIn(run: unknown[]): Set<string> {
  const ids = new Set<string>();
  for (const record of run) {
    const [, mode, payload] = record as [string[], string, Record<string, unknown>];
    if (mode !== "updates" && mode !== "values") continue;
    for (const entry of (payload?.__interrupt__ as { id: string }[] | undefined) ?? []) ids.add(entry.id);
  }
  return ids;
}

/** Where the run leaves the step it resumed (LangGraph streams the root state after each step, and a
 * checkpoint per step): its first root `values` state after the opening one, or a root checkpoint not
 * streamed before; the run's length when it shows neither. */
function stepEndIn(run: unknown[], seenCheckpoints: Set<unknown>): number {
  let end = run.length;
  run.forEach((record, j) => {
    const [namespace, mode, payload] = record as [string[], string, Record<string, unknown>];
    if (namespace.length > 0 || j >= end) return;
    if (mode === "values" && j > 0 && payload.__interrupt__ === undefined) end = j;
    if (mode === "checkpoints") {
      const id = JSON.stringify((payload.config as Record<string, unknown>)?.configurable);
      if (!seenCheckpoints.has(id) && j > 0) end = j;
      seenCheckpoints.add(id);
    }
  });
  return end;
}

const statusOf = (state: ProjectionState) =>
  new Map(Object.entries(state.actions).map(([id, action]) => [id, action.status]));

/** Where the adapter's view disagrees with the graph's, as readable lines (empty when honest). */
function dishonesty(runs: unknown[][], modes: Mode[]): string[] {
  const adapter = langgraphAdapter.create();
  const problems: string[] = [];
  const events: AgentUiEvent[] = [];
  const resolved = new Set<string>();
  // A step that pauses again streams its closing state (`values` mode, one of its tasks wrote) but no
  // checkpoint: only then can a reader see the step end before the next run starts.
  const showsStepEnds = modes.includes("values");
  const checkpoints = new Set<unknown>();
  let index = 0;
  runs.forEach((run, k) => {
    const raised = raisedIn(run);
    const resumed = k > 0 ? raisedIn(runs[k - 1]) : new Set<string>();
    const stepEnd = stepEndIn(run, checkpoints);
    run.forEach((record, j) => {
      events.push(...adapter.push(record, index++));
      const at = `run ${k} record ${j}`;
      const status = statusOf(projectEvents(events));
      for (const id of resolved)
        if (status.get(id) !== "resolved") problems.push(`${at}: ${id} is ${status.get(id)} again`);
      for (const [id, s] of status) if (s === "resolved") resolved.add(id);
      for (const id of raised)
        if (status.get(id) === "resolved") problems.push(`${at}: ${id} resolved while the run raises it`);
      if (j < stepEnd)
        for (const id of resumed)
          if (status.get(id) === "resolved") problems.push(`${at}: ${id} resolved before the step ended`);
    });
    const status = statusOf(projectEvents(events));
    const waiting = raisedIn(run);
    for (const id of waiting)
      if (status.get(id) !== "pending") problems.push(`end of run ${k}: ${id} is ${status.get(id)}`);
    if (showsStepEnds && k < runs.length - 1)
      for (const [id, s] of status)
        if (s === "pending" && !waiting.has(id)) problems.push(`end of run ${k}: ${id} still pending`);
  });
  events.push(...adapter.finish());
  const end = projectEvents(events);
  for (const [id, s] of statusOf(end)) if (s !== "resolved") problems.push(`at the end: ${id} is ${s}`);
  if (end.runtime.status === "interrupted") problems.push("at the end: the run is still interrupted");
  return problems;
}

describe("live @langchain/langgraph: a paused step's sibling reports before the paused node asks again", () => {
  for (const [name, scenario] of Object.entries(SCENARIOS))
    describe(name, () => {
      const produced = new Map<string, unknown[][]>();
      beforeAll(async () => {
        for (const modes of MODES) produced.set(modes.join("+"), await produce(scenario, modes));
      });

      it("the resumed step streams a's report before b's interrupt (the order under test)", () => {
        const [, second] = produced.get("updates") ?? [];
        const firstInterrupt = second.findIndex((r) => JSON.stringify(r).includes("__interrupt__"));
        const aReport = second.findIndex((r) => JSON.stringify(r).includes('"a":'));
        expect(aReport).toBeGreaterThanOrEqual(0);
        if (firstInterrupt >= 0) expect(aReport).toBeLessThan(firstInterrupt);
      });

      for (const modes of MODES)
        it(`HITL-03 every prefix is honest with streamMode ${modes.join(", ")}`, () => {
          expect(dishonesty(produced.get(modes.join("+")) ?? [], modes)).toEqual([]);
        });
    });
});
