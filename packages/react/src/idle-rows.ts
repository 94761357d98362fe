// Rows that arrive in a burst (a restored session's timeline, a catch-up) are shown newest first and the
// rest is added while the browser is idle, a slice at a time, so the conversation paints before a long
// secondary list is laid out. Rows that arrive a few at a time (a live stream) show at once. The rows still
// waiting are `deferred.timeline_pending_count`; the time from the burst to the last slice shown is
// `timeline.idle_hydrate_ms` (PERF-03/04), recorded in the host's `SessionMetrics` when one is given.
import { useEffect, useRef, useState } from "react";
import type { SessionMetrics } from "./session-metrics";

export interface IdleRowsOptions {
  /** Rows shown at once from a burst (the newest), and the most a live update shows without waiting
   * (default 50). */
  firstRows?: number;
  /** Rows added per idle callback (default 200). */
  slice?: number;
  metrics?: SessionMetrics;
  /** Runs `work` when the browser is idle; returns a cancel (default `requestIdleCallback`, or a 0 ms
   * timer where there is none). */
  schedule?: (work: () => void) => () => void;
}

export interface IdleRows<T> {
  /** The newest rows shown so far, in the input's order. */
  rows: readonly T[];
  /** Rows still waiting for an idle slice. */
  pending: number;
}

interface Progress {
  /** The input length this progress was computed for. */
  seen: number;
  shown: number;
  /** `performance.now()` when the rows still pending arrived. */
  startedAt: number | undefined;
}

export function whenIdle(work: () => void): () => void {
  const idle = globalThis as {
    requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
    cancelIdleCallback?: (handle: number) => void;
  };
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(work, { timeout: 500 });
    return () => idle.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/** The newest of `rows` shown now, the rest added in idle slices (see the file's comment). */
export function useIdleRows<T>(rows: readonly T[], options: IdleRowsOptions = {}): IdleRows<T> {
  const { firstRows = 50, slice = 200, metrics, schedule = whenIdle } = options;
  const [progress, setProgress] = useState<Progress>(() => ({
    seen: rows.length,
    shown: Math.min(rows.length, firstRows),
    startedAt: rows.length > firstRows ? performance.now() : undefined,
  }));
  let current = progress;
  if (rows.length !== progress.seen) {
    // Adjusting state while rendering (React's pattern for state derived from props): a small growth is
    // shown at once, a burst shows its newest `firstRows` and waits for idle slices for the rest.
    const grown = rows.length - progress.seen;
    const shown =
      grown > 0 ? progress.shown + Math.min(grown, firstRows) : Math.min(progress.shown, rows.length);
    // Rows still waiting from an earlier burst keep its start; otherwise this burst starts now.
    const waiting = progress.shown < progress.seen ? progress.startedAt : undefined;
    const startedAt = shown < rows.length ? (waiting ?? performance.now()) : undefined;
    current = { seen: rows.length, shown, startedAt };
    setProgress(current);
  }
  const pending = current.seen - current.shown;

  const recorded = useRef<number | undefined>(undefined);
  useEffect(() => {
    metrics?.record("deferred.timeline_pending_count", pending);
    if (pending === 0) return;
    return schedule(() =>
      setProgress((p) => {
        const shown = Math.min(p.seen, p.shown + slice);
        return shown === p.shown ? p : { ...p, shown };
      }),
    );
  }, [pending, slice, metrics, schedule]);
  // The burst is complete: the time from its arrival to the last slice on screen, once per burst.
  const startedAt = current.startedAt;
  useEffect(() => {
    if (pending !== 0 || startedAt === undefined || recorded.current === startedAt) return;
    recorded.current = startedAt;
    metrics?.since("timeline.idle_hydrate_ms", startedAt);
  }, [pending, startedAt, metrics]);
  // Nothing waits once the list is gone.
  useEffect(() => () => metrics?.record("deferred.timeline_pending_count", 0), [metrics]);

  return { rows: current.shown === rows.length ? rows : rows.slice(rows.length - current.shown), pending };
}
