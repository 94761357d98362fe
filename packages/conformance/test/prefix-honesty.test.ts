// Every prefix is honest: a UI that applies a real stream event by event never shows a state the
// runtime did not have. Over every shared capture and every live producer of the shared scenario:
// - each text part shown is a prefix of what that part shows at the end (no replacement, no flicker);
// - nothing resolved reappears pending (actions, tools);
// - once the run ended, no part is streaming (a delegated task or a pending action may still be open)
//   and no tool is running.
// Long streams are sampled (every event near the start, then evenly) so the property stays fast.
import { readdirSync } from "node:fs";
import { adaptRecords } from "@agent-ui/adapters";
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
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

/** Violations of the prefix property over one event stream, as readable lines (empty when honest). */
function dishonesty(events: AgentUiEvent[]): string[] {
  const problems: string[] = [];
  const end = projectEvents(events);
  const finalText = textParts(end);
  const resolvedActions = new Set<string>();
  const closedTools = new Set<string>();
  for (const cut of cuts(events.length)) {
    const state = projectEvents(events.slice(0, cut));
    const at = `after event ${cut} (${events[cut - 1].type})`;
    for (const [key, text] of textParts(state)) {
      const last = finalText.get(key);
      if (last === undefined) problems.push(`${at}: text part ${key} "${text}" is gone at the end`);
      else if (!last.startsWith(text))
        problems.push(`${at}: text part ${key} "${text}" is not a prefix of "${last}"`);
    }
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
    }
  }
  return problems;
}

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

describe("every prefix of the LangGraph captures as Agent Server streams is honest", () => {
  it("TEXT-04 HITL-03 STAT-08 langgraph run 1 + run 2 over the Agent Server", () => {
    const records = [
      ...agentServer("run-1", "langgraph.run1-interrupt.stream-chunks.jsonl"),
      ...agentServer("run-2", "langgraph.run2-resume.stream-chunks.jsonl"),
    ];
    const { events, detected } = adaptRecords(records, "auto");
    expect(detected?.format).toBe("langgraph");
    expect(dishonesty(events)).toEqual([]);
  });
});

describe("every prefix of every live producer stream is honest", () => {
  for (const [format, producer] of Object.entries(SHARED_SCENARIO_PRODUCERS))
    it(`TEXT-04 HITL-03 STAT-08 live ${format}`, async () => {
      const production = await producer();
      const { events } = adaptRecords(production.records, production.format);
      expect(dishonesty(events)).toEqual([]);
    });
});
