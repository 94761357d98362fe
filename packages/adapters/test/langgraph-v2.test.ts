// LangGraph streaming protocol v2 events in the protocol's documented shape (@langchain/protocol); the
// live test in packages/conformance reads a real graph's `streamEvents(…, {version: "v3"})`.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { adaptRecords, langgraphV2Adapter } from "../src";

let seq = 0;
const ev = (
  method: string,
  data: unknown,
  namespace: string[] = [],
  extra: Record<string, unknown> = {},
) => ({
  type: "event",
  seq: seq++,
  method,
  params: { namespace, timestamp: 1, data },
  ...extra,
});
const adapt = (records: unknown[]): AgentUiEvent[] => {
  const adapter = langgraphV2Adapter.create();
  return [...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
};
const ofType = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);

const NODE = ["agent:t1"];
const msg = (data: Record<string, unknown>, ns = NODE) => ev("messages", data, ns);

describe("langgraph-v2 adapter", () => {
  it("ENV-01 protocol events detect as langgraph-v2", () => {
    const records = [ev("lifecycle", { event: "running" }), ev("values", { messages: [] })];
    expect(adaptRecords(records, "auto").detected?.format).toBe("langgraph-v2");
  });

  it("TEXT-04 a root node's content blocks: text streamed once, reasoning stated once, the run's own", () => {
    const events = adapt([
      ev("lifecycle", { event: "running" }),
      msg({ event: "message-start", id: "m1", role: "ai" }),
      msg({ event: "content-block-start", index: 0, content: { type: "reasoning", reasoning: "" } }),
      msg({
        event: "content-block-delta",
        index: 0,
        delta: { type: "reasoning-delta", reasoning: "Think " },
      }),
      msg({ event: "content-block-delta", index: 0, delta: { type: "reasoning-delta", reasoning: "hard." } }),
      msg({
        event: "content-block-finish",
        index: 0,
        content: { type: "reasoning", reasoning: "Think hard." },
      }),
      msg({ event: "content-block-start", index: 1, content: { type: "text", text: "" } }),
      msg({ event: "content-block-delta", index: 1, delta: { type: "text-delta", text: "Hi " } }),
      msg({ event: "content-block-delta", index: 1, delta: { type: "text-delta", text: "there" } }),
      msg({ event: "content-block-finish", index: 1, content: { type: "text", text: "Hi there" } }),
      msg({ event: "message-finish", reason: "stop" }),
      ev("lifecycle", { event: "completed" }),
    ]);
    expect(ofType(events, "diagnostic.changed")).toEqual([]);
    expect(ofType(events, "reasoning.summary")).toEqual([
      expect.objectContaining({ messageId: "m1", payload: { text: "Think hard." } }),
    ]);
    expect(ofType(events, "text.delta").map((e) => [e.agentId, e.payload?.delta])).toEqual([
      [undefined, "Hi "],
      [undefined, "there"],
    ]);
    expect(ofType(events, "run.finished")).toHaveLength(1);
  });

  it("TOOL-01 TOOL-02 tool-call blocks stream args; tool-error fails the call", () => {
    const events = adapt([
      ev("lifecycle", { event: "running" }),
      msg({ event: "message-start", id: "m1" }),
      msg({
        event: "content-block-start",
        index: 0,
        content: { type: "tool_call_chunk", id: "c1", name: "ls", args: "" },
      }),
      msg({
        event: "content-block-delta",
        index: 0,
        delta: { type: "tool-call-delta", args: '{"dir":"/"}' },
      }),
      msg({ event: "message-finish" }),
      ev("tools", { event: "tool-started", tool_call_id: "c1", tool_name: "ls" }, ["tools:t2"]),
      ev("tools", { event: "tool-error", tool_call_id: "c1", message: "permission denied" }, ["tools:t2"]),
    ]);
    expect(ofType(events, "tool.started").map((e) => e.toolCallId)).toEqual(["c1"]);
    expect(ofType(events, "tool.args").map((e) => e.payload?.argsDelta)).toContain('{"dir":"/"}');
    const failed = ofType(events, "tool.failed");
    expect(failed.map((e) => [e.toolCallId, e.agentId])).toEqual([["c1", undefined]]);
  });

  it("HITL-01 input.requested raises a pending action; a failed root lifecycle fails the run", () => {
    const events = adapt([
      ev("lifecycle", { event: "running" }),
      ev("input.requested", { interrupt_id: "i1", payload: { question: "Proceed?" } }),
    ]);
    expect(ofType(events, "action.required").map((e) => e.actionId)).toEqual(["i1"]);
    expect(ofType(events, "action.resolved")).toEqual([]);
    const failed = adapt([
      ev("lifecycle", { event: "running" }),
      ev("lifecycle", { event: "failed", error: "OOM" }),
    ]);
    expect(ofType(failed, "run.failed")).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ message: "OOM" }) }),
    ]);
  });

  it("TEAM-02 a namespace that reports graph state is a subagent; its nodes' messages are its own", () => {
    const sub = ["research:t9"];
    const events = adapt([
      ev("lifecycle", { event: "running" }),
      ev("values", { messages: [] }, sub),
      msg({ event: "message-start", id: "s1" }, [...sub, "search:t10"]),
      msg({ event: "content-block-delta", index: 0, delta: { type: "text-delta", text: "found" } }, [
        ...sub,
        "search:t10",
      ]),
    ]);
    expect(ofType(events, "agent.spawned").map((e) => e.agentId)).toEqual(["research:t9"]);
    expect(ofType(events, "text.delta").map((e) => e.agentId)).toEqual(["research:t9"]);
  });

  it("ERR-01 a model-call error is an error diagnostic; unknown methods and orphan blocks are reported", () => {
    const events = adapt([
      ev("lifecycle", { event: "running" }),
      msg({ event: "error", message: "rate limited" }),
      ev("teleport", {}),
      msg({ event: "content-block-delta", index: 0, delta: { type: "text-delta", text: "x" } }, ["other:t3"]),
      ev("lifecycle", { event: "completed" }),
    ]);
    const diagnostics = ofType(events, "diagnostic.changed").map((e) => e.payload);
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: "runtime_error", severity: "error", message: "rate limited" }),
      expect.objectContaining({ code: "unsupported_source_event" }),
      expect.objectContaining({ code: "unsupported_source_event" }),
    ]);
  });

  it("ORD-02 an event replayed with the same event_id is projected once", () => {
    const first = ev("values", { messages: [{ type: "ai", id: "m1", content: "Hello" }] }, [], {
      event_id: "e-1",
    });
    const events = adapt([ev("lifecycle", { event: "running" }, [], { event_id: "e-0" }), first, first]);
    expect(ofType(events, "text.final")).toHaveLength(1);
    const once = adapt([ev("lifecycle", { event: "running" }, [], { event_id: "e-0" }), first]);
    expect(events.filter((e) => e.type !== "diagnostic.changed").length).toBe(
      once.filter((e) => e.type !== "diagnostic.changed").length,
    );
  });
});
