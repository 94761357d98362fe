import { describe, expect, it } from "vitest";
import {
  Emitter,
  a2aAdapter,
  adaptRecords,
  contentHash,
  normalizeMessages,
  previewOf,
  readCorrelationIds,
} from "../src";
import type { AdapterModule } from "../src";
import { BoundedTable, LimitNotices } from "../src/shared/bounded";
import { CappedText } from "../src/shared/capped-text";

/** An adapter that maps every record to one text delta and remembers what it was given. */
function recorder() {
  const pushed: unknown[][] = [];
  const module: AdapterModule = {
    format: "rec",
    description: "rec",
    detect: () => 1,
    create: () => ({
      format: "rec",
      push: (value, index, meta) => {
        pushed.push([value, index, meta]);
        return [new Emitter("rec").event("text.delta", {}, { index })];
      },
      finish: () => [],
    }),
  };
  return { pushed, adapters: [module] };
}

describe("adaptRecords input framing (ENV-01, ENV-02)", () => {
  it("ENV-02 framed records keep their own index and meta; plain values are numbered in order", () => {
    const { pushed, adapters } = recorder();
    adaptRecords(
      [
        { value: "a", index: 7, meta: { event: "x" } },
        { value: "b", index: 9, meta: {} },
      ],
      "rec",
      { adapters },
    );
    expect(pushed).toEqual([
      ["a", 7, { event: "x" }],
      ["b", 9, {}],
    ]);
  });

  it("ENV-02 one plain value among framed records makes the whole input plain values", () => {
    const { pushed, adapters } = recorder();
    const framed = { value: "a", index: 7, meta: {} };
    adaptRecords([framed, { other: 1 }], "rec", { adapters });
    expect(pushed).toEqual([
      [framed, 0, {}],
      [{ other: 1 }, 1, {}],
    ]);
  });

  it.each([
    ["an index that is not a number", { value: "a", index: "7", meta: {} }],
    ["a null meta", { value: "a", index: 7, meta: null }],
    ["a meta that is not an object", { value: "a", index: 7, meta: "m" }],
    ["no value key", { index: 7, meta: {} }],
  ])("ENV-02 a record with %s is a plain value, not a framed record", (_name, record) => {
    const { pushed, adapters } = recorder();
    adaptRecords([record], "rec", { adapters });
    expect(pushed).toEqual([[record, 0, {}]]);
  });

  it("ENV-01 an empty input with an unknown format still reports the unknown format", () => {
    const { adapters } = recorder();
    const result = adaptRecords([], "nope", { adapters });
    expect(result.events).toEqual([]);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ["unsupported_source_event", "error", 'unknown format "nope"; known formats: rec'],
    ]);
    expect(adaptRecords([], "rec", { adapters })).toEqual({
      events: [],
      diagnostics: [],
      details: new Map(),
    });
  });
});

describe("message list spellings (TEXT-08, TEAM-02)", () => {
  it("TEAM-02 a message id may be spelled messageId; its agent may be agentId, subagent_id or subagentRunId", () => {
    const { messages, skipped } = normalizeMessages([
      { messageId: "m1", role: "user", agentId: "a1" },
      { id: "m2", role: "assistant", subagent_id: "s2" },
      { id: "m3", role: "assistant", subagentRunId: "r3" },
      { id: "m4", role: "assistant", subagentId: "s4" },
    ]);
    expect(messages).toStrictEqual([
      { id: "m1", role: "user", agentId: "a1" },
      { id: "m2", role: "assistant", agentId: "s2" },
      { id: "m3", role: "assistant", agentId: "r3" },
      { id: "m4", role: "assistant", agentId: "s4" },
    ]);
    expect(skipped).toBe(0);
  });

  it("TEXT-08 text comes from a parts list; a text part without text adds nothing; toolCalls is read", () => {
    const { messages } = normalizeMessages([
      { id: "m1", role: "assistant", parts: [{ type: "text", text: "hi" }, { type: "text" }] },
      { id: "m2", role: "assistant", content: [{ type: "text" }], toolCalls: [{ id: "tc1" }] },
    ]);
    expect(messages).toStrictEqual([
      { id: "m1", role: "assistant", text: "hi" },
      { id: "m2", role: "assistant", parts: [{ kind: "tool_call", toolCallId: "tc1" }] },
    ]);
  });
});

describe("A2A detection (ENV-01)", () => {
  it("ENV-01 a JSON-RPC result carrying a status update is recognised as A2A", () => {
    const detect = a2aAdapter.detect;
    const record = { jsonrpc: "2.0", id: 1, result: { statusUpdate: { taskId: "t1", contextId: "c1" } } };
    expect(detect?.(record)).toBe(0.95);
    expect(detect?.({ jsonrpc: "2.0", id: 1, result: { other: {} } })).toBe(0);
  });
});

describe("envelope building (ENV-02, ORD-01, TOOL-03)", () => {
  it("ORD-01 a derived event without a source sequence carries no sequence key at all", () => {
    const plain = new Emitter("fmt").derivedEvent("run.status", { eventId: "q" });
    expect(plain.source).toStrictEqual({ format: "fmt" });
  });

  it("ENV-02 a derived event leaves the caller's fields untouched", () => {
    const fields = { eventId: "p:run.status", sequence: 3, runId: "r1" };
    const derived = new Emitter("fmt").derivedEvent("run.status", fields);
    expect(fields).toStrictEqual({ eventId: "p:run.status", sequence: 3, runId: "r1" });
    expect(derived).not.toBe(fields);
  });

  it("ENV-02 a source given in the fields is replaced and written last, after the other keys", () => {
    const event = new Emitter("fmt").event("text.delta", { source: { format: "x" }, runId: "r1" } as never);
    expect(Object.keys(event).at(-1)).toBe("source");
    expect(event.source).toStrictEqual({ format: "fmt" });
  });

  it("ENV-02 an unsequenced event of a stream-less source gets an id under the default stream", () => {
    const emitter = new Emitter("fmt", {}, { sourceSequenced: true });
    const event = emitter.event("text.delta");
    expect(event.eventId).toBe("fmt:default:u1");
    expect("sequence" in event).toBe(false);
  });

  it("ENV-02 source info fields left undefined are not written into the event's source", () => {
    const event = new Emitter("fmt").event("text.delta", {}, { index: 1, sourceType: undefined });
    expect(event.source).toStrictEqual({ format: "fmt", index: 1 });
  });

  it("TOOL-03 a content hash is always 16 hex digits, leading zeros kept in both lanes", () => {
    expect(contentHash("k120")).toBe("0493fd3bcd92d666");
    expect(contentHash("k19")).toBe("a0d206680503f45d");
  });

  it("ENV-09 an empty snake_case id is not read as a correlation id", () => {
    expect(readCorrelationIds({ runId: "", run_id: "" })).toStrictEqual({});
    expect(readCorrelationIds({ run_id: "" })).toStrictEqual({});
    expect(readCorrelationIds({ runId: "", run_id: "r1" })).toStrictEqual({ runId: "r1" });
  });
});

describe("capped texts (ENV-09, TOOL-03)", () => {
  const limit = { table: "args", cap: 5, consequence: "the rest is not kept" };

  it("ENV-09 once a text passed its cap, a later piece that would fit is not kept either", () => {
    const notices = new LimitNotices();
    const text = new CappedText(limit, notices);
    text.append("abc");
    text.append("defgh");
    text.append("x");
    expect([text.text(), text.length, text.cut, text.received]).toEqual(["abc", 3, true, true]);
    expect(notices.drain()).toEqual([limit]);
  });

  it("TOOL-03 a taken text leaves an empty buffer behind", () => {
    const text = new CappedText(limit, new LimitNotices());
    text.append("ab");
    text.append("c");
    expect(text.take()).toBe("abc");
    expect([text.text(), text.length]).toEqual(["", 0]);
  });
});

describe("bounded id tables (ENV-09)", () => {
  const limit = { table: "ids", cap: 2, consequence: "a new id is not tracked" };

  it("ENV-09 closing an id the table never held makes no room for a third one", () => {
    const notices = new LimitNotices();
    const table = new BoundedTable<true>(limit, notices);
    table.close("ghost");
    expect([table.add("a"), table.add("b"), table.add("c")]).toEqual([true, true, false]);
    expect([table.size, table.has("c"), table.has("ghost")]).toEqual([2, false, false]);
    expect(notices.drain()).toEqual([limit]);
  });

  it("ENV-09 a set's member reads as true", () => {
    const table = new BoundedTable<true>(limit, new LimitNotices());
    table.add("a");
    expect([...table.entriesInOrder()]).toEqual([["a", true]]);
  });
});

describe("previews (ENV-09, TOOL-03)", () => {
  it("ENV-09 a preview of a value JSON cannot write (a BigInt) is its string form, never a crash", () => {
    expect(previewOf(10n)).toBe("10");
    expect(previewOf({ a: 1n })).toBe("[object Object]");
  });
});
