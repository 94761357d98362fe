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

/** PERF-07: the one canonical name of each latency signal the standard names twice. A turn interval is
 * read from the turn's clock points (`LATENCY_ALIASES`); the others are durations a host records under
 * these names (history restore: `session.*`, `message_list.*`; artifact preview; the runtime's last event). */
export const CANONICAL_LATENCY_METRICS = [
  "turn.submit_to_shell_ms",
  "turn.submit_to_status_ms",
  "turn.submit_to_first_event_ms",
  "turn.submit_to_first_text_ms",
  "turn.first_text_to_paint_ms",
  "session.click_to_shell_ms",
  "message_list.first_stable_paint_ms",
  "artifact.reference_to_preview_ms",
  "runtime.last_event_age_ms",
] as const;
export type CanonicalLatencyMetric = (typeof CANONICAL_LATENCY_METRICS)[number];

/** Every name PERF-07 lists (progressive rendering's camelCase, the status row's snake_case) → its
 * canonical name. A canonical name maps to itself. */
export const LATENCY_NAME_ALIASES: Readonly<Record<string, CanonicalLatencyMetric>> = lookupTable({
  ...Object.fromEntries(CANONICAL_LATENCY_METRICS.map((name) => [name, name])),
  submitToShellMs: "turn.submit_to_shell_ms",
  submitToStatusMs: "turn.submit_to_status_ms",
  submit_to_status_ms: "turn.submit_to_status_ms",
  submit_to_first_event_ms: "turn.submit_to_first_event_ms",
  submitToFirstTextMs: "turn.submit_to_first_text_ms",
  submit_to_first_text_ms: "turn.submit_to_first_text_ms",
  firstTextToPaintMs: "turn.first_text_to_paint_ms",
  first_text_to_paint_ms: "turn.first_text_to_paint_ms",
  historyClickToShellMs: "session.click_to_shell_ms",
  historyClickToRecentMessagesMs: "message_list.first_stable_paint_ms",
  artifactReferenceToPreviewMs: "artifact.reference_to_preview_ms",
  last_event_age_ms: "runtime.last_event_age_ms",
});

/** The canonical name of a latency signal, or `undefined` for a name the standard does not list. */
export function canonicalLatencyName(name: string): CanonicalLatencyMetric | undefined {
  return LATENCY_NAME_ALIASES[name];
}

/** The turn intervals by canonical name, each the clock points of its aliases. */
const TURN_INTERVAL_ALIAS: Partial<Record<CanonicalLatencyMetric, string>> = {
  "turn.submit_to_status_ms": "submit_to_status_ms",
  "turn.submit_to_first_event_ms": "submit_to_first_event_ms",
  "turn.submit_to_first_text_ms": "submit_to_first_text_ms",
  "turn.first_text_to_paint_ms": "first_text_to_paint_ms",
};

/** A latency signal under any of its names: a turn interval from `marks`, any other from the host's
 * recorded `metrics` (canonical names). `undefined` when it was not measured — never guessed (FALL-01). */
export function readLatency(
  name: string,
  sources: { marks?: LatencyMarks; metrics?: Readonly<Record<string, number>> },
): number | undefined {
  const canonical = canonicalLatencyName(name);
  if (canonical === undefined) return undefined;
  const alias = TURN_INTERVAL_ALIAS[canonical];
  if (alias !== undefined && sources.marks !== undefined) {
    const interval = latencyInterval(sources.marks, alias);
    if (interval !== undefined) return interval;
  }
  const recorded = sources.metrics?.[canonical];
  return recorded !== undefined && Number.isFinite(recorded) ? recorded : undefined;
}
