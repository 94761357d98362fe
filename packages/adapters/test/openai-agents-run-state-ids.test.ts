// The names a serialized OpenAI Agents RunState gives its facts, and what it says of items it cannot
// read: a snapshot is named by its run (the trace, else the first model response, else its input) and by
// where the run stood (turn, step, last response), so two snapshots of one run share their input and
// keep their own markers (ORD-02, HYD-09). Built on the peer capture `openai-agents.approval.runstate.json`.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { adapt, ops, rawCall, STATE, stateWith as replaced } from "./openai-agents-support";

/** A copy of the captured state with fields replaced; a field set to `undefined` is left out. */
function stateWith(changes: Record<string, unknown>): Record<string, unknown> {
  const state = replaced(changes);
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete state[key];
  return state;
}
const of = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);
const hydratedId = (events: AgentUiEvent[]) => of(events, "session.hydrated")[0]?.eventId;
const inputIds = (events: AgentUiEvent[]) =>
  of(events, "messages.snapshot").flatMap((e) =>
    ((e.payload?.messages ?? []) as { id: string }[]).map((m) => m.id),
  );
const diagnostics = (events: AgentUiEvent[]) => of(events, "diagnostic.changed");

describe("openai-agents RunState: the names of a snapshot (ORD-02, HYD-09)", () => {
  it("ORD-02 a state without a real trace is named by its model response, and its facts carry no trace", () => {
    // The capture's trace is the SDK's "no-op" trace (tracing disabled): no trace id of the run.
    const events = adapt([STATE]);
    expect(hydratedId(events)).toBe(
      "openai-agents:runstate:scripted-response-1:1:next_step_interruption:scripted-response-1:session.hydrated",
    );
    expect(inputIds(events)).toEqual(["scripted-response-1:input"]);
    expect(events.filter((e) => e.traceId !== undefined)).toEqual([]);
  });

  it("ORD-02 a real trace names the run; the snapshot's marker, input and end carry it", () => {
    const events = adapt([stateWith({ trace: { object: "trace", id: "trace_42" } })]);
    expect(hydratedId(events)).toBe(
      "openai-agents:runstate:trace_42:1:next_step_interruption:scripted-response-1:session.hydrated",
    );
    expect(inputIds(events)).toEqual(["trace_42:input"]);
    const traced = ["session.hydrated", "messages.snapshot", "run.finished"];
    expect(events.filter((e) => traced.includes(e.type)).map((e) => e.traceId)).toEqual([
      "trace_42",
      "trace_42",
      "trace_42",
    ]);
  });

  it("ORD-02 two snapshots of one run share its name (the first response) and keep their own (the last)", () => {
    const responses = [{ responseId: "resp_a" }, { responseId: "resp_b" }];
    const first = adapt([
      stateWith({ trace: null, lastModelResponse: undefined, modelResponses: responses.slice(0, 1) }),
    ]);
    const later = adapt([
      stateWith({ trace: null, lastModelResponse: undefined, modelResponses: responses, currentTurn: 2 }),
    ]);
    expect(hydratedId(first)).toBe(
      "openai-agents:runstate:resp_a:1:next_step_interruption:resp_a:session.hydrated",
    );
    expect(hydratedId(later)).toBe(
      "openai-agents:runstate:resp_a:2:next_step_interruption:resp_b:session.hydrated",
    );
    expect(inputIds(later)).toEqual(inputIds(first));
    // The stated last response names the snapshot before the list's last entry does.
    const stated = adapt([
      stateWith({ trace: null, lastModelResponse: { responseId: "resp_c" }, modelResponses: responses }),
    ]);
    expect(hydratedId(stated)).toBe(
      "openai-agents:runstate:resp_a:1:next_step_interruption:resp_c:session.hydrated",
    );
  });

  it("ORD-02 without trace or responses the run is named by a hash of its input (FNV-1a of its JSON)", () => {
    const bare = { trace: undefined, lastModelResponse: undefined, modelResponses: undefined };
    const events = adapt([stateWith({ ...bare, currentTurn: undefined, currentStep: undefined })]);
    // FNV-1a (32 bit) of `"delete /workspace/demo/x"`, quotes included, in hex.
    expect(hydratedId(events)).toBe("openai-agents:runstate:input-71a3efa1:0:no_step:-:session.hydrated");
    expect(inputIds(events)).toEqual(["input-71a3efa1:input"]);
    const noInput = adapt([stateWith({ ...bare, originalInput: undefined })]);
    // FNV-1a of `""`: a state without input is named like an empty prompt.
    expect(hydratedId(noInput)).toBe(
      "openai-agents:runstate:input-ffcaaa85:1:next_step_interruption:-:session.hydrated",
    );
  });
});

describe("openai-agents RunState: what it cannot read is named (ENV-09, DIAG-01)", () => {
  it("DIAG-01 each note and each unreadable item is its own diagnostic, with a warning for the item", () => {
    const events = adapt([
      stateWith({
        $schemaVersion: "2.0",
        generatedItems: [null, { type: "message_output_item" }, { rawItem: { type: "compaction" } }],
      }),
    ]);
    const found = diagnostics(events);
    expect(found.map((e) => e.payload)).toEqual([
      expect.objectContaining({ code: "schema_mismatch", severity: "info" }),
      {
        code: "unsupported_source_event",
        severity: "warning",
        message: "RunState item #0 without rawItem",
        summary: expect.anything(),
      },
      {
        code: "unsupported_source_event",
        severity: "warning",
        message: "RunState item #1 without rawItem",
        summary: expect.objectContaining({ keys: ["type"] }),
      },
      {
        code: "unsupported_source_event",
        severity: "info",
        message: "openai-agents RunState items not shown: unknown ×1",
      },
    ]);
    expect(new Set(found.map((e) => e.eventId)).size).toBe(found.length);
    expect(
      projectEvents(events).diagnostics.filter((d) => d.code === "unsupported_source_event"),
    ).toHaveLength(3);
  });

  it("ENV-09 a pending interruption without rawItem is named, outside the item list", () => {
    const events = adapt([
      stateWith({
        currentStep: {
          type: "next_step_interruption",
          data: { interruptions: [{ type: "tool_approval_item" }] },
        },
      }),
    ]);
    expect(diagnostics(events).map((e) => e.payload?.message)).toContain("RunState item #-1 without rawItem");
  });
});

describe("openai-agents RunState: items read as the stream reads them (TOOL-01, TEAM-07, HITL-04)", () => {
  it("HITL-04 a tool output whose call the state no longer holds finishes the tool and invents no approval", () => {
    const events = adapt([
      stateWith({
        currentStep: { type: "next_step_final_output", output: "Deleted." },
        generatedItems: [
          {
            type: "tool_call_output_item",
            rawItem: { type: "function_call_result", callId: "call_w", name: "weather", output: "21C" },
            agent: ops,
          },
        ],
      }),
    ]);
    expect(of(events, "action.resolved")).toEqual([]);
    expect(events.every((e) => e.sequence === undefined)).toBe(true);
    const state = projectEvents(events);
    expect(state.tools.call_w.status).toBe("output-available");
    expect(Object.keys(state.actions)).toEqual([]);
  });

  it("HITL-04 an input tool result without its call in the input finishes the tool and invents no approval", () => {
    const result = { type: "function_call_result", callId: "call_w", name: "weather", output: "21C" };
    const events = adapt([stateWith({ originalInput: [result] })]);
    expect(of(events, "action.resolved")).toEqual([]);
    const state = projectEvents(events);
    expect(state.tools.call_w.status).toBe("output-available");
    expect(Object.keys(state.actions)).toEqual(["call_rm"]);
  });

  it("TEAM-07 a specialist's own handoff is the target's, or no one's when the target is not named", () => {
    const handoff = (target: Record<string, unknown>) =>
      adapt([
        stateWith({
          currentAgent: { name: "writer" },
          generatedItems: [
            {
              type: "message_output_item",
              rawItem: { id: "msg_1", type: "message", role: "assistant", content: [] },
              agent: { name: "triage" },
            },
            {
              type: "handoff_output_item",
              rawItem: { type: "function_call_result", callId: "call_h2", name: "transfer_to_writer" },
              agent: { name: "reporter" },
              ...target,
            },
          ],
        }),
      ]);
    const handoffs = (events: AgentUiEvent[]) =>
      of(events, "agent.handoff").map((e) => [e.agentId, e.payload]);
    expect(handoffs(handoff({ targetAgent: { name: "writer" } }))).toEqual([
      ["writer", { from: "reporter", to: "writer", status: "accepted" }],
    ]);
    expect(handoffs(handoff({}))).toEqual([[undefined, { from: "reporter", status: "accepted" }]]);
  });

  it("TEAM-07 a handoff only asked for is a requested handoff from the agent that asked", () => {
    const events = adapt([
      stateWith({
        generatedItems: [
          {
            type: "handoff_call_item",
            rawItem: { id: "fc_h", type: "function_call", callId: "call_h", name: "transfer_to_reporter" },
            agent: { name: "triage" },
          },
        ],
      }),
    ]);
    expect(of(events, "agent.handoff").map((e) => [e.handoffId, e.agentId, e.payload])).toEqual([
      ["call_h", "triage", { from: "triage", status: "handoff_requested" }],
    ]);
  });

  it("TEAM-07 a handoff that took place names its target and its source, from the item or the item's agent", () => {
    const took = (parties: Record<string, unknown>) =>
      adapt([
        stateWith({
          currentAgent: { name: "reporter" },
          generatedItems: [
            {
              type: "handoff_output_item",
              rawItem: { type: "function_call_result", callId: "call_h", name: "transfer_to_reporter" },
              targetAgent: { name: "reporter" },
              ...parties,
            },
          ],
        }),
      ]);
    for (const parties of [{ agent: { name: "triage" } }, { sourceAgent: { name: "triage" } }])
      expect(of(took(parties), "agent.handoff").map((e) => [e.agentId, e.payload])).toEqual([
        ["reporter", { from: "triage", to: "reporter", status: "accepted" }],
      ]);
  });
});

describe("openai-agents RunState: how an interrupted or finished run is named (HITL-03, ORD-02)", () => {
  const interrupted = (interruptions: unknown[] | undefined, context?: unknown) =>
    stateWith({
      currentStep: { type: "next_step_interruption", ...(interruptions ? { data: { interruptions } } : {}) },
      ...(context === undefined ? {} : { context }),
    });
  const end = (events: AgentUiEvent[]) => of(events, "run.finished")[0];

  it("HITL-03 an interruption naming no call waits on nothing; one without a call id waits on 'unknown'", () => {
    expect(end(adapt([interrupted(undefined)]))).toMatchObject({
      eventId: "openai-agents:interruption::run.finished",
      payload: {
        outcome: "interrupted",
        reason: "approvals decided; the run goes on when the caller resumes the state",
      },
    });
    const nameless = {
      type: "tool_approval_item",
      rawItem: { type: "function_call", name: "delete_file" },
      agent: ops,
    };
    expect(end(adapt([interrupted([nameless])]))?.payload?.reason).toBe("awaiting approval of unknown");
  });

  it("HITL-04 an 'always approve' record for the tool decides the pending call: the run waits only to resume", () => {
    const always = {
      ...(STATE.context as object),
      approvals: { delete_file: { approved: true, rejected: [] } },
    };
    const pending = (STATE.currentStep as { data: { interruptions: unknown[] } }).data.interruptions;
    expect(end(adapt([interrupted(pending, always)]))?.payload?.reason).toBe(
      "approvals decided; the run goes on when the caller resumes the state",
    );
  });

  it("HITL-01 a hosted MCP approval in the state is named by its request item id, as on the stream", () => {
    const hosted = { type: "hosted_tool_call", id: "mcpr_1", name: "deploy", status: "in_progress" };
    const events = adapt([interrupted([{ type: "tool_approval_item", rawItem: hosted, agent: ops }])]);
    expect(end(events)).toMatchObject({
      eventId: "openai-agents:interruption:mcpr_1:run.finished",
      payload: { reason: "awaiting approval of mcpr_1" },
    });
    expect(projectEvents(events).actions.mcpr_1).toMatchObject({ status: "pending" });
  });

  it("ORD-02 a finished state without any message ends under its own snapshot's name", () => {
    const events = adapt([
      stateWith({
        currentStep: { type: "next_step_final_output", output: "" },
        generatedItems: [{ type: "tool_call_item", rawItem: rawCall, agent: ops }],
      }),
    ]);
    expect(end(events)).toMatchObject({
      eventId:
        "openai-agents:runstate:scripted-response-1:1:next_step_final_output:scripted-response-1:final:run.finished",
      payload: { outcome: "success" },
    });
  });
});
