// LangGraph streaming protocol v2 events (@langchain/protocol shape) → Agent UI facts and diagnostics,
// exact values, through the public adapter.
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { langgraphV2Adapter } from "../src";

const ev = (
  method: string,
  data: unknown,
  namespace: unknown[] = [],
  extra: Record<string, unknown> = {},
) => ({
  type: "event",
  method,
  params: { namespace, timestamp: 1, data },
  ...extra,
});
function adapt(records: unknown[], metas: (RecordMeta | undefined)[] = []): AgentUiEvent[] {
  const adapter = langgraphV2Adapter.create();
  return [...records.flatMap((r, i) => adapter.push(r, i, metas[i])), ...adapter.finish()];
}
const ofType = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);
const RUNNING = ev("lifecycle", { event: "running" });
const COMPLETED = ev("lifecycle", { event: "completed" });
const msg = (data: Record<string, unknown>, ns: string[] = ["agent:t1"]) => ev("messages", data, ns);
const patchOf = (e: AgentUiEvent) =>
  (e.payload?.patch as { path: string; value: unknown }[] | undefined)?.[0];
const warnings = (events: AgentUiEvent[]) =>
  ofType(events, "diagnostic.changed")
    .filter((e) => e.payload?.code === "unsupported_source_event")
    .map((e) => e.payload?.message);

describe("langgraph-v2 records it cannot map", () => {
  it.each<[string, unknown, string]>([
    ["a record that is not an event", "hello", "langgraph-v2 record #1: not a protocol v2 event"],
    [
      "an event without method",
      { type: "event", params: { namespace: [] } },
      "langgraph-v2 record #1: not a protocol v2 event",
    ],
    [
      "an event without params",
      { type: "event", method: "values" },
      "langgraph-v2 record #1: not a protocol v2 event",
    ],
    ["an update without node", ev("updates", { values: {} }), "langgraph-v2 record #1: update without node"],
    [
      "an update that is not an object",
      ev("updates", "agent"),
      "langgraph-v2 record #1: update without node",
    ],
    [
      "an input request without interrupt id",
      ev("input.requested", { payload: "ok?" }),
      "langgraph-v2 record #1: input request without interrupt_id",
    ],
    [
      "an unknown method",
      ev("teleport", {}),
      "langgraph-v2 record #1: protocol method teleport is not mapped",
    ],
    [
      "a very long unknown method, cut",
      ev(`x${"y".repeat(200)}`, {}),
      `langgraph-v2 record #1: protocol method x${"y".repeat(79)} is not mapped`,
    ],
    [
      "messages without data",
      ev("messages", "text", ["agent:t1"]),
      "langgraph-v2 record #1: messages event without data",
    ],
    [
      "a message start without id",
      msg({ event: "message-start" }),
      "langgraph-v2 record #1: message-start without id",
    ],
    [
      "a block outside a started message",
      msg({ event: "content-block-finish", index: 0 }),
      "langgraph-v2 record #1: content-block-finish outside a started message",
    ],
    [
      "an unnamed messages event outside a message",
      msg({ index: 0 }),
      "langgraph-v2 record #1: messages event outside a started message",
    ],
    [
      "a tool event without call id",
      ev("tools", { event: "tool-finished" }),
      "langgraph-v2 record #1: tool event without tool_call_id",
    ],
  ])("ENV-09 %s is reported, with the record's shape only", (_, record, message) => {
    const events = adapt([RUNNING, record, COMPLETED]);
    expect(warnings(events)).toEqual([message]);
    const [note] = ofType(events, "diagnostic.changed");
    expect(note.payload?.severity).toBe("warning");
    expect(note.payload?.summary).toBeDefined();
    expect(ofType(events, "run.finished")).toHaveLength(1);
  });

  it("ENV-09 an unknown messages event inside a message is reported, its name cut", () => {
    const events = adapt([
      RUNNING,
      msg({ event: "message-start", id: "m1" }),
      msg({ event: `z${"q".repeat(100)}` }),
    ]);
    expect(warnings(events)).toEqual([`langgraph-v2 record #2: unknown messages event "z${"q".repeat(79)}"`]);
  });

  it("ENV-09 a diagnostic about a record without an index names no position", () => {
    const adapter = langgraphV2Adapter.create();
    expect(adapter.push("x")[0].payload?.message).toBe("langgraph-v2 record: not a protocol v2 event");
  });

  it("ENV-09 non-string namespace entries are ignored", () => {
    const events = adapt([ev("values", { messages: [] }, ["research:t1", 7, null])]);
    expect(ofType(events, "agent.spawned").map((e) => e.agentId)).toEqual(["research:t1"]);
  });
});

describe("langgraph-v2 lifecycle and interrupts", () => {
  it.each<[string, unknown, string[]]>([
    ["started announces the run", { event: "started" }, ["run.started", "run.status", "diagnostic.changed"]],
    ["running announces the run", { event: "running" }, ["run.started", "run.status", "diagnostic.changed"]],
    ["interrupted adds nothing", { event: "interrupted" }, []],
    ["an unknown event adds nothing", { event: "paused" }, []],
  ])("STAT-02 a root lifecycle: %s", (_, data, types) => {
    expect(adapt([ev("lifecycle", data)]).map((e) => e.type)).toEqual(types);
  });

  it("STAT-02 completed ends the run completed; failed without error says the graph run failed", () => {
    expect(adapt([RUNNING, COMPLETED]).map((e) => [e.type, e.payload?.outcome])).toEqual([
      ["run.started", undefined],
      ["run.finished", "success"],
    ]);
    const failed = adapt([RUNNING, ev("lifecycle", { event: "failed" })]);
    expect(failed.map((e) => [e.type, e.payload?.message])).toEqual([
      ["run.started", undefined],
      ["run.failed", "graph run failed"],
    ]);
  });

  it("TEAM-02 a subgraph's lifecycle never opens or ends the run", () => {
    const events = adapt([
      RUNNING,
      ev("lifecycle", { event: "completed" }, ["research:t1"]),
      ev("lifecycle", { event: "failed" }, ["research:t1"]),
      COMPLETED,
    ]);
    expect(events.map((e) => e.type)).toEqual(["run.started", "run.finished"]);
  });

  it("HITL-01 input.requested is the interrupt: action keyed by its id, the run paused; answered adds nothing", () => {
    const events = adapt([
      RUNNING,
      ev("input.requested", {
        interrupt_id: "i1",
        payload: { type: "tool_approval", name: "rm", toolCallId: "c1", message: "Delete?" },
      }),
      ev("input.answered", { interrupt_id: "i1", value: { approved: true } }),
      ev("lifecycle", { event: "interrupted" }),
    ]);
    expect(events.map((e) => e.type)).toEqual([
      "run.started",
      "tool.progress",
      "action.required",
      "run.finished",
    ]);
    expect(events[2]).toMatchObject({
      actionId: "i1",
      toolCallId: "c1",
      payload: { actionType: "tool_approval", toolName: "rm", prompt: "Delete?" },
    });
    expect(events[3].payload?.outcome).toBe("interrupted");
  });
});

describe("langgraph-v2 graph state channels", () => {
  it("ENV-01 a {node, values} update is the node's update; checkpoints add nothing; custom unwraps its payload", () => {
    const events = adapt([
      RUNNING,
      ev("updates", { node: "agent", values: { messages: [{ type: "ai", id: "a1", content: "Hi" }] } }),
      ev("checkpoints", { id: "cp1", step: 1 }),
      ev("custom", { payload: { rows: 3 } }),
      ev("custom", "plain"),
      ev("tasks", { id: "t1", name: "agent", result: [] }),
      COMPLETED,
    ]);
    expect(events.map((e) => [e.type, e.payload?.text ?? patchOf(e)?.value ?? e.payload?.status])).toEqual([
      ["run.started", undefined],
      ["text.final", "Hi"],
      ["state.delta", { rows: 3 }],
      ["state.delta", "plain"],
      ["task.changed", "completed"],
      ["run.finished", undefined],
    ]);
  });

  it("TEAM-02 a node's namespace below a subgraph belongs to the nearest graph; tasks make a graph too", () => {
    const events = adapt([
      RUNNING,
      ev("tasks", { id: "t2", name: "search" }, ["research:t1"]),
      ev("custom", { payload: { progress: "searching", pct: 50 } }, ["research:t1", "search:t2", "tool:t3"]),
      ev("custom", { payload: { progress: "root", pct: 10 } }, ["agent:t9"]),
    ]);
    const progress = ofType(events, "task.changed").filter((e) => e.payload?.progress !== undefined);
    expect(progress.map((e) => [e.taskId, e.payload?.progress])).toEqual([
      ["research:t1", { message: "searching", ratio: 0.5 }],
    ]);
    expect(ofType(events, "state.delta").map((e) => patchOf(e)?.path)).toEqual(["/custom"]);
  });

  it("ENV-01 an SSE frame (event name method|ns, id) is the same event", () => {
    const records: unknown[] = [
      { event: "running" },
      { node: "agent", values: { messages: [{ type: "ai", id: "a1", content: "Hi" }] } },
      { event: "completed" },
    ];
    const metas: RecordMeta[] = [
      { sseEvent: "lifecycle", sseId: "1" },
      { sseEvent: "updates|research:t1", sseId: "2" },
      { sseEvent: "lifecycle", sseId: "3" },
    ];
    const events = adapt(records, metas);
    expect(events.map((e) => [e.type, e.agentId])).toEqual([
      ["run.started", undefined],
      ["agent.spawned", "research:t1"],
      ["text.final", "research:t1"],
      ["run.finished", undefined],
    ]);
    // The run announced by frame 1 starts with frame 2, whose SSE id keys it.
    expect(events[0].eventId).toBe("langgraph-v2:sse:2:0");
    // The same frames replayed add nothing.
    const replayed = adapt([...records, ...records], [...metas, ...metas]);
    expect(replayed.filter((e) => e.type !== "diagnostic.changed")).toHaveLength(events.length);
  });

  it("ENV-01 an SSE frame that already is an event envelope is read as is", () => {
    const events = adapt([RUNNING], [{ sseEvent: "lifecycle" }]);
    expect(events.map((e) => e.type)).toEqual(["run.started", "run.status", "diagnostic.changed"]);
  });
});

describe("langgraph-v2 content blocks", () => {
  it("TOOL-01 tool-call blocks: start args as text or object, deltas by tool-call-delta or block-delta fields", () => {
    const events = adapt([
      RUNNING,
      msg({ event: "message-start", id: "m1" }),
      msg({
        event: "content-block-start",
        index: 0,
        content: { type: "tool_call", id: "c1", name: "ls", args: { d: 1 } },
      }),
      msg({
        event: "content-block-start",
        index: 1,
        content: { type: "tool_call_chunk", id: "c2", name: "cat", args: '{"f"' },
      }),
      msg({ event: "content-block-delta", index: 1, delta: { type: "tool-call-delta", args: ': "a"}' } }),
      msg({
        event: "content-block-start",
        index: 2,
        content: { type: "tool_call_chunk", id: "c3", name: "rm" },
      }),
      msg({ event: "content-block-delta", index: 2, delta: { type: "block-delta", fields: { args: "{}" } } }),
      msg({ event: "content-block-delta", index: 2, delta: { type: "block-delta", fields: {} } }),
      msg({ event: "content-block-delta", index: 2, delta: { type: "other-delta", args: "ignored" } }),
      msg({ event: "message-finish" }),
    ]);
    expect(ofType(events, "tool.started").map((e) => [e.toolCallId, e.payload?.name, e.messageId])).toEqual([
      ["c1", "ls", "m1"],
      ["c2", "cat", "m1"],
      ["c3", "rm", "m1"],
    ]);
    expect(ofType(events, "tool.args").map((e) => [e.toolCallId, e.payload?.argsDelta])).toEqual([
      ["c1", '{"d":1}'],
      ["c2", '{"f"'],
      ["c2", ': "a"}'],
      ["c3", "{}"],
    ]);
    expect(warnings(events)).toEqual([]);
  });

  it("TEXT-04 a text block's start text streams; blocks without text add nothing", () => {
    const events = adapt([
      RUNNING,
      msg({ event: "message-start", id: "m1", role: "ai" }),
      msg({ event: "content-block-start", index: 0, content: { type: "text", text: "Hel" } }),
      msg({ event: "content-block-start", index: 1, content: { type: "text" } }),
      msg({ event: "content-block-delta", index: 0, delta: { type: "text-delta", text: "lo" } }),
      msg({ event: "content-block-delta", index: 0, delta: { type: "text-delta" } }),
      msg({ event: "content-block-start", index: 2, content: { type: "image" } }),
      msg({ event: "content-block-finish", index: 0 }),
      msg({ event: "message-finish" }),
    ]);
    expect(ofType(events, "text.delta").map((e) => [e.messageId, e.payload?.delta])).toEqual([
      ["m1", "Hel"],
      ["m1", "lo"],
    ]);
    expect(warnings(events)).toEqual([]);
  });

  it("TEXT-06 reasoning per block is stated once on finish with its part id; an empty one is dropped", () => {
    const events = adapt([
      RUNNING,
      msg({ event: "message-start", id: "m1" }),
      msg({ event: "content-block-start", index: 0, content: { type: "reasoning", reasoning: "A " } }),
      msg({ event: "content-block-start", index: 1, content: { type: "reasoning" } }),
      msg({ event: "content-block-delta", index: 0, delta: { type: "reasoning-delta", reasoning: "b" } }),
      msg({ event: "content-block-delta", index: 2, delta: { type: "reasoning-delta", reasoning: "late" } }),
      msg({ event: "content-block-delta", index: 0, delta: { type: "reasoning-delta" } }),
      msg({ event: "content-block-finish", index: 1 }),
      msg({ event: "content-block-finish", index: 0 }),
      msg({ event: "content-block-finish", index: 0 }),
      msg({ event: "content-block-finish", index: 2 }),
    ]);
    expect(ofType(events, "reasoning.summary").map((e) => [e.messageId, e.partId, e.payload])).toEqual([
      ["m1", "m1:reasoning-0", { text: "A b" }],
      ["m1", "m1:reasoning-2", { text: "late" }],
    ]);
  });

  it("TEXT-01 a human or system message's blocks never stream (values restates them)", () => {
    const events = adapt([
      RUNNING,
      msg({ event: "message-start", id: "h1", role: "human" }),
      msg({ event: "content-block-delta", index: 0, delta: { type: "text-delta", text: "hi" } }),
      msg({ event: "message-finish" }),
      msg({ event: "content-block-delta", index: 0, delta: { type: "text-delta", text: "late" } }),
    ]);
    expect(ofType(events, "text.delta")).toEqual([]);
    expect(warnings(events)).toEqual([
      "langgraph-v2 record #4: content-block-delta outside a started message",
    ]);
  });

  it("ERR-01 a model-call error without a message says the model call failed", () => {
    const events = adapt([RUNNING, msg({ event: "error" })]);
    expect(ofType(events, "diagnostic.changed")[0].payload).toEqual({
      code: "runtime_error",
      severity: "error",
      message: "model call failed",
    });
  });
});

describe("langgraph-v2 tool outcomes", () => {
  it.each<[string, unknown, Record<string, unknown>]>([
    [
      "a ToolMessage constructor is the result message",
      {
        lc: 1,
        type: "constructor",
        id: ["langchain_core", "messages", "ToolMessage"],
        kwargs: { id: "tm1", tool_call_id: "c1", content: "a.txt" },
      },
      { output: "a.txt", outputPreview: "a.txt", resultMessageId: "tm1" },
    ],
    [
      "a tool dict is the result message",
      { type: "tool", id: "tm2", tool_call_id: "c1", content: "b.txt" },
      { output: "b.txt", outputPreview: "b.txt", resultMessageId: "tm2" },
    ],
    ["a string output is the content", "plain", { output: "plain", outputPreview: "plain" }],
    ["an object output is its JSON", { n: 1 }, { output: '{"n":1}', outputPreview: '{"n":1}' }],
    ["no output is null", undefined, { output: "null", outputPreview: "null" }],
    [
      "an lc object of another class is a raw value",
      { lc: 1, id: ["x", "AIMessage"] },
      { output: '{"lc":1,"id":["x","AIMessage"]}', outputPreview: '{"lc":1,"id":["x","AIMessage"]}' },
    ],
  ])("TOOL-01 tool-finished: %s", (_, output, payload) => {
    const events = adapt([
      RUNNING,
      ev("tools", { event: "tool-finished", tool_call_id: "c1", output }, ["tools:t2"]),
    ]);
    expect(ofType(events, "tool.result").map((e) => [e.toolCallId, e.payload])).toEqual([["c1", payload]]);
  });

  it("TOOL-01 tool-error fails the call with its message, or says tool error; other tool events add nothing", () => {
    const events = adapt([
      RUNNING,
      ev("tools", { event: "tool-started", tool_call_id: "c1" }),
      ev("tools", { event: "tool-output-delta", tool_call_id: "c1", delta: "x" }),
      ev("tools", { event: "tool-error", tool_call_id: "c1", message: "denied" }),
      ev("tools", { event: "tool-error", tool_call_id: "c2" }),
    ]);
    expect(ofType(events, "tool.failed").map((e) => [e.toolCallId, e.payload?.error])).toEqual([
      ["c1", "denied"],
      ["c2", "tool error"],
    ]);
    expect(ofType(events, "tool.result")).toEqual([]);
  });
});

describe("langgraph-v2 facts of its own", () => {
  it("TEAM-05 TEXT-06 a subgraph's reasoning and model error are the subgraph's, named after their record", () => {
    const sub = ["research:t1"];
    const events = adapt([
      RUNNING,
      ev("values", { messages: [] }, sub),
      msg({ event: "message-start", id: "m1" }, [...sub, "model:t2"]),
      msg({ event: "content-block-start", index: 0, content: { type: "reasoning", reasoning: "Hm." } }, [
        ...sub,
        "model:t2",
      ]),
      msg({ event: "content-block-finish", index: 0 }, [...sub, "model:t2"]),
      msg({ event: "error", message: "quota" }, [...sub, "model:t2"]),
    ]);
    const own = events.filter((e) => e.type === "reasoning.summary" || e.payload?.code === "runtime_error");
    expect(own.map((e) => [e.type, e.agentId, e.runtimeEntity, e.source])).toEqual([
      [
        "reasoning.summary",
        "research:t1",
        "subagent_turn",
        { format: "langgraph-v2", index: 4, sourceType: "messages" },
      ],
      [
        "diagnostic.changed",
        "research:t1",
        "subagent_turn",
        { format: "langgraph-v2", index: 5, sourceType: "messages" },
      ],
    ]);
    expect(own[0]).toMatchObject({ messageId: "m1", partId: "m1:reasoning-0", payload: { text: "Hm." } });
  });

  it("ENV-09 a diagnostic about a record is the run's, placed at the record", () => {
    const events = adapt([RUNNING, ev("teleport", {}, ["research:t1"])]);
    const [note] = ofType(events, "diagnostic.changed");
    expect(note.agentId).toBeUndefined();
    expect(note.source).toEqual({ format: "langgraph-v2", index: 1 });
    expect(note.payload?.summary).toEqual({
      kind: "object",
      keys: ["type", "method", "params"],
      type: "event",
      method: "teleport",
    });
  });
});

describe("langgraph-v2 parallel nodes", () => {
  it("TEXT-04 two nodes of one graph streaming at once keep their own messages, interleaved", () => {
    // A fan-out (two branches from START, or `Send`): each node task has its own namespace, both
    // belong to the root graph, and their model calls stream at the same time.
    const delta = (text: string, ns: string[]) =>
      msg({ event: "content-block-delta", index: 0, delta: { type: "text-delta", text } }, ns);
    const [A, B] = [["left:t1"], ["right:t2"]];
    const events = adapt([
      RUNNING,
      msg({ event: "message-start", id: "m1" }, A),
      msg({ event: "message-start", id: "m2" }, B),
      delta("one", A),
      delta("two", B),
      msg({ event: "message-finish" }, A),
      delta("!", B),
      msg({ event: "message-finish" }, B),
      COMPLETED,
    ]);
    expect(ofType(events, "text.delta").map((e) => [e.messageId, e.agentId, e.payload?.delta])).toEqual([
      ["m1", undefined, "one"],
      ["m2", undefined, "two"],
      ["m2", undefined, "!"],
    ]);
    expect(warnings(events)).toEqual([]);
  });
});

describe("langgraph-v2 hostile values", () => {
  it("ENV-09 an in-process tool output that cannot be serialized is reported, and the stream goes on", () => {
    const events = adapt([
      RUNNING,
      ev("tools", { event: "tool-finished", tool_call_id: "c1", output: { n: 10n } }),
      COMPLETED,
    ]);
    expect(warnings(events)).toEqual([
      "langgraph-v2 record #1: adapter error: Do not know how to serialize a BigInt",
    ]);
    expect(ofType(events, "run.finished")).toHaveLength(1);
  });
});

describe("langgraph-v2 edges", () => {
  it("TOOL-01 an output that only looks like a serialized ToolMessage (no lc) is a raw value", () => {
    const output = { id: ["langchain_core", "messages", "ToolMessage"], content: "x" };
    const events = adapt([RUNNING, ev("tools", { event: "tool-finished", tool_call_id: "c1", output })]);
    expect(ofType(events, "tool.result").map((e) => e.payload?.output)).toEqual([JSON.stringify(output)]);
  });

  it("ORD-02 an empty event_id is no replay key: two such events are both read", () => {
    const events = adapt([
      ev("lifecycle", { event: "running" }, [], { event_id: "" }),
      ev("custom", { payload: 1 }, [], { event_id: "" }),
      ev("custom", { payload: 2 }, [], { event_id: "" }),
    ]);
    expect(ofType(events, "state.delta")).toHaveLength(2);
  });

  it("TEAM-02 a namespace that reports checkpoints is a graph: its nodes' progress is its own", () => {
    const events = adapt([
      RUNNING,
      ev("checkpoints", { id: "cp1" }, ["research:t1"]),
      ev("custom", { payload: { progress: "reading", pct: 20 } }, ["research:t1", "read:t2"]),
    ]);
    expect(ofType(events, "task.changed").map((e) => [e.taskId, e.payload?.progress])).toEqual([
      ["research:t1", { message: "reading", ratio: 0.2 }],
    ]);
  });

  it("TEXT-06 a block without an index is block 0", () => {
    const events = adapt([
      RUNNING,
      msg({ event: "message-start", id: "m1" }),
      msg({ event: "content-block-start", content: { type: "reasoning", reasoning: "So." } }),
      msg({ event: "content-block-finish" }),
    ]);
    expect(ofType(events, "reasoning.summary").map((e) => e.partId)).toEqual(["m1:reasoning-0"]);
  });
});

describe("langgraph-v2 events that state nothing", () => {
  it("TEXT-04 ENV-09 message bookkeeping, empty blocks and non-AI messages add no fact and never open a run", () => {
    const events = adapt([
      msg({ event: "message-start", id: "m1" }),
      msg({ event: "content-block-delta", index: 0, delta: { type: "tool-call-delta" } }),
      msg({ event: "content-block-start", index: 0, content: { type: "text" } }),
      msg({ event: "content-block-delta", index: 0, delta: { type: "text-delta" } }),
      msg({ event: "content-block-delta", index: 0, delta: { type: "other-delta" } }),
      msg({ event: "content-block-start", index: 1, content: { type: "reasoning" } }),
      msg({ event: "content-block-delta", index: 1, delta: { type: "reasoning-delta", reasoning: "Hm" } }),
      msg({ event: "content-block-start", index: 2, content: { type: "reasoning" } }),
      msg({ event: "content-block-finish", index: 2 }),
      msg({ event: "content-block-finish", index: 3 }),
      msg({ event: "content-block-finish", index: 1 }),
      msg({ event: "error", message: "slow down" }),
      msg({ event: "message-finish" }),
      msg({ event: "message-start", id: "h1", role: "human" }),
      msg({ event: "content-block-delta", index: 0, delta: { type: "text-delta", text: "hi" } }),
      msg({ event: "message-finish" }),
      ev("tools", { event: "tool-started", tool_call_id: "c1" }),
    ]);
    expect(events.map((e) => [e.type, e.payload?.text ?? e.payload?.message])).toEqual([
      ["reasoning.summary", "Hm"],
      ["diagnostic.changed", "slow down"],
    ]);
  });

  it("TOOL-01 tool-call blocks stream no text", () => {
    const events = adapt([
      RUNNING,
      msg({ event: "message-start", id: "m1" }),
      msg({
        event: "content-block-start",
        index: 0,
        content: { type: "tool_call_chunk", id: "c1", name: "ls" },
      }),
      msg({ event: "content-block-delta", index: 0, delta: { type: "tool-call-delta", args: "{}" } }),
    ]);
    expect(ofType(events, "text.delta")).toEqual([]);
    expect(ofType(events, "tool.args").map((e) => e.payload?.argsDelta)).toEqual(["{}"]);
  });

  it("ENV-09 a messages event without a name inside a message is reported as unknown", () => {
    const events = adapt([RUNNING, msg({ event: "message-start", id: "m1" }), msg({ index: 0 })]);
    expect(warnings(events)).toEqual(['langgraph-v2 record #2: unknown messages event ""']);
  });

  it("ENV-09 an unmappable SSE frame is summarized as the event it stands for, with its id when it has one", () => {
    const events = adapt(
      [{ x: 1 }, { x: 2 }],
      [{ sseEvent: "teleport|research:t1", sseId: "4" }, { sseEvent: "teleport" }],
    );
    expect(ofType(events, "diagnostic.changed").map((e) => e.payload?.summary)).toEqual([
      { kind: "object", keys: ["type", "method", "params", "event_id"], type: "event", method: "teleport" },
      { kind: "object", keys: ["type", "method", "params"], type: "event", method: "teleport" },
    ]);
  });

  it("TOOL-01 an lc object without an id list is a raw tool value", () => {
    const output = { lc: 1, kwargs: { content: "x" } };
    const events = adapt([RUNNING, ev("tools", { event: "tool-finished", tool_call_id: "c1", output })]);
    expect(ofType(events, "tool.result").map((e) => e.payload?.output)).toEqual([JSON.stringify(output)]);
  });

  it("TEAM-02 an event without a namespace is the root's", () => {
    const events = adapt([{ type: "event", method: "values", params: { data: { messages: [] } } }]);
    expect(ofType(events, "agent.spawned")).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(["run.started", "run.status", "diagnostic.changed"]);
  });

  it("ORD-02 the same event_id twice is read once and keys the event's id", () => {
    const events = adapt([
      RUNNING,
      ev("custom", { payload: 1 }, [], { event_id: "e-5" }),
      ev("custom", { payload: 1 }, [], { event_id: "e-5" }),
    ]);
    expect(ofType(events, "state.delta").map((e) => e.eventId)).toEqual(["langgraph-v2:sse:e-5:1"]);
  });

  it("TEAM-02 a nested subgraph (two namespace levels) owns its nodes' progress", () => {
    const inner = ["research:t1", "search:t2"];
    const events = adapt([
      RUNNING,
      ev("values", { messages: [] }, inner),
      ev("custom", { payload: { progress: "paging", pct: 30 } }, [...inner, "fetch:t3"]),
    ]);
    expect(
      ofType(events, "task.changed")
        .filter((e) => e.payload?.progress !== undefined)
        .map((e) => e.taskId),
    ).toEqual(["research:t1|search:t2"]);
  });
});
