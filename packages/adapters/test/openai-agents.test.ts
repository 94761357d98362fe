import type { AgentUiEvent } from "@agent-ui/contracts";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { openaiAgentsAdapter } from "../src/openai-agents";
import { adapt, peerRecords as records } from "./openai-agents-support";

const item = (name: string, rawItem: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "run_item_stream_event",
  name,
  agent: "triage",
  rawItem,
  ...extra,
});

describe("openai-agents adapter: approval interruption", () => {
  let events = adapt(records("openai-agents.approval.runstreamevents.jsonl"));
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    events = adapt(records("openai-agents.approval.runstreamevents.jsonl"));
  });

  it("HITL-01 tool_approval_requested is a pending tool_approval whose id is the call id", () => {
    const action = events.find((e) => e.type === "action.required");
    expect(action).toMatchObject({ actionId: "call_rm", toolCallId: "call_rm" });
    expect(action?.payload).toMatchObject({
      actionType: "tool_approval",
      toolName: "delete_file",
      scope: { path: "/workspace/demo/x" },
    });
    expect(action?.payload?.requestedBy).toEqual({ name: "ops" });
    expect(events.some((e) => e.type === "action.resolved")).toBe(false);
  });

  it("TOOL-01 the tool has complete input and waits on the approval, with no result", () => {
    const tool = events.filter((e) => e.toolCallId === "call_rm" && e.type.startsWith("tool."));
    expect(tool.map((e) => e.type)).toEqual(["tool.started", "tool.args", "tool.progress"]);
    expect(tool[1].payload).toMatchObject({ input: { path: "/workspace/demo/x" }, complete: true });
    expect(tool[2].payload).toEqual({ awaitingActionId: "call_rm" });
  });

  it("HITL-03 a stream that just ends with a pending approval is interrupted, not complete", () => {
    expect(events.at(-1)).toMatchObject({ type: "run.finished", payload: { outcome: "interrupted" } });
    expect(events.some((e) => e.type.startsWith("text."))).toBe(false);
  });
});

describe("openai-agents adapter: resume after approval", () => {
  let events = adapt(records("openai-agents.approval-resume.runstreamevents.jsonl"));
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    events = adapt(records("openai-agents.approval-resume.runstreamevents.jsonl"));
  });

  it("HITL-03 the resumed run settles the approval and the tool ends output-available", () => {
    const kinds = events.filter((e) => e.toolCallId === "call_rm").map((e) => e.type);
    expect(kinds).toEqual(["action.resolved", "tool.started", "tool.result"]);
    expect(events.find((e) => e.type === "tool.result")?.payload).toMatchObject({
      outputPreview: "deleted /workspace/demo/x",
    });
  });

  it("STAT-08 the stream cut inside a model response never finishes the run as completed", () => {
    const whole = records("openai-agents.approval-resume.runstreamevents.jsonl");
    expect(adapt(whole).at(-1)).toMatchObject({ type: "run.finished", payload: { outcome: "success" } });
    const cut = adapt(whole.slice(0, 3));
    expect(cut.some((e) => e.type === "run.finished")).toBe(false);
    expect(cut.at(-1)).toMatchObject({
      type: "diagnostic.changed",
      payload: { code: "transport_unavailable" },
    });
  });

  it("HITL-04 the resumed stream states no decision, so the resolution records none", () => {
    const resolved = events.find((e) => e.type === "action.resolved");
    expect(resolved?.payload).toMatchObject({ outcome: "resolved" });
    expect(resolved?.payload).not.toHaveProperty("decision");
    // A rejection (the SDK's refusal text as the output) resolves the same way, without "approve".
    const rejected = adapt([
      ...records("openai-agents.approval.runstreamevents.jsonl"),
      item(
        "tool_output",
        {
          type: "function_call_result",
          name: "delete_file",
          callId: "call_rm",
          status: "completed",
          output: { type: "text", text: "Tool execution was not approved." },
        },
        { agent: "ops" },
      ),
    ]);
    const resolution = rejected.find((e) => e.type === "action.resolved");
    expect(resolution?.payload).not.toHaveProperty("decision");
    expect(rejected.find((e) => e.type === "tool.result")?.payload).toMatchObject({
      outputPreview: "Tool execution was not approved.",
    });
  });

  it("ORD-02 a re-announced call reuses the first stream's event ids, so a shared projector dedupes it", () => {
    const first = adapt(records("openai-agents.approval.runstreamevents.jsonl"));
    const started = (list: AgentUiEvent[]) => list.find((e) => e.type === "tool.started")?.eventId;
    expect(started(events)).toBe(started(first));
    const resolved = events.find((e) => e.type === "action.resolved");
    expect(resolved?.eventId).not.toBe(first.find((e) => e.type === "action.required")?.eventId);
  });

  it("TEXT-04 the delta and message_output_created restate one text under one id", () => {
    const text = events.filter((e) => e.type.startsWith("text."));
    expect(text.map((e) => [e.type, e.messageId, e.partId])).toEqual([
      ["text.delta", "msg_9", "msg_9"],
      ["text.final", "msg_9", "msg_9"],
    ]);
    expect(text[1].payload?.text).toBe("Deleted.");
    expect(events.at(-1)).toMatchObject({ type: "run.finished", payload: { outcome: "success" } });
  });
});

describe("openai-agents adapter: more run items", () => {
  it("TEAM-07 handoffs become agent.handoff with from and to; the new active agent is announced", () => {
    const events = adapt([
      { type: "agent_updated_stream_event", agent: "triage" },
      item("handoff_requested", {
        type: "function_call",
        callId: "call_h",
        name: "transfer_to_reporter",
        arguments: "{}",
      }),
      item("handoff_occurred", {
        type: "function_call_result",
        callId: "call_h",
        output: '{"assistant":"reporter"}',
      }),
      { type: "agent_updated_stream_event", agent: "reporter" },
    ]);
    const handoffs = events.filter((e) => e.type === "agent.handoff");
    expect(handoffs.map((e) => [e.handoffId, e.payload?.status])).toEqual([
      ["call_h", "handoff_requested"],
      ["call_h", "accepted"],
    ]);
    expect(handoffs[1].payload).toMatchObject({ from: "triage", to: "reporter" });
    // The handing-off agent appears (its part done), then the receiving agent becomes the active one.
    expect(events.filter((e) => e.type === "agent.changed").map((e) => e.agentId)).toEqual([
      "triage",
      "reporter",
    ]);
  });

  it("TEAM-07 SDK 0.20 as serialized: no first agent_updated, an agentless handoff_occurred with a text-part output", () => {
    const events = adapt([
      item("tool_called", { type: "function_call", callId: "call_w", name: "weather", arguments: "{}" }),
      item("handoff_requested", { type: "function_call", callId: "call_h", name: "transfer_to_reporter" }),
      {
        type: "run_item_stream_event",
        name: "handoff_occurred",
        itemType: "handoff_output_item",
        rawItem: {
          type: "function_call_result",
          callId: "call_h",
          output: { type: "text", text: '{"assistant":"reporter"}' },
        },
      },
      { type: "agent_updated_stream_event", agent: "reporter" },
    ]);
    const accepted = events.filter((e) => e.type === "agent.handoff").at(-1);
    expect(accepted?.payload).toMatchObject({ from: "triage", to: "reporter", status: "accepted" });
    // The handing-off agent appears (its part done), then the receiving agent becomes the active one.
    expect(events.filter((e) => e.type === "agent.changed").map((e) => e.agentId)).toEqual([
      "triage",
      "reporter",
    ]);
  });

  it("TOOL-01 tool_called + tool_output without approval gives a plain tool row and no action", () => {
    const events = adapt([
      item("tool_called", {
        type: "function_call",
        callId: "c1",
        name: "weather",
        arguments: '{"city":"Paris"}',
      }),
      item("tool_output", {
        type: "function_call_result",
        callId: "c1",
        name: "weather",
        status: "completed",
        output: { type: "text", text: "21C" },
      }),
    ]);
    expect(events.filter((e) => e.toolCallId === "c1").map((e) => e.type)).toEqual([
      "tool.started",
      "tool.args",
      "tool.result",
    ]);
    expect(events.some((e) => e.type.startsWith("action."))).toBe(false);
  });

  it("TEXT-06 reasoning items are summaries and reasoning deltas stay process", () => {
    const events = adapt([
      {
        type: "raw_model_stream_event",
        data: {
          type: "model",
          event: { type: "response.reasoning_summary_text.delta", item_id: "rs1", delta: "Think" },
        },
      },
      item("reasoning_item_created", {
        type: "reasoning",
        id: "rs1",
        content: [{ type: "input_text", text: "Think" }],
      }),
    ]);
    // STAT-08: no model response finished in these records, so the run's end is unknown (this used to
    // be an invented completion).
    expect(events.map((e) => e.type)).toEqual([
      "run.started",
      "reasoning.delta",
      "reasoning.summary",
      "run.status",
      "diagnostic.changed",
    ]);
  });

  it("HITL-01 a hosted MCP approval request is a pending approval keyed by its item id", () => {
    const events = adapt([
      item("mcp_approval_requested", {
        type: "hosted_tool_call",
        id: "mcpr_1",
        name: "deploy",
        arguments: "{}",
      }),
    ]);
    expect(events.find((e) => e.type === "action.required")).toMatchObject({
      actionId: "mcpr_1",
      toolCallId: "mcpr_1",
    });
    expect(events.at(-1)).toMatchObject({ type: "run.finished", payload: { outcome: "interrupted" } });
  });

  it("SEC-02 secret arguments are redacted in tool input and approval scope", () => {
    const events = adapt([
      item("tool_approval_requested", {
        type: "function_call",
        callId: "c2",
        name: "deploy",
        arguments: '{"token":"ghp_abcdefghijklmnopqrstuvwxyz0123456789"}',
      }),
    ]);
    expect(JSON.stringify(events)).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123456789");
  });

  it("ENV-09 unknown events and items are diagnostics", () => {
    const events = adapt([{ type: "mystery" }, item("brand_new_item", { id: "x" })]);
    // The item started a run that nothing ended: its outcome is reported unknown (STAT-08).
    expect(events.filter((e) => e.type === "diagnostic.changed").map((e) => e.payload?.code)).toEqual([
      "unsupported_source_event",
      "unsupported_source_event",
      "transport_unavailable",
    ]);
  });

  it("detect picks RunStreamEvents and not other peers", () => {
    expect(
      openaiAgentsAdapter.detect({ type: "run_item_stream_event", name: "tool_called" }),
    ).toBeGreaterThan(0.9);
    expect(openaiAgentsAdapter.detect({ type: "raw_model_stream_event", data: {} })).toBeGreaterThan(0.9);
    expect(openaiAgentsAdapter.detect({ type: "stream_event", session_id: "s" })).toBe(0);
    expect(openaiAgentsAdapter.detect([[], "values", {}])).toBe(0);
  });

  it("ENV-09 arbitrary JSON never throws", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 20 }), (input) => {
        adapt(input);
        openaiAgentsAdapter.detect(input[0]);
      }),
    );
  });
});
