// Live: a real `@langchain/langgraph` graph streams the shared scenario as streaming protocol v2 events
// (`streamEvents(…, {version: "v3"})`, in process, offline): a research subgraph, streamed text, a
// tool-call block, `interrupt()`, `Command({resume})`, the tool node. The events go through
// auto-detection, the adapter and the projection, and are compared with `graph.getState()`.
import { adaptRecords } from "@agent-ui/adapters";
import { type ProjectionState, parseRecords } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CALL_ID,
  RESEARCH_TEXT,
  type V2Production,
  runV2Scenario,
  runV2ScenarioSse,
} from "./langgraph-v2.producer";

function project(records: unknown[]) {
  const adapted = adaptRecords(records, "auto");
  return { adapted, state: projectEvents(adapted.events) };
}

interface WireMessage {
  id: string[];
  kwargs: {
    content: string | { type: string; text?: string }[];
    tool_calls?: { id: string; name: string; args: unknown }[];
    tool_call_id?: string;
  };
}

const kind = (m: WireMessage) => m.id.at(-1);
const textOf = (m: WireMessage) =>
  typeof m.kwargs.content === "string"
    ? m.kwargs.content
    : m.kwargs.content.map((b) => (b.type === "text" ? (b.text ?? "") : "")).join("");

/** What the graph's own state says: AI texts in order, tool calls with their results. */
function fromState(state: V2Production["finalState"]) {
  const messages = state.values.messages as WireMessage[];
  const results = new Map(
    messages.filter((m) => kind(m) === "ToolMessage").map((m) => [m.kwargs.tool_call_id, textOf(m)]),
  );
  return {
    texts: messages.filter((m) => kind(m) === "AIMessage" && textOf(m) !== "").map(textOf),
    tools: messages
      .flatMap((m) => m.kwargs.tool_calls ?? [])
      .map((c) => ({ id: c.id, name: c.name, input: c.args, output: results.get(c.id) })),
  };
}

function fromProjection(state: ProjectionState) {
  return {
    texts: state.messages.flatMap((m) =>
      m.parts.filter((p) => p.kind === "assistant_text").map((p) => p.text),
    ),
    tools: Object.values(state.tools).map((t) => ({
      id: t.toolCallId,
      name: t.name,
      input: JSON.parse(t.inputSummary ?? "null"),
      output: t.outputText,
    })),
  };
}

describe("live @langchain/langgraph streaming protocol v2 (streamEvents v3)", () => {
  let production: V2Production;
  beforeAll(async () => {
    production = await runV2Scenario();
  });

  it("ENV-01 the protocol events auto-detect as langgraph-v2 and map without diagnostics", () => {
    const { adapted } = project(production.records);
    expect(adapted.detected).toMatchObject({ format: "langgraph-v2" });
    expect(adapted.diagnostics).toEqual([]);
  });

  it("HITL-01 after the interrupt: the pending actions are the interrupts getState() lists, the run interrupted", () => {
    const { state } = project(production.records.slice(0, production.interruptedRunLength));
    const interrupts = production.stateAfterInterrupt.tasks.flatMap((t) => t.interrupts.map((i) => i.id));
    expect(interrupts).toHaveLength(1);
    const pending = Object.values(state.actions).filter((a) => a.status === "pending");
    expect(pending.map((a) => a.actionId)).toEqual(interrupts);
    expect(pending[0].toolCallId).toBe(CALL_ID);
    expect(state.tools[CALL_ID].status).toBe("approval-requested");
    expect(state.runtime.status).toBe("interrupted");
  });

  it("TEXT-04 TOOL-01 HITL-03 after the resume: texts once, the tool call and its result as getState() has them", () => {
    const { state } = project(production.records);
    expect(fromProjection(state)).toEqual(fromState(production.finalState));
    expect(Object.values(state.actions).map((a) => a.status)).toEqual(["resolved"]);
    expect(state.runtime.status).toBe("completed");
  });

  it("TEAM-02 the research subgraph is a subagent with its own text; root nodes' text is the run's", () => {
    const { state } = project(production.records);
    const research = state.messages.find((m) => m.parts.some((p) => p.text === RESEARCH_TEXT));
    expect(research?.agentId).toMatch(/^research:/);
    expect(Object.keys(state.agents)).toEqual([research?.agentId]);
    const others = state.messages.filter((m) => m !== research);
    expect(others.every((m) => m.agentId === undefined)).toBe(true);
  });

  it("ENV-01 the same runs as SSE (encoding text/event-stream) detect as langgraph-v2 and project the same", async () => {
    const { interrupted, resumed } = await runV2ScenarioSse();
    const framed = parseRecords(interrupted + resumed);
    expect(framed.format).toBe("sse");
    expect(framed.diagnostics).toEqual([]);
    const { adapted, state } = project(framed.records);
    expect(adapted.detected?.format).toBe("langgraph-v2");
    expect(adapted.diagnostics).toEqual([]);
    expect(fromProjection(state)).toEqual(fromProjection(project(production.records).state));
    expect(state.runtime.status).toBe("completed");
  });
});
