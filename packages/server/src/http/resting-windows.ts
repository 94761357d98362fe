// The windows a gateway stores while it holds sessions' projections in memory, so a gateway that ends
// without a clean close (a crash, a kill) still leaves a window at or near every session's head, and the
// first joiner after the next start is answered before that session's projection loads (AS-10, HYD-02):
// - at rest: once a session's projection has had no new event for `RESTING_WINDOW_MS`, its window at that
//   seq, the session's head;
// - while it streams: once `STREAMING_WINDOW_MS` have passed since the first event its stored window does
//   not hold, its window at the newest seq. A crash mid-stream then leaves a window a few seconds of events
//   behind the head, served while at most `MAX_EVENTS_AFTER_STORED_WINDOW` events are after it
//   (./stored-window.ts): the joiner's client reads them from the stream, as a joiner at that seq did.
// Each store builds the window into the window cache (the next joiner at that seq is answered without a
// build) and writes it, unless the stored window is at that seq already. A session's stores run one after
// the other, each at the newest seq when it starts: an older window never overwrites a newer one.
import type { Gateway } from "../gateway/gateway";
import type { SessionProjection } from "../gateway/session-projection";
import { DEFAULT_MESSAGE_WINDOW, windowContentBytes, windowKey } from "./hydration-window";
import { saveWindow, WINDOW_STAMP } from "./stored-window";
import type { WindowCache } from "./window-cache";

/** How long a session's projection goes without a new event before its window is stored (see above). */
export const RESTING_WINDOW_MS = 2_000;
/** How long a session streams past its stored window before its window is stored anyway (see above). */
export const STREAMING_WINDOW_MS = 5_000;

export interface WindowTimes {
  /** No new event for this long: the window is stored (default `RESTING_WINDOW_MS`). */
  restMs?: number;
  /** Events its stored window does not hold for this long: the window is stored (default
   * `STREAMING_WINDOW_MS`). */
  streamingMs?: number;
}

/** Stores the window of each session whose projection is held in memory, at rest and while it streams
 * (see the file comment). `stop()` cancels the waits and resolves when the stores under way are done (the
 * close awaits it before its own). */
export function saveRestingWindows(
  gateway: Gateway,
  windows: WindowCache,
  times: WindowTimes = {},
): { stop(): Promise<void> } {
  const restMs = times.restMs ?? RESTING_WINDOW_MS;
  const streamingMs = times.streamingMs ?? STREAMING_WINDOW_MS;
  /** Per session: its timer, and when the first event its stored window does not hold arrived. */
  const waits = new Map<string, { timer: ReturnType<typeof setTimeout>; since: number }>();
  /** Per session: its newest store, which the next one waits for. */
  const saves = new Map<string, Promise<void>>();
  const store = async (sessionId: string, projection: SessionProjection) => {
    // Read when the store starts: the newest seq by then.
    const { seq, state } = projection;
    const stored = await gateway.store.readWindow(sessionId);
    if (
      stored?.seq === seq &&
      stored.stamp === WINDOW_STAMP &&
      stored.messageLimit === DEFAULT_MESSAGE_WINDOW
    )
      return;
    const key = windowKey(seq, DEFAULT_MESSAGE_WINDOW);
    const body = await windows.get(sessionId, key, (slicer) =>
      windowContentBytes(state, DEFAULT_MESSAGE_WINDOW, slicer),
    );
    await saveWindow(gateway, sessionId, key, body, async () => ({ seq }));
  };
  const save = (sessionId: string, projection: SessionProjection) => {
    const saving: Promise<void> = (saves.get(sessionId) ?? Promise.resolve())
      .then(() => store(sessionId, projection))
      .catch(() => {})
      .finally(() => {
        if (saves.get(sessionId) === saving) saves.delete(sessionId);
      });
    saves.set(sessionId, saving);
  };
  const off = gateway.onProjectionAdvanced((sessionId, projection) => {
    const now = Date.now();
    const wait = waits.get(sessionId);
    const since = wait?.since ?? now;
    clearTimeout(wait?.timer);
    const timer = setTimeout(
      () => {
        waits.delete(sessionId);
        save(sessionId, projection);
      },
      Math.max(0, Math.min(restMs, since + streamingMs - now)),
    );
    timer.unref?.();
    waits.set(sessionId, { timer, since });
  });
  return {
    async stop() {
      off();
      for (const { timer } of waits.values()) clearTimeout(timer);
      waits.clear();
      await Promise.all(saves.values());
    },
  };
}
