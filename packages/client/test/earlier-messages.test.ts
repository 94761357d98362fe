// HYD-05: older messages loaded before the hydration window on the user's request — where the cursor
// stands, what one page adds, that a message is never shown twice, and that the history state (and its
// notice) changes only when something a surface shows changed.
import type { HistoryPage, Message, MessageCut, ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { EarlierMessages } from "../src/earlier-messages";

const message = (id: string, text = id): Message =>
  ({ id, role: "user", parts: [{ text }] }) as unknown as Message;
const state = (...ids: string[]): ProjectionState =>
  ({ messages: ids.map((id) => message(id)) }) as unknown as ProjectionState;
const info = (before: string | null) => ({ total: 9, included: 2, truncated: before !== null, before });
const page = (ids: string[], before: string | null, extra: Partial<HistoryPage> = {}): HistoryPage => ({
  sessionId: "s",
  seq: 0,
  messages: ids.map((id) => message(id)),
  window: info(before),
  ...extra,
});

function history(pages: HistoryPage[] = []) {
  const asked: [string, number][] = [];
  const cuts: MessageCut[] = [];
  let notices = 0;
  const earlier = new EarlierMessages(
    async (before, limit) => {
      asked.push([before, limit]);
      const next = pages.shift();
      if (next === undefined) throw new Error("no more pages");
      return next;
    },
    () => notices++,
    (cut) => cuts.push(cut),
  );
  return { earlier, asked, cuts, notices: () => notices };
}

describe("EarlierMessages", () => {
  it("HYD-05 starts with nothing loaded, not at the start, not loading", () => {
    expect(history().earlier.state).toEqual({ count: 0, loading: false, reachedStart: false });
  });

  it("HYD-05 asks from the window's cursor and on from each page's; the first message ends it", async () => {
    const h = history([page(["m3", "m4"], "c2"), page(["m1", "m2"], null)]);
    h.earlier.window(info("c4"));
    await h.earlier.loadEarlier(2);
    await h.earlier.loadEarlier();
    expect(h.asked).toEqual([
      ["c4", 2],
      ["c2", 40],
    ]);
    expect(h.earlier.state).toEqual({ count: 4, loading: false, reachedStart: true });
    expect(h.earlier.overlay(state("m5")).messages.map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    await h.earlier.loadEarlier();
    expect(h.asked).toHaveLength(2);
  });

  it("HYD-05 nothing is asked without a window's cursor, at the start, or without a loader", async () => {
    const h = history([page(["m1"], null)]);
    await h.earlier.loadEarlier();
    h.earlier.window(info(null));
    await h.earlier.loadEarlier();
    expect(h.asked).toEqual([]);
    expect(h.earlier.state.reachedStart).toBe(true);
    const none = new EarlierMessages(undefined, () => {});
    none.window(undefined);
    expect(none.state.reachedStart).toBe(true);
    await none.loadEarlier();
    const waiting = history();
    waiting.earlier.window(undefined);
    expect(waiting.earlier.state.reachedStart).toBe(false);
  });

  it("HYD-05 a page without a window of its own ends the history; its cut is handed on", async () => {
    const cut = { messageId: "m2", bytes: 300_000, parts: { total: 2, included: 1 } };
    const h = history([{ sessionId: "s", seq: 0, messages: [message("m2")], cut } as unknown as HistoryPage]);
    h.earlier.window(info("c3"));
    await h.earlier.loadEarlier();
    expect(h.earlier.state).toEqual({ count: 1, loading: false, reachedStart: true });
    expect(h.cuts).toEqual([cut]);
  });

  it("HYD-05 a page whose messages are not a list adds none and still moves the cursor", async () => {
    const h = history([{ ...page([], "c1"), messages: null } as unknown as HistoryPage]);
    h.earlier.window(info("c3"));
    await h.earlier.loadEarlier();
    expect(h.earlier.state).toEqual({ count: 0, loading: false, reachedStart: false });
    expect(h.earlier.overlay(state("m3")).messages.map((m) => m.id)).toEqual(["m3"]);
    await h.earlier.loadEarlier().catch(() => {});
    expect(h.asked.map(([before]) => before)).toEqual(["c3", "c1"]);
  });

  it("HYD-05 a new window does not move the cursor once pages reach further back", async () => {
    const h = history([page(["m3"], "c2"), page(["m2"], null)]);
    h.earlier.window(info("c4"));
    await h.earlier.loadEarlier();
    h.earlier.window(info("c9"));
    await h.earlier.loadEarlier();
    expect(h.asked.map(([before]) => before)).toEqual(["c4", "c2"]);
  });

  it("HYD-05 a failed page says why; the state and its notice change only when something shown changed", async () => {
    const h = history();
    h.earlier.window(info("c4"));
    const before = h.earlier.state;
    const notices = h.notices();
    h.earlier.window(info("c5"));
    expect(h.earlier.state).toBe(before);
    expect(h.notices()).toBe(notices);
    await h.earlier.loadEarlier();
    expect(h.earlier.state).toEqual({
      count: 0,
      loading: false,
      reachedStart: false,
      error: "no more pages",
    });
    expect(h.notices()).toBe(notices + 2);
  });

  it("HYD-05 a message the window holds is not shown again from a page; the overlay is kept while unchanged", async () => {
    const h = history([page(["m2", "m3"], null)]);
    const base = state("m3", "m4");
    expect(h.earlier.overlay(base)).toBe(base);
    h.earlier.window(info("c3"));
    await h.earlier.loadEarlier();
    const shown = h.earlier.overlay(base);
    expect(shown.messages.map((m) => m.id)).toEqual(["m2", "m3", "m4"]);
    expect(h.earlier.overlay(base)).toBe(shown);
    expect(h.earlier.overlay(state("m4")).messages.map((m) => m.id)).toEqual(["m2", "m3", "m4"]);
  });

  it("HYD-13 a page's message loaded whole replaces its cut copy; one no page holds is not added", async () => {
    const h = history([page(["m1", "m2"], null)]);
    h.earlier.window(info("c3"));
    await h.earlier.loadEarlier();
    const base = state("m3");
    const before = h.earlier.overlay(base);
    expect(h.earlier.replace(message("m2", "whole text"))).toBe(true);
    const after = h.earlier.overlay(base);
    expect(after).not.toBe(before);
    expect(after.messages.map((m) => [m.id, m.parts[0].text])).toEqual([
      ["m1", "m1"],
      ["m2", "whole text"],
      ["m3", "m3"],
    ]);
    expect(h.earlier.replace(message("m1", "first whole"))).toBe(true);
    expect(h.earlier.overlay(base).messages[0].parts[0].text).toBe("first whole");
    expect(h.earlier.replace(message("m9"))).toBe(false);
    expect(h.earlier.overlay(base).messages).toHaveLength(3);
  });
});
