// Live: a real `@langchain/langgraph` graph (fake streaming chat model, interrupt(), ToolNode,
// MemorySaver) produces the shared scenario in process; its stream chunks go through auto-detection,
// the adapter and the projection. Also a variant with a `research` subgraph and custom progress.
import { adaptRecords } from "@agent-ui/adapters";
import type { ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { beforeAll, describe, expect, it } from "vitest";
import { STREAM_MODES, langgraphProducer, runLangGraphScenario } from "./langgraph.producer";
import { type LiveProduction, SHARED_SCENARIO } from "./producer";

function projectRecords(records: unknown[]): ProjectionState {
  return projectEvents(adaptRecords(records, "auto").events);
}

/** [agentId, text] of every assistant text part, in order. */
function texts(state: ProjectionState): [string | undefined, string][] {
  return state.messages.flatMap((m) =>
    m.parts
      .filter((p) => p.kind === "assistant_text")
      .map((p): [string | undefined, string] => [m.agentId, p.text ?? ""]),
  );
}

function onlyApproval(state: ProjectionState) {
  const approvals = Object.values(state.actions).filter((a) => a.type === "tool_approval");
  expect(approvals).toHaveLength(1);
  return approvals[0];
}

describe("live @langchain/langgraph: approval-gated delete_file", () => {
  let production: LiveProduction;
  beforeAll(async () => {
    production = await langgraphProducer();
  });

  it("ENV-01 the [namespace, mode, payload] chunks auto-detect as langgraph", () => {
    expect(adaptRecords(production.records, "auto").detected?.format).toBe("langgraph");
  });

  it("HITL-01 HITL-03 after the interrupt: the preamble once, one pending approval on call_rm, run interrupted", () => {
    const state = projectRecords(production.records.slice(0, production.interruptedRunLength));
    expect(texts(state)).toEqual([[undefined, SHARED_SCENARIO.preamble]]);
    const approval = onlyApproval(state);
    expect(approval).toMatchObject({ status: "pending", toolCallId: "call_rm", toolName: "delete_file" });
    expect(approval.scope).toEqual(SHARED_SCENARIO.toolInput);
    expect(state.tools.call_rm.actionId).toBe(approval.actionId);
    expect(["approval-requested", "input-available"]).toContain(state.tools.call_rm.status);
    expect(state.runtime.status).toBe("interrupted");
  });

  it("HITL-03 TOOL-01 TEXT-04 after Command({resume}): tool output, approval resolved, answer once, run completed", () => {
    const state = projectRecords(production.records);
    // "Deleted." arrives as 8 one-character chunks, then restated by `updates` and `values`: shown once.
    expect(texts(state)).toEqual([
      [undefined, SHARED_SCENARIO.preamble],
      [undefined, SHARED_SCENARIO.answer],
    ]);
    expect(Object.keys(state.tools)).toEqual(["call_rm"]);
    expect(state.tools.call_rm).toMatchObject({
      status: "output-available",
      outputPreview: SHARED_SCENARIO.toolOutput,
    });
    expect(onlyApproval(state).status).toBe("resolved");
    expect(state.runtime.status).toBe("completed");
    expect(state.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("HITL-04 the resume value is sent by the caller, never streamed: no decision is recorded", () => {
    const resumed = production.records.slice(production.interruptedRunLength);
    expect(JSON.stringify(resumed)).not.toContain('"approved"');
    expect(onlyApproval(projectRecords(production.records)).decision).toBeUndefined();
  });
});

describe("live @langchain/langgraph: the same call denied", () => {
  it("HITL-04 a denial resolves the approval without an approve decision and the tool never ran", async () => {
    const denied = await runLangGraphScenario({ approved: false });
    const state = projectRecords(denied.records);
    const approval = onlyApproval(state);
    expect(approval.status).toBe("resolved");
    expect(approval.decision).not.toBe("approve");
    expect(state.tools.call_rm.outputPreview).toBe("denied");
    expect(texts(state).at(-1)).toEqual([undefined, "I did not delete it."]);
  });
});

describe("live @langchain/langgraph: research subgraph with custom progress", () => {
  let state: ProjectionState;
  let interruptedState: ProjectionState;
  beforeAll(async () => {
    const production = await runLangGraphScenario({ approved: true, withResearch: true });
    state = projectRecords(production.records);
    interruptedState = projectRecords(production.records.slice(0, production.interruptedRunLength));
  });

  function researchAgent(s: ProjectionState) {
    const agents = Object.values(s.agents).filter((a) => a.agentId.startsWith("research:"));
    expect(agents).toHaveLength(1);
    return agents[0];
  }

  it("TEAM-02 TEAM-18 the subgraph is its own agent with a known parent, never flattened into the root", () => {
    const agent = researchAgent(state);
    expect(agent).toMatchObject({ name: "research", lineage: "known", parentThreadId: "thread-live-1" });
    expect(agent.status).toBe("completed");
    // The researcher's message belongs to the subgraph agent; the root's answers have no agent id.
    expect(texts(state)).toEqual([
      [agent.agentId, "Found 1 file."],
      [undefined, SHARED_SCENARIO.preamble],
      [undefined, SHARED_SCENARIO.answer],
    ]);
  });

  it("TASK-02 TEAM-12 the subgraph's custom progress lands on its own task, not in the root's app state", () => {
    const agent = researchAgent(interruptedState);
    const task = interruptedState.tasks[agent.agentId];
    expect(task).toBeDefined();
    expect(task.agentId).toBe(agent.agentId);
    expect(task.progress).toEqual({ message: "searching", ratio: 0.5 });
    expect(interruptedState.appState.custom).toBeUndefined();
  });

  it("HITL-03 the subgraph does not change the approval story", () => {
    expect(onlyApproval(interruptedState).status).toBe("pending");
    expect(interruptedState.runtime.status).toBe("interrupted");
    expect(onlyApproval(state).status).toBe("resolved");
    expect(state.runtime.status).toBe("completed");
  });
});

describe("live @langchain/langgraph: every stream mode at once", () => {
  it("ENV-09 HITL-03 tasks, checkpoints and debug add no warning and change nothing a user sees", async () => {
    const standard = projectRecords((await langgraphProducer()).records);
    const all = await runLangGraphScenario({
      approved: true,
      streamModes: ["updates", "messages", "custom", "values", "tasks", "checkpoints", "debug"],
    });
    const state = projectRecords(all.records);
    const seen = (s: ProjectionState) => ({
      texts: texts(s),
      tools: Object.values(s.tools).map((t) => [t.toolCallId, t.status, t.outputPreview]),
      approvals: Object.values(s.actions).map((a) => [a.type, a.status, a.toolCallId]),
      run: s.runtime.status,
    });
    expect(seen(state)).toEqual(seen(standard));
    expect(state.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    const interrupted = projectRecords(all.records.slice(0, all.interruptedRunLength));
    expect(onlyApproval(interrupted).status).toBe("pending");
    expect(interrupted.runtime.status).toBe("interrupted");
  });
});

describe("live @langchain/langgraph: a UI that reconnects between the runs", () => {
  it("HYD-01 HITL-03 getState() alone restores the pending approval; the resumed run on it resolves it", async () => {
    const production = await runLangGraphScenario({ approved: true });
    const live = projectRecords(production.records.slice(0, production.interruptedRunLength));
    const hydrated = projectRecords([production.stateAfterInterrupt]);
    // The snapshot restores the same approval (same id, same tool) and the preamble, without a run.
    expect(Object.keys(hydrated.actions)).toEqual(Object.keys(live.actions));
    expect(onlyApproval(hydrated)).toMatchObject({ status: "pending", toolCallId: "call_rm" });
    expect(texts(hydrated)).toEqual([[undefined, SHARED_SCENARIO.preamble]]);
    // A fresh adapter fed the snapshot, then only the resumed run, ends like the uninterrupted reader.
    const resumed = production.records.slice(production.interruptedRunLength);
    const state = projectRecords([production.stateAfterInterrupt, ...resumed]);
    expect(onlyApproval(state).status).toBe("resolved");
    expect(state.tools.call_rm).toMatchObject({
      status: "output-available",
      outputPreview: SHARED_SCENARIO.toolOutput,
    });
    expect(texts(state)).toEqual([
      [undefined, SHARED_SCENARIO.preamble],
      [undefined, SHARED_SCENARIO.answer],
    ]);
    expect(state.runtime.status).toBe("completed");
  });
});

describe("live @langchain/langgraph: where the run's end comes from", () => {
  it("STAT-08 FALL-01 without checkpoints the stream never says the graph finished: the end is unknown", async () => {
    const production = await runLangGraphScenario({
      approved: true,
      streamModes: STREAM_MODES.filter((mode) => mode !== "checkpoints"),
    });
    const state = projectRecords(production.records);
    // Everything the stream did say is there; only the outcome is not invented.
    expect(state.tools.call_rm.status).toBe("output-available");
    expect(onlyApproval(state).status).toBe("resolved");
    expect(state.runtime.status).toBe("unknown");
    expect(state.diagnostics.map((d) => d.code)).toContain("transport_unavailable");
  });

  it("STAT-08 FALL-01 the real stream cut at every record is completed only after its final checkpoint", async () => {
    const production = await langgraphProducer();
    const isFinal = (record: unknown) => {
      const [namespace, mode, payload] = record as [string[], string, { next?: unknown[] }];
      return mode === "checkpoints" && namespace.length === 0 && payload.next?.length === 0;
    };
    const lastFinal = production.records.findLastIndex(isFinal);
    expect(lastFinal).toBeGreaterThan(production.interruptedRunLength);
    for (let cut = 1; cut <= production.records.length; cut++) {
      const status = projectRecords(production.records.slice(0, cut)).runtime.status;
      if (cut <= lastFinal) expect(status, `cut at ${cut}`).not.toBe("completed");
      else expect(status, `cut at ${cut}`).toBe("completed");
    }
  });
});
