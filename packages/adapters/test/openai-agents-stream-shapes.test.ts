// The OpenAI Agents SDK stream in each shape its records take: the agent named as a string or an object
// (serialized or live), snake-case fields of raw events and usage, refusals, what each event says of its
// source record, and the ids a run's end takes. Records are built in the shape of the peer captures
// (`openai-agents.*.runstreamevents.jsonl`) and of the SDK's live objects.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { adapt } from "./openai-agents-support";

const raw = (data: Record<string, unknown>) => ({ type: "raw_model_stream_event", data });
const message = (id: string | undefined, content: unknown[]) => ({
  ...(id === undefined ? {} : { id }),
  type: "message",
  role: "assistant",
  status: "completed",
  content,
});
const said = (id: string | undefined, text: string) => message(id, [{ type: "output_text", text }]);
/** A serialized message item; `agent` is spread as given, so each shape of the agent can be tried. */
const messageItem = (
  rawItem: Record<string, unknown>,
  agent: Record<string, unknown> = { agent: "triage" },
) => ({
  type: "run_item_stream_event",
  name: "message_output_created",
  itemType: "message_output_item",
  ...agent,
  rawItem,
});
/** A model response whose output is one message: the run's final answer. */
const finalResponse = (usage: Record<string, unknown> = {}) =>
  raw({ type: "response_done", response: { id: "r1", usage, output: [{ type: "message" }] } });
const finals = (events: AgentUiEvent[]) => events.filter((e) => e.type === "text.final");

describe("openai-agents stream: the agent of a run item, in each shape (TEAM-07)", () => {
  it("TEAM-07 a specialist named as a string, an object or the live item's agent owns its message", () => {
    for (const shape of [
      { agent: "reporter" },
      { agent: { name: "reporter" } },
      { agent: undefined, item: { agent: { name: "reporter" }, rawItem: said("msg_2", "21C.") } },
    ]) {
      const events = adapt([
        messageItem(said("msg_1", "Let me check."), { agent: "triage" }),
        messageItem(said("msg_2", "21C."), shape),
      ]);
      expect(finals(events).map((e) => [e.messageId, e.agentId, e.payload?.text])).toEqual([
        ["msg_1", undefined, "Let me check."],
        ["msg_2", "reporter", "21C."],
      ]);
    }
  });

  it("TEAM-07 an agent update names the agent as a string or as the live agent object", () => {
    for (const agent of ["reporter", { name: "reporter" }]) {
      const events = adapt([
        { type: "agent_updated_stream_event", agent: { name: "triage" } },
        { type: "agent_updated_stream_event", agent },
      ]);
      expect(events.filter((e) => e.type === "agent.changed")).toMatchObject([
        {
          agentId: "reporter",
          topology: "specialist_handoff",
          payload: { agentName: "reporter", status: "running" },
        },
      ]);
    }
  });
});

describe("openai-agents stream: what each event says of its source record (ENV-03)", () => {
  it("ENV-03 every event names the record's type and its item or raw event type, and its position", () => {
    const events = adapt([
      raw({ type: "response_started" }),
      { type: "agent_updated_stream_event", agent: "triage" },
      messageItem(said("msg_1", "Hi.")),
      raw({}),
    ]);
    const sources = events
      .filter((e) => e.type !== "run.finished" && e.payload?.code !== "transport_unavailable")
      .filter((e) => e.type !== "run.status" || e.payload?.status !== "unknown")
      .map((e) => [e.type, e.source?.sourceType, e.source?.index]);
    expect(sources).toEqual([
      ["run.started", "raw_model_stream_event:response_started", 0],
      ["run.status", "raw_model_stream_event:response_started", 0],
      ["text.final", "run_item_stream_event:message_output_created", 2],
      ["diagnostic.changed", "raw_model_stream_event", 3],
    ]);
    expect(events.every((e) => e.source?.format === "openai-agents")).toBe(true);
  });
});

describe("openai-agents stream: raw events and usage in either field spelling (TEXT-01, ROUTE-02)", () => {
  it("TEXT-01 a text delta names its message by item_id; a delta without text adds nothing to it", () => {
    const events = adapt([
      raw({ type: "output_text_delta", item_id: "msg_1", delta: "Hel" }),
      raw({ type: "output_text_delta", item_id: "msg_1" }),
      raw({ type: "output_text_delta", itemId: "msg_1", delta: "lo" }),
    ]);
    const deltas = events.filter((e) => e.type === "text.delta");
    expect(deltas.map((e) => [e.messageId, e.partId, e.payload])).toEqual([
      ["msg_1", "msg_1", { delta: "Hel" }],
      ["msg_1", "msg_1", { delta: "" }],
      ["msg_1", "msg_1", { delta: "lo" }],
    ]);
  });

  it("ROUTE-02 snake-case usage is summed like camel-case; a zero is reported, a negative count is not", () => {
    const events = adapt([
      raw({ type: "response_done", response: { usage: { input_tokens: 3, output_tokens: 0 } } }),
      raw({ type: "response_done", response: { usage: { inputTokens: 4, outputTokens: -2 } } }),
    ]);
    const metrics = events.filter((e) => e.type === "metric.changed");
    expect(metrics.map((e) => [e.metricName, e.payload])).toEqual([
      ["tokens.input", { value: 3, unit: "tokens" }],
      ["tokens.output", { value: 0, unit: "tokens" }],
      ["tokens.input", { value: 7, unit: "tokens" }],
    ]);
    expect(projectEvents(events).metrics).toMatchObject({ "tokens.input": 7, "tokens.output": 0 });
  });
});

describe("openai-agents stream: refusals (TEXT-04)", () => {
  it("TEXT-04 a refusal part is the message's text, marked as a refusal; a plain answer is not", () => {
    const events = adapt([
      messageItem(message("msg_1", [{ type: "refusal", refusal: "I can't help with that." }])),
      messageItem(message("msg_2", [{ type: "output_text", text: "Sure." }, { type: "output_image" }])),
      messageItem(
        message("msg_3", [
          { type: "output_text", text: "Here is part. " },
          { type: "refusal", refusal: "The rest I can't share." },
        ]),
      ),
    ]);
    expect(finals(events).every((e) => e.phase === "reconciling")).toBe(true);
    expect(finals(events).map((e) => e.payload)).toEqual([
      { text: "I can't help with that.", refusal: true },
      { text: "Sure." },
      { text: "Here is part. The rest I can't share.", refusal: true },
    ]);
  });
});

describe("openai-agents stream: how a finished run ends (STAT-08, ORD-02)", () => {
  it("STAT-08 a model response without an output list is not the final answer: the end stays unknown", () => {
    const events = adapt([
      raw({ type: "response_started" }),
      messageItem(said("msg_1", "Done.")),
      raw({ type: "response_done", response: { id: "r1" } }),
    ]);
    expect(events.some((e) => e.payload?.code === "unsupported_source_event")).toBe(false);
    expect(events.at(-2)).toMatchObject({
      type: "run.status",
      payload: {
        status: "unknown",
        reason: "openai-agents stream ended without a final model response; the run's outcome is not known",
      },
    });
  });

  it("ORD-02 the run's end is named after the last message that has an id, as the RunState names it", () => {
    const events = adapt([
      messageItem(said("msg_1", "Paris is sunny.")),
      messageItem(said(undefined, "Anything else?")),
      finalResponse(),
    ]);
    expect(events.at(-1)).toMatchObject({
      type: "run.finished",
      eventId: "openai-agents:final:msg_1:run.finished",
      payload: { outcome: "success" },
    });
  });

  it("ORD-02 two messages without an id are two facts, not one shared 'no id' name", () => {
    const events = adapt([messageItem(said(undefined, "One.")), messageItem(said(undefined, "Two."))]);
    const ids = finals(events).map((e) => e.eventId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it("ORD-02 a run finished without any message ends under a stream position, not a message's name", () => {
    const events = adapt([raw({ type: "response_started" }), finalResponse()]);
    const finished = events.at(-1);
    expect(finished).toMatchObject({ type: "run.finished", phase: "completed" });
    expect(finished?.eventId).not.toContain("final:");
    expect(finished?.sequence).toBe((events.at(-2)?.sequence ?? 0) + 1);
  });
});

describe("openai-agents stream: reasoning items and untyped calls (TEXT-06, TOOL-04)", () => {
  const reasoning = (rawItem: Record<string, unknown>) => ({
    type: "run_item_stream_event",
    name: "reasoning_item_created",
    itemType: "reasoning_item",
    agent: "triage",
    rawItem: { type: "reasoning", ...rawItem },
  });

  it("TEXT-06 a reasoning item's text is its text parts joined; other parts add nothing", () => {
    const events = adapt([
      reasoning({
        id: "rs_1",
        content: [
          { type: "reasoning_text", text: "Weather " },
          { type: "image" },
          { type: "reasoning_text", text: "first." },
        ],
      }),
    ]);
    expect(events.find((e) => e.type === "reasoning.summary")).toMatchObject({
      partId: "rs_1",
      eventId: "openai-agents:reasoning:rs_1:reasoning.summary",
      payload: { text: "Weather first." },
    });
  });

  it("ORD-02 a reasoning item without an id takes its stream position, not a shared 'no id' name", () => {
    const events = adapt([reasoning({ content: [] }), reasoning({})]);
    const summaries = events.filter((e) => e.type === "reasoning.summary");
    expect(summaries.map((e) => e.payload)).toEqual([{ text: "" }, { text: "" }]);
    expect(summaries.every((e) => !String(e.eventId).includes("reasoning:"))).toBe(true);
    expect(new Set(summaries.map((e) => e.eventId)).size).toBe(2);
  });

  it("TOOL-04 a call item without a type is a custom tool named by its name", () => {
    const events = adapt([
      {
        type: "run_item_stream_event",
        name: "tool_called",
        itemType: "tool_call_item",
        agent: "triage",
        rawItem: { callId: "call_x", name: "lookup" },
      },
    ]);
    expect(events.find((e) => e.type === "tool.started")?.payload).toEqual({
      name: "lookup",
      kind: "custom",
    });
  });
});

describe("openai-agents stream: call ids in each spelling, and handoffs (TOOL-01, TEAM-07)", () => {
  const run = (name: string, rawItem: Record<string, unknown>) => ({
    type: "run_item_stream_event",
    name,
    agent: "triage",
    rawItem,
  });

  it("TOOL-01 a function call or its output is a function tool, keyed by callId or call_id; a hosted call by its item id", () => {
    const events = adapt([
      run("tool_called", { id: "fc_1", type: "function_call", callId: "call_1", name: "weather" }),
      run("tool_called", { id: "fc_2", type: "function_call", call_id: "call_2", name: "weather" }),
      run("tool_called", { id: "ws_3", type: "hosted_tool_call", name: "web_search" }),
      // A resumed stream opens with the output of a call the previous stream announced.
      run("tool_output", { type: "function_call_result", callId: "call_4", name: "weather", output: "21C" }),
    ]);
    expect(events.filter((e) => e.type === "tool.started").map((e) => [e.toolCallId, e.payload])).toEqual([
      ["call_1", { name: "weather", kind: "function" }],
      ["call_2", { name: "weather", kind: "function" }],
      ["ws_3", { name: "web_search", kind: "hosted" }],
      ["call_4", { name: "weather", kind: "function" }],
    ]);
    expect(Object.keys(projectEvents(events).tools)).toEqual(["call_1", "call_2", "ws_3", "call_4"]);
  });

  it("TOOL-01 a call that states its input as `input`, not as JSON arguments, shows that input", () => {
    const events = adapt([
      run("tool_called", { type: "custom_tool_call", callId: "ct_1", name: "grep", input: "TODO" }),
    ]);
    expect(events.find((e) => e.type === "tool.args")?.payload).toEqual({ input: "TODO", complete: true });
  });

  it("HITL-01 approvals on the live stream: each call waits and its action is required, at stream positions", () => {
    const asked = (callId: string) =>
      run("tool_approval_requested", { type: "function_call", callId, name: "delete_file", arguments: "{}" });
    const events = adapt([asked("call_a"), asked("call_b")]);
    const waiting = events.filter((e) => e.type === "tool.started" || e.type === "tool.progress");
    expect(waiting.map((e) => [e.type, e.toolCallId, e.phase])).toEqual([
      ["tool.started", "call_a", "acting"],
      ["tool.progress", "call_a", "waiting"],
      ["tool.started", "call_b", "acting"],
      ["tool.progress", "call_b", "waiting"],
    ]);
    const required = events.filter((e) => e.type === "action.required");
    expect(required.every((e) => typeof e.sequence === "number")).toBe(true);
    const actions = projectEvents(events).actions;
    expect(Object.keys(actions)).toEqual(["call_a", "call_b"]);
    expect(actions.call_b.status).toBe("pending");
  });

  it("HITL-01 the required action is a tool approval titled after the tool, by its agent; without either, neither is named", () => {
    const events = adapt([
      run("tool_approval_requested", { type: "function_call", callId: "call_a", name: "delete_file" }),
      {
        type: "run_item_stream_event",
        name: "tool_approval_requested",
        rawItem: { type: "function_call", callId: "call_b" },
      },
    ]);
    const actions = events.filter((e) => e.type === "action.required");
    expect(actions.map((e) => [e.actionId, e.phase])).toEqual([
      ["call_a", "waiting"],
      ["call_b", "waiting"],
    ]);
    const required = actions.map((e) => e.payload);
    expect(required).toEqual([
      {
        actionType: "tool_approval",
        sourceType: "openai-agents.tool_approval_item",
        toolName: "delete_file",
        title: "Approve delete_file?",
        availableDecisions: ["approve", "reject"],
        requestedBy: { name: "triage" },
      },
      {
        actionType: "tool_approval",
        sourceType: "openai-agents.tool_approval_item",
        availableDecisions: ["approve", "reject"],
      },
    ]);
  });

  it("HITL-03 ORD-02 a resumed stream's first output settles the approval as restated; one the same stream went on past takes a position", () => {
    const output = run("tool_output", { type: "function_call_result", callId: "call_a", output: "done" });
    const resumed = adapt([output]).find((e) => e.type === "action.resolved");
    expect(resumed?.payload).toEqual({ outcome: "resolved", reason: "run resumed past the call" });
    expect(resumed?.sequence).toBeUndefined();
    const same = adapt([
      run("tool_approval_requested", { type: "function_call", callId: "call_a", name: "delete_file" }),
      output,
    ]).find((e) => e.type === "action.resolved");
    expect(same?.payload).toEqual({ outcome: "resolved", reason: "run went on past the call" });
    expect(typeof same?.sequence).toBe("number");
  });

  it("ORD-02 each call's result is its own fact, named by its call and its source record", () => {
    const events = adapt([
      run("tool_output", { type: "function_call_result", callId: "call_1", name: "weather", output: "21C" }),
      run("tool_output", {
        type: "function_call_result",
        callId: "call_2",
        name: "weather",
        output: { type: "text", text: "9C" },
      }),
    ]);
    const results = events.filter((e) => e.type === "tool.result");
    expect(results.every((e) => e.phase === "completed")).toBe(true);
    expect(results.map((e) => [e.eventId, e.source?.sourceType])).toEqual([
      ["openai-agents:call:call_1:tool.result", "run_item_stream_event:tool_output"],
      ["openai-agents:call:call_2:tool.result", "run_item_stream_event:tool_output"],
    ]);
    // A structured output is kept as the SDK gave it; its text is the preview.
    expect(results.map((e) => e.payload)).toEqual([
      { output: "21C", outputPreview: "21C" },
      { output: { type: "text", text: "9C" }, outputPreview: "9C" },
    ]);
  });

  it("HITL-01 an approval request without a call id raises no action, only the missing id", () => {
    const events = adapt([run("tool_approval_requested", { type: "function_call", name: "delete_file" })]);
    expect(events.filter((e) => e.type.startsWith("action.") || e.type.startsWith("tool."))).toEqual([]);
    expect(events.filter((e) => e.payload?.code === "missing_correlation")).toHaveLength(1);
  });

  it("ORD-01 a call on the live stream takes stream positions, in order after the run's start", () => {
    const events = adapt([
      run("tool_called", { type: "function_call", callId: "call_1", name: "weather", arguments: "{}" }),
    ]);
    expect(events.slice(0, 3).map((e) => [e.type, e.sequence])).toEqual([
      ["run.started", 1],
      ["tool.started", 2],
      ["tool.args", 3],
    ]);
    const done = adapt([
      run("tool_called", { type: "function_call", callId: "call_1", name: "weather" }),
      run("tool_output", { type: "function_call_result", callId: "call_1", output: "21C" }),
    ]);
    expect(done.find((e) => e.type === "tool.result")?.sequence).toBe(3);
  });

  it("TEAM-07 a handoff is keyed by its call id in either spelling, never by the item id, and says its topology", () => {
    const events = adapt([
      run("handoff_requested", { id: "fc_h", type: "function_call", callId: "call_h", name: "transfer" }),
      run("handoff_occurred", { id: "fco_h", type: "function_call_result", call_id: "call_h", output: "{}" }),
    ]);
    const handoffs = events.filter((e) => e.type === "agent.handoff");
    expect(handoffs.map((e) => [e.handoffId, e.topology, e.payload?.status])).toEqual([
      ["call_h", "specialist_handoff", "handoff_requested"],
      ["call_h", "specialist_handoff", "accepted"],
    ]);
  });

  it("ORD-02 handoffs without any id are separate facts, not one shared 'no id' name", () => {
    const events = adapt([
      run("handoff_occurred", { type: "function_call_result", output: '{"assistant":"reporter"}' }),
      run("handoff_occurred", { type: "function_call_result", output: '{"assistant":"writer"}' }),
    ]);
    const handoffs = events.filter((e) => e.type === "agent.handoff");
    expect(handoffs.map((e) => e.payload?.to)).toEqual(["reporter", "writer"]);
    expect(new Set(handoffs.map((e) => e.eventId)).size).toBe(2);
    expect(handoffs.every((e) => !String(e.eventId).includes("undefined"))).toBe(true);
  });
});
