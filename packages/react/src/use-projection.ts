// Surfaces read projection state through selectors on `useSyncExternalStore`, so a component re-renders
// only when the slice it selected changed identity (or, with `shallowEqual`, its members changed).
import { useCallback, useRef, useSyncExternalStore } from "react";
import type { StreamMetrics, StreamMetricsSnapshot } from "./stream-metrics";

/** Anything that hands out immutable snapshots and notifies on change — a `Projector`, a client store. */
export interface ProjectionStore<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

export type Equality<T> = (a: T, b: T) => boolean;

/** Equal when both are the same value, or arrays/plain objects whose members are identical. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  for (const key of keysA) {
    if (!Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** Subscribes a component to one slice of a projection. The selector may build a new object each call:
 * the previous selection is returned while `isEqual` says nothing changed, which keeps React from
 * looping and the component from re-rendering. */
export function useProjection<S, T>(
  store: ProjectionStore<S>,
  selector: (state: S) => T,
  isEqual: Equality<T> = Object.is,
): T {
  const memo = useRef<{ state: S; selection: T } | null>(null);
  const getSelection = useCallback((): T => {
    const state = store.getState();
    const previous = memo.current;
    if (previous && Object.is(previous.state, state)) return previous.selection;
    const next = selector(state);
    const selection = previous && isEqual(previous.selection, next) ? previous.selection : next;
    memo.current = { state, selection };
    return selection;
  }, [store, selector, isEqual]);
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  return useSyncExternalStore(subscribe, getSelection, getSelection);
}

type FrameScheduler = (flush: () => void) => void;

const nextFrame: FrameScheduler = (flush) => {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => flush());
  else setTimeout(flush, 16);
};

export interface FrameBatchOptions {
  /** Under load — the frame came late, more than `lateMs` after the flush was requested (a frame takes
   * at most ~16.7 ms at 60 Hz) — wait one more frame before rendering, at most once in a row: a busy main
   * thread then renders streaming text at half rate instead of falling further behind. Reads stay current
   * either way. */
  shedLoad?: boolean;
  lateMs?: number;
  /** Clock for the lateness check (tests). */
  now?: () => number;
  /** Records the stream rendering metrics (PERF-02) of this batcher. */
  metrics?: StreamMetrics;
}

/** A frame-batched store; `streamMetrics` reads its PERF-02 metrics when a recorder was given. */
export interface BatchedStore<S> extends ProjectionStore<S> {
  streamMetrics?: () => StreamMetricsSnapshot;
}

/** Coalesces a store's change notifications to one per animation frame, so a burst of text deltas costs
 * one render per frame instead of one per delta. Reads stay synchronous and always see the newest state. */
export function frameBatched<S>(
  store: ProjectionStore<S>,
  schedule: FrameScheduler = nextFrame,
  options: FrameBatchOptions = {},
): BatchedStore<S> {
  const { shedLoad = false, lateMs = 25, now = () => performance.now(), metrics } = options;
  const listeners = new Set<() => void>();
  let pending = false;
  let detach: (() => void) | null = null;
  let requestedAt = 0;
  let deferred = false;
  const flush = () => {
    let late = false;
    if (shedLoad || metrics) late = now() - requestedAt > lateMs;
    if (shedLoad) {
      if (late && !deferred) {
        deferred = true;
        requestedAt = now();
        metrics?.shed();
        schedule(flush);
        return;
      }
      deferred = false;
    }
    pending = false;
    metrics?.rendered(late);
    for (const listener of [...listeners]) listener();
  };
  const onChange = () => {
    metrics?.changed();
    if (pending) return;
    pending = true;
    if (shedLoad || metrics) requestedAt = now();
    schedule(flush);
  };
  return {
    ...(metrics ? { streamMetrics: () => metrics.snapshot() } : {}),
    getState: () => store.getState(),
    subscribe(listener) {
      listeners.add(listener);
      if (!detach) detach = store.subscribe(onChange);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && detach) {
          detach();
          detach = null;
        }
      };
    },
  };
}
