// What the LangGraph adapter's full tables cost, said and done: each `source_limit_exceeded` warning
// names its table, its cap and the consequence in words a user can act on; finished messages and tool
// calls are forgotten before open ones; a full message, chunk or human table forgets its oldest entry
// so the newest still reconcile. Exact events through the public adapter.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { langgraphAdapter, langgraphV2Adapter } from "../src";
import { MAX_CHUNK_CALLS, MAX_HUMAN_MESSAGES, MAX_MESSAGES, MAX_TOOL_CALLS } from "../src/langgraph/messages";
import { MAX_NAMESPACES } from "../src/langgraph/namespaces";
import { MAX_SSE_IDS } from "../src/langgraph/replay";
import { MAX_PARTIAL_MESSAGES } from "../src/langgraph/run-scope";
import { MAX_COMPLETED_TASKS } from "../src/langgraph/tasks";
import { MAX_OPEN_MESSAGES, MAX_REASONING_BLOCKS } from "../src/langgraph-v2/messages";
import { limitMessages as warnings, limits } from "./bounds-support";
import type { Tuple } from "./langgraph-rows-support";
import { adapt } from "./langgraph-rows-support";

const RESTATED =
  "the oldest finished ones are forgotten; a restatement of one is stated again under the same event id";
const range = (n: number) => Array.from({ length: n }, (_, k) => k);
const chunk = (id: string, content: string, extra: object = {}): Tuple => [
  [],
  "messages",
  [{ _type: "AIMessageChunk", id, content, ...extra }, {}],
];
const aiUpdate = (id: string, content: string, tool_calls: unknown[] = []): Tuple => [
  [],
  "updates",
  { agent: { messages: [{ _type: "AIMessage", id, content, tool_calls }] } },
];
const toolResult = (callId: string): Tuple => [
  [],
  "updates",
  { tools: { messages: [{ _type: "ToolMessage", id: `r-${callId}`, tool_call_id: callId, content: "ok" }] } },
];
const human = (id: string) => ({ _type: "HumanMessage", id, content: `said ${id}` });
const finals = (events: AgentUiEvent[], id: string) =>
  events.filter((e) => e.type === "text.final" && e.messageId === id).map((e) => e.payload?.text);

describe("langgraph message book at its caps", () => {
  it(`ENV-09 TEXT-04 past ${MAX_MESSAGES} streamed messages the oldest is forgotten: the newest still takes an empty final`, () => {
    const records = range(MAX_MESSAGES + 1).map((k) => chunk(`m${k}`, "x"));
    const adapter = langgraphAdapter.create();
    const events = records.flatMap((r, i) => adapter.push(r, i));
    expect(warnings(events)).toEqual({
      message: `langgraph: the message table reached its cap of ${MAX_MESSAGES}: ${RESTATED}, then the oldest streamed ones`,
    });
    // A final with no text states it only for a message known to have streamed.
    const newest = adapter.push(aiUpdate(`m${MAX_MESSAGES}`, ""), records.length);
    const oldest = adapter.push(aiUpdate("m0", ""), records.length + 1);
    expect(finals(newest, `m${MAX_MESSAGES}`)).toEqual([""]);
    expect(finals(oldest, "m0")).toEqual([]);
  });

  it("ENV-09 TEXT-04 finished messages are forgotten before an open streamed one", () => {
    const records = [chunk("open", "Hel"), ...range(MAX_MESSAGES + 4).map((k) => aiUpdate(`m${k}`, `t${k}`))];
    records.push(aiUpdate("open", ""));
    const events = adapt(records);
    expect(limits(events)).toEqual([{ table: "message", cap: MAX_MESSAGES }]);
    expect(finals(events, "open")).toEqual([""]);
  });

  it(`ENV-09 TOOL-01 past ${MAX_TOOL_CALLS} tool calls the answered ones are forgotten first: an open call keeps its start`, () => {
    const records = [aiUpdate("m-open", "", [{ id: "open", name: "f", args: {} }])];
    for (const k of range(MAX_TOOL_CALLS + 4)) {
      records.push(aiUpdate(`m${k}`, "", [{ id: `c${k}`, name: "f", args: {} }]), toolResult(`c${k}`));
    }
    records.push(toolResult("open"));
    const events = adapt(records);
    expect(warnings(events)).toEqual({
      message: `langgraph: the message table reached its cap of ${MAX_MESSAGES}: ${RESTATED}, then the oldest streamed ones`,
      "tool call": `langgraph: the tool call table reached its cap of ${MAX_TOOL_CALLS}: ${RESTATED}, then the oldest open ones (an interrupt no longer says it holds them)`,
    });
    const starts = events.filter((e) => e.type === "tool.started" && e.toolCallId === "open");
    expect(starts).toHaveLength(1);
    expect(events.filter((e) => e.type === "tool.result" && e.toolCallId === "open")).toHaveLength(1);
  });

  it(`ENV-09 TOOL-02 past ${MAX_CHUNK_CALLS} streamed call positions the oldest is forgotten: the newest still stream args`, () => {
    const first = (k: number) =>
      chunk(`m${k}`, "", { tool_call_chunks: [{ id: `c${k}`, name: "f", args: "", index: 0 }] });
    const more = (k: number, args: string) => chunk(`m${k}`, "", { tool_call_chunks: [{ args, index: 0 }] });
    const records = range(MAX_CHUNK_CALLS + 1).map(first);
    records.push(more(MAX_CHUNK_CALLS, '{"q":'), more(0, '{"lost":'));
    const events = adapt(records);
    expect(warnings(events)["tool call chunk"]).toBe(
      `langgraph: the tool call chunk table reached its cap of ${MAX_CHUNK_CALLS}: the oldest are forgotten; a later chunk naming only a forgotten index is skipped`,
    );
    const args = events
      .filter((e) => e.type === "tool.args")
      .map((e) => [e.toolCallId, e.payload?.argsDelta]);
    expect(args).toEqual([[`c${MAX_CHUNK_CALLS}`, '{"q":']]);
  });

  it(`ENV-09 TEXT-01 past ${MAX_HUMAN_MESSAGES} user messages the oldest is forgotten: a recent one restated adds nothing`, () => {
    const all = range(MAX_HUMAN_MESSAGES + 1).map((k) => human(`h${k}`));
    const adapter = langgraphAdapter.create();
    // A thread state read: every user message is history, shown once.
    const events = adapter.push({ values: { messages: all }, next: [], tasks: [] }, 0);
    expect(warnings(events)).toEqual({
      "human message": `langgraph: the human message table reached its cap of ${MAX_HUMAN_MESSAGES}: ${RESTATED}`,
    });
    expect(events.filter((e) => e.type === "text.final")).toHaveLength(MAX_HUMAN_MESSAGES + 1);
    const newest = `h${MAX_HUMAN_MESSAGES}`;
    const again = (id: string, i: number) =>
      adapter.push({ values: { messages: [human(id)] }, next: [], tasks: [] }, i);
    expect(again(newest, 1)).toEqual([]);
    // The oldest was forgotten: stated again, under the event id it had.
    const first = events.find((e) => e.messageId === "h0");
    expect(again("h0", 2).map((e) => e.eventId)).toEqual([first?.eventId]);
  });

  it("TEXT-01 ORD-02 each user message of a thread state is its own fact, keyed by its id", () => {
    const events = adapt([{ values: { messages: [human("h1"), human("h2")] }, next: [], tasks: [] }]);
    const users = events.filter((e) => e.type === "text.final");
    expect(users.map((e) => [e.eventId, e.messageId, e.payload?.text])).toEqual([
      ["langgraph:message:h1:text.final", "h1", "said h1"],
      ["langgraph:message:h2:text.final", "h2", "said h2"],
    ]);
    expect(users.map((e) => e.source?.index)).toEqual([0, 0]);
  });
});

describe("langgraph stream tables at their caps", () => {
  it(`ENV-09 ORD-02 past ${MAX_SSE_IDS} SSE ids the warning says a forgotten replay is translated again`, () => {
    const adapter = langgraphAdapter.create();
    const events = adapter.push({ run_id: "r1" }, 0, { sseEvent: "metadata", sseId: "0" });
    for (let id = 1; id <= MAX_SSE_IDS; id++)
      events.push(...adapter.push({ n: id }, id, { sseEvent: "custom", sseId: String(id) }));
    expect(warnings(events)).toEqual({
      "SSE replay id": `langgraph: the SSE replay id table reached its cap of ${MAX_SSE_IDS}: the oldest ids are forgotten; an event replayed after that is translated again under the same event ids`,
    });
  });

  it("ORD-02 only a metadata event names the run its SSE ids belong to", () => {
    const adapter = langgraphAdapter.create();
    adapter.push({ run_id: "r1" }, 0, { sseEvent: "metadata", sseId: "0" });
    const events = adapter.push({ run_id: "other", n: 1 }, 1, { sseEvent: "custom", sseId: "1" });
    expect([...new Set(events.map((e) => e.source?.sourceEventId))]).toEqual(["sse:r1:1"]);
    expect(events.length).toBeGreaterThan(0);
  });

  it(`ENV-09 TASK-06 past ${MAX_COMPLETED_TASKS} completed tasks the warning says a restated one would run again`, () => {
    const task = (k: number, body: object): Tuple => [[], "tasks", { id: `t${k}`, name: "agent", ...body }];
    const records = range(MAX_COMPLETED_TASKS + 1).flatMap((k) => [
      task(k, { input: {}, triggers: [] }),
      task(k, { result: [] }),
    ]);
    expect(warnings(adapt(records))).toEqual({
      "completed task": `langgraph: the completed task table reached its cap of ${MAX_COMPLETED_TASKS}: the one completed longest ago is forgotten; a resumed run restating it would show it running again`,
    });
  });

  it(`ENV-09 TEXT-05 past ${MAX_PARTIAL_MESSAGES} open partial messages the warning says a new one is stated whole`, () => {
    const partial = (id: string | undefined, content: string): Tuple => [
      [],
      "messages/partial",
      [{ type: "ai", id, content }],
    ];
    const open = range(MAX_PARTIAL_MESSAGES - 1).map((k) => partial(`p${k}`, "x"));
    // A partial message without id shows no text and takes no place in the table.
    const fits = [
      ...open,
      partial(undefined, "no id"),
      partial(undefined, "no id yet"),
      partial("last", "x"),
    ];
    expect(warnings(adapt(fits))).toEqual({});
    expect(warnings(adapt([...fits, partial("over", "x")]))).toEqual({
      "partial message": `langgraph: the partial message table reached its cap of ${MAX_PARTIAL_MESSAGES}: a new one while all are open is stated whole on every update, replacing its text`,
    });
  });

  it(`ENV-09 TEAM-13 past ${MAX_NAMESPACES} open subgraphs the warning says the next one is not followed`, () => {
    const records: Tuple[] = [[[], "values", { log: [] }]];
    for (const k of range(MAX_NAMESPACES + 1)) records.push([[`s:${k}`], "values", { log: [] }]);
    const subgraph =
      "a subgraph beyond it is not followed: the interrupts it raises resolve when the root step ends";
    expect(warnings(adapt(records))).toEqual({
      "subgraph namespace": `langgraph: the subgraph namespace table reached its cap of ${MAX_NAMESPACES}: while every one is open, a new one is not tracked (no spawn, parent or completion) until one completes; its events still carry its agent id`,
      "subgraph state": `langgraph: the subgraph state table reached its cap of ${MAX_NAMESPACES}: ${subgraph}`,
    });
    const checkpoint = (k: number): Tuple => [
      [`s:${k}`],
      "checkpoints",
      { config: { configurable: { checkpoint_id: `c${k}` } }, values: {}, next: [], tasks: [] },
    ];
    const checkpoints = adapt([[[], "values", { log: [] }], ...range(MAX_NAMESPACES + 1).map(checkpoint)]);
    expect(warnings(checkpoints)["subgraph checkpoint"]).toBe(
      `langgraph: the subgraph checkpoint table reached its cap of ${MAX_NAMESPACES}: ${subgraph}`,
    );
  });

  it("ENV-09 TEAM-13 progress from a subgraph no longer followed still shows, without a title", () => {
    const records: Tuple[] = [[[], "values", { log: [] }]];
    for (const k of range(MAX_NAMESPACES + 1)) records.push([[`s:${k}`], "values", { log: [] }]);
    records.push([[`s:${MAX_NAMESPACES}`], "custom", { progress: "halfway", pct: 50 }]);
    const events = adapt(records);
    const progress = events.filter((e) => e.type === "task.changed");
    expect(progress.map((e) => [e.agentId, e.payload])).toEqual([
      [`s:${MAX_NAMESPACES}`, { status: "running", progress: { message: "halfway", ratio: 0.5 } }],
    ]);
  });
});

describe("langgraph-v2 tables at their caps", () => {
  const event = (method: string, namespace: string[], data: unknown) => ({
    type: "event",
    method,
    params: { namespace, timestamp: 1, data },
  });
  const adaptV2 = (records: unknown[]) => {
    const adapter = langgraphV2Adapter.create();
    return records.flatMap((r, i) => adapter.push(r, i));
  };
  const graphState = (k: number) => event("values", [`g${k}`], { log: [] });
  /** A message of node task `n:t` in graph `g<k>`: the agent its text is stated under. */
  const said = (k: number) => [
    event("messages", [`g${k}`, "n:t"], { event: "message-start", id: `m${k}`, role: "ai" }),
    event("messages", [`g${k}`, "n:t"], {
      event: "content-block-delta",
      index: 0,
      delta: { type: "text-delta", text: "hi" },
    }),
  ];
  const speaker = (events: AgentUiEvent[], id: string) =>
    events.find((e) => e.type === "text.delta" && e.messageId === id)?.agentId;

  it(`ENV-09 TEAM-13 past ${MAX_NAMESPACES} graph namespaces the oldest is forgotten: a new graph still owns its messages`, () => {
    const events = adaptV2([
      event("values", [], { log: [] }),
      ...range(MAX_NAMESPACES + 1).map(graphState),
      ...said(MAX_NAMESPACES),
      ...said(0),
    ]);
    expect(warnings(events)["graph namespace"]).toBe(
      `langgraph-v2: the graph namespace table reached its cap of ${MAX_NAMESPACES}: the oldest are forgotten; their messages are then stated as the graph's above them`,
    );
    expect(speaker(events, `m${MAX_NAMESPACES}`)).toBe(`g${MAX_NAMESPACES}`);
    expect(speaker(events, "m0")).toBeUndefined();
  });

  it(`ENV-09 ${MAX_NAMESPACES} graph namespaces and the root fit: the root takes no place`, () => {
    const events = adaptV2([event("values", [], { log: [] }), ...range(MAX_NAMESPACES).map(graphState)]);
    expect(warnings(events)).toEqual({});
  });

  const block = (event_: string, index: number, body: object = {}) =>
    event("messages", ["n:t"], { event: `content-block-${event_}`, index, ...body });
  const think = (index: number, reasoning?: string) =>
    block("delta", index, { delta: { type: "reasoning-delta", reasoning } });
  const summaries = (events: AgentUiEvent[]) =>
    events.filter((e) => e.type === "reasoning.summary").map((e) => [e.partId, e.payload?.text]);

  it(`ENV-09 TEXT-06 a reasoning delta without text takes no place among the ${MAX_REASONING_BLOCKS} blocks`, () => {
    const start = event("messages", ["n:t"], { event: "message-start", id: "m", role: "ai" });
    const open = range(MAX_REASONING_BLOCKS - 1).map((k) => think(k, "r"));
    expect(
      warnings(adaptV2([start, ...open, think(MAX_REASONING_BLOCKS), think(MAX_REASONING_BLOCKS + 1, "r")])),
    ).toEqual({});
  });

  it("TEXT-06 a reasoning block a message left unfinished is not the next message's", () => {
    const start = (id: string) => event("messages", ["n:t"], { event: "message-start", id, role: "ai" });
    const events = adaptV2([
      start("m1"),
      think(0, "first "),
      start("m2"),
      think(0, "second"),
      block("finish", 0),
    ]);
    expect(summaries(events)).toEqual([["m2:reasoning-0", "second"]]);
  });

  it("ENV-09 TEXT-06 the streaming message and reasoning block warnings say what is lost", () => {
    const ns = (k: number) => [`n:t${k}`];
    const starts = range(MAX_OPEN_MESSAGES + 1).map((k) =>
      event("messages", ns(k), { event: "message-start", id: `m${k}`, role: "ai" }),
    );
    const blocks = range(MAX_REASONING_BLOCKS + 1).map((k) =>
      event("messages", ns(0), {
        event: "content-block-start",
        index: k,
        content: { type: "reasoning", reasoning: "r" },
      }),
    );
    const events = adaptV2([
      event("messages", ns(0), { event: "message-start", id: "m", role: "ai" }),
      ...blocks,
      ...starts,
    ]);
    expect(warnings(events)).toEqual({
      "reasoning block": `langgraph-v2: the reasoning block table reached its cap of ${MAX_REASONING_BLOCKS}: the block started longest ago is forgotten; it is stated from its next delta on, if any`,
      "streaming message": `langgraph-v2: the streaming message table reached its cap of ${MAX_OPEN_MESSAGES}: the message started longest ago is forgotten; its later blocks are reported as outside a started message`,
    });
  });
});
