// A serialized OpenAI Agents RunState (`result.state.toString()`) through the openai-agents adapter
// and the projection: the run's items, its pending approvals (ids = call ids, as the stream gives
// them), the decisions the state records, and how the run stood, fed alone or beside the streams.
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { detectFormat } from "../src/auto";
import { openaiAgentsAdapter } from "../src/openai-agents";
import { adapt, ops, peerRecords as records, rawCall, STATE, stateWith } from "./openai-agents-support";

const STREAM = records("openai-agents.approval.runstreamevents.jsonl");
const RESUME = records("openai-agents.approval-resume.runstreamevents.jsonl");

const project = (events: AgentUiEvent[]): ProjectionState => projectEvents(events);
const warnings = (state: ProjectionState) =>
  state.diagnostics.filter((d) => d.severity !== "info").map((d) => d.code);

const output = (textOut: string, executed: boolean) => ({
  type: "tool_call_output_item",
  rawItem: {
    type: "function_call_result",
    name: "delete_file",
    callId: "call_rm",
    status: "completed",
    output: { type: "text", text: textOut },
  },
  agent: ops,
  output: textOut,
  ...(executed ? { executionStatus: "executed" } : {}),
});
const message = (id: string, said: string) => ({
  type: "message_output_item",
  rawItem: {
    id,
    type: "message",
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text: said }],
  },
  agent: ops,
});
const decided = (approved: string[], rejected: string[]) => ({
  ...(STATE.context as Record<string, unknown>),
  functionApprovals: [
    { agentIdentity: "ops", approvals: { '["bare","delete_file"]': { approved, rejected } } },
  ],
});
/** The state after the approved call ran and the model answered (shape of a real resumed RunState). */
const FINISHED = stateWith({
  currentTurn: 2,
  currentTurnInProgress: false,
  currentStep: { type: "next_step_final_output", output: "Deleted." },
  generatedItems: [
    { type: "tool_call_item", rawItem: rawCall, agent: ops },
    output("deleted /workspace/demo/x", true),
    message("msg_9", "Deleted."),
  ],
  context: decided(["call_rm"], []),
});

describe("openai-agents RunState: the captured interruption", () => {
  let events = adapt([STATE]);
  let state = project(events);
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    events = adapt([STATE]);
    state = project(events);
  });

  it("ENV-01 a RunState is detected as openai-agents, alone and beside the stream", () => {
    expect(detectFormat([STATE])).toMatchObject({ format: "openai-agents" });
    expect(openaiAgentsAdapter.detect(STATE)).toBeGreaterThan(0.9);
    expect(detectFormat([...STREAM, STATE]).format).toBe("openai-agents");
  });

  it("HITL-01 HITL-03 the pending approval is an action keyed by the call id, and the run is interrupted", () => {
    expect(state.actions.call_rm).toMatchObject({
      status: "pending",
      type: "tool_approval",
      toolName: "delete_file",
      toolCallId: "call_rm",
      scope: { path: "/workspace/demo/x" },
    });
    expect(state.tools.call_rm).toMatchObject({ status: "approval-requested", actionId: "call_rm" });
    expect(state.runtime.status).toBe("interrupted");
    expect(state.runtime.reason).toBe("awaiting approval of call_rm");
  });

  it("HYD-09 the snapshot shows the user's prompt and says it was hydrated", () => {
    const user = state.messages.filter((m) => m.role === "user");
    expect(user.map((m) => m.parts.map((p) => p.text))).toEqual([["delete /workspace/demo/x"]]);
    expect(state.session.hydration.status).toBe("hydrated");
    expect(warnings(state)).toEqual([]);
  });

  it("ORD-02 every fact is restated: stable unique ids, no stream position", () => {
    expect(events.every((e) => e.sequence === undefined)).toBe(true);
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
    expect(adapt([STATE]).map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
  });

  it("ENV-03 the source names the RunState and its schema version", () => {
    expect(events[0].source).toMatchObject({
      format: "openai-agents",
      sourceType: "run_state",
      schemaVersion: "1.22",
    });
  });
});

describe("openai-agents RunState beside the streams", () => {
  it("ORD-02 HITL-05 the stream, then the state of the same interruption: one tool, one approval, one run end", () => {
    const state = project([...adapt(STREAM, "run-1"), ...adapt([STATE], "state")]);
    expect(Object.keys(state.tools)).toEqual(["call_rm"]);
    expect(Object.keys(state.actions)).toEqual(["call_rm"]);
    expect(state.actions.call_rm.status).toBe("pending");
    expect(state.runtime.status).toBe("interrupted");
    expect(warnings(state)).toEqual([]);
    expect(state.cursor.gaps).toEqual([]);
  });

  it("HITL-03 the state, then the resumed stream: the approval resolves, the tool ends, the run completes", () => {
    const state = project([...adapt([STATE], "state"), ...adapt(RESUME, "run-2")]);
    expect(state.actions.call_rm.status).toBe("resolved");
    expect(state.tools.call_rm).toMatchObject({
      status: "output-available",
      outputPreview: "deleted /workspace/demo/x",
    });
    expect(state.runtime.status).toBe("completed");
    expect(warnings(state)).toEqual([]);
  });

  it("ORD-02 HITL-04 a state with the decision, then the resumed stream: the stream's restated resolution leaves no gap", () => {
    const decidedState = stateWith({ context: decided(["call_rm"], []) });
    const state = project([...adapt([decidedState], "state"), ...adapt(RESUME, "run-2")]);
    expect(state.actions.call_rm).toMatchObject({ status: "resolved", decision: "approve" });
    const answers = state.messages.flatMap((m) => m.parts.filter((p) => p.kind === "assistant_text"));
    expect(answers.map((p) => p.text)).toEqual(["Deleted."]);
    expect(state.runtime.status).toBe("completed");
    expect(state.cursor.gaps).toEqual([]);
  });

  it("ORD-02 TEXT-04 both streams and the finished state: every fact once", () => {
    const state = project([
      ...adapt(STREAM, "run-1"),
      ...adapt(RESUME, "run-2"),
      ...adapt([FINISHED], "state"),
    ]);
    const answers = state.messages.flatMap((m) => m.parts.filter((p) => p.kind === "assistant_text"));
    expect(answers.map((p) => p.text)).toEqual(["Deleted."]);
    expect(Object.keys(state.tools)).toEqual(["call_rm"]);
    expect(Object.keys(state.actions)).toEqual(["call_rm"]);
    expect(state.runtime.status).toBe("completed");
    expect(warnings(state)).toEqual([]);
  });

  it("ORD-02 one adapter fed the state and then the resumed stream ends the run once", () => {
    const events = adapt([STATE, ...RESUME]);
    expect(events.filter((e) => e.type === "run.finished").map((e) => e.payload?.outcome)).toEqual([
      "interrupted",
      "success",
    ]);
    expect(project(events).runtime.status).toBe("completed");
  });
});

describe("openai-agents RunState: decisions and outcomes", () => {
  it("HITL-04 a decision recorded by state.approve() is the approval's decision; the run still waits to resume", () => {
    const state = project(adapt([stateWith({ context: decided(["call_rm"], []) })]));
    expect(state.actions.call_rm).toMatchObject({ status: "resolved", decision: "approve" });
    expect(state.runtime.status).toBe("interrupted");
    expect(state.runtime.reason).toContain("resumes the state");
  });

  it("HITL-04 a rejection is recorded as reject, never as approve", () => {
    const state = project(adapt([stateWith({ context: decided([], ["call_rm"]) })]));
    expect(state.actions.call_rm).toMatchObject({ status: "resolved", decision: "reject" });
  });

  it("HITL-04 contradictory records (approved and rejected) record no decision and keep the approval pending", () => {
    const state = project(adapt([stateWith({ context: decided(["call_rm"], ["call_rm"]) })]));
    expect(state.actions.call_rm.status).toBe("pending");
    expect(state.actions.call_rm.decision).toBeUndefined();
  });

  it("HITL-04 an 'always approve' record for the tool (older schema, keyed by tool name) decides the call", () => {
    const context = {
      ...(STATE.context as object),
      approvals: { delete_file: { approved: true, rejected: [] } },
    };
    expect(project(adapt([stateWith({ context })])).actions.call_rm.decision).toBe("approve");
  });

  it("HITL-03 TOOL-01 a finished state: the approved call, its output, the answer, the run completed", () => {
    const state = project(adapt([FINISHED]));
    // The approval item is gone once the run went on; the recorded decision still shows it happened.
    expect(state.actions.call_rm).toMatchObject({ status: "resolved", decision: "approve" });
    expect(state.tools.call_rm.status).toBe("output-available");
    expect(state.runtime.status).toBe("completed");
    expect(state.metrics["tokens.input.total"]).toBe(0);
  });

  it("STAT-08 FALL-01 a state taken mid-run does not invent an outcome: status unknown, with the reason", () => {
    const midRun = stateWith({
      currentStep: { type: "next_step_run_again" },
      generatedItems: [message("m1", "Looking.")],
    });
    const events = adapt([midRun]);
    expect(events.some((e) => e.type === "run.finished")).toBe(false);
    const state = project(events);
    expect(state.runtime.status).toBe("unknown");
    expect(state.runtime.reason).toContain("next_step_run_again");
    expect(state.diagnostics.map((d) => d.code)).toContain("transport_unavailable");
  });

  it("TEAM-07 a handoff in the state names both agents", () => {
    const handoff = stateWith({
      currentAgent: { name: "reporter" },
      currentStep: { type: "next_step_final_output", output: "It is 21C." },
      generatedItems: [
        {
          type: "handoff_call_item",
          rawItem: {
            id: "fc_h",
            type: "function_call",
            callId: "call_h",
            name: "transfer_to_reporter",
            arguments: "{}",
          },
          agent: { name: "triage" },
        },
        {
          type: "handoff_output_item",
          rawItem: {
            type: "function_call_result",
            name: "transfer_to_reporter",
            callId: "call_h",
            output: { type: "text", text: '{"assistant":"reporter"}' },
          },
          sourceAgent: { name: "triage" },
          targetAgent: { name: "reporter" },
        },
      ],
    });
    const state = project(adapt([handoff]));
    expect(state.team.handoffs).toEqual([
      expect.objectContaining({ handoffId: "call_h", from: "triage", to: "reporter", status: "accepted" }),
    ]);
  });

  it("ENV-09 DIAG-01 items it cannot show and an unknown schema are reported, not dropped silently", () => {
    const odd = stateWith({
      $schemaVersion: "2.0",
      generatedItems: [{ type: "compaction_item", rawItem: { type: "compaction" }, agent: ops }, { nope: 1 }],
    });
    const codes = adapt([odd])
      .filter((e) => e.type === "diagnostic.changed")
      .map((e) => e.payload?.code);
    expect(codes).toEqual(["schema_mismatch", "unsupported_source_event", "unsupported_source_event"]);
  });
});

describe("openai-agents RunState: robustness (fast-check)", () => {
  it("ENV-09 any value in any RunState field never throws, and the run's end is always stated", () => {
    const field = fc.constantFrom(
      "originalInput",
      "generatedItems",
      "currentStep",
      "context",
      "modelResponses",
      "trace",
    );
    fc.assert(
      fc.property(field, fc.anything(), fc.array(fc.anything()), (key, value, items) => {
        // `generatedItems` must stay a list for the record to be a RunState; its items are anything.
        const events = adapt([stateWith({ [key]: key === "generatedItems" ? items : value })]);
        expect(events.length).toBeGreaterThan(0);
        const state = project(events);
        expect(["interrupted", "completed", "unknown"]).toContain(state.runtime.status);
      }),
      { numRuns: 150 },
    );
  });
});

describe("openai-agents stream end: cut anywhere (STAT-08, FALL-01)", () => {
  const WHOLE = [...STREAM, ...RESUME];
  /** The response_done whose output is the final answer: the stream's only evidence of completion. */
  const isFinalResponse = (record: unknown) =>
    JSON.stringify(record).includes('"type":"response_done"') && JSON.stringify(record).includes('"msg_9"');

  it("STAT-08 FALL-01 the two streams cut at every record never project completed before the final response", () => {
    const finalAt = WHOLE.findIndex(isFinalResponse);
    expect(finalAt).toBeGreaterThan(STREAM.length);
    for (let cut = 1; cut <= WHOLE.length; cut++) {
      const status = project(adapt(WHOLE.slice(0, cut))).runtime.status;
      if (cut <= finalAt) expect(status, `cut at ${cut}`).not.toBe("completed");
      else expect(status, `cut at ${cut}`).toBe("completed");
      // Up to the interruption the run waits on the approval; past the resume, unknown until the answer.
      if (cut === STREAM.length) expect(status).toBe("interrupted");
    }
  });

  it("STAT-08 a stream whose records were lost anywhere is completed only if the final response survived", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: WHOLE.length, maxLength: WHOLE.length }), (keep) => {
        const kept = WHOLE.filter((_, i) => keep[i]);
        fc.pre(kept.length > 0);
        const status = project(adapt(kept)).runtime.status;
        if (!kept.some(isFinalResponse)) expect(status).not.toBe("completed");
      }),
      { numRuns: 200 },
    );
  });

  it("FALL-01 a call requested by the last response and never run leaves the end unknown, with the reason", () => {
    const called = [
      { type: "raw_model_stream_event", data: { type: "response_started" } },
      {
        type: "raw_model_stream_event",
        data: {
          type: "response_done",
          response: { id: "r1", output: [{ ...rawCall, type: "function_call" }] },
        },
      },
      { type: "run_item_stream_event", name: "tool_called", agent: "ops", rawItem: rawCall },
    ];
    const state = project(adapt(called));
    expect(state.runtime.status).toBe("unknown");
    expect(state.runtime.reason).toContain("call_rm unfinished");
  });
});
