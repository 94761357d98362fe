// Live: the real `@openai/agents` runner (scripted model, offline) produces the shared scenario; its
// RunStreamEvents go through auto-detection, the adapter and the projection. Asserts what a user sees
// after the interruption (one pending approval, run interrupted) and after the resume.
import { adaptRecords } from "@agent-ui/adapters";
import type { ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type OpenAiAgentsProduction,
  openaiAgentsProducer,
  runOpenAiAgentsHandoff,
  runOpenAiAgentsScenario,
} from "./openai-agents.producer";
import { type LiveProduction, SHARED_SCENARIO } from "./producer";

function projectRecords(records: unknown[]): ProjectionState {
  return projectEvents(adaptRecords(records, "auto").events);
}

function texts(state: ProjectionState): string[] {
  return state.messages.flatMap((m) =>
    m.parts.filter((p) => p.kind === "assistant_text").map((p) => p.text ?? ""),
  );
}

describe("live @openai/agents: approval-gated delete_file", () => {
  let production: LiveProduction;
  beforeAll(async () => {
    production = await openaiAgentsProducer();
  });

  it("ENV-01 the serialized RunStreamEvents auto-detect as openai-agents", () => {
    expect(production.format).toBe("openai-agents");
    expect(adaptRecords(production.records, "auto").detected?.format).toBe("openai-agents");
  });

  it("HITL-01 HITL-03 after the interrupted run: the preamble, one pending approval, run interrupted", () => {
    const state = projectRecords(production.records.slice(0, production.interruptedRunLength));
    expect(texts(state)).toEqual([SHARED_SCENARIO.preamble]);
    expect(state.actions.call_rm).toMatchObject({
      status: "pending",
      type: "tool_approval",
      toolName: SHARED_SCENARIO.toolName,
      toolCallId: "call_rm",
    });
    expect(state.tools.call_rm).toMatchObject({ status: "approval-requested", actionId: "call_rm" });
    expect(state.tools.call_rm.inputSummary).toContain(SHARED_SCENARIO.toolInput.path);
    expect(state.runtime.status).toBe("interrupted");
  });

  it("HITL-03 TOOL-01 TEXT-04 after the resume: tool output, approval resolved, answer once, run completed", () => {
    const state = projectRecords(production.records);
    expect(texts(state)).toEqual([SHARED_SCENARIO.preamble, SHARED_SCENARIO.answer]);
    expect(state.tools.call_rm).toMatchObject({
      status: "output-available",
      outputPreview: SHARED_SCENARIO.toolOutput,
    });
    expect(Object.keys(state.tools)).toEqual(["call_rm"]);
    expect(state.actions.call_rm.status).toBe("resolved");
    expect(state.runtime.status).toBe("completed");
    expect(state.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("HITL-03 ORD-02 the two streams through separate adapters still make one tool and one approval", () => {
    const split = (from: number, to: number | undefined, streamId: string) =>
      adaptRecords(production.records.slice(from, to), "openai-agents", { streamId }).events;
    const state = projectEvents([
      ...split(0, production.interruptedRunLength, "run-1"),
      ...split(production.interruptedRunLength, undefined, "run-2"),
    ]);
    expect(Object.keys(state.tools)).toEqual(["call_rm"]);
    expect(Object.keys(state.actions)).toEqual(["call_rm"]);
    expect(state.actions.call_rm.status).toBe("resolved");
    expect(texts(state)).toEqual([SHARED_SCENARIO.preamble, SHARED_SCENARIO.answer]);
    expect(state.cursor.gaps).toEqual([]);
  });

  it("HITL-04 the resumed stream does not state the decision, so none is recorded", () => {
    // `state.approve()` happens in the caller; the resumed stream opens with the tool output only.
    const state = projectRecords(production.records);
    expect(state.actions.call_rm.decision).toBeUndefined();
  });
});

describe("live @openai/agents: the same call rejected", () => {
  it("HITL-04 a rejection is never recorded as an approval; the SDK's refusal text is the tool output", async () => {
    const rejected = await runOpenAiAgentsScenario("reject");
    const state = projectRecords(rejected.records);
    // The SDK streams a rejection exactly like an execution (a `tool_output` item carrying its
    // refusal message): the approval is resolved, its decision stays unknown, nothing was deleted.
    expect(state.actions.call_rm.status).toBe("resolved");
    expect(state.actions.call_rm.decision).not.toBe("approve");
    expect(state.tools.call_rm.outputPreview).not.toBe(SHARED_SCENARIO.toolOutput);
    expect(state.tools.call_rm.outputPreview).toMatch(/not approved/i);
  });
});

describe("live @openai/agents: the SDK's own event objects, unserialized", () => {
  it("ENV-01 HITL-03 live RunStreamEvent objects project like their serialized form", async () => {
    const live = await runOpenAiAgentsScenario("approve", "live");
    const serialized = await openaiAgentsProducer();
    const summary = (state: ProjectionState) => ({
      texts: texts(state),
      tools: Object.values(state.tools).map((t) => [t.toolCallId, t.name, t.status, t.outputPreview]),
      actions: Object.values(state.actions).map((a) => [a.actionId, a.status, a.toolName, a.decision]),
      run: state.runtime.status,
      errors: state.diagnostics.filter((d) => d.severity !== "info").map((d) => d.code),
    });
    expect(adaptRecords(live.records, "auto").detected?.format).toBe("openai-agents");
    expect(summary(projectRecords(live.records))).toEqual(summary(projectRecords(serialized.records)));
    expect(summary(projectRecords(live.records)).errors).toEqual([]);
  });
});

describe("live @openai/agents: tool call, then a handoff to a specialist", () => {
  let state: ProjectionState;
  let live: Awaited<ReturnType<typeof runOpenAiAgentsHandoff>>;
  beforeAll(async () => {
    live = await runOpenAiAgentsHandoff();
    state = projectRecords(live.records);
  });

  it("DIAG-01 diagnostics are true of the snapshot: no lineage_unknown for an agent an edge reaches", () => {
    const reached = new Set(state.team.edges.map((edge) => edge.to));
    expect(reached.size).toBeGreaterThan(0);
    const untrue = state.diagnostics.filter(
      (d) => d.code === "lineage_unknown" && [...reached].some((to) => d.message.includes(`agent ${to} `)),
    );
    expect(untrue).toEqual([]);
  });

  it("TEAM-07 TEAM-16 the finished RunState alone attributes the receiving agent's words and says specialist_handoff", () => {
    const fromState = projectEvents(adaptRecords([JSON.parse(live.runState)], "auto").events);
    const answer = fromState.messages.find((m) =>
      m.parts.some((p) => p.kind === "assistant_text" && p.text === String(live.finalOutput)),
    );
    expect(answer?.agentId).toBe(live.lastAgent);
    expect(fromState.team.topology).toBe("specialist_handoff");
    expect(fromState.runtime.status).toBe("completed");
  });

  it("ROUTE-02 token usage is the sum the SDK's own RunContext reports, not the last response's", () => {
    expect(state.metrics["tokens.input"]).toBe(live.usage.inputTokens);
    expect(state.metrics["tokens.output"]).toBe(live.usage.outputTokens);
  });

  it("TEAM-07 TEAM-05 each message is attributed to the agent that said it; both agents appear; the last completes", () => {
    const byText = Object.fromEntries(
      state.messages.flatMap((m) =>
        m.parts.filter((p) => p.kind === "assistant_text").map((p) => [p.text, m.agentId]),
      ),
    );
    // The SDK's final output is the receiving agent's answer: that agent said it.
    expect(byText[String(live.finalOutput)]).toBe(live.lastAgent);
    // The first agent's words stay the conversation's own assistant (no agent id).
    expect(byText["Let me check."]).toBeUndefined();
    const handoff = state.team.handoffs[0];
    expect(handoff.to).toBe(live.lastAgent);
    expect(Object.keys(state.agents)).toEqual(expect.arrayContaining([handoff.from, live.lastAgent]));
    expect(state.agents[String(handoff.from)].status).toBe("completed");
    expect(state.agents[String(live.lastAgent)].status).toBe("completed");
  });

  it("TOOL-01 TEXT-04 the weather call ends output-available and each text shows once", () => {
    expect(state.tools.call_w).toMatchObject({ name: "weather", status: "output-available" });
    expect(state.tools.call_w.outputPreview).toContain("21");
    expect(texts(state)).toEqual(["Let me check.", "It is 21°C in Paris."]);
    expect(Object.keys(state.actions)).toEqual([]);
  });

  it("TEAM-07 the handoff names from and to, and the reporter becomes the active agent", () => {
    // Serialized handoff_occurred items name neither agent: `from` is the active agent, `to` the
    // `{"assistant": "reporter"}` output the SDK writes for the transfer call.
    expect(state.team.handoffs).toEqual([
      expect.objectContaining({ handoffId: "call_h", from: "triage", to: "reporter", status: "accepted" }),
    ]);
    expect(Object.keys(state.agents)).toContain("reporter");
    expect(state.team.edges).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: "handoff", to: "reporter" })]),
    );
    expect(state.runtime.status).toBe("completed");
  });
});

describe("live @openai/agents: the serialized RunState (state.toString())", () => {
  let approved: OpenAiAgentsProduction;
  let rejected: OpenAiAgentsProduction;
  beforeAll(async () => {
    approved = await runOpenAiAgentsScenario("approve");
    rejected = await runOpenAiAgentsScenario("reject");
  });
  const streamOf = (production: LiveProduction, from: number, to: number | undefined, streamId: string) =>
    adaptRecords(production.records.slice(from, to), "openai-agents", { streamId }).events;
  const stateOf = (state: unknown, streamId: string) => adaptRecords([state], "auto", { streamId }).events;
  const warnings = (state: ProjectionState) =>
    state.diagnostics.filter((d) => d.severity !== "info").map((d) => d.code);

  it("ENV-01 a real RunState auto-detects as openai-agents", () => {
    for (const state of Object.values(approved.states))
      expect(adaptRecords([state], "auto").detected?.format).toBe("openai-agents");
  });

  it("HITL-01 HITL-03 the state at the interruption restores the approval the stream raised, same ids", () => {
    const fromStream = projectEvents(streamOf(approved, 0, approved.interruptedRunLength, "run-1"));
    const fromState = projectEvents(stateOf(approved.states.interrupted, "state"));
    expect(Object.keys(fromState.actions)).toEqual(Object.keys(fromStream.actions));
    expect(fromState.actions.call_rm).toMatchObject({
      status: "pending",
      type: "tool_approval",
      toolName: SHARED_SCENARIO.toolName,
      scope: SHARED_SCENARIO.toolInput,
    });
    expect(fromState.tools.call_rm).toMatchObject({ status: "approval-requested", actionId: "call_rm" });
    expect(texts(fromState)).toEqual([SHARED_SCENARIO.preamble]);
    expect(fromState.runtime.status).toBe("interrupted");
    const user = fromState.messages.filter((m) => m.role === "user").map((m) => m.parts[0]?.text);
    expect(user).toEqual([SHARED_SCENARIO.prompt]);
  });

  it("ORD-02 HITL-05 the interrupted stream and then its state: nothing twice, no gap, no warning", () => {
    const state = projectEvents([
      ...streamOf(approved, 0, approved.interruptedRunLength, "run-1"),
      ...stateOf(approved.states.interrupted, "state"),
    ]);
    expect(Object.keys(state.tools)).toEqual(["call_rm"]);
    expect(Object.keys(state.actions)).toEqual(["call_rm"]);
    expect(texts(state)).toEqual([SHARED_SCENARIO.preamble]);
    expect(state.runtime.status).toBe("interrupted");
    expect(state.cursor.gaps).toEqual([]);
    expect(warnings(state)).toEqual([]);
  });

  it("HITL-04 the state after state.approve() records the decision the stream never states", () => {
    const state = projectEvents(stateOf(approved.states.decided, "state"));
    expect(state.actions.call_rm).toMatchObject({ status: "resolved", decision: "approve" });
    // Decided, but the run only goes on when the caller resumes it.
    expect(state.runtime.status).toBe("interrupted");
  });

  it("HITL-04 a rejected call's states say reject, and the finished state shows the refusal as output", () => {
    expect(projectEvents(stateOf(rejected.states.decided, "s")).actions.call_rm.decision).toBe("reject");
    const finished = projectEvents(stateOf(rejected.states.finished, "s"));
    expect(finished.actions.call_rm).toMatchObject({ status: "resolved", decision: "reject" });
    expect(finished.tools.call_rm.outputPreview).toMatch(/not approved/i);
  });

  it("HITL-03 TEXT-04 the finished state alone: output, resolved approval, both texts once, completed", () => {
    const state = projectEvents(stateOf(approved.states.finished, "state"));
    expect(texts(state)).toEqual([SHARED_SCENARIO.preamble, SHARED_SCENARIO.answer]);
    expect(state.tools.call_rm).toMatchObject({
      status: "output-available",
      outputPreview: SHARED_SCENARIO.toolOutput,
    });
    expect(state.actions.call_rm).toMatchObject({ status: "resolved", decision: "approve" });
    expect(state.runtime.status).toBe("completed");
  });

  it("ENV-01 the SDK's RunState object itself (result.state) projects like its serialized form", () => {
    const live = adaptRecords([approved.liveState], "auto");
    expect(live.detected?.format).toBe("openai-agents");
    const serialized = adaptRecords([approved.states.finished], "auto");
    expect(live.events).toEqual(serialized.events);
    expect(projectEvents(live.events).runtime.status).toBe("completed");
  });

  it("ORD-02 both streams and every state in any order project the same facts once", () => {
    const parts = [
      streamOf(approved, 0, approved.interruptedRunLength, "run-1"),
      stateOf(approved.states.interrupted, "state-1"),
      stateOf(approved.states.decided, "state-2"),
      streamOf(approved, approved.interruptedRunLength, undefined, "run-2"),
      stateOf(approved.states.finished, "state-3"),
    ];
    const state = projectEvents(parts.flat());
    expect(texts(state)).toEqual([SHARED_SCENARIO.preamble, SHARED_SCENARIO.answer]);
    expect(Object.keys(state.tools)).toEqual(["call_rm"]);
    expect(Object.keys(state.actions)).toEqual(["call_rm"]);
    expect(state.actions.call_rm.status).toBe("resolved");
    expect(state.runtime.status).toBe("completed");
    expect(warnings(state)).toEqual([]);
  });
});

describe("live @openai/agents: where the run's end comes from", () => {
  it("STAT-08 FALL-01 the real streams cut at every record are completed only after the final model response", async () => {
    const production = await openaiAgentsProducer();
    const isResponseDone = (record: unknown) =>
      (record as { data?: { type?: string } }).data?.type === "response_done";
    const finalAt = production.records.findLastIndex(isResponseDone);
    expect(finalAt).toBeGreaterThan(production.interruptedRunLength);
    for (let cut = 1; cut <= production.records.length; cut++) {
      const status = projectRecords(production.records.slice(0, cut)).runtime.status;
      if (cut <= finalAt) expect(status, `cut at ${cut}`).not.toBe("completed");
      else expect(status, `cut at ${cut}`).toBe("completed");
    }
  });
});
