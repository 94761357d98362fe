// Bounded memory whatever Codex sends: the item ids of earlier turns (to tell a reused id from a new one)
// and the items of one turn have caps. Up to them an item keeps its own id and a reused one is named
// `<id>@turn<n>`; past one, one `source_limit_exceeded` warning names the table and every item of the
// later turns is suffixed — ids stay deterministic and two items never merge.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { codexAdapter } from "../src/codex";
import { MAX_EARLIER_ITEM_IDS, MAX_TURN_ITEMS } from "../src/codex/adapter";
import { limits, ofType, pushEach } from "./bounds-support";

const turn = { type: "turn.started" };
const done = { type: "turn.completed" };
const message = (id: string, text = id) => ({
  type: "item.completed",
  item: { id, type: "agent_message", text },
});
const messages = (n: number, prefix: string) => Array.from({ length: n }, (_, k) => message(`${prefix}${k}`));
const adapt = (records: unknown[]) => pushEach(codexAdapter.create(), records);
const finals = (events: AgentUiEvent[]) => ofType(events, "text.final").map((e) => e.messageId);

describe("codex item ids of earlier turns", () => {
  /** `n` ids in the first turn, then a turn with the new id `b`, then one with a new and a reused id. */
  const turns = (n: number) => [
    turn,
    ...messages(n, "a"),
    done,
    turn,
    message("b"),
    done,
    turn,
    message("c"),
    message("a0"),
    done,
  ];

  it(`ENV-02 ORD-02 ENV-09 past ${MAX_EARLIER_ITEM_IDS} ids one warning; every later item is suffixed, none merges`, () => {
    const { all } = adapt(turns(MAX_EARLIER_ITEM_IDS));
    expect(limits(all)).toEqual([{ table: "earlier item id", cap: MAX_EARLIER_ITEM_IDS }]);
    expect(finals(all).slice(-3)).toEqual(["b", "c@turn3", "a0@turn3"]);
    expect(all.find((e) => e.payload?.code === "source_limit_exceeded")?.payload?.message).toBe(
      `codex: the earlier item id table reached its cap of ${MAX_EARLIER_ITEM_IDS}: every item of the later turns is named <id>@turn<n>, whether or not its id was used before`,
    );
  });

  it(`ENV-02 ORD-02 ENV-09 ${MAX_EARLIER_ITEM_IDS} ids fit: no warning, a new id is kept and a reused one suffixed`, () => {
    const { all } = adapt(turns(MAX_EARLIER_ITEM_IDS - 1));
    expect(limits(all)).toEqual([]);
    expect(finals(all).slice(-3)).toEqual(["b", "c", "a0@turn3"]);
  });
});

describe("codex items of one turn", () => {
  /** `n` items in one turn, then the next turn with a new id and the first turn's first id. */
  const turns = (n: number) => [turn, ...messages(n, "a"), done, turn, message("c"), message("a0"), done];

  it(`ENV-02 ORD-02 ENV-09 past ${MAX_TURN_ITEMS} items one warning; the next turn is suffixed, none merges`, () => {
    const { all } = adapt(turns(MAX_TURN_ITEMS + 1));
    expect(limits(all)).toEqual([{ table: "turn item", cap: MAX_TURN_ITEMS }]);
    expect(finals(all).slice(-2)).toEqual(["c@turn2", "a0@turn2"]);
  });

  it(`ENV-02 ORD-02 ENV-09 ${MAX_TURN_ITEMS} items fit: no warning, a new id is kept and a reused one suffixed`, () => {
    const { all } = adapt(turns(MAX_TURN_ITEMS));
    expect(limits(all)).toEqual([]);
    expect(finals(all).slice(-2)).toEqual(["c", "a0@turn2"]);
  });

  it("TEXT-03 TEXT-04 an open item outlives completed ones: its growing text still streams as suffix deltas", () => {
    const update = (text: string) => ({
      type: "item.updated",
      item: { id: "open", type: "agent_message", text },
    });
    const { last } = adapt([turn, update("he"), ...messages(MAX_TURN_ITEMS, "a"), update("hello")]);
    expect(ofType(last, "text.delta").map((e) => e.payload?.delta)).toEqual(["llo"]);
  });

  it(`ENV-02 ENV-09 past ${MAX_TURN_ITEMS} items the turn's own later items keep their ids`, () => {
    const { all } = adapt([turn, ...messages(MAX_TURN_ITEMS + 2, "a")]);
    expect(limits(all)).toEqual([{ table: "turn item", cap: MAX_TURN_ITEMS }]);
    expect(finals(all).slice(-2)).toEqual([`a${MAX_TURN_ITEMS}`, `a${MAX_TURN_ITEMS + 1}`]);
  });

  it("TEXT-03 TEXT-04 a table full of open items forgets the oldest: the newest streams on, the oldest restates", () => {
    const update = (id: string, text: string) => ({
      type: "item.updated",
      item: { id, type: "agent_message", text },
    });
    const started = Array.from({ length: MAX_TURN_ITEMS - 1 }, (_, k) => ({
      type: "item.started",
      item: { id: `b${k}`, type: "agent_message", text: "" },
    }));
    const records = [turn, update("first", "he"), ...started, update("last", "he")];
    const { all } = adapt([...records, update("last", "hello"), update("first", "hello")]);
    const deltas = ofType(all, "text.delta").map((e) => [e.messageId, e.payload?.delta]);
    expect(deltas.slice(-2)).toEqual([
      ["last", "llo"],
      ["first", "hello"],
    ]);
  });

  it(`ENV-02 ENV-09 STAT-07 after a turn past ${MAX_TURN_ITEMS} items every later turn starts, suffixed, with one warning`, () => {
    const records = [turn, message("x"), done, turn, ...messages(MAX_TURN_ITEMS + 1, "a"), done];
    const { all } = adapt([...records, turn, message("c"), message("x"), done]);
    expect(limits(all)).toEqual([{ table: "turn item", cap: MAX_TURN_ITEMS }]);
    expect(ofType(all, "run.started")).toHaveLength(3);
    expect(finals(all).slice(-2)).toEqual(["c@turn3", "x@turn3"]);
  });
});
