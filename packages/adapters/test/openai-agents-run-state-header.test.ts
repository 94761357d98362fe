// What a serialized OpenAI Agents RunState says about itself before its items (HYD-09, ENV-09): the
// `session.hydrated` fact, which schema versions are known, and the note about what it cannot show.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { detectFormat } from "../src/auto";
import { openaiAgentsAdapter } from "../src/openai-agents";
import { adapt, STATE, stateWith } from "./openai-agents-support";

const diagnostics = (events: AgentUiEvent[]) =>
  events.filter((e) => e.type === "diagnostic.changed").map((e) => e.payload?.code);

describe("openai-agents RunState header", () => {
  it("HYD-09 the state is announced as a snapshot with its schema, agent and turn", () => {
    const [first] = adapt([STATE]);
    expect(first.type).toBe("session.hydrated");
    expect(first.payload).toStrictEqual({
      change: "snapshot",
      source: "openai-agents.run_state",
      schemaVersion: "1.22",
      currentAgent: "ops",
      currentTurn: 1,
    });
  });

  it("ENV-09 only 1.x schema versions up to the known one are known; others are read by shape with a note", () => {
    const noted = (version: string) => diagnostics(adapt([stateWith({ $schemaVersion: version })]));
    for (const version of ["1.0", "1.22"]) expect(noted(version), version).not.toContain("schema_mismatch");
    for (const version of ["11.0", "1.2-beta", "1.999", "2.0"])
      expect(noted(version), version).toContain("schema_mismatch");
  });

  it("ENV-09 a state whose items all map draws no note about unsupported items", () => {
    expect(diagnostics(adapt([STATE]))).not.toContain("unsupported_source_event");
  });

  it("ENV-01 a record with a non-string schema version is not read as a RunState", () => {
    const events = adapt([stateWith({ $schemaVersion: 1.22 })]);
    expect(events.map((e) => e.type)).not.toContain("session.hydrated");
  });

  it("STAT-02 a state paused on an approval ends the run interrupted, naming the call", () => {
    const end = adapt([STATE]).find((e) => e.type === "run.finished");
    expect(end).toMatchObject({
      phase: "interrupted",
      payload: { outcome: "interrupted", reason: "awaiting approval of call_rm" },
    });
  });

  it("PERF-07 the state's token usage becomes token metrics; a count it lacks is not stated", () => {
    const metrics = (usage: Record<string, unknown>) =>
      adapt([stateWith({ context: { ...(STATE.context as object), usage } })])
        .filter((e) => e.type === "metric.changed")
        .map((e) => [e.metricName, e.payload]);
    expect(metrics({ inputTokens: 5, outputTokens: 7 })).toEqual([
      ["tokens.input.total", { value: 5, unit: "tokens" }],
      ["tokens.output.total", { value: 7, unit: "tokens" }],
    ]);
    expect(metrics({ outputTokens: 7 })).toEqual([["tokens.output.total", { value: 7, unit: "tokens" }]]);
  });

  it("HITL-01 a tool call item without a recorded decision is a tool call, not an approval request", () => {
    const callItem = (STATE.generatedItems as Record<string, unknown>[])[0];
    const events = adapt([
      stateWith({ generatedItems: [callItem], currentStep: { type: "next_step_run_again", data: {} } }),
    ]);
    expect(events.find((e) => e.type === "tool.started")).toMatchObject({ toolCallId: "call_rm" });
    expect(events.filter((e) => e.type.startsWith("action."))).toEqual([]);
  });

  it("TEAM-02 an item that names no agent is the run's own: no agent is announced for it", () => {
    const [callItem] = STATE.generatedItems as Record<string, unknown>[];
    const { agent: _agent, ...anonymous } = callItem;
    const events = adapt([
      stateWith({
        generatedItems: [
          callItem,
          { ...anonymous, rawItem: { ...(callItem.rawItem as object), callId: "call_2" } },
        ],
      }),
    ]);
    expect(events.filter((e) => e.type === "agent.changed")).toEqual([]);
  });

  it("ENV-09 no other object's toJSON is called to tell whether it is a RunState", () => {
    let called = 0;
    const other = {
      toJSON() {
        called += 1;
        return STATE;
      },
    };
    const events = adapt([other]);
    expect(called).toBe(0);
    expect(events.map((e) => e.type)).not.toContain("session.hydrated");
  });

  it("ENV-01 detection asks no other object's toJSON and does not take it for a RunState", () => {
    let called = 0;
    const other = {
      toJSON() {
        called += 1;
        return STATE;
      },
    };
    expect(openaiAgentsAdapter.detect(other)).toBe(0);
    expect(detectFormat([other]).format).not.toBe("openai-agents");
    expect(called).toBe(0);
  });

  it("HYD-09 ORD-02 the input is one fact named by its run: each run's snapshot shows its own input", () => {
    const traced = (id: string, prompt: string) =>
      adapt([stateWith({ trace: { object: "trace", id }, originalInput: prompt })]);
    const first = traced("trace_1", "delete /workspace/demo/x");
    const [input] = first.filter((e) => e.type === "messages.snapshot");
    expect(input.eventId).toBe("openai-agents:trace_1:input:messages.snapshot");
    expect(input.source).toMatchObject({ sourceType: "run_state:input", sourceEventId: "trace_1:input" });
    const both = projectEvents([...first, ...traced("trace_2", "list /workspace")]);
    expect(both.messages.filter((m) => m.role === "user").map((m) => [m.id, m.parts[0]?.text])).toEqual([
      ["trace_1:input", "delete /workspace/demo/x"],
      ["trace_2:input", "list /workspace"],
    ]);
  });

  it("HYD-09 a state with no input restates no input messages", () => {
    const events = adapt([stateWith({ originalInput: [] })]);
    expect(events.filter((e) => e.type === "messages.snapshot")).toEqual([]);
  });
});
