// Where the time of the last send went (PERF-01): the standard's intervals from the client's own latency
// marks, next to the diagnostics and never in the conversation. An interval whose clock points were not
// reached says so instead of showing a number (FALL-01). Below them, the last session restore and the
// resource counts (PERF-03/04) the workbench observed; a metric it did not observe is not listed.
import type { TurnLatency } from "@agent-ui/client";
import { readLatency } from "@agent-ui/contracts";
import { RESOURCE_METRICS, RESTORE_METRICS, type SessionMetrics } from "@agent-ui/react";
import { useCallback, useSyncExternalStore } from "react";

export interface LatencySource {
  snapshot(): TurnLatency;
  /** Called whenever a mark may have changed. */
  subscribe(listener: () => void): () => void;
  /** The host's restore and resource metrics (PERF-03/04), when it records them. */
  sessionMetrics?: SessionMetrics;
}

const SHOWN: [alias: string, label: string][] = [
  ["submitToShellMs", "send → shell"],
  ["submit_to_status_ms", "send → status"],
  ["submit_to_first_event_ms", "send → first event"],
  ["submit_to_first_text_ms", "send → first text"],
  ["first_text_to_paint_ms", "first text → paint"],
];

export function LatencyFacts({ source }: { source: LatencySource }) {
  return (
    <>
      <LastSend source={source} />
      {source.sessionMetrics ? <SessionMetricFacts metrics={source.sessionMetrics} /> : null}
    </>
  );
}

function LastSend({ source }: { source: LatencySource }) {
  // The marks live outside the projection; a string key keeps the external-store snapshot stable.
  const read = useCallback(() => JSON.stringify(source.snapshot()), [source]);
  const latency = JSON.parse(useSyncExternalStore(source.subscribe, read)) as TurnLatency;
  if (latency.marks["composer.submit_ms"] === undefined) return null;
  return (
    <section className="wb-latency" aria-label="Last send latency">
      <h3 className="aui-section-title">Last send{latency.queued ? " (queued)" : ""}</h3>
      <dl>
        {SHOWN.map(([alias, label]) => {
          const value = readLatency(alias, { marks: latency.marks, metrics: latency.metrics });
          return (
            <div key={alias}>
              <dt>{label}</dt>
              <dd>
                {value === undefined ? (
                  <span className="aui-hint">not reached</span>
                ) : (
                  `${Math.round(value)} ms`
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** The last observed restore durations and resource counts, under the standard's names. */
export function SessionMetricFacts({ metrics }: { metrics: SessionMetrics }) {
  const subscribe = useCallback((listener: () => void) => metrics.subscribe(listener), [metrics]);
  const values = useSyncExternalStore(subscribe, () => metrics.snapshot());
  const rows = [...RESTORE_METRICS, ...RESOURCE_METRICS].filter((name) => values[name] !== undefined);
  if (rows.length === 0) return null;
  return (
    <section className="wb-latency" aria-label="Session restore and resources">
      <h3 className="aui-section-title">Restore and resources</h3>
      <dl>
        {rows.map((name) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{name.endsWith("_ms") ? `${Math.round(values[name] ?? 0)} ms` : values[name]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
