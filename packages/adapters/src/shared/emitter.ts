import { clip } from "@agent-ui/contracts";
import type { AgentUiEvent, DiagnosticCode, Severity } from "@agent-ui/contracts";
import type { AdapterOptions } from "../types";
import { LimitNotices, type TableLimit, limitDiagnostics } from "./bounded";
import { classificationOf } from "./classification";

/** Streams an emitter numbers (one counter each). */
export const MAX_STREAM_COUNTERS = 4096;

/**
 * A counter is never forgotten: a stream that got its number back would repeat numbers it already gave
 * out (the projection drops a repeated number as a duplicate), and one restarted above its last number
 * would leave a gap (the projection holds every later event of the stream behind it until a repair).
 * So past the cap a new stream gets no counter: its events carry no `sequence` and are applied in arrival
 * order, as the adapter emits them. The streams already counted keep counting.
 */
export const STREAM_COUNTERS_LIMIT: TableLimit = {
  table: "stream sequence",
  cap: MAX_STREAM_COUNTERS,
  consequence:
    "the events of a stream named after the cap carry no sequence: they are applied in the order they arrive",
};

/** Fields an adapter sets on an event; the emitter fills identity, order and provenance. */
/** `eventId` overrides the generated id (it must be stable for the same source fact); `sequence` keeps the
 * source's own order instead of assigning the next number. `type` and `source` are always set here. */
export type EventFields = Partial<AgentUiEvent>;

/** How an adapter's source numbers its streams. */
export interface EmitterPolicy {
  /**
   * The source numbers its own records (Lime runtime events, our own envelope): their `sequence` is kept
   * (ORD-01) and the emitter never assigns one itself, because a number it assigned could be claimed by a
   * later source record. An event without a source sequence is unsequenced (applied in arrival order).
   */
  sourceSequenced?: boolean;
}

export interface SourceInfo {
  index?: number;
  sourceType?: string;
  sourceEventId?: string;
  schemaVersion?: string;
}

/**
 * Stamps envelope identity the same way in every adapter: a stable `eventId` (derived from the source id
 * when there is one, so a replayed record dedupes), a `sequence` counted per stream (ORD-01: the stream key
 * is `streamKeyOf`, i.e. `streamId`, else `sessionId`, else `"default"`), the stream and session ids and a
 * safe `source` reference.
 *
 * Each stream has its own counter, so an event of one stream never leaves a gap in another; at most
 * `MAX_STREAM_COUNTERS` streams are counted (`STREAM_COUNTERS_LIMIT`). The session an
 * event belongs to is decided here, before its number is taken: the event's own `sessionId`, else the
 * session the adapter bound for the record being translated (`bindSession`), else `options.sessionId`.
 * A diagnostic about a record therefore lands in that record's session stream without the adapter
 * re-stamping it afterwards (which would move a number from one stream into another).
 */
export class Emitter {
  /** Next sequence per stream key, for at most `MAX_STREAM_COUNTERS` keys (`STREAM_COUNTERS_LIMIT`). */
  private readonly nextSequence = new Map<string, number>();
  /** The stream counter cap, reported once by `guard`. */
  private readonly limits = new LimitNotices();
  private readonly streamId: string | undefined;
  private readonly sessionId: string | undefined;
  private boundSessionId: string | undefined;
  private readonly sourceSequenced: boolean;
  /** Numbers the ids of unsequenced events that have no source id (a source-sequenced adapter's own, and
   * those of a stream past the counter cap). */
  private unsequenced = 0;

  constructor(
    readonly format: string,
    options: AdapterOptions = {},
    policy: EmitterPolicy = {},
  ) {
    this.streamId = options.streamId;
    this.sessionId = options.sessionId;
    this.sourceSequenced = policy.sourceSequenced === true;
  }

  /**
   * The session the source named for the record being translated (or the one it named last): stamped on
   * every following event that names none, diagnostics included. `undefined` unbinds it.
   */
  bindSession(sessionId: string | undefined): void {
    this.boundSessionId = sessionId;
  }

  /** The session an event with these fields is stamped with. */
  sessionOf(fields: EventFields = {}): string | undefined {
    return fields.sessionId ?? this.boundSessionId ?? this.sessionId;
  }

  /** `owned`: `fields` is a fresh object the caller hands over; it becomes the event (no copy). */
  event(type: string, fields: EventFields = {}, info: SourceInfo = {}, owned = false): AgentUiEvent {
    const sessionId = this.sessionOf(fields);
    const streamId = fields.streamId ?? this.streamId;
    const key = streamId ?? sessionId ?? "default";
    if (this.sourceSequenced) return this.uncounted(type, fields, info, key, sessionId, streamId, owned);
    let next = this.nextSequence.get(key);
    if (next === undefined) {
      if (this.nextSequence.size >= MAX_STREAM_COUNTERS) {
        this.limits.report(STREAM_COUNTERS_LIMIT);
        return this.uncounted(type, fields, info, key, sessionId, streamId, owned);
      }
      next = 1;
    }
    const sequence = fields.sequence ?? next;
    // A source-given sequence moves its stream's counter past it, so a later assigned one never repeats it.
    if (sequence >= next) this.nextSequence.set(key, sequence + 1);
    return this.build(type, fields, info, sequence, sessionId, streamId, undefined, owned);
  }

  /** An event whose stream has no counter (a source-sequenced adapter's, or a stream past the cap): the
   * source's own sequence if it gave one, else none. */
  private uncounted(
    type: string,
    fields: EventFields,
    info: SourceInfo,
    key: string,
    sessionId: string | undefined,
    streamId: string | undefined,
    owned: boolean,
  ): AgentUiEvent {
    const sequence = fields.sequence;
    const fallbackId = sequence === undefined ? `${this.format}:${key}:u${++this.unsequenced}` : undefined;
    return this.build(type, fields, info, sequence, sessionId, streamId, fallbackId, owned);
  }

  /**
   * An extra event derived from the same source record as a sequenced one (e.g. the `run.status` that
   * follows `run.started` for one `turn.submitted`). A stream position belongs to one event, so this one
   * has no envelope `sequence` (the projection applies it in arrival order) and records the source
   * sequence in `source.sequence`. `eventId` must be given: a derived id of the primary plus the class.
   */
  derivedEvent(type: string, fields: EventFields & { eventId: string }, info: SourceInfo = {}): AgentUiEvent {
    const sourceSequence = fields.sequence;
    const event = this.build(
      type,
      fields,
      info,
      undefined,
      this.sessionOf(fields),
      fields.streamId ?? this.streamId,
    );
    if (sourceSequence !== undefined && event.source !== undefined) event.source.sequence = sourceSequence;
    return event;
  }

  private build(
    type: string,
    fields: EventFields,
    info: SourceInfo,
    sequence: number | undefined,
    sessionId: string | undefined,
    streamId: string | undefined,
    fallbackId?: string,
    owned = false,
  ): AgentUiEvent {
    const eventId =
      fields.eventId ??
      (info.sourceEventId !== undefined
        ? `${this.format}:${info.sourceEventId}:${type}`
        : (fallbackId ?? `${this.format}:${streamId ?? sessionId ?? "default"}:${sequence}`));
    // The same key order either way: `type` joins at the end unless present, `eventId` keeps its place.
    let event: AgentUiEvent;
    if (owned) {
      event = fields as AgentUiEvent;
      event.type = type;
      event.eventId = eventId;
    } else event = { ...fields, type, eventId };
    if (sequence !== undefined) event.sequence = sequence;
    else if ("sequence" in event) delete event.sequence;
    if ("source" in event) delete event.source;
    const defaults = classificationOf(type);
    if (defaults !== undefined) {
      event.owner ??= defaults.owner;
      event.scope ??= defaults.scope;
      event.surface ??= defaults.surface;
      event.persistence ??= defaults.persistence;
    }
    if (sessionId !== undefined) event.sessionId = sessionId;
    if (streamId !== undefined) event.streamId = streamId;
    // Built in place (no per-event copy of `info` to spread): the format, then info's defined fields.
    const source: Record<string, unknown> = { format: this.format };
    for (const key in info) {
      const value = info[key as keyof SourceInfo];
      if (value !== undefined) source[key] = value;
    }
    event.source = source as unknown as AgentUiEvent["source"];
    return event;
  }

  /** A `diagnostic.changed` with a code from the shared vocabulary; `summary` must already be safe. */
  diagnostic(
    code: DiagnosticCode | (string & {}),
    severity: Severity,
    message: string,
    info: SourceInfo = {},
    extra: EventFields = {},
    summary?: Record<string, unknown>,
  ): AgentUiEvent {
    const payload: Record<string, unknown> = { code, severity, message };
    if (summary !== undefined) payload.summary = summary;
    return this.event("diagnostic.changed", { ...extra, payload }, info);
  }

  /**
   * Runs one record's translation and turns an unexpected exception into a diagnostic, so a bug or a
   * hostile record can never crash the stream or silently drop the record.
   */
  guard(record: unknown, info: SourceInfo, translate: () => AgentUiEvent[]): AgentUiEvent[] {
    let out: AgentUiEvent[];
    try {
      out = translate();
    } catch (error) {
      const reason = error instanceof Error ? clip(error.message, 200) : "unknown error";
      out = [this.unsupported(record, info, `adapter error: ${reason}`)];
    }
    // The stream counter cap, the first time a stream got no counter (once per emitter).
    const notices = limitDiagnostics(this, this.limits, info);
    return notices.length === 0 ? out : [...out, ...notices];
  }

  /**
   * A record the adapter cannot map: a diagnostic with a safe summary (its type and keys, no values).
   * `extra` carries what is known of the record's place: its correlation ids and, from a source that
   * numbers its records, its `sequence` — the diagnostic then stands in the record's position, so the
   * stream keeps no hole there (ORD-01).
   */
  unsupported(
    record: unknown,
    info: SourceInfo = {},
    reason = "not understood by this adapter",
    extra: EventFields = {},
  ): AgentUiEvent {
    return this.event(
      "diagnostic.changed",
      {
        ...extra,
        owner: "diagnostics",
        surface: "diagnostics",
        persistence: "diagnostics_log",
        payload: {
          code: "unsupported_source_event",
          severity: "warning",
          message: `${this.format} record${info.index !== undefined ? ` #${info.index}` : ""}: ${reason}`,
          summary: safeSummary(record),
        },
      },
      info,
    );
  }
}

/** Describes a record by shape only, so an unknown record can be reported without leaking its values. */
export function safeSummary(record: unknown): Record<string, unknown> {
  if (record === null || typeof record !== "object")
    return { kind: record === null ? "null" : typeof record };
  if (Array.isArray(record)) return { kind: "array", length: record.length };
  const object = record as Record<string, unknown>;
  const summary: Record<string, unknown> = { kind: "object", keys: Object.keys(object).slice(0, 20) };
  for (const key of ["type", "kind", "event", "method", "$case"]) {
    if (typeof object[key] === "string") summary[key] = clip(object[key] as string, 80);
  }
  return summary;
}
