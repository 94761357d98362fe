// Live: the real `@ag-ui/client` pipeline (an AbstractAgent subclass through `runAgent`, and the same
// agent behind HTTP SSE on loopback via `EventEncoder` → `HttpAgent`) produces the shared scenario;
// the events its subscriber saw go through auto-detection, the ag-ui adapter and the projection.
import { adaptRecords } from "@agent-ui/adapters";
import type { ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { beforeAll, describe, expect, it } from "vitest";
import { compactEvents } from "@ag-ui/client";
import type { BaseEvent } from "@ag-ui/core";
import { AG_UI_DENIED_ANSWER, ScenarioAgent, runAgUiInProcess, runAgUiOverHttp } from "./ag-ui.producer";
import { assistantTextParts, projectProduction, scenarioFacts } from "./live-support";
import { type LiveProduction, SHARED_SCENARIO } from "./producer";

const s = SHARED_SCENARIO;
const errors = (state: ProjectionState) => state.diagnostics.filter((d) => d.severity === "error");
const toolOf = (state: ProjectionState) => Object.values(state.tools)[0];
const approvalOf = (state: ProjectionState) => Object.values(state.actions)[0];

describe("live @ag-ui/client: approval-gated delete_file, in process and over HTTP SSE", () => {
  let inProcess: LiveProduction;
  let overHttp: Awaited<ReturnType<typeof runAgUiOverHttp>>;
  beforeAll(async () => {
    inProcess = await runAgUiInProcess(true);
    overHttp = await runAgUiOverHttp(true);
  });

  it("ENV-01 the events of both variants and both runs auto-detect as ag-ui", () => {
    for (const production of [inProcess, overHttp]) {
      expect(production.format).toBe("ag-ui");
      expect(projectProduction(production).detected).toBe("ag-ui");
      expect(projectProduction(production, production.interruptedRunLength).detected).toBe("ag-ui");
    }
  });

  it("HITL-01 after the interrupted run: preamble once, tool approval-requested, one pending approval, interrupted", () => {
    const { state } = projectProduction(inProcess, inProcess.interruptedRunLength);
    expect(assistantTextParts(state)).toEqual([s.preamble]);
    expect(Object.values(state.tools)).toHaveLength(1);
    expect(toolOf(state)).toMatchObject({ name: s.toolName, status: "approval-requested" });
    expect(toolOf(state).inputSummary).toContain(s.toolInput.path);
    expect(Object.values(state.actions)).toEqual([
      expect.objectContaining({
        type: "tool_approval",
        status: "pending",
        toolCallId: toolOf(state).toolCallId,
        prompt: `Delete ${s.toolInput.path}?`,
        availableDecisions: ["approve", "reject"],
      }),
    ]);
    expect(approvalOf(state).schema).toMatchObject({ properties: { approved: { type: "boolean" } } });
    expect(state.runtime.status).toBe("interrupted");
    expect(errors(state)).toEqual([]);
  });

  it("HITL-02 HITL-03 TOOL-01 TEXT-04 after the resume: approved (stated by the resume entry), tool output, answer once", () => {
    const { state } = projectProduction(inProcess);
    // RUN_STARTED.input echoes `resume: [{interruptId, status: "resolved", payload: {approved: true}}]`.
    expect(approvalOf(state)).toMatchObject({ status: "resolved", decision: "approve" });
    expect(toolOf(state)).toMatchObject({ name: s.toolName, status: "output-available" });
    expect(toolOf(state).outputPreview).toContain(s.toolOutput);
    expect(assistantTextParts(state)).toEqual([s.preamble, s.answer]);
    expect(state.runtime.status).toBe("completed");
    expect(errors(state)).toEqual([]);
  });

  it("ENV-01 over HTTP SSE the HttpAgent posted the resume and the projection equals the in-process one", () => {
    expect(overHttp.requests.map((input) => input.resume ?? [])).toEqual([
      [],
      [{ interruptId: expect.any(String), status: "resolved", payload: { approved: true } }],
    ]);
    expect(overHttp.interruptedRunLength).toBe(inProcess.interruptedRunLength);
    for (const upTo of [inProcess.interruptedRunLength, undefined]) {
      const local = projectProduction(inProcess, upTo).state;
      const remote = projectProduction(overHttp, upTo ?? overHttp.records.length).state;
      expect(scenarioFacts(remote)).toEqual(scenarioFacts(local));
      expect(remote.runtime.status).toBe(local.runtime.status);
    }
  });

  it("ORD-02 TEXT-04 the client's compactEvents form (what a store would persist and replay) projects the same", () => {
    const compacted = compactEvents(inProcess.records as BaseEvent[]);
    expect(compacted.length).toBeLessThan(inProcess.records.length);
    const replayed = projectProduction({ ...inProcess, records: compacted });
    expect(replayed.detected).toBe("ag-ui");
    expect(scenarioFacts(replayed.state)).toEqual(scenarioFacts(projectProduction(inProcess).state));
  });

  it("ORD-02 the two runs through separate adapters still make one tool and one resolved approval", () => {
    const split = (from: number, to: number | undefined, streamId: string) =>
      adaptRecords(inProcess.records.slice(from, to), "ag-ui", { streamId }).events;
    const state = projectEvents([
      ...split(0, inProcess.interruptedRunLength, "run-1"),
      ...split(inProcess.interruptedRunLength, undefined, "run-2"),
    ]);
    expect(Object.values(state.tools)).toHaveLength(1);
    expect(toolOf(state).status).toBe("output-available");
    expect(Object.values(state.actions)).toHaveLength(1);
    expect(approvalOf(state)).toMatchObject({ status: "resolved", decision: "approve" });
    expect(assistantTextParts(state)).toEqual([s.preamble, s.answer]);
  });

  it("HITL-02 the answer goes through the resume API: the client refuses a run that leaves the interrupt unanswered", async () => {
    const agent = new ScenarioAgent({ threadId: "thread-refuse" });
    await agent.runAgent({ runId: "run-1" });
    expect(agent.pendingInterrupts).toHaveLength(1);
    await expect(agent.runAgent({ runId: "run-x" })).rejects.toThrow(/pending interrupt/);
  });
});

describe("live @ag-ui/client: the same call rejected", () => {
  it("HITL-04 rejection: recorded as reject from the resume entry; the tool never produces output", async () => {
    const production = await runAgUiInProcess(false);
    const { state } = projectProduction(production);
    expect(approvalOf(state)).toMatchObject({ status: "resolved", decision: "reject" });
    // The rejected tool ends denied instead of waiting on an approval that is already answered.
    expect(toolOf(state)).toMatchObject({ status: "output-error", error: { category: "denied" } });
    expect(toolOf(state).outputPreview ?? "").not.toContain(s.toolOutput);
    expect(assistantTextParts(state)).toEqual([s.preamble, AG_UI_DENIED_ANSWER]);
    expect(state.runtime.status).toBe("completed");
    expect(errors(state)).toEqual([]);
  });
});
