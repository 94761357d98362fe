import type { ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Gateway } from "../src/gateway/gateway";
import type { SessionProjection } from "../src/gateway/session-projection";
import { DEFAULT_MESSAGE_WINDOW } from "../src/http/hydration-window";
import { RESTING_WINDOW_MS, saveRestingWindows, STREAMING_WINDOW_MS } from "../src/http/resting-windows";
import { WINDOW_STAMP } from "../src/http/stored-window";
import { WindowCache } from "../src/http/window-cache";
import type { StoredWindow } from "../src/store/session-store";

type Advanced = (sessionId: string, projection: SessionProjection) => void;

/** The gateway's side that `saveRestingWindows` uses: its projection events and its store's windows. */
function fakeGateway(firstWrite: Promise<void> = Promise.resolve()) {
  const listeners = new Set<Advanced>();
  const saved: { sessionId: string; window: StoredWindow }[] = [];
  const stored = new Map<string, StoredWindow>();
  let writes = 0;
  const gateway = {
    onProjectionAdvanced(listener: Advanced) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    store: {
      async readWindow(sessionId: string) {
        return stored.get(sessionId);
      },
      async saveWindow(sessionId: string, window: StoredWindow) {
        if (writes++ === 0) await firstWrite;
        saved.push({ sessionId, window });
        stored.set(sessionId, window);
      },
    },
  } as unknown as Gateway;
  const advance = (sessionId: string, seq: number) => {
    const state: ProjectionState = projectEvents(
      Array.from({ length: seq }, (_, i) => ({
        type: "text.delta" as const,
        messageId: "m",
        payload: { delta: `${i} ` },
      })),
    );
    for (const listener of listeners) listener(sessionId, { seq, state } as SessionProjection);
  };
  return { gateway, saved, stored, advance, listeners };
}

/** Lets the save's promise chain (store read, sliced build on `setImmediate`, store write) run out. */
async function settle(): Promise<void> {
  for (let i = 0; i < 100; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe("the window of a session at rest", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("AS-10 is stored once its projection has had no new event for the rest time, at the newest seq", async () => {
    const { gateway, saved, advance } = fakeGateway();
    const resting = saveRestingWindows(gateway, new WindowCache(), { restMs: 300 });
    // A new fact every 200 ms for a second: never 300 ms without one.
    for (let seq = 1; seq <= 5; seq++) {
      advance("s1", seq);
      await vi.advanceTimersByTimeAsync(200);
    }
    await settle();
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    await settle();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      sessionId: "s1",
      window: { seq: 5, messageLimit: DEFAULT_MESSAGE_WINDOW, stamp: WINDOW_STAMP },
    });
    expect(JSON.parse(saved[0].window.body).state.messages[0].parts[0].text).toBe("0 1 2 3 4 ");
    await resting.stop();
  });

  it("AS-10 each session rests on its own; a window stored at that seq already is not stored again", async () => {
    const { gateway, saved, advance } = fakeGateway();
    const resting = saveRestingWindows(gateway, new WindowCache());
    advance("s1", 2);
    advance("s2", 3);
    await vi.advanceTimersByTimeAsync(RESTING_WINDOW_MS);
    await settle();
    expect(saved.map((s) => [s.sessionId, s.window.seq]).sort()).toEqual([
      ["s1", 2],
      ["s2", 3],
    ]);
    // Loaded again at the same seq (e.g. after an eviction): nothing new to store.
    advance("s1", 2);
    await vi.advanceTimersByTimeAsync(RESTING_WINDOW_MS);
    await settle();
    expect(saved).toHaveLength(2);
    await resting.stop();
  });

  it("AS-10 stop() cancels the waits: a closing gateway stores nothing more and hears no more", async () => {
    const { gateway, saved, advance, listeners } = fakeGateway();
    const resting = saveRestingWindows(gateway, new WindowCache(), { restMs: 300 });
    advance("s1", 4);
    await resting.stop();
    expect(listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(saved).toEqual([]);
  });

  it("AS-10 a session that keeps streaming has its window stored each streaming time, at the newest seq, then at rest", async () => {
    const { gateway, saved, advance } = fakeGateway();
    const resting = saveRestingWindows(gateway, new WindowCache(), { restMs: 300, streamingMs: 1_000 });
    // A new fact every 200 ms for 2.4 s: never at rest, so only the streaming time stores.
    for (let seq = 1; seq <= 12; seq++) {
      advance("s1", seq);
      await vi.advanceTimersByTimeAsync(200);
    }
    await settle();
    // 1 s after the first fact not stored (seq 1 at 0 ms, then seq 6 at 1,000 ms): the newest then.
    expect(saved.map((s) => s.window.seq)).toEqual([5, 10]);
    await vi.advanceTimersByTimeAsync(300);
    await settle();
    expect(saved.map((s) => s.window.seq)).toEqual([5, 10, 12]);
    await resting.stop();
  });

  it("AS-10 the defaults: at rest after 2 s, while streaming every 5 s", async () => {
    expect([RESTING_WINDOW_MS, STREAMING_WINDOW_MS]).toEqual([2_000, 5_000]);
    const { gateway, saved, advance } = fakeGateway();
    const resting = saveRestingWindows(gateway, new WindowCache());
    for (let seq = 1; seq <= 6; seq++) {
      advance("s1", seq);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    await settle();
    expect(saved.map((s) => s.window.seq)).toEqual([5]);
    await resting.stop();
  });

  it("AS-10 a session's stores run one after the other: an older window never overwrites a newer one", async () => {
    let release = () => {};
    const { gateway, saved, stored, advance } = fakeGateway(new Promise((resolve) => (release = resolve)));
    const resting = saveRestingWindows(gateway, new WindowCache(), { restMs: 300 });
    advance("s1", 2);
    await vi.advanceTimersByTimeAsync(300);
    await settle();
    // The store of seq 2 is still writing when seq 3 rests.
    advance("s1", 3);
    await vi.advanceTimersByTimeAsync(300);
    await settle();
    expect(saved).toEqual([]);
    release();
    await settle();
    expect(saved.map((s) => s.window.seq)).toEqual([2, 3]);
    expect(stored.get("s1")?.seq).toBe(3);
    await resting.stop();
  });
});
