// A serialized OpenAI Agents RunState (the peer capture `openai-agents.approval.runstate.json`, with the
// fields `state.approve()` / `state.reject()` and later turns write) read fact by fact: the approval
// record tables of each schema, the diagnostics of what it cannot show, the agents after a handoff, and
// the SDK's live RunState object without its JSON form.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { adapt, peerRecords, STATE, stateWith } from "./openai-agents-support";

/** The captured state with approval records in `context` (as `state.approve()` writes them). */
const withRecords = (records: Record<string, unknown>) =>
  stateWith({ context: { ...(STATE.context as object), ...records } });
const decisionOf = (state: unknown) => projectEvents(adapt([state])).actions.call_rm;
const diagnostics = (events: AgentUiEvent[]) =>
  events.filter((e) => e.type === "diagnostic.changed").map((e) => e.payload);

describe("openai-agents RunState: approval record tables (HITL-04)", () => {
  it("HITL-04 an 'always' record under the 1.x state key names the tool by the key's last entry", () => {
    const always = (key: string) => ({
      functionApprovals: [{ agentIdentity: "ops", approvals: { [key]: { approved: true, rejected: [] } } }],
    });
    expect(decisionOf(withRecords(always('["bare","delete_file"]')))).toMatchObject({
      status: "resolved",
      decision: "approve",
    });
    expect(decisionOf(withRecords(always('["namespace","fs","delete_file"]'))).decision).toBe("approve");
    // A key naming another tool, or a key that is no list, decides nothing for delete_file.
    expect(decisionOf(withRecords(always('["namespace","delete_file","rm"]'))).status).toBe("pending");
    expect(decisionOf(withRecords(always('["bare",7]'))).status).toBe("pending");
    expect(decisionOf(withRecords(always("[delete_file"))).status).toBe("pending");
  });

  it("HITL-04 'always reject' rejects the call; a tool both always approved and always rejected stays undecided", () => {
    const table = (approved: unknown, rejected: unknown) => ({
      approvals: { delete_file: { approved, rejected } },
    });
    expect(decisionOf(withRecords(table([], true)))).toMatchObject({
      status: "resolved",
      decision: "reject",
    });
    const both = decisionOf(withRecords(table(true, true)));
    expect(both.status).toBe("pending");
    expect(both.decision).toBeUndefined();
  });

  it("HITL-04 every table is read: legacy, hosted MCP and per-invocation records, beside entries that are no record", () => {
    const call = { approved: ["call_rm"], rejected: [] };
    for (const records of [
      { legacyFunctionApprovals: { delete_file: call } },
      { hostedMcpApprovals: { delete_file: { approved: [], rejected: ["call_rm"] } } },
      { approvalInvocations: [null, "x", { approvals: { other: "junk", delete_file: call } }] },
    ]) {
      const action = decisionOf(withRecords(records));
      expect(action.status).toBe("resolved");
      expect(action.decision).toBe("hostedMcpApprovals" in records ? "reject" : "approve");
    }
  });
});

describe("openai-agents RunState: how the run stood (STAT-08, HITL-04)", () => {
  it("HITL-04 a recorded decision resolves the approval under the stream's approval id, saying where it came from", () => {
    const resolved = (events: AgentUiEvent[]) => events.find((e) => e.type === "action.resolved");
    const fromState = resolved(
      adapt([withRecords({ approvals: { delete_file: { approved: ["call_rm"] } } })]),
    );
    expect(fromState?.payload).toEqual({
      outcome: "resolved",
      decision: "approve",
      reason: "decision recorded in the run state",
    });
    const resume = peerRecords("openai-agents.approval-resume.runstreamevents.jsonl");
    expect(resolved(adapt(resume))?.eventId).toBe(fromState?.eventId);
  });

  it("STAT-08 a finished state completes the run; one without a step is mid-run, its end unknown", () => {
    const done = adapt([stateWith({ currentStep: { type: "next_step_final_output", output: "x" } })]);
    expect(done.find((e) => e.type === "run.finished")).toMatchObject({
      phase: "completed",
      payload: { outcome: "success" },
    });
    const { currentStep: _, ...stepless } = stateWith({});
    const events = adapt([stepless]);
    const reason = "RunState taken mid-run (next step: none); whether the run went on is not known";
    expect(events.find((e) => e.type === "run.status")?.payload).toEqual({ status: "unknown", reason });
    expect(diagnostics(events).at(-1)).toEqual({
      code: "transport_unavailable",
      severity: "info",
      message: `openai-agents ${reason}`,
    });
  });
});

describe("openai-agents RunState: what it cannot show is reported (ENV-09, DIAG-01)", () => {
  it("DIAG-01 an unknown schema and unmapped items and inputs are named, as information", () => {
    const odd = stateWith({
      $schemaVersion: "2.0",
      originalInput: [{ type: "compaction" }, { type: "compaction" }, 5],
      generatedItems: [{ type: "compaction_item", rawItem: { type: "compaction" } }],
    });
    expect(diagnostics(adapt([odd])).slice(0, 2)).toEqual([
      {
        code: "schema_mismatch",
        severity: "info",
        message:
          "openai-agents RunState schema 2.0 is not one this adapter knows (up to 1.22); mapped by shape",
      },
      {
        code: "unsupported_source_event",
        severity: "info",
        message:
          "openai-agents RunState items not shown: input compaction ×2, input item ×1, compaction_item ×1",
      },
    ]);
  });

  it("HYD-09 an input message's parts without text (an image) add nothing to its text", () => {
    const input = [
      {
        id: "u_1",
        role: "user",
        content: [
          { type: "input_text", text: "What is " },
          { type: "input_image", image_url: "https://example.test/x.png" },
          { type: "input_text", text: "this?" },
        ],
      },
    ];
    const state = projectEvents(adapt([stateWith({ originalInput: input })]));
    const asked = state.messages.find((m) => m.id === "u_1");
    expect(asked?.parts.map((p) => p.text).join("")).toBe("What is this?");
  });

  it("HYD-09 a developer input is a system message; each input fact names its item's type or role", () => {
    const input = [
      { role: "developer", content: "Be terse." },
      { role: "assistant", content: [{ type: "output_text", text: "Hi." }] },
      { id: "msg_0", type: "message", role: "assistant", content: [{ type: "output_text", text: "Yes." }] },
      { type: "function_call", callId: "call_ls", name: "list_dir", arguments: "{}" },
    ];
    const events = adapt([stateWith({ originalInput: input })]);
    const system = projectEvents(events).messages.filter((m) => m.role === "system");
    expect(system.map((m) => m.parts.map((p) => p.text).join(""))).toEqual(["Be terse."]);
    const from = (e: AgentUiEvent) => e.source?.sourceType;
    expect(events.filter((e) => e.type === "text.final").map(from)).toEqual([
      "run_state:input:assistant",
      "run_state:input:message",
    ]);
    expect(events.find((e) => e.type === "tool.started" && e.toolCallId === "call_ls")?.source).toMatchObject(
      {
        sourceType: "run_state:input:function_call",
      },
    );
  });

  it("ENV-09 an item without rawItem is named by its position", () => {
    const events = adapt([stateWith({ generatedItems: [{ type: "message_output_item" }] })]);
    expect(diagnostics(events)[0]).toMatchObject({
      code: "unsupported_source_event",
      message: "RunState item #0 without rawItem",
    });
  });

  it("ENV-09 the SDK's RunState object without a toJSON is reported, not read", () => {
    const events = adapt([{ _generatedItems: [] }]);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      code: "unsupported_source_event",
      message: "openai-agents record #0: RunState without its JSON form",
    });
  });
});

describe("openai-agents RunState: agents after a handoff (TEAM-07)", () => {
  const said = (id: string, words: string, agent: string) => ({
    type: "message_output_item",
    rawItem: {
      id,
      type: "message",
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: words }],
    },
    agent: { name: agent },
  });
  const finished = stateWith({
    currentAgent: { name: "reporter" },
    currentStep: { type: "next_step_final_output", output: "It is 21C." },
    generatedItems: [
      said("msg_1", "Let me check.", "triage"),
      said("msg_2", "Looking it up.", "reporter"),
      {
        type: "reasoning_item",
        rawItem: { id: "rs_1", type: "reasoning", content: [{ type: "input_text", text: "Paris." }] },
        agent: { name: "reporter" },
      },
      said("msg_3", "It is 21C.", "reporter"),
    ],
  });

  it("TEAM-07 the receiving agent's facts carry its id, the first agent's none; it is announced once", () => {
    const events = adapt([finished]);
    const byMessage = Object.fromEntries(
      events.filter((e) => e.type === "text.final").map((e) => [e.messageId, e.agentId]),
    );
    expect(byMessage).toEqual({ msg_1: undefined, msg_2: "reporter", msg_3: "reporter" });
    expect(events.find((e) => e.type === "reasoning.summary")).toMatchObject({
      agentId: "reporter",
      phase: "reasoning",
      partId: "rs_1",
    });
    const changed = events.filter((e) => e.type === "agent.changed");
    expect(changed.map((e) => [e.agentId, e.payload])).toEqual([["reporter", { agentName: "reporter" }]]);
    const state = projectEvents(events);
    expect(Object.keys(state.agents)).toContain("reporter");
    expect(state.session.hydration.status).toBe("hydrated");
  });

  it("TEAM-07 ORD-02 two specialists in one state are two agents, each announced under its own id", () => {
    const two = {
      ...finished,
      generatedItems: [...(finished.generatedItems as object[]), said("msg_4", "Noted.", "writer")],
    };
    const events = adapt([two]);
    const changed = events.filter((e) => e.type === "agent.changed");
    expect(changed.map((e) => e.agentId)).toEqual(["reporter", "writer"]);
    expect(new Set(changed.map((e) => e.eventId)).size).toBe(2);
    expect(Object.keys(projectEvents(events).agents)).toEqual(expect.arrayContaining(["reporter", "writer"]));
  });

  it("ORD-02 the stream's reasoning item and the state's are one fact (same event id)", () => {
    const reasoning = (events: AgentUiEvent[]) => events.find((e) => e.type === "reasoning.summary");
    const streamed = adapt([
      {
        type: "run_item_stream_event",
        name: "reasoning_item_created",
        itemType: "reasoning_item",
        agent: "reporter",
        rawItem: { id: "rs_1", type: "reasoning", content: [{ type: "input_text", text: "Paris." }] },
      },
    ]);
    expect(reasoning(streamed)?.eventId).toBe(reasoning(adapt([finished]))?.eventId);
    const other = stateWith({
      generatedItems: [{ ...(finished.generatedItems as object[])[2], rawItem: { id: "rs_2" } }],
    });
    expect(reasoning(adapt([other]))?.eventId).not.toBe(reasoning(streamed)?.eventId);
  });
});
