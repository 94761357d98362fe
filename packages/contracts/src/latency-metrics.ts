// Latency metrics of a turn (PERF-01, perf-and-ops §1). The standard names its clock points in one scheme
// and the derived intervals in two others (camelCase in progressive rendering, snake_case on the status
// row) — §E-3. The canonical names are the clock points below; every alias is an interval between two.
import { lookupTable } from "./lookup-table";

/** Clock points of one turn, in the order a healthy turn reaches them. */
export const LATENCY_CLOCK_POINTS = [
  "composer.submit_ms",
  "listener.bound_ms",
  "submit.accepted_ms",
  "runtime.start_ms",
  "provider.request_start_ms",
  "first_event_ms",
  "first_runtime_status_ms",
  "first_text_delta_ms",
  "first_text_paint_ms",
] as const;
export type LatencyClockPoint = (typeof LATENCY_CLOCK_POINTS)[number];

export interface LatencyInterval {
  from: LatencyClockPoint;
  to: LatencyClockPoint;
}

/** §E-3: the camelCase and snake_case interval names of the standard, each mapped onto two clock points. */
export const LATENCY_ALIASES: Readonly<Record<string, LatencyInterval>> = lookupTable({
  submitToStatusMs: { from: "composer.submit_ms", to: "first_runtime_status_ms" },
  submit_to_status_ms: { from: "composer.submit_ms", to: "first_runtime_status_ms" },
  submit_to_first_event_ms: { from: "composer.submit_ms", to: "first_event_ms" },
  submitToFirstTextMs: { from: "composer.submit_ms", to: "first_text_delta_ms" },
  submit_to_first_text_ms: { from: "composer.submit_ms", to: "first_text_delta_ms" },
  firstTextToPaintMs: { from: "first_text_delta_ms", to: "first_text_paint_ms" },
  first_text_to_paint_ms: { from: "first_text_delta_ms", to: "first_text_paint_ms" },
});

export type LatencyMarks = Partial<Record<LatencyClockPoint, number>>;

/** The interval an alias names, or `undefined` when either clock point was not reached (never guessed). */
export function latencyInterval(marks: LatencyMarks, alias: string): number | undefined {
  const interval = LATENCY_ALIASES[alias];
  if (interval === undefined) return undefined;
  const from = marks[interval.from];
  const to = marks[interval.to];
  return from === undefined || to === undefined ? undefined : to - from;
}
