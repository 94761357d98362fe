import { redactText } from "./redaction";
import type { Severity } from "./taxonomy";

/** Diagnostic codes. The seed 003 / Lime validation codes first, then ordering, verifier and
 * projection codes. Kept as one vocabulary so the CLI, the projection and the UI agree. */
export const DIAGNOSTIC_CODES = [
  // validation (seed 003, ENV-14)
  "schema_mismatch",
  "missing_scope_id",
  "sequence_gap",
  "secret_leak_risk",
  "large_payload_inline",
  "unknown_event_class",
  "unknown_taxonomy_value",
  "duplicate_event",
  "out_of_order",
  "unparseable_input",
  // sequence verifier (ORD-06)
  "duplicate_event_id",
  "tool_result_without_start",
  "tool_failed_without_start",
  "tool_started_already_active",
  "tool_unclosed_at_turn_end",
  "action_resolved_without_request",
  "action_required_already_active",
  "action_unresolved_at_turn_end",
  "model_unclosed_at_turn_end",
  "execution_after_turn_terminal",
  "turn_terminal_repeated",
  // adapters and projection
  "unsupported_source_event",
  "missing_correlation",
  "lineage_unknown",
  "patch_failed",
  "snapshot_conflict",
  "stale_hydration_ignored",
  "projection_mismatch",
  "transport_unavailable",
  "runtime_warning",
  "runtime_error",
  // an informational runtime fact with no UI class of its own (routing, benchmark, hook, limit summaries)
  "runtime_info",
  // a tool result the runtime itself marked as an error (isError / success:false / status:"error")
  "tool_result_error",
  // a runtime-owned fact whose envelope owner is ui_projection (a client's own write): ignored (ARCH-01)
  "ui_owned_fact_ignored",
  // recovery was partial: a section could not be restored or repaired (HYD-12)
  "hydration_degraded",
  // a snapshot or patch would take the application state past its size or depth bound: refused, kept as it was
  "state_limit_exceeded",
  // an adapter's table of what a source names (LangGraph subgraph namespaces) is full: the record is still
  // translated, what it would add to the table is not kept
  "source_limit_exceeded",
  // an adapter read the whole input and mapped none of its records: probably another format
  "no_records_mapped",
] as const;
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

/** Points at the offending event without copying it (SEC-04). */
export interface EventRef {
  index?: number;
  /** 1-based line of the input the record came from (framing diagnostics, unparseable lines). */
  line?: number;
  sequence?: number;
  eventId?: string;
  type?: string;
  streamId?: string;
}

export interface Diagnostic {
  code: DiagnosticCode | (string & {});
  severity: Severity;
  message: string;
  /** JSON pointer into the event, e.g. `/payload/apiKey`. */
  path?: string;
  eventRef?: EventRef;
}

/** Source text quoted in a diagnostic (ids, class names, keys), redacted and then cut: input may hold
 * megabyte strings, and a secret must be recognised whole before it is cut (SEC-03). */
export function clip(text: string, max = 80): string {
  const end = windowEnd(text, max + CLIP_WINDOW);
  const safe = redactText(end < text.length ? text.slice(0, end) : text);
  if (safe.length > max) return `${safe.slice(0, max)}…`;
  return end < text.length ? `${safe}…` : safe;
}

/** How much beyond the cut is redacted with it, so a secret that starts before the cut is seen whole. */
const CLIP_WINDOW = 1024;
/** How far a run of token characters crossing the window's end is followed (a bearer token can take
 * several kilobytes, and its tail is what the redaction pattern needs to see). */
const CLIP_RUN = 64 * 1024;
const TOKEN_CHAR = /[A-Za-z0-9_.~+/=-]/;

/** The window's end moved past the run of token characters it falls in, up to `CLIP_RUN` further. */
function windowEnd(text: string, from: number): number {
  const limit = Math.min(text.length, from + CLIP_RUN);
  let end = from;
  while (end < limit && TOKEN_CHAR.test(text[end])) end++;
  return end;
}

export function diagnostic(
  code: Diagnostic["code"],
  severity: Severity,
  message: string,
  extra: { path?: string; eventRef?: EventRef } = {},
): Diagnostic {
  const d: Diagnostic = { code, severity, message };
  if (extra.path !== undefined) d.path = extra.path;
  if (extra.eventRef !== undefined) d.eventRef = extra.eventRef;
  return d;
}
