// Every prefix is honest: a UI that applies a real stream event by event never shows a state the
// runtime did not have. Over every shared capture, every live producer of the shared scenario, and a live
// LangGraph step resumed in parallel (./live/langgraph-resume.producer):
// - each text part shown is a prefix of what that part shows at the end (no replacement, no flicker);
// - nothing resolved reappears pending (actions, tools);
// - once the run ended, no part is streaming (a delegated task or a pending action may still be open),
//   no tool is running and no teammate is running or spawning;
// - no user input is lost or late: a user's message shown at the end is shown as soon as anything that
//   follows it in the conversation is, and stays; the prompt a stream carries (LangGraph states, the live
//   producers' scenario prompt) is shown from the first prefix that shows anything answering it;
// - a teammate that finished has no part still streaming (its own text, or a task part delegated to it).
// Long streams are sampled (every event near the start, then evenly) so the property stays fast.
import { readdirSync } from "node:fs";
import { adaptRecords } from "@agent-ui/adapters";
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import {
  MODES as RESUME_MODES,
  SCENARIOS as RESUME_SCENARIOS,
  produce as produceResumes,
} from "./live/langgraph-resume.producer";
import { SHARED_SCENARIO } from "./live/producer";
import { SHARED_SCENARIO_PRODUCERS } from "./live/producers";
import { framed } from "./peers-support";

const STREAMS = new URL("../../../../shared/peers/streams/", import.meta.url);
const MAX_PREFIXES = 80;
const TERMINAL_RUN = new Set(["completed", "failed", "cancelled"]);
const TERMINAL_TOOL = new Set(["output-available", "output-error", "cancelled"]);

/** Prefix lengths to check: all of them for short streams, else the first 20 and an even sample. */
function cuts(length: number): number[] {
  if (length <= MAX_PREFIXES) return Array.from({ length }, (_, i) => i + 1);
  const out = new Set<number>();
  for (let i = 1; i <= 20; i++) out.add(i);
  const step = (length - 20) / (MAX_PREFIXES - 20);
  for (let k = 1; k <= MAX_PREFIXES - 20; k++) out.add(Math.min(length, 20 + Math.round(k * step)));
  out.add(length);
  return [...out].sort((a, b) => a - b);
}

const textParts = (state: ProjectionState) =>
  new Map(
    state.messages.flatMap((m) =>
      m.parts
        .filter((p) => p.kind === "assistant_text" || p.kind === "user_text")
        .map((p): [string, string] => [`${m.id}|${p.id}`, p.text ?? ""]),
    ),
  );

const FINISHED_AGENT = new Set(["completed", "failed", "killed", "closed"]);

/** The conversation's message ids in order, with the user's own messages marked. */
const conversation = (state: ProjectionState) =>
  state.messages.map((m) => ({ id: m.id, user: m.parts.some((p) => p.kind === "user_text") }));

/** User messages of the final conversation missing from a prefix that shows a later message. */
function lateUserInput(state: ProjectionState, final: { id: string; user: boolean }[]): string[] {
  const shown = new Set(state.messages.map((m) => m.id));
  const lastShown = final.findLastIndex((m) => shown.has(m.id));
  return final
    .slice(0, lastShown + 1)
    .filter((m) => m.user && !shown.has(m.id))
    .map((m) => m.id);
}

/** Parts still streaming for a teammate that finished (its text, or the task part delegated to it). */
function finishedAgentsStreaming(state: ProjectionState): string[] {
  const out: string[] = [];
  for (const m of state.messages)
    for (const p of m.parts) {
      const agentId = p.kind === "agent_task" ? p.agentId : m.agentId;
      const agent = agentId !== undefined ? state.agents[agentId] : undefined;
      if (p.status === "streaming" && agent !== undefined && FINISHED_AGENT.has(agent.status))
        out.push(`part ${m.id}|${p.id} (${p.kind}) of ${agent.status} agent ${agentId}`);
    }
  return out;
}

const userTexts = (state: ProjectionState) =>
  state.messages.flatMap((m) => m.parts.filter((p) => p.kind === "user_text").map((p) => p.text ?? ""));
const answers = (state: ProjectionState) =>
  state.messages.some((m) => m.parts.some((p) => p.kind !== "user_text")) ||
  Object.keys(state.tools).length > 0;

/** The user's prompt: shown at the end when `required` (the stream carries it), and, when shown at the
 * end, shown from the first prefix that shows anything answering it. */
interface Prompt {
  text: string;
  required: boolean;
}

/** Violations of the prefix property over one event stream, as readable lines (empty when honest). */
function dishonesty(events: AgentUiEvent[], prompt?: Prompt): string[] {
  const problems: string[] = [];
  const end = projectEvents(events);
  const finalText = textParts(end);
  const finalConversation = conversation(end);
  const promptShown = prompt !== undefined && userTexts(end).includes(prompt.text);
  if (prompt?.required && !promptShown) problems.push(`the prompt "${prompt.text}" is not shown at the end`);
  const resolvedActions = new Set<string>();
  const closedTools = new Set<string>();
  const shownUsers = new Set<string>();
  for (const cut of cuts(events.length)) {
    const state = projectEvents(events.slice(0, cut));
    const at = `after event ${cut} (${events[cut - 1].type})`;
    const shownNow = conversation(state);
    const ids = new Set(shownNow.map((m) => m.id));
    for (const id of shownUsers) if (!ids.has(id)) problems.push(`${at}: user message ${id} was lost`);
    for (const m of shownNow) if (m.user) shownUsers.add(m.id);
    for (const [key, text] of textParts(state)) {
      const last = finalText.get(key);
      if (last === undefined) problems.push(`${at}: text part ${key} "${text}" is gone at the end`);
      else if (!last.startsWith(text))
        problems.push(`${at}: text part ${key} "${text}" is not a prefix of "${last}"`);
    }
    for (const id of lateUserInput(state, finalConversation))
      problems.push(`${at}: user message ${id} is not shown though a later message is`);
    for (const line of finishedAgentsStreaming(state)) problems.push(`${at}: ${line} is streaming`);
    if (promptShown && answers(state) && !userTexts(state).includes(prompt.text))
      problems.push(`${at}: the prompt is not shown though its answer is`);
    for (const [id, action] of Object.entries(state.actions)) {
      if (action.status !== "pending") resolvedActions.add(id);
      else if (resolvedActions.has(id)) problems.push(`${at}: action ${id} is pending again`);
    }
    for (const [id, tool] of Object.entries(state.tools)) {
      if (TERMINAL_TOOL.has(tool.status)) closedTools.add(id);
      else if (closedTools.has(id)) problems.push(`${at}: tool ${id} is ${tool.status} again`);
    }
    if (TERMINAL_RUN.has(state.runtime.status)) {
      for (const m of state.messages)
        for (const p of m.parts)
          if (p.status === "streaming" && p.kind !== "agent_task" && p.kind !== "action_required")
            problems.push(
              `${at}: run ${state.runtime.status} but part ${m.id}|${p.id} (${p.kind}) is streaming`,
            );
      for (const [id, tool] of Object.entries(state.tools))
        if (tool.status === "running")
          problems.push(`${at}: run ${state.runtime.status} but tool ${id} is running`);
      for (const [id, agent] of Object.entries(state.agents))
        if (agent.status === "running" || agent.status === "spawning")
          problems.push(`${at}: run ${state.runtime.status} but agent ${id} is ${agent.status}`);
    }
  }
  return problems;
}

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
});

const CAPTURES = readdirSync(STREAMS)
  .filter((name) => /\.(jsonl|txt)$/.test(name) && !name.startsWith("probes."))
  .filter((name) => adaptRecords(framed(name), "auto").detected !== undefined);

describe("every prefix of every shared capture is honest", () => {
  it("the captures are read", () => {
    expect(CAPTURES.length).toBeGreaterThan(10);
  });
  for (const name of CAPTURES)
    it(`TEXT-04 HITL-03 STAT-08 ${name}`, () => {
      const { events } = adaptRecords(framed(name), "auto");
      expect(dishonesty(events)).toEqual([]);
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

  it("TEXT-04 HITL-03 STAT-08 TEXT-09 as graph.stream() tuples", () => {
    const records = LANGGRAPH_RUNS.flatMap((name) => framed(name));
    const { events, detected } = adaptRecords(records, "auto");
    expect(detected?.format).toBe("langgraph");
    expect(dishonesty(events, prompt)).toEqual([]);
  });

  it("TEXT-04 HITL-03 STAT-08 TEXT-09 over the Agent Server", () => {
    const records = [agentServer("run-1", LANGGRAPH_RUNS[0]), agentServer("run-2", LANGGRAPH_RUNS[1])].flat();
    const { events, detected } = adaptRecords(records, "auto");
    expect(detected?.format).toBe("langgraph");
    expect(dishonesty(events, prompt)).toEqual([]);
  });
});

describe("every prefix of every live producer stream is honest", () => {
  for (const [format, producer] of Object.entries(SHARED_SCENARIO_PRODUCERS))
    it(`TEXT-04 HITL-03 STAT-08 live ${format}`, async () => {
      const production = await producer();
      const { events } = adaptRecords(production.records, production.format);
      // LangGraph streams carry the prompt (the run's first root state); other peers' output streams
      // may not (the prompt is the request's), but when they show it, it is not late.
      const prompt = { text: SHARED_SCENARIO.prompt, required: format.startsWith("langgraph") };
      expect(dishonesty(events, prompt)).toEqual([]);
    });
});

describe("every prefix of a live LangGraph step resumed in parallel is honest", () => {
  for (const [name, scenario] of Object.entries(RESUME_SCENARIOS))
    for (const modes of RESUME_MODES)
      it(`TEXT-04 HITL-03 STAT-08 ${name}, streamMode ${modes.join(", ")}`, async () => {
        const runs = await produceResumes(scenario, modes);
        const { events } = adaptRecords(runs.flat(), "langgraph");
        expect(dishonesty(events)).toEqual([]);
      });
});
