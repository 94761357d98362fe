// The one entry point the CLI, the server and tests call: source records (framed or plain values) in,
// Agent UI envelope events out, with the format named or detected.
import {
  type AgentUiEvent,
  type Diagnostic,
  type FramedRecord,
  type RecordMeta,
  diagnostic,
  clip,
} from "@agent-ui/contracts";
import { type DetectedFormat, detectFramedFormat } from "./auto";
import { ADAPTERS, findAdapter } from "./registry";
import type { KeptDetail } from "./shared/details";
import type { AdapterModule, AdapterOptions } from "./types";

export interface AdaptOptions extends AdapterOptions {
  /** Records sampled by format detection (default 5). */
  sampleSize?: number;
  /** The adapters to choose from (default: the registry). */
  adapters?: readonly AdapterModule[];
}

export interface AdaptResult {
  events: AgentUiEvent[];
  /** Problems with the input as a whole and every `diagnostic.changed` the adapter emitted, as diagnostics. */
  diagnostics: Diagnostic[];
  /** Set when the format was `"auto"`. */
  detected?: DetectedFormat;
  /** The bodies of offloaded payloads, by the ref their events carry (`shared/details.ts`). */
  details: Map<string, KeptDetail>;
}

export function adaptRecords(
  records: readonly FramedRecord[] | readonly unknown[],
  format: string,
  options: AdaptOptions = {},
): AdaptResult {
  const framed = toFramed(records);
  // No records is an empty stream, not an unknown format: nothing to adapt and nothing wrong.
  if (framed.length === 0 && format === "auto") return { events: [], diagnostics: [], details: new Map() };
  const adapters = options.adapters ?? ADAPTERS;
  let detected: DetectedFormat | undefined;
  let name = format;
  if (format === "auto") {
    // Framed records keep their SSE `event:` / `id:` meta, which some formats are recognised by.
    detected = detectFramedFormat(framed, options.sampleSize, adapters);
    name = detected.format;
  }
  const module =
    adapters.find((a) => a.format === name) ?? (options.adapters ? undefined : findAdapter(name));
  if (module === undefined) {
    const known = adapters.map((a) => a.format).join(", ");
    const message =
      format === "auto"
        ? `could not detect the input format: ${detected?.reason}; pass one of: ${known}`
        : `unknown format "${clip(format, 60)}"; known formats: ${known}`;
    return withDetected(
      {
        events: [],
        diagnostics: [diagnostic("unsupported_source_event", "error", message)],
        details: new Map(),
      },
      detected,
    );
  }
  const details = new Map<string, KeptDetail>();
  const keepDetail = options.keepDetail;
  const adapter = module.create({
    ...options,
    keepDetail: (detail) => {
      details.set(detail.ref, detail);
      keepDetail?.(detail);
    },
  });
  const events: AgentUiEvent[] = [];
  for (const record of framed)
    for (const event of adapter.push(record.value, record.index, record.meta)) events.push(event);
  for (const event of adapter.finish()) events.push(event);
  const diagnostics = diagnosticsOf(events);
  const unmapped = noRecordsMapped(module.format, framed.length, events);
  if (unmapped !== undefined) diagnostics.unshift(unmapped);
  return withDetected({ events, diagnostics, details }, detected);
}

/**
 * An adapter that accepted a non-empty input and mapped none of its records (every event it emitted is a
 * diagnostic, or it emitted none) says so: the input is most likely another format, and an empty
 * projection must never pass for an idle run.
 */
export function noRecordsMapped(
  format: string,
  recordCount: number,
  events: readonly AgentUiEvent[],
): Diagnostic | undefined {
  for (const event of events) if (event.type !== "diagnostic.changed") return undefined;
  return noneMapped(format, recordCount, events.length);
}

/** `noRecordsMapped` for events counted as they streamed by: `diagnostics` events were emitted and none
 * of them anything but a diagnostic (call it only then). */
export function noneMapped(format: string, recordCount: number, diagnostics: number): Diagnostic | undefined {
  if (recordCount === 0) return undefined;
  return diagnostic(
    "no_records_mapped",
    "error",
    `the ${format} adapter mapped none of the ${recordCount} record(s)` +
      `${diagnostics > 0 ? ` (${diagnostics} diagnostic(s))` : ""}: the input is probably another format; pass --from with the right one`,
  );
}

function withDetected(result: AdaptResult, detected: DetectedFormat | undefined): AdaptResult {
  if (detected !== undefined) result.detected = detected;
  return result;
}

/** Plain values are numbered in order; framed records keep their own index and transport meta. */
function toFramed(records: readonly FramedRecord[] | readonly unknown[]): FramedRecord[] {
  if (records.length > 0 && records.every(isFramed)) return records as FramedRecord[];
  return records.map((value, index) => ({ value, index, meta: {} as RecordMeta }));
}

function isFramed(record: unknown): record is FramedRecord {
  if (record === null || typeof record !== "object") return false;
  const r = record as Record<string, unknown>;
  return "value" in r && typeof r.index === "number" && r.meta !== null && typeof r.meta === "object";
}

function diagnosticsOf(events: AgentUiEvent[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const event of events) if (event.type === "diagnostic.changed") out.push(diagnosticOfEvent(event));
  return out;
}

/** A `diagnostic.changed` event an adapter emitted, as the diagnostic `adaptRecords` reports. */
export function diagnosticOfEvent(event: AgentUiEvent): Diagnostic {
  const payload = event.payload ?? {};
  const severity = payload.severity === "error" || payload.severity === "info" ? payload.severity : "warning";
  return diagnostic(
    typeof payload.code === "string" ? payload.code : "unsupported_source_event",
    severity,
    typeof payload.message === "string" ? payload.message : "adapter diagnostic",
    {
      eventRef: {
        index: event.source?.index,
        eventId: event.eventId,
        type: event.type,
        sequence: event.sequence,
      },
    },
  );
}
