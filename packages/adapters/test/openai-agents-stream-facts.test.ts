// The OpenAI Agents SDK stream read record by record: why a cut stream's end is unknown, reasoning
// deltas of the provider's raw events, agent changes and records the adapter does not map. Records are
// the peer captures (`openai-agents.*.runstreamevents.jsonl`) or built in their exact shape.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { adapt, peerRecords as records } from "./openai-agents-support";

const RESUME = "openai-agents.approval-resume.runstreamevents.jsonl";

const raw = (data: Record<string, unknown>) => ({ type: "raw_model_stream_event", data });
const provider = (event: Record<string, unknown>) => raw({ type: "model", event });
const call = (callId: string) => ({
  id: `fc_${callId}`,
  type: "function_call",
  callId,
  name: "weather",
  status: "completed",
  arguments: '{"city":"Paris"}',
});
const item = (name: string, rawItem: Record<string, unknown>) => ({
  type: "run_item_stream_event",
  name,
  itemType: "tool_call_item",
  agent: "ops",
  rawItem,
});

const diagnostics = (events: AgentUiEvent[]) =>
  events.filter((e) => e.type === "diagnostic.changed").map((e) => [e.payload?.code, e.payload?.message]);

/** The `run.status` and the diagnostic a stream that ends without a known outcome closes with. */
function unknownEnd(events: AgentUiEvent[]) {
  const [status, diagnostic] = events.slice(-2);
  expect(status).toMatchObject({ type: "run.status", payload: { status: "unknown" } });
  expect(diagnostic).toMatchObject({
    type: "diagnostic.changed",
    payload: { code: "transport_unavailable", severity: "info" },
  });
  const reason = String(status.payload?.reason);
  expect(diagnostic.payload?.message).toBe(reason);
  return reason;
}

describe("openai-agents stream: why a cut stream's outcome is unknown (STAT-08, FALL-01)", () => {
  it("STAT-08 cut inside the model response: the reason says the response did not finish", () => {
    // The captured resumed stream up to its first text delta.
    const reason = unknownEnd(adapt(records(RESUME).slice(0, 3)));
    expect(reason).toBe(
      "openai-agents stream ended before the model response finished; the run's outcome is not known",
    );
  });

  it("FALL-01 cut after the tool output, before any model answer: no final model response", () => {
    const reason = unknownEnd(adapt(records(RESUME).slice(0, 1)));
    expect(reason).toBe(
      "openai-agents stream ended without a final model response; the run's outcome is not known",
    );
  });

  it("FALL-01 two calls requested and never run: both are named in the reason", () => {
    const response = { id: "r1", output: [call("call_a"), call("call_b")] };
    const events = adapt([
      raw({ type: "response_started" }),
      raw({ type: "response_done", response }),
      item("tool_called", call("call_a")),
      item("tool_called", call("call_b")),
    ]);
    expect(unknownEnd(events)).toContain("with tool call call_a, call_b unfinished;");
  });
});

describe("openai-agents stream: the provider's raw reasoning deltas (TEXT-06, TEXT-07)", () => {
  it("TEXT-06 a reasoning summary delta is summary reasoning of its item; a reasoning text delta is detail", () => {
    const events = adapt([
      provider({ type: "response.reasoning_summary_text.delta", item_id: "rs_1", delta: "Plan" }),
      provider({ type: "response.reasoning_text.delta", itemId: "rs_2", delta: "Step" }),
    ]);
    const deltas = events.filter((e) => e.type === "reasoning.delta");
    expect(deltas.map((e) => [e.partId, e.phase, e.payload])).toEqual([
      ["rs_1", "reasoning", { delta: "Plan", visibility: "summary" }],
      ["rs_2", "reasoning", { delta: "Step", visibility: "detail" }],
    ]);
  });

  it("TEXT-07 other provider events and reasoning events without a delta add nothing", () => {
    const events = adapt([
      provider({ type: "response.output_text.delta", item_id: "msg_1", delta: "Hi" }),
      provider({ type: "response.reasoning_summary_part.added", item_id: "rs_1" }),
    ]);
    expect(events.map((e) => e.type)).toEqual(["run.started", "run.status", "diagnostic.changed"]);
  });
});

describe("openai-agents stream: tool kinds and settled approvals (TOOL-04, HITL-03)", () => {
  it("TOOL-04 a hosted tool call is a hosted tool; another item type names its own kind", () => {
    const events = adapt([
      item("mcp_approval_requested", { type: "hosted_tool_call", id: "mcpr_1", name: "deploy" }),
      item("tool_called", { type: "computer_call", callId: "cu_1" }),
    ]);
    const started = events.filter((e) => e.type === "tool.started").map((e) => e.payload);
    expect(started).toEqual([
      { name: "deploy", kind: "hosted" },
      { name: "computer_call", kind: "computer_call" },
    ]);
  });

  it("HITL-03 an approval the same stream goes on past is resolved, saying the run went on", () => {
    const events = adapt([
      ...records("openai-agents.approval.runstreamevents.jsonl"),
      ...records(RESUME).slice(0, 1),
    ]);
    expect(events.find((e) => e.type === "action.resolved")?.payload).toEqual({
      outcome: "resolved",
      reason: "run went on past the call",
    });
  });
});

describe("openai-agents stream: agents and records it does not map", () => {
  it("TEAM-07 the same agent announced again is no change of agent", () => {
    const events = adapt([
      { type: "agent_updated_stream_event", agent: "ops" },
      { type: "agent_updated_stream_event", agent: "ops" },
      ...records(RESUME),
    ]);
    expect(events.filter((e) => e.type === "agent.changed")).toEqual([]);
    expect(events.every((e) => typeof e === "object" && typeof e.type === "string")).toBe(true);
  });

  it("ENV-09 DIAG-01 an unknown run item names its item; one without a name says so", () => {
    const events = adapt([
      item("brand_new_item", { id: "x" }),
      { type: "run_item_stream_event", rawItem: { id: "y" } },
    ]);
    const messages = events.filter((e) => e.type === "diagnostic.changed").map((e) => e.payload?.message);
    expect(messages.slice(0, 2)).toEqual([
      "openai-agents record #0: run item brand_new_item is not mapped",
      "openai-agents record #1: run item without name is not mapped",
    ]);
  });

  it("ENV-09 DIAG-01 records without what they need are named: raw event type, rawItem, agent name, call id", () => {
    const events = adapt([
      raw({ type: "brand_new_event" }),
      raw({}),
      { type: "run_item_stream_event", name: "tool_called" },
      { type: "agent_updated_stream_event" },
      item("tool_called", { type: "function_call", name: "weather" }),
      item("tool_output", { type: "function_call_result", output: "21C" }),
    ]);
    expect(diagnostics(events)).toEqual([
      ["unsupported_source_event", "openai-agents record #0: raw model event brand_new_event is not mapped"],
      ["unsupported_source_event", "openai-agents record #1: raw model event without type is not mapped"],
      ["unsupported_source_event", "openai-agents record #2: run item without rawItem"],
      ["unsupported_source_event", "openai-agents record #3: not understood by this adapter"],
      ["missing_correlation", "tool call without callId"],
      ["missing_correlation", "tool output without callId"],
      ["transport_unavailable", expect.stringContaining("without a final model response")],
    ]);
    const missing = events.filter((e) => e.payload?.code === "missing_correlation");
    expect(missing.map((e) => e.payload?.severity)).toEqual(["warning", "warning"]);
  });

  it("TOOL-02 an incomplete call fails with its output as the preview", () => {
    const events = adapt([
      item("tool_called", call("call_a")),
      item("tool_output", {
        type: "function_call_result",
        callId: "call_a",
        status: "incomplete",
        output: [{ type: "text", text: "half" }, { type: "image" }, { type: "text", text: " done" }],
      }),
    ]);
    expect(events.find((e) => e.type === "tool.failed")).toMatchObject({
      toolCallId: "call_a",
      phase: "failed",
      payload: { error: "tool call incomplete", outputPreview: "half done" },
    });
  });
});

describe("openai-agents stream: a handoff's id (TEAM-07)", () => {
  it("TEAM-07 a handoff item without a call id is keyed by its item id", () => {
    const events = adapt([
      item("handoff_occurred", {
        id: "fco_h",
        type: "function_call_result",
        output: '{"assistant":"reporter"}',
      }),
    ]);
    expect(events.find((e) => e.type === "agent.handoff")).toMatchObject({
      handoffId: "fco_h",
      payload: { to: "reporter", status: "accepted" },
    });
  });
});

describe("openai-agents stream: the phases a run goes through (STAT-03, TOOL-01)", () => {
  it("STAT-03 the run is submitted, then the model's response is producing, and so is its text", () => {
    const events = adapt([
      raw({ type: "response_started" }),
      raw({ type: "output_text_delta", itemId: "msg_1", delta: "Hi" }),
    ]);
    expect(events.slice(0, 3).map((e) => [e.type, e.phase, e.payload])).toEqual([
      ["run.started", "submitted", undefined],
      ["run.status", "producing", { status: "streaming" }],
      ["text.delta", "producing", { delta: "Hi" }],
    ]);
  });

  it("ENV-09 a response_done without its response (nor usage) is read without a diagnostic", () => {
    const events = adapt([raw({ type: "response_started" }), raw({ type: "response_done" })]);
    expect(diagnostics(events)).toEqual([
      [
        "transport_unavailable",
        "openai-agents stream ended without a final model response; the run's outcome is not known",
      ],
    ]);
    expect(events.filter((e) => e.type === "metric.changed")).toEqual([]);
  });

  it("HITL-04 a tool output after the model responded, for a call never announced, invents no approval", () => {
    const events = adapt([
      raw({ type: "response_started" }),
      raw({ type: "response_done", response: { output: [{ type: "function_call" }] } }),
      item("tool_output", { type: "function_call_result", callId: "call_x", output: "21C" }),
    ]);
    expect(events.filter((e) => e.type.startsWith("action."))).toEqual([]);
    expect(events.find((e) => e.type === "tool.result")).toMatchObject({ toolCallId: "call_x" });
  });
});
