// HYD-05 HYD-13 ENV-07 PERF-03: what a session client's subscribers hear besides live batches — an older
// page, a message loaded whole, an optimistic copy going — each as a notice with no log entries, and what
// a closed client still does (nothing).
import type { HistoryPage, Message } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";
import { describe, expect, it, vi } from "vitest";
import { InProcessTransport, SessionClient, type SessionClientOptions } from "../src";
import { TestRuntime } from "./in-process-runtime";

const message = (id: string, text: string): Message =>
  ({
    id,
    role: "assistant",
    parts: [{ id: `${id}:p`, kind: "assistant_text", status: "done", text }],
  }) as Message;
const page = (messages: Message[], extra: Partial<HistoryPage> = {}): HistoryPage => ({
  sessionId: "s",
  seq: 0,
  messages,
  window: { total: 3, included: messages.length, truncated: false, before: null },
  ...extra,
});

function client(options: Partial<SessionClientOptions> = {}, runtime = new TestRuntime()) {
  const c = new SessionClient({
    sessionId: "s",
    transport: new InProcessTransport(runtime),
    port: runtime,
    loadSnapshot: async () => ({
      seq: 0,
      state: createProjector().getState(),
      window: { messages: { total: 3, included: 0, truncated: true, before: "cursor-1" } },
    }),
    ...options,
  });
  const notices: number[] = [];
  c.subscribe((_state, entries) => notices.push(entries.length));
  return { client: c, runtime, notices };
}

describe("SessionClient notices", () => {
  it("HYD-05 PERF-03 an older page is announced as it loads and lands; its load time is measured once", async () => {
    const timings: [string, number][] = [];
    const { client: c, notices } = client({
      loadHistory: async () => page([message("old-1", "first"), message("old-2", "second")]),
      onTiming: (metric, ms) => timings.push([metric, ms]),
    });
    await c.open();
    notices.length = 0;
    const before = performance.now();
    await c.loadEarlier();
    await Promise.resolve();
    const elapsed = performance.now() - before;
    expect(c.state.messages.map((m) => m.id)).toEqual(["old-1", "old-2"]);
    expect(notices.length).toBeGreaterThanOrEqual(2);
    expect(notices.every((n) => n === 0)).toBe(true);
    const loads = timings.filter(([metric]) => metric === "history.page_load_ms");
    expect(loads).toHaveLength(1);
    expect(loads[0][1]).toBeGreaterThanOrEqual(0);
    expect(loads[0][1]).toBeLessThanOrEqual(elapsed);
    c.close();
  });

  it("HYD-02 an older page of a record table is merged into the projection and announced", async () => {
    const merged: unknown[] = [];
    const projector = createProjector();
    const { client: c, notices } = client({
      loadSnapshot: async () => ({
        seq: 0,
        state: projector.getState(),
        window: { tables: { tools: { total: 2, included: 1, truncated: true, before: "t-cursor" } } },
      }),
      loadTablePage: async (table) => ({
        sessionId: "s",
        seq: 0,
        table,
        records: { "tool-0": { id: "tool-0" } },
        window: { total: 2, included: 1, truncated: false, before: null },
      }),
      createProjector: () => ({ ...projector, mergeRecords: (...args: unknown[]) => merged.push(args) }),
    });
    await c.open();
    notices.length = 0;
    expect(c.hasOlderRows("tools")).toBe(true);
    expect(await c.loadOlderRows("tools")).toBe(false);
    expect(merged).toEqual([["tools", { "tool-0": { id: "tool-0" } }]]);
    expect(notices).toEqual([0]);
    expect(c.hasOlderRows("tools")).toBe(false);
    c.close();
  });

  it("PERF-03 a failed older page is not measured", async () => {
    const timings: string[] = [];
    const { client: c } = client({
      loadHistory: async () => {
        throw new Error("network down");
      },
      onTiming: (metric) => timings.push(metric),
    });
    await c.open();
    await c.loadEarlier();
    await Promise.resolve();
    expect(c.history.error).toBe("network down");
    expect(timings).not.toContain("history.page_load_ms");
    c.close();
  });

  it("HYD-13 a page's cut message is listed as the page's, loads whole into the page, announced", async () => {
    const cut = { messageId: "old-1", bytes: 300_000, parts: { total: 2, included: 1 } };
    const { client: c, notices } = client({
      loadHistory: async () => page([message("old-1", "tail only")], { cut }),
      loadMessage: async () => ({ sessionId: "s", seq: 0, message: message("old-1", "the whole text") }),
    });
    await c.open();
    await c.loadEarlier();
    expect(c.cutMessages.get("old-1")).toEqual({ cut, source: "page", loading: false });
    notices.length = 0;
    expect(await c.loadWholeMessage("old-1")).toBe(true);
    expect(c.state.messages[0].parts[0].text).toBe("the whole text");
    expect(c.cutMessages.has("old-1")).toBe(false);
    expect(notices).toEqual([0, 0]);
    c.close();
  });

  it("HYD-13 a window's cut message with a projector that cannot complete messages stays cut", async () => {
    const cut = { messageId: "m1", bytes: 300_000, parts: { total: 2, included: 1 } };
    const projector = createProjector();
    const { client: c } = client({
      loadSnapshot: async () => ({ seq: 0, state: projector.getState(), window: { cut } }),
      loadMessage: async () => ({ sessionId: "s", seq: 0, message: message("m1", "whole") }),
      createProjector: () => ({
        apply: (event) => projector.apply(event),
        hydrate: (input) => projector.hydrate(input),
        getState: () => projector.getState(),
      }),
    });
    await c.open();
    expect(await c.loadWholeMessage("m1")).toBe(false);
    expect(c.cutMessages.get("m1")?.error).toBe("the message changed while it loaded; try again");
    c.close();
  });

  it("ENV-07 an answer naming a message id the projection does not hold keeps the copy, and its going is a notice", async () => {
    const runtime = new TestRuntime();
    runtime.emit({ type: "run.started", runId: "r0", messageId: "m-1", payload: { input: "earlier" } });
    runtime.answer = (command) => ({
      status: "accepted",
      idempotencyKey: command.idempotencyKey,
      assigned: { messageId: "m-2" },
    });
    const { client: c, notices } = client({ loadSnapshot: undefined }, runtime);
    await c.open();
    expect(c.state.messages.length).toBeGreaterThan(0);
    await c.runtime.send({ text: "hello", clientMessageId: "c1" });
    await Promise.resolve();
    expect(c.state.messages.filter((m) => m.optimistic).map((m) => m.id)).toEqual(["c1"]);
    runtime.answer = (command) => ({
      status: "rejected",
      idempotencyKey: command.idempotencyKey,
      reason: "busy",
    });
    notices.length = 0;
    await c.runtime.send({ text: "again", clientMessageId: "c2" });
    await Promise.resolve();
    expect(c.state.messages.some((m) => m.id === "c2")).toBe(false);
    expect(notices).toEqual([0, 0]);
    c.close();
  });
});

describe("SessionClient closed", () => {
  it("CONN-01 a closed client asks for no snapshot and applies nothing more", async () => {
    let asked = 0;
    const { client: c, runtime } = client({
      loadSnapshot: async () => {
        asked++;
        return { seq: 0, state: createProjector().getState() };
      },
    });
    await c.open();
    runtime.emit({ type: "run.started", runId: "r1" });
    expect(c.seq).toBe(1);
    c.close();
    runtime.emit({ type: "run.completed", runId: "r1" });
    expect(c.seq).toBe(1);
    expect(c.connection.state).toBe("closed");
    const closed = client({
      loadSnapshot: async () => {
        asked++;
        return { seq: 0, state: createProjector().getState() };
      },
    });
    closed.client.close();
    await expect(closed.client.open()).rejects.toThrow("closed");
    expect(asked).toBe(1);
  });

  it("COMP-05 a write leaves no timer behind once its listener is bound", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { client: c } = client({
        loadSnapshot: async () => ({ seq: 0, state: createProjector().getState() }),
      });
      await c.runtime.interrupt({ turnId: "t1" });
      expect(vi.getTimerCount()).toBe(0);
      c.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
