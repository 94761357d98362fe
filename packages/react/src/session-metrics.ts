// History/restore and resource-pressure metrics (PERF-03, PERF-04) under the standard's names. A host records
// what it observed — a duration when it happened, a count when it changed — and reads the last values. A
// metric nobody observed is absent from the snapshot, never 0 by guess (FALL-01). Components that observe a
// metric themselves (the timeline's idle completion, loaded artifact previews) read the host's
// `SessionMetrics` from `SessionMetricsProvider`; without one they record nothing.
import { createContext, useContext } from "react";

/** PERF-03: history and restore durations (ms), and the artifact reference → preview time of progressive
 * rendering (PERF-07 `artifactReferenceToPreviewMs`). Names are the canonical ones of `@agent-ui/contracts`
 * `CANONICAL_LATENCY_METRICS` where the standard gives two. */
export const RESTORE_METRICS = [
  "session.click_to_shell_ms",
  "session.snapshot_apply_ms",
  "session.detail_request_ms",
  "session.messages_hydrate_ms",
  "message_list.first_stable_paint_ms",
  "timeline.idle_hydrate_ms",
  "history.page_load_ms",
  "artifact.reference_to_preview_ms",
] as const;

/** PERF-04: resource-pressure counts. */
export const RESOURCE_METRICS = [
  "tabs.active_count",
  "tabs.hydrated_detail_count",
  "message_lists.mounted_count",
  "timeline.items_mounted_count",
  "artifact.preview_loaded_bytes",
  "background.restore_count",
  "deferred.timeline_pending_count",
] as const;

export type RestoreMetric = (typeof RESTORE_METRICS)[number];
export type ResourceMetric = (typeof RESOURCE_METRICS)[number];
export type SessionMetricName = RestoreMetric | ResourceMetric;
export type SessionMetricsSnapshot = Partial<Record<SessionMetricName, number>>;

const KNOWN = new Set<string>([...RESTORE_METRICS, ...RESOURCE_METRICS]);

export class SessionMetrics {
  private values: SessionMetricsSnapshot = {};
  private readonly listeners = new Set<() => void>();

  /** Records an observed value; a name outside the standard's lists or a value that is not a finite
   * number ≥ 0 is refused with a RangeError (a metric is never recorded by mistake). */
  record(name: SessionMetricName, value: number): void {
    if (!KNOWN.has(name)) throw new RangeError(`unknown session metric: ${String(name)}`);
    if (!Number.isFinite(value) || value < 0)
      throw new RangeError(`session metric ${name} must be a finite number ≥ 0 (got ${value})`);
    if (this.values[name] === value) return;
    this.values = { ...this.values, [name]: value };
    for (const listener of this.listeners) listener();
  }

  /** Adds `delta` (negative to release) to a resource count held by several components at once, e.g. the
   * bytes of every artifact preview loaded; the count never goes below 0. */
  adjust(name: ResourceMetric, delta: number): void {
    if (!Number.isFinite(delta)) throw new RangeError(`session metric ${name} delta must be finite`);
    this.record(name, Math.max(0, (this.values[name] ?? 0) + delta));
  }

  /** Records the time since `startedAt` (a `performance.now()` reading). */
  since(name: RestoreMetric, startedAt: number, now = performance.now()): void {
    this.record(name, Math.max(0, now - startedAt));
  }

  /** The last observed value of each metric (same object while nothing changed). */
  snapshot(): SessionMetricsSnapshot {
    return this.values;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const SessionMetricsContext = createContext<SessionMetrics | undefined>(undefined);

/** Gives the components below it the host's metrics to record what they observe. */
export const SessionMetricsProvider = SessionMetricsContext.Provider;

/** The host's metrics, when a `SessionMetricsProvider` gave them. */
export function useSessionMetrics(): SessionMetrics | undefined {
  return useContext(SessionMetricsContext);
}
