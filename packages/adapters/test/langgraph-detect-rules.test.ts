// How sure each LangGraph detector is of a record (ENV-01): auto-detection picks the adapter with the
// highest score, so a score is behaviour — LangGraph's own shapes outrank names any SSE stream may use.
import type { RecordMeta } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { langgraphAdapter, langgraphV2Adapter } from "../src";

const sse = (event: string, data: unknown = {}): [unknown, RecordMeta] => [data, { sseEvent: event }];

describe("langgraph detect", () => {
  it.each<[string, unknown, RecordMeta | undefined, number]>([
    ["a [namespace, mode, payload] tuple", [[], "values", {}], undefined, 0.97],
    ["a namespaced tuple", [["research:1"], "updates", {}], undefined, 0.97],
    ["a tuple of an unknown mode", [[], "tokens", {}], undefined, 0],
    ["a 3-tuple whose first item is not a namespace", ["values", "values", {}], undefined, 0],
    ["a [mode, payload] pair", ["messages", [{}, {}]], undefined, 0.7],
    ["a pair of an unknown mode", ["tokens", {}], undefined, 0],
    ["a pair whose mode is not a string", [1, {}], undefined, 0],
    ["a 4-tuple", [[], "values", {}, {}], undefined, 0],
    ["an empty array", [], undefined, 0],
    ["a thread state", { values: {}, next: [], tasks: [] }, undefined, 0.9],
    ["a thread state with config only", { config: {}, next: ["a"], tasks: [] }, undefined, 0.9],
    ["a state without tasks", { values: {}, next: [] }, undefined, 0],
    ["a state without values or config", { next: [], tasks: [] }, undefined, 0],
    ["a state whose next is not a list", { values: {}, next: "a", tasks: [] }, undefined, 0],
    ["an SDK chunk of a root mode", { event: "values", data: {} }, undefined, 0.75],
    ["an SDK chunk of a namespaced mode", { event: "values|research:1", data: {} }, undefined, 0.9],
    ["an SDK metadata chunk", { event: "metadata", data: {} }, undefined, 0.9],
    ["an SDK messages chunk", { event: "messages", data: [] }, undefined, 0.9],
    ["an SDK messages/partial chunk", { event: "messages/partial", data: [] }, undefined, 0.9],
    ["an SDK end chunk", { event: "end", data: null }, undefined, 0.5],
    ["an SDK error chunk", { event: "error", data: {} }, undefined, 0.5],
    ["an SDK chunk of an unknown mode", { event: "thread.started", data: {} }, undefined, 0],
    ["an event without data", { event: "values" }, undefined, 0],
    ["data without an event name", { data: {} }, undefined, 0],
    ["a number", 7, undefined, 0],
    ["an SSE frame named values", ...sse("values"), 0.75],
    ["an SSE frame of a subgraph", ...sse("updates|research:1"), 0.9],
    ["an SSE frame named metadata", ...sse("metadata"), 0.9],
    ["an SSE frame named messages-tuple", ...sse("messages-tuple"), 0.9],
    ["an SSE frame named end", ...sse("end", null), 0.5],
    ["an SSE frame named error", ...sse("error|research:1"), 0.9],
    ["an SSE frame of another protocol", ...sse("message_start"), 0],
  ])("ENV-01 %s scores exactly as LangGraph's own shape", (_, record, meta, score) => {
    expect(langgraphAdapter.detect(record, meta)).toBe(score);
  });
});

const v2 = (method: string, data: unknown = {}, namespace: unknown = []) => ({
  type: "event",
  method,
  params: { namespace, timestamp: 1, data },
});

describe("langgraph-v2 detect", () => {
  it.each<[string, unknown, RecordMeta | undefined, number]>([
    ["a lifecycle event", v2("lifecycle", { event: "running" }), undefined, 0.98],
    ["an input.requested event", v2("input.requested"), undefined, 0.98],
    ["a custom:<name> event", v2("custom:progress"), undefined, 0.98],
    ["an event of an unknown method", v2("telemetry"), undefined, 0.6],
    ["an event whose namespace is not a list", v2("values", {}, "root"), undefined, 0],
    ["an event without params", { type: "event", method: "values" }, undefined, 0],
    ["an event without method", { type: "event", params: { namespace: [] } }, undefined, 0],
    ["a record of another type", { ...v2("values"), type: "values" }, undefined, 0],
    ["a list", [v2("values")], undefined, 0],
    ["an SSE lifecycle frame", ...sse("lifecycle", { event: "running" }), 0.98],
    ["an SSE tools frame of a subgraph", ...sse("tools|research:1", { event: "tool-started" }), 0.98],
    ["an SSE input.answered frame", ...sse("input.answered"), 0.98],
    ["an SSE content-block message frame", ...sse("messages", { event: "content-block-delta" }), 0.95],
    ["an SSE message frame of v1 shape", ...sse("messages", [{ type: "ai" }, {}]), 0],
    ["an SSE message frame of an unknown event", ...sse("messages", { event: "token" }), 0],
    ["an SSE {node, values} update", ...sse("updates", { node: "agent", values: {} }), 0.8],
    ["an SSE v1 update", ...sse("updates", { agent: { messages: [] } }), 0],
    ["an SSE update whose node is not a string", ...sse("updates", { node: 1, values: {} }), 0],
    ["an SSE checkpoint without values", ...sse("checkpoints", { id: "cp" }), 0.8],
    ["an SSE checkpoint with values", ...sse("checkpoints", { values: {} }), 0],
    ["an SSE checkpoint that is not an object", ...sse("checkpoints", "cp"), 0],
    ["an SSE custom {payload}", ...sse("custom", { payload: 1 }), 0.8],
    ["an SSE custom of v1 shape", ...sse("custom", { progress: 1 }), 0],
    ["an SSE values frame", ...sse("values"), 0.7],
    ["an SSE tasks frame", ...sse("tasks"), 0.7],
    ["an SSE metadata frame", ...sse("metadata"), 0],
  ])("ENV-01 %s scores exactly", (_, record, meta, score) => {
    expect(langgraphV2Adapter.detect(record, meta)).toBe(score);
  });
});
