// Bounded memory whatever the stream: every table the LangGraph adapter keeps per id (SSE replay ids,
// interrupts, messages, tool calls, partial texts, completed tasks, v2 streaming messages and reasoning
// blocks) has a cap, and so has a reasoning block's text. Finished entries are forgotten first;
// open ones keep what they need. The first time a table is full, one `source_limit_exceeded` warning
// names it and its cap; nothing still open is lost silently, and what was forgotten does not come back.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { langgraphAdapter, langgraphV2Adapter } from "../src";
import { MAX_INTERRUPTS } from "../src/langgraph/interrupts";
import { MAX_FINAL_TEXT_CHARS, MAX_MESSAGES, MAX_TOOL_CALLS } from "../src/langgraph/messages";
import { MAX_SSE_IDS } from "../src/langgraph/replay";
import { MAX_PARTIAL_MESSAGES } from "../src/langgraph/run-scope";
import { MAX_COMPLETED_TASKS } from "../src/langgraph/tasks";
import { MAX_OPEN_MESSAGES, MAX_REASONING_BLOCKS, MAX_REASONING_CHARS } from "../src/langgraph-v2/messages";
import { BoundedTable, LimitNotices } from "../src/shared/bounded";
import { limits } from "./bounds-support";
import { adapt } from "./langgraph-rows-support";

type Tuple = [string[], string, unknown];

const textOf = (events: AgentUiEvent[], id: string) =>
  projectEvents(events)
    .messages.find((m) => m.id === id)
    ?.parts.map((p) => (p as { text?: string }).text ?? "")
    .join("");

describe("bounded id table", () => {
  it("ENV-09 a table never holds more than its cap, keeps open entries and reports the cap once", () => {
    const op = fc.record({ kind: fc.constantFrom("set", "close", "reopen"), key: fc.nat(23) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), fc.boolean(), (ops, forgetOpen) => {
        const notices = new LimitNotices();
        const limit = { table: "test", cap: 8, consequence: "" };
        const table = new BoundedTable<true>(limit, notices, forgetOpen);
        const open = new Set<string>();
        let full = false;
        for (const { kind, key } of ops) {
          const id = `k${key}`;
          if (kind === "set") {
            full ||= !table.has(id) && table.size === limit.cap;
            if (table.add(id)) open.add(id);
          } else if (kind === "close") open.delete(id);
          else if (table.has(id)) open.add(id);
          if (kind === "close") table.close(id);
          if (kind === "reopen") table.reopen(id);
          expect(table.size).toBeLessThanOrEqual(limit.cap);
          // Without `forgetOpen`, an open entry is never forgotten.
          if (!forgetOpen) for (const k of open) expect(table.has(k), k).toBe(true);
        }
        expect(notices.drain()).toEqual(full ? [limit] : []);
        expect(notices.drain()).toEqual([]);
      }),
    );
  });

  it("ENV-09 the entry closed longest ago is forgotten first", () => {
    const notices = new LimitNotices();
    const table = new BoundedTable<true>({ table: "t", cap: 3, consequence: "" }, notices);
    for (const k of ["a", "b", "c"]) table.add(k);
    table.close("b");
    table.close("a");
    table.add("d");
    expect(["a", "b", "c", "d"].filter((k) => table.has(k))).toEqual(["a", "c", "d"]);
    table.add("e");
    expect(["a", "c", "d", "e"].filter((k) => table.has(k))).toEqual(["c", "d", "e"]);
    // Every entry open: a new one is not tracked.
    expect(table.add("f")).toBe(false);
    expect(table.has("f")).toBe(false);
  });

  it("ENV-09 with forgetOpen the entry set longest ago goes first; setting one again keeps it", () => {
    const table = new BoundedTable<true>({ table: "t", cap: 2, consequence: "" }, new LimitNotices(), true);
    table.add("a");
    table.add("b");
    table.add("a");
    expect(table.add("c")).toBe(true);
    expect(["a", "b", "c"].filter((k) => table.has(k))).toEqual(["a", "c"]);
  });

  it("ENV-09 a table that forgets finished entries for free warns only once an open one is at stake", () => {
    const notices = new LimitNotices();
    const limit = { table: "t", cap: 2, consequence: "", warnOnlyForOpen: true };
    const table = new BoundedTable<true>(limit, notices);
    for (const k of ["a", "b", "c", "d"]) {
      table.add(k);
      table.close(k);
    }
    expect(["c", "d"].filter((k) => table.has(k))).toEqual(["c", "d"]);
    expect(notices.drain()).toEqual([]);
    table.reopen("c");
    table.reopen("d");
    expect(table.add("e")).toBe(false);
    expect(notices.drain()).toEqual([limit]);
  });
});

describe("langgraph SSE replay ids", () => {
  it(`ORD-02 ENV-09 past ${MAX_SSE_IDS} ids one warning; a recent replay is skipped, a forgotten one keeps its event ids`, () => {
    const adapter = langgraphAdapter.create();
    const frame = (event: string, data: unknown, id: number) =>
      adapter.push(data, id, { sseEvent: event, sseId: String(id) });
    const events = frame("metadata", { run_id: "r1" }, 0);
    const total = MAX_SSE_IDS + 100;
    for (let id = 1; id <= total; id++) events.push(...frame("custom", { n: id }, id));
    expect(limits(events)).toEqual([{ table: "SSE replay id", cap: MAX_SSE_IDS }]);
    // A reconnect replays the latest events: already projected, skipped.
    expect(frame("custom", { n: total }, total)).toEqual([]);
    // The first ids were forgotten: replayed, they are translated again under the same event ids.
    const again = frame("custom", { n: 2 }, 2);
    const first = events.filter((e) => e.source?.sourceEventId === "sse:r1:2");
    expect(again.map((e) => e.eventId)).toEqual(first.map((e) => e.eventId));
    expect(again.length).toBeGreaterThan(0);
    expect(limits([...again, ...adapter.finish()])).toEqual([]);
  });
});

describe("langgraph interrupts", () => {
  /** Run k: opens with its root state (resuming the interrupt before), ends a step, asks `i<k>`. */
  const cycle = (k: number): Tuple[] => [
    [[], "values", { log: [k] }],
    [[], "updates", { work: { log: [k, "w"] } }],
    [[], "values", { log: [k, "w"] }],
    [[], "updates", { __interrupt__: [{ id: `i${k}`, value: `q${k}?` }] }],
  ];

  it(`HITL-03 ENV-09 past ${MAX_INTERRUPTS} interrupts one warning; resolved ones stay resolved, the open one pending`, () => {
    const runs = MAX_INTERRUPTS + 50;
    const events = adapt(Array.from({ length: runs }, (_, k) => cycle(k)).flat());
    expect(limits(events)).toEqual([{ table: "interrupt", cap: MAX_INTERRUPTS }]);
    const state = projectEvents(events);
    const statuses = Object.values(state.actions).map((a) => a.status);
    expect(statuses.filter((s) => s === "resolved")).toHaveLength(runs - 1);
    expect(state.actions[`i${runs - 1}`]?.status).toBe("pending");
    expect(state.runtime.status).toBe("interrupted");
    // Nothing forgotten was raised or resolved twice.
    expect(events.filter((e) => e.type === "action.required")).toHaveLength(runs);
    expect(events.filter((e) => e.type === "action.resolved")).toHaveLength(runs - 1);
  });

  it("HITL-01 ENV-09 with every tracked interrupt open, a new one is still shown pending", () => {
    const asked = Array.from({ length: MAX_INTERRUPTS + 1 }, (_, k) => ({ id: `i${k}`, value: "?" }));
    const events = adapt([
      [[], "values", { log: [] }],
      [[], "updates", { __interrupt__: asked }],
    ]);
    expect(limits(events)).toEqual([{ table: "interrupt", cap: MAX_INTERRUPTS }]);
    const state = projectEvents(events);
    expect(state.actions[`i${MAX_INTERRUPTS}`]?.status).toBe("pending");
    expect(state.runtime.status).toBe("interrupted");
    const warning = events.find((e) => e.payload?.code === "source_limit_exceeded");
    expect(warning?.payload?.message).toBe(
      `langgraph: the interrupt table reached its cap of ${MAX_INTERRUPTS}: a new interrupt while all are open is still shown as an action, but its resolution is not followed; resolved interrupts are forgotten first`,
    );
  });
});

describe("langgraph completed tasks", () => {
  const start = (k: number): Tuple => [[], "tasks", { id: `t${k}`, name: "agent", input: {}, triggers: [] }];
  const done = (k: number): Tuple => [[], "tasks", { id: `t${k}`, name: "agent", result: [] }];
  const tasks = (n: number) => Array.from({ length: n }, (_, k) => [start(k), done(k)]).flat();
  const started = (events: AgentUiEvent[]) =>
    events.filter((e) => e.type === "task.changed" && e.payload?.status === "running").map((e) => e.taskId);

  it(`TASK-06 ENV-09 past ${MAX_COMPLETED_TASKS} completed tasks one warning; only the oldest is run again`, () => {
    const n = MAX_COMPLETED_TASKS + 10;
    // A resumed run restates tasks that completed: the recent ones are known, the oldest forgotten.
    const restated = [n - 1, n - MAX_COMPLETED_TASKS, n - MAX_COMPLETED_TASKS - 1, 0].map(start);
    const events = adapt([...tasks(n), ...restated]);
    expect(limits(events)).toEqual([{ table: "completed task", cap: MAX_COMPLETED_TASKS }]);
    expect(started(events).slice(n)).toEqual([`t${n - MAX_COMPLETED_TASKS - 1}`, "t0"]);
  });

  it(`TASK-06 ENV-09 ${MAX_COMPLETED_TASKS} completed tasks fit: no warning, every restated start skipped`, () => {
    const restated = [0, MAX_COMPLETED_TASKS - 1].map(start);
    const events = adapt([...tasks(MAX_COMPLETED_TASKS), ...restated]);
    expect(limits(events)).toEqual([]);
    expect(started(events)).toHaveLength(MAX_COMPLETED_TASKS);
  });
});

describe("langgraph message and tool books", () => {
  const ai = (id: string, content: string, tool_calls: unknown[] = []) => ({
    _type: "AIMessage",
    id,
    content,
    tool_calls,
  });

  it(`TEXT-04 ENV-09 past ${MAX_MESSAGES} messages one warning; an open streamed message still reconciles`, () => {
    const records: Tuple[] = [
      [[], "messages", [{ _type: "AIMessageChunk", id: "open", content: "Hel" }, {}]],
    ];
    for (let k = 0; k < MAX_MESSAGES + 10; k++)
      records.push([[], "updates", { agent: { messages: [ai(`m${k}`, `t${k}`)] } }]);
    records.push([[], "updates", { agent: { messages: [ai("open", "Hello")] } }]);
    const events = adapt(records);
    expect(limits(events)).toEqual([{ table: "message", cap: MAX_MESSAGES }]);
    expect(textOf(events, "open")).toBe("Hello");
    expect(textOf(events, `m${MAX_MESSAGES + 9}`)).toBe(`t${MAX_MESSAGES + 9}`);
    // A restatement of a recent message adds nothing.
    const adapter = langgraphAdapter.create();
    for (const [i, r] of records.entries()) adapter.push(r, i);
    const last = ai(`m${MAX_MESSAGES + 9}`, `t${MAX_MESSAGES + 9}`);
    expect(adapter.push([[], "values", { messages: [last] }], records.length)).toEqual([]);
  });

  it(`TOOL-01 ORD-01 ENV-09 past ${MAX_TOOL_CALLS} open tool calls one warning; a forgotten call still completes`, () => {
    const calls = MAX_TOOL_CALLS + 5;
    const records: Tuple[] = [];
    for (let k = 0; k < calls; k++)
      records.push([
        [],
        "updates",
        { agent: { messages: [ai(`m${k}`, "", [{ id: `c${k}`, name: "f", args: {} }])] } },
      ]);
    for (const k of [0, calls - 1])
      records.push([
        [],
        "updates",
        {
          tools: { messages: [{ _type: "ToolMessage", id: `r${k}`, tool_call_id: `c${k}`, content: "ok" }] },
        },
      ]);
    const events = adapt(records);
    expect(limits(events)).toEqual([
      { table: "message", cap: MAX_MESSAGES },
      { table: "tool call", cap: MAX_TOOL_CALLS },
    ]);
    const tools = projectEvents(events).tools;
    expect(Object.keys(tools)).toHaveLength(calls);
    expect([tools.c0.status, tools[`c${calls - 1}`].status]).toEqual([
      "output-available",
      "output-available",
    ]);
    expect(tools.c1.status).toBe("running");
    // The forgotten call's result implies its start again: stated without a stream position, so a
    // projection that drops it as a duplicate holds nothing after it back.
    const restarted = events.filter((e) => e.type === "tool.started" && e.toolCallId === "c0");
    expect(restarted.map((e) => e.sequence)).toEqual([expect.any(Number), undefined]);
  });
});

describe("langgraph final text", () => {
  const ai = (content: string) => ({ _type: "AIMessage", id: "m", content });
  /** Streamed, then stated by an update, then restated by two root states. */
  const records = (text: string): Tuple[] => [
    [[], "messages", [{ _type: "AIMessageChunk", id: "m", content: text }, {}]],
    [[], "updates", { agent: { messages: [ai(text)] } }],
    [[], "values", { messages: [ai(text)] }],
    [[], "values", { messages: [ai(text)] }],
  ];
  const finals = (events: AgentUiEvent[]) =>
    events.filter((e) => e.type === "text.final").map((e) => String(e.payload?.text).length);

  it(`TEXT-04 ENV-09 a final past ${MAX_FINAL_TEXT_CHARS} characters: one warning; stated whole, each restatement again`, () => {
    const text = `${"a".repeat(MAX_FINAL_TEXT_CHARS)}b`;
    const events = adapt(records(text));
    expect(limits(events)).toEqual([{ table: "final text", cap: MAX_FINAL_TEXT_CHARS }]);
    expect(finals(events)).toEqual([text.length, text.length, text.length]);
    expect(textOf(events, "m")).toBe(text);
  });

  it(`TEXT-04 ENV-09 a final of ${MAX_FINAL_TEXT_CHARS} characters is kept: no warning, a restatement adds nothing`, () => {
    const text = "a".repeat(MAX_FINAL_TEXT_CHARS);
    const events = adapt(records(text));
    expect(limits(events)).toEqual([]);
    expect(finals(events)).toEqual([text.length]);
    expect(textOf(events, "m")).toBe(text);
  });
});

describe("langgraph partial messages", () => {
  const partial = (id: string, content: string): Tuple => [
    [],
    "messages/partial",
    [{ type: "ai", id, content }],
  ];
  const complete = (id: string, content: string): Tuple => [
    [],
    "messages/complete",
    [{ type: "ai", id, content }],
  ];

  it("TEXT-04 TEXT-05 restated prefixes stream as deltas that add up to the text, whatever its length", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.array(fc.nat(400), { maxLength: 12 }), (text, cuts) => {
        const prefixes = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const records = prefixes.map((n) => partial("a1", text.slice(0, n)));
        const events = adapt(records);
        const streamed = events
          .filter((e) => e.type === "text.delta")
          .map((e) => e.payload?.delta)
          .join("");
        expect(events.some((e) => e.type === "text.final")).toBe(false);
        expect(streamed).toBe(text.slice(0, prefixes.at(-1) ?? 0));
      }),
    );
  });

  it("TEXT-05 a rewrite before the streamed end replaces the text", () => {
    const long = "x".repeat(200);
    const events = adapt([partial("a1", `${long}abc`), partial("a1", `${long}abd!`)]);
    expect(textOf(events, "a1")).toBe(`${long}abd!`);
  });

  it(`TEXT-04 ENV-09 past ${MAX_PARTIAL_MESSAGES} open partial messages one warning; every text stays exact`, () => {
    const records: Tuple[] = [];
    for (let k = 0; k < MAX_PARTIAL_MESSAGES; k++) records.push(partial(`p${k}`, "x"));
    records.push(partial("new", "Hello"), partial("new", "Hello world"));
    records.push(partial("p0", "xy"), partial("p0", "xyz"));
    // A completed message is forgotten: its restatement is a final, never appended again.
    records.push(complete("p1", "x done"), partial("late", "a"), partial("late", "ab"));
    const events = adapt(records);
    expect(limits(events)).toEqual([{ table: "partial message", cap: MAX_PARTIAL_MESSAGES }]);
    expect(textOf(events, "new")).toBe("Hello world");
    expect(textOf(events, "p0")).toBe("xyz");
    expect(textOf(events, "p1")).toBe("x done");
    expect(textOf(events, "late")).toBe("ab");
    expect(events.filter((e) => e.messageId === "late").map((e) => e.type)).toEqual([
      "text.delta",
      "text.delta",
    ]);
  });
});

describe("langgraph-v2 streaming messages", () => {
  const msg = (ns: string, data: Record<string, unknown>) => ({
    type: "event",
    method: "messages",
    params: { namespace: [ns], timestamp: 1, data },
  });
  const start = (k: number) => msg(`agent:t${k}`, { event: "message-start", id: `m${k}`, role: "ai" });
  const delta = (k: number, text: string) =>
    msg(`agent:t${k}`, { event: "content-block-delta", index: 0, delta: { type: "text-delta", text } });

  it(`TEXT-04 ENV-09 past ${MAX_OPEN_MESSAGES} unfinished messages one warning; the newest still stream`, () => {
    const adapter = langgraphV2Adapter.create();
    const records = Array.from({ length: MAX_OPEN_MESSAGES + 1 }, (_, k) => start(k));
    records.push(delta(MAX_OPEN_MESSAGES, "hi"), delta(1, "still"));
    const events = records.flatMap((r, i) => adapter.push(r, i));
    expect(limits(events)).toEqual([{ table: "streaming message", cap: MAX_OPEN_MESSAGES }]);
    expect(textOf(events, `m${MAX_OPEN_MESSAGES}`)).toBe("hi");
    expect(textOf(events, "m1")).toBe("still");
    // The one started longest ago was forgotten: its next block is reported, not attached elsewhere.
    const late = adapter.push(delta(0, "lost"), records.length);
    expect(late.map((e) => e.payload?.code)).toEqual(["unsupported_source_event"]);
  });

  const block = (event: string, index: number, body: Record<string, unknown> = {}) =>
    msg("agent:t", { event: `content-block-${event}`, index, ...body });
  const think = (index: number, reasoning: string) =>
    block("delta", index, { delta: { type: "reasoning-delta", reasoning } });
  const summaries = (events: AgentUiEvent[]) =>
    events.filter((e) => e.type === "reasoning.summary").map((e) => [e.partId, e.payload?.text]);

  it(`TEXT-06 ENV-09 past ${MAX_REASONING_BLOCKS} unfinished reasoning blocks one warning; the oldest is forgotten`, () => {
    const adapter = langgraphV2Adapter.create();
    const records = [msg("agent:t", { event: "message-start", id: "m", role: "ai" })];
    for (let k = 0; k <= MAX_REASONING_BLOCKS; k++)
      records.push(block("start", k, { content: { type: "reasoning", reasoning: `r${k}` } }));
    const last = MAX_REASONING_BLOCKS;
    records.push(block("finish", 0), think(1, "+"), block("finish", 1), block("finish", last));
    const events = records.flatMap((r, i) => adapter.push(r, i));
    expect(limits(events)).toEqual([{ table: "reasoning block", cap: MAX_REASONING_BLOCKS }]);
    expect(summaries(events)).toEqual([
      ["m:reasoning-1", "r1+"],
      [`m:reasoning-${last}`, `r${last}`],
    ]);
  });

  it(`TEXT-06 ENV-09 a reasoning block's text is kept up to ${MAX_REASONING_CHARS} characters, with one warning`, () => {
    const adapter = langgraphV2Adapter.create();
    const piece = "x".repeat(MAX_REASONING_CHARS / 4);
    const records = [
      msg("agent:t", { event: "message-start", id: "m", role: "ai" }),
      ...Array.from({ length: 6 }, () => think(0, piece)),
      block("finish", 0),
      think(1, "short"),
      block("finish", 1),
    ];
    const events = records.flatMap((r, i) => adapter.push(r, i));
    expect(limits(events)).toEqual([{ table: "reasoning text", cap: MAX_REASONING_CHARS }]);
    expect(summaries(events)).toEqual([
      ["m:reasoning-0", "x".repeat(MAX_REASONING_CHARS)],
      ["m:reasoning-1", "short"],
    ]);
  });
});
