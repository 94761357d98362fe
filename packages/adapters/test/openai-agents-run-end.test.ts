// How an OpenAI Agents run ends on the stream, and how that end meets the RunState's: a stream that stops
// at approvals and the state serialized at them end the run once (one event id, the calls named in
// order); a run handed off to a specialist ends with that specialist done; a stream resumed after a
// snapshot goes on from the snapshot's agent. Built on the peer captures of the delete_file approval.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { openaiAgentsAdapter } from "../src/openai-agents";
import { adapt, peerRecords as records, rawCall, STATE, stateWith } from "./openai-agents-support";

const item = (name: string, rawItem: Record<string, unknown>, agent = "ops") => ({
  type: "run_item_stream_event",
  name,
  agent,
  rawItem,
});
const raw = (type: string, extra: Record<string, unknown> = {}) => ({
  type: "raw_model_stream_event",
  data: { type, ...extra },
});
const ends = (events: AgentUiEvent[]) => events.filter((e) => e.type === "run.finished");
const call = (callId: string) => ({ ...rawCall, id: `fc_${callId}`, callId });

describe("openai-agents: a run stopped at approvals (HITL-03, ORD-02)", () => {
  it("HITL-03 ORD-02 the stream's end at the approval and the RunState's are one fact naming the call", () => {
    const streamed = ends(adapt(records("openai-agents.approval.runstreamevents.jsonl")));
    expect(streamed).toHaveLength(1);
    expect(streamed[0]).toMatchObject({
      phase: "interrupted",
      payload: { outcome: "interrupted", reason: "awaiting approval of call_rm" },
    });
    const snapshot = ends(adapt([STATE]));
    expect(snapshot.map((e) => e.eventId)).toEqual([streamed[0].eventId]);
  });

  it("HITL-03 ORD-02 two pending approvals are named in order, on the stream as in the state", () => {
    const stream = adapt([
      raw("response_started"),
      raw("response_done", { response: { output: [{ type: "function_call" }] } }),
      item("tool_approval_requested", call("call_a")),
      item("tool_approval_requested", call("call_b")),
    ]);
    const pending = ["call_a", "call_b"].map((id) => ({
      type: "tool_approval_item",
      rawItem: call(id),
      agent: { name: "ops" },
    }));
    const snapshot = adapt([
      stateWith({
        generatedItems: [],
        currentStep: { type: "next_step_interruption", data: { interruptions: pending } },
      }),
    ]);
    const reason = "awaiting approval of call_a, call_b";
    expect(ends(stream).map((e) => [e.phase, e.payload?.reason])).toEqual([["interrupted", reason]]);
    expect(ends(snapshot).map((e) => [e.eventId, e.payload?.reason])).toEqual([
      [ends(stream)[0].eventId, reason],
    ]);
    // One projection fed both: the run stays interrupted, waiting on both calls.
    const state = projectEvents([...stream, ...snapshot]);
    expect(state.runtime.status).toBe("interrupted");
    expect(Object.keys(state.actions).sort()).toEqual(["call_a", "call_b"]);
  });

  it("STAT-08 the end of input ends the run once, however often it is called", () => {
    const adapter = openaiAgentsAdapter.create();
    for (const [i, record] of records("openai-agents.approval.runstreamevents.jsonl").entries())
      adapter.push(record, i);
    expect(ends(adapter.finish())).toHaveLength(1);
    expect(adapter.finish()).toEqual([]);
  });
});

describe("openai-agents: a run handed off to a specialist (TEAM-07)", () => {
  const said = (id: string, text: string, agent: string) =>
    item(
      "message_output_created",
      { id, type: "message", role: "assistant", content: [{ type: "output_text", text }] },
      agent,
    );
  const finalResponse = raw("response_done", { response: { output: [{ type: "message" }] } });

  it("TEAM-07 the specialist that gave the final output finishes with the run", () => {
    const events = adapt([
      { type: "agent_updated_stream_event", agent: "triage" },
      item(
        "handoff_occurred",
        { type: "function_call_result", callId: "call_h", output: '{"assistant":"reporter"}' },
        "triage",
      ),
      { type: "agent_updated_stream_event", agent: "reporter" },
      raw("response_started"),
      said("msg_2", "It is 21C.", "reporter"),
      finalResponse,
    ]);
    const tail = events.slice(-2);
    expect(tail.map((e) => e.type)).toEqual(["agent.completed", "run.finished"]);
    expect(tail[0]).toMatchObject({
      agentId: "reporter",
      topology: "specialist_handoff",
      payload: { agentName: "reporter", status: "completed" },
    });
    expect(tail[1]).toMatchObject({ phase: "completed", payload: { outcome: "success" } });
    expect(projectEvents(events).agents.reporter?.status).toBe("completed");
  });

  it("TEAM-07 a run its own agent finished completes no agent of the team", () => {
    const events = adapt([raw("response_started"), said("msg_1", "Done.", "ops"), finalResponse]);
    expect(events.filter((e) => e.type === "agent.completed")).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "run.finished", payload: { outcome: "success" } });
  });
});

describe("openai-agents: the parties of a handoff on the stream (TEAM-07)", () => {
  const result = { type: "function_call_result", callId: "call_h", output: '{"assistant":"writer"}' };
  const handedOff = (events: AgentUiEvent[]) =>
    events
      .filter((e) => e.type === "agent.handoff" || e.type === "agent.changed")
      .map((e) => [e.type, e.agentId, e.payload, (e.eventId ?? "").includes("handed-off:call_h")]);
  const expected = [
    ["agent.handoff", "reporter", { from: "triage", to: "reporter", status: "accepted" }, false],
    [
      "agent.changed",
      "triage",
      { agentName: "triage", status: "completed", summary: "handed off to reporter" },
      true,
    ],
  ];

  it("TEAM-07 the live SDK's item names both agents, before the record's agent and the output", () => {
    const live = {
      type: "run_item_stream_event",
      name: "handoff_occurred",
      agent: "ops",
      item: { rawItem: result, sourceAgent: { name: "triage" }, targetAgent: { name: "reporter" } },
    };
    expect(handedOff(adapt([live]))).toEqual(expected);
  });

  it("TEAM-07 a serialized item names both agents by name, before the record's agent and the output", () => {
    const serialized = {
      ...item("handoff_occurred", result),
      sourceAgent: "triage",
      targetAgent: "reporter",
    };
    expect(handedOff(adapt([serialized]))).toEqual(expected);
  });

  it("TEAM-07 a specialist's own handoff is the target's, and a handoff without a target no one's", () => {
    const events = adapt([
      item(
        "message_output_created",
        { id: "msg_1", type: "message", role: "assistant", content: [] },
        "triage",
      ),
      item("handoff_occurred", result, "reporter"),
      item("handoff_occurred", { ...result, callId: "call_h2", output: "no json" }, "reporter"),
    ]);
    expect(events.filter((e) => e.type === "agent.handoff").map((e) => [e.agentId, e.payload])).toEqual([
      ["writer", { from: "reporter", to: "writer", status: "accepted" }],
      [undefined, { from: "reporter", status: "accepted" }],
    ]);
  });
});

describe("openai-agents: a stream after a RunState (HYD-09, TEAM-07)", () => {
  const afterHandoff = stateWith({ currentAgent: { name: "reporter" } });

  it("TEAM-07 the resumed stream goes on from the snapshot's agent: a change of agent is announced", () => {
    const events = adapt([afterHandoff, { type: "agent_updated_stream_event", agent: "writer" }]);
    expect(events.filter((e) => e.type === "agent.changed").map((e) => [e.agentId, e.payload])).toEqual([
      ["writer", { agentName: "writer", status: "running" }],
    ]);
  });

  it("STAT-08 a response cut before the snapshot is not the resumed stream's: its cut names its own gap", () => {
    const events = adapt([
      raw("response_started"),
      STATE,
      item("tool_output", { type: "function_call_result", callId: "call_rm", output: "deleted" }),
    ]);
    expect(events.at(-1)?.payload?.message).toBe(
      "openai-agents stream ended without a final model response; the run's outcome is not known",
    );
  });
});
