// Every prefix is honest (prefix-property.ts): over every shared capture, every live producer of the
// shared scenario, and a live LangGraph step resumed in parallel (./live/langgraph-resume.producer), a UI
// that applies the stream event by event never shows a state the runtime did not have. The detector
// tests show that each check reports what it names.
import { readdirSync } from "node:fs";
import { adaptRecords } from "@agent-ui/adapters";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import {
  MODES as RESUME_MODES,
  SCENARIOS as RESUME_SCENARIOS,
  produce as produceResumes,
} from "./live/langgraph-resume.producer";
import { SHARED_SCENARIO } from "./live/producer";
import {
  MODES as SUBGRAPH_MODES,
  produce as produceSubgraphAsks,
} from "./live/langgraph-subgraph-interrupt.producer";
import { SHARED_SCENARIO_PRODUCERS } from "./live/producers";
import { framed } from "./peers-support";
import { type Coverage, type Prompt, dishonesty } from "./prefix-property";

const STREAMS = new URL("../../../../shared/peers/streams/", import.meta.url);
/** What the suites below looked at, added up (asserted last: the checks are not vacuous). */
const covered: Coverage = { streams: 0, prefixes: 0, closed: 0, userInputs: 0 };

/** A stream of Agent UI envelope events with fresh ids and sequence numbers. */
function envelope(events: [string, Partial<AgentUiEvent>][]): AgentUiEvent[] {
  return events.map(
    ([type, fields], index) =>
      ({
        eventId: `e${index + 1}`,
        sequence: index + 1,
        streamId: "s",
        turnId: "t1",
        ...fields,
        type,
      }) as AgentUiEvent,
  );
}

describe("the prefix property reports what it names", () => {
  it("AS-PR-01 a user message shown and then dropped is lost", () => {
    const events = envelope([
      [
        "messages.snapshot",
        { payload: { messages: [{ id: "u1", role: "user", parts: [{ kind: "user_text", text: "Hi" }] }] } },
      ],
      ["text.delta", { messageId: "a1", payload: { role: "assistant", delta: "Done." } }],
      ["messages.snapshot", { payload: { messages: [], removedMessageIds: ["u1"] } }],
    ]);
    expect(dishonesty(events)).toContain("after event 3 (messages.snapshot): user message u1 was lost");
  });
  it("TEAM-13 a teammate still running once the run completed is reported", () => {
    const events = envelope([
      ["run.started", { runId: "r1" }],
      ["agent.spawned", { agentId: "w1", payload: { status: "running" } }],
      ["run.finished", { runId: "r1" }],
    ]);
    expect(dishonesty(events)).toEqual([
      "after event 3 (run.finished): run completed but agent w1 is running",
    ]);
  });
  it("HITL-03 TEAM-13 a question still pending from a teammate that completed is reported", () => {
    const events = envelope([
      ["agent.spawned", { agentId: "w1", payload: { status: "running" } }],
      ["action.required", { actionId: "q1", agentId: "w1", payload: { prompt: "Go on?" } }],
      ["agent.completed", { agentId: "w1" }],
    ]);
    expect(dishonesty(events)).toEqual([
      "after event 3 (agent.completed): action q1 asked by completed agent w1 is pending",
    ]);
  });
  it("HITL-10 TASK-06 QUEUE-08 QUEUE-04 TEAM-13 what ended and is shown open again is reported", () => {
    const queue = (status: string) => ({ items: [{ id: "q1", position: 1, status }] });
    const steers = (status: string) => ({ steers: [{ id: "s1", status }] });
    const events = envelope([
      ["task.changed", { taskId: "k1", payload: { status: "completed" } }],
      ["queue.changed", { payload: { ...queue("started"), ...steers("accepted") } }],
      ["agent.spawned", { agentId: "w1", payload: { status: "completed" } }],
      ["task.changed", { taskId: "k1", payload: { status: "running" } }],
      ["queue.changed", { payload: { ...queue("queued"), ...steers("pending") } }],
      ["agent.changed", { agentId: "w1", payload: { status: "running" } }],
    ]);
    expect(dishonesty(events)).toEqual([
      "after event 4 (task.changed): task k1 is running again",
      "after event 5 (queue.changed): queued input q1 is queued again",
      "after event 5 (queue.changed): steer s1 is pending again",
      "after event 6 (agent.changed): teammate w1 is running again",
    ]);
  });
  it("TOOL-07 TASK-07 a retried tool, a task's new attempt and a teammate spawned again are no reopening", () => {
    const events = envelope([
      ["tool.started", { toolCallId: "c1", payload: { name: "read" } }],
      ["tool.failed", { toolCallId: "c1", payload: { error: "busy" } }],
      ["tool.started", { toolCallId: "c1", payload: { name: "read" } }],
      [
        "task.changed",
        { taskId: "k1", payload: { status: "failed", attempt: { attemptId: "a1", status: "failed" } } },
      ],
      [
        "task.changed",
        { taskId: "k1", payload: { status: "running", attempt: { attemptId: "a2", status: "running" } } },
      ],
      ["agent.spawned", { agentId: "w1", payload: { status: "completed" } }],
      ["agent.spawned", { agentId: "w1", payload: { status: "running" } }],
    ]);
    expect(dishonesty(events)).toEqual([]);
  });
  it("TEXT-09 a user message said by an event and shown only later is late", () => {
    const events = envelope([
      ["run.started", { runId: "r1", payload: { userMessageId: "u1" } }],
      [
        "messages.snapshot",
        { payload: { messages: [{ id: "u1", role: "user", parts: [{ kind: "user_text", text: "Hi" }] }] } },
      ],
    ]);
    expect(dishonesty(events)).toEqual([
      "after event 1 (run.started): user message u1, carried by event 1, is not shown",
    ]);
  });
  it("TEXT-09 a user input a run states and the end does not show is never shown", () => {
    const events = envelope([
      ["run.started", { runId: "r1", payload: { input: "Hi", userMessageId: "u1" } }],
      ["messages.snapshot", { payload: { messages: [], removedMessageIds: ["u1"] } }],
    ]);
    expect(dishonesty(events)).toEqual([
      "user input u1 of event 1 is never shown",
      'after event 1 (run.started): text part u1|m0:input "Hi" is gone at the end',
      "after event 2 (messages.snapshot): user message u1 was lost",
    ]);
  });
});

const CAPTURES = readdirSync(STREAMS)
  .filter((name) => /\.(jsonl|txt)$/.test(name) && !name.startsWith("probes."))
  .filter((name) => adaptRecords(framed(name), "auto").detected !== undefined);

describe("every prefix of every shared capture is honest", () => {
  it("the captures are read", () => {
    expect(CAPTURES.length).toBeGreaterThan(10);
  });
  for (const name of CAPTURES)
    it(`TEXT-04 TEXT-09 HITL-03 HITL-10 STAT-08 ${name}`, () => {
      const { events } = adaptRecords(framed(name), "auto");
      expect(dishonesty(events, undefined, covered)).toEqual([]);
    });
});

const API_TYPES: Record<string, string> = {
  AIMessageChunk: "ai",
  AIMessage: "ai",
  HumanMessage: "human",
  ToolMessage: "tool",
};

/** LangChain's `{_type: "AIMessageChunk", …}` as the Agent Server's API dict `{type: "ai", …}`. */
function asApiDicts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asApiDicts);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) =>
      k === "_type" ? ["type", API_TYPES[String(v)] ?? v] : [k, asApiDicts(v)],
    ),
  );
}

/** The LangGraph captures as an Agent Server delivers them: SSE chunks opened by `metadata`, tokens typed `ai`. */
function agentServer(runId: string, name: string): unknown[] {
  const chunks = framed(name).map((r) => r.value as [string[], string, unknown]);
  return [
    { event: "metadata", data: { run_id: runId }, id: "0" },
    ...chunks.map(([ns, mode, data], i) => ({
      event: [mode, ...ns].join("|"),
      data: asApiDicts(data),
      id: String(i + 1),
    })),
    { event: "end", data: null, id: String(chunks.length + 1) },
  ];
}

const LANGGRAPH_RUNS = [
  "langgraph.run1-interrupt.stream-chunks.jsonl",
  "langgraph.run2-resume.stream-chunks.jsonl",
];

/** The human messages' text in the graph's own first root state: the prompt the stream carries. */
function graphPrompt(name: string): Prompt {
  const chunks = framed(name).map((r) => r.value as [string[], string, { messages?: unknown[] }]);
  const state = chunks.find(([ns, mode]) => ns.length === 0 && mode === "values")?.[2];
  const human = (state?.messages ?? []).find((m) => (m as { _type?: string })._type === "HumanMessage") as {
    content: string;
  };
  return { text: human.content, required: true };
}

describe("every prefix of the LangGraph captures, run 1 + run 2 on one reader, is honest", () => {
  const prompt = graphPrompt(LANGGRAPH_RUNS[0]);

  it("TEXT-04 TEXT-09 HITL-03 HITL-10 STAT-08 as graph.stream() tuples", () => {
    const records = LANGGRAPH_RUNS.flatMap((name) => framed(name));
    const { events, detected } = adaptRecords(records, "auto");
    expect(detected?.format).toBe("langgraph");
    expect(dishonesty(events, prompt, covered)).toEqual([]);
  });

  it("TEXT-04 TEXT-09 HITL-03 HITL-10 STAT-08 over the Agent Server", () => {
    const records = [agentServer("run-1", LANGGRAPH_RUNS[0]), agentServer("run-2", LANGGRAPH_RUNS[1])].flat();
    const { events, detected } = adaptRecords(records, "auto");
    expect(detected?.format).toBe("langgraph");
    expect(dishonesty(events, prompt, covered)).toEqual([]);
  });
});

describe("every prefix of every live producer stream is honest", () => {
  for (const [format, producer] of Object.entries(SHARED_SCENARIO_PRODUCERS))
    it(`TEXT-04 TEXT-09 HITL-03 HITL-10 STAT-08 live ${format}`, async () => {
      const production = await producer();
      const { events } = adaptRecords(production.records, production.format);
      // LangGraph streams carry the prompt (the run's first root state); other peers' output streams
      // may not (the prompt is the request's), but when they show it, it is not late.
      const prompt = { text: SHARED_SCENARIO.prompt, required: format.startsWith("langgraph") };
      expect(dishonesty(events, prompt, covered)).toEqual([]);
    });
});

describe("every prefix of a live LangGraph step resumed in parallel is honest", () => {
  for (const [name, scenario] of Object.entries(RESUME_SCENARIOS))
    for (const modes of RESUME_MODES)
      it(`TEXT-04 TEXT-09 HITL-03 HITL-10 STAT-08 ${name}, streamMode ${modes.join(", ")}`, async () => {
        const runs = await produceResumes(scenario, modes);
        const { events } = adaptRecords(runs.flat(), "langgraph");
        expect(dishonesty(events, undefined, covered)).toEqual([]);
      });
});

describe("every prefix of a live LangGraph subgraph that asks and is resumed is honest", () => {
  for (const modes of SUBGRAPH_MODES)
    it(`TEXT-04 TEXT-09 HITL-03 HITL-10 STAT-08 TEAM-13 streamMode ${modes.join(", ")}`, async () => {
      const runs = await produceSubgraphAsks(modes);
      const { events } = adaptRecords(runs.flat(), "langgraph");
      expect(dishonesty(events, undefined, covered)).toEqual([]);
    });
});

describe("the property looked at every stream", () => {
  it("every stream, with records that closed and user inputs traced to their events", () => {
    const resumes = Object.keys(RESUME_SCENARIOS).length * RESUME_MODES.length;
    const producers = Object.keys(SHARED_SCENARIO_PRODUCERS).length;
    const subgraphs = SUBGRAPH_MODES.length;
    expect(covered.streams).toBe(CAPTURES.length + 2 + producers + resumes + subgraphs);
    expect(covered.prefixes).toBeGreaterThan(covered.streams * 10);
    expect(covered.closed).toBeGreaterThan(covered.streams);
    expect(covered.userInputs).toBeGreaterThan(0);
  });
});
