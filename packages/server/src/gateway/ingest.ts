// Everything a runtime source produces enters the store through here: source records go through their
// adapter (one stateful adapter per session and format), envelope events get the session id and an event
// id when they lack them, and every event passes `redact` so no secret reaches storage or a client
// (SEC-01/02). Bad input becomes a diagnostic event, never a throw and never a silent drop. Body fields
// (tool output, diffs, artifact text, …) are taken out as detail bodies before adapting, so the events
// carry only a preview and `open_detail` can serve the content (see store/detail-bodies.ts). The bodies
// wait here until the caller appends the events: `store.append(id, events, ingest.takeDetails())` keeps
// both in one transaction, so no stored event references a body the store does not have.
import { type AgentUiEvent, type Diagnostic, type RecordMeta, redact } from "@agent-ui/contracts";
import { type KeptDetail, findAdapter, safeSummary, type SourceAdapter } from "@agent-ui/adapters";
import {
  type ExtractedDetails,
  MAX_DETAIL_BYTES,
  extractDetailBodies,
  storableDetail,
} from "../store/detail-bodies";
import type { DetailRecord, SessionStore } from "../store/session-store";

/** The store the bodies will be appended to. Only its presence matters now: bodies are no longer written
 * by the ingest itself but handed over with `takeDetails()`. */
export type DetailSink = Pick<SessionStore, "putDetails" | "append">;

export class SessionIngest {
  private readonly adapters = new Map<string, SourceAdapter>();
  private recordIndex = 0;
  private generated = 0;
  private eventIndex = 0;
  /** Bodies taken out since the last `takeDetails()`; undefined while there are none (the common case). */
  private pending: DetailRecord[] | undefined;
  /** Bodies an adapter offloaded that were over the kept-body limit, reported after the record. */
  private tooLarge: { ref: string; bytes: number }[] | undefined;

  constructor(
    private readonly sessionId: string,
    /** `true` (or, as before, the store) keeps bodies as details; without it (tests, status-only ingests)
     * bodies stay inline for the adapters to offload. */
    private readonly details?: DetailSink | boolean,
  ) {}

  /** The bodies kept from the records/events adapted since the last call, to append with those events
   * (`store.append(sessionId, events, ingest.takeDetails())`). Undefined when there are none. */
  takeDetails(): DetailRecord[] | undefined {
    const taken = this.pending;
    this.pending = undefined;
    return taken;
  }

  /** Source records in `format` (with their framing, when the source kept it) → stored-ready envelope events. */
  records(
    records: readonly unknown[],
    format: string,
    meta?: readonly (RecordMeta | undefined)[],
  ): AgentUiEvent[] {
    const adapter = this.adapterFor(format);
    if (!adapter) {
      return [
        this.diagnostic({
          code: "unsupported_source_event",
          severity: "error",
          message: `no adapter for source format "${format}"; ${records.length} record(s) not projected`,
        }),
      ];
    }
    const out: AgentUiEvent[] = [];
    for (const [i, source] of records.entries()) {
      const index = this.recordIndex++;
      const record = this.keepBodies(source, `r${index}`, out);
      try {
        for (const event of adapter.push(record, index, meta?.[i])) out.push(this.finalize(event));
        this.reportTooLarge(out);
      } catch (error) {
        out.push(
          this.diagnostic(
            {
              code: "unsupported_source_event",
              severity: "error",
              message: `${format} adapter failed on record #${index}: ${errorMessage(error)}`,
            },
            { summary: safeSummary(record) },
          ),
        );
      }
    }
    return out;
  }

  /** Ready-made envelope events → stored-ready events. */
  events(events: readonly Partial<AgentUiEvent>[]): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    for (const source of events) {
      const event = this.keepBodies(source, `e${++this.eventIndex}`, out);
      if (typeof event?.type !== "string" || event.type === "") {
        out.push(
          this.diagnostic(
            {
              code: "schema_mismatch",
              severity: "error",
              message: "runtime source emitted an event without a type",
            },
            { summary: safeSummary(event) },
          ),
        );
        continue;
      }
      out.push(this.finalize(event as AgentUiEvent));
    }
    return out;
  }

  /** A body an adapter offloaded (any format: an AG-UI tool result, an AI SDK tool output, …) is kept under
   * the ref its event carries, like the bodies taken out of records. */
  private keepAdapted(detail: KeptDetail): void {
    if (detail.bytes > MAX_DETAIL_BYTES) {
      this.tooLarge ??= [];
      this.tooLarge.push(detail);
    } else {
      this.pending ??= [];
      this.pending.push(storableDetail(detail));
    }
  }

  private reportTooLarge(out: AgentUiEvent[]): void {
    if (this.tooLarge === undefined) return;
    for (const { ref, bytes } of this.tooLarge) out.push(this.tooLargeDiagnostic(ref, bytes));
    this.tooLarge = undefined;
  }

  private tooLargeDiagnostic(ref: string, bytes: number): AgentUiEvent {
    return this.diagnostic({
      code: "large_payload_inline",
      severity: "warning",
      message: `detail ${ref} (${bytes} bytes) is over the kept-body limit; only its preview is available`,
    });
  }

  /** Takes body fields out of a record into `pending` (with a diagnostic for a body too large to keep). */
  private keepBodies<T>(record: T, key: string, out: AgentUiEvent[]): T {
    if (!this.details) return record;
    let extracted: ExtractedDetails<T>;
    try {
      // A resumed session's ingest counts records from 0 again: the epoch keeps generated refs unique.
      const unique = this.epoch !== undefined ? `${key}~${this.epoch}` : key;
      extracted = extractDetailBodies(record, this.sessionId, unique);
    } catch (error) {
      out.push(
        this.diagnostic({
          code: "large_payload_inline",
          severity: "warning",
          message: `could not keep the detail bodies of record ${key}: ${errorMessage(error)}`,
        }),
      );
      return record;
    }
    if (extracted.details.length > 0) {
      this.pending ??= [];
      for (const detail of extracted.details) this.pending.push(detail);
    }
    for (const { ref, bytes } of extracted.dropped) out.push(this.tooLargeDiagnostic(ref, bytes));
    return extracted.record;
  }

  /** End of the source: adapters close what their protocol says is left open. */
  finish(): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    for (const adapter of this.adapters.values()) {
      try {
        for (const event of adapter.finish()) out.push(this.finalize(event));
        this.reportTooLarge(out);
      } catch (error) {
        out.push(
          this.diagnostic({
            code: "unsupported_source_event",
            severity: "error",
            message: `${adapter.format} adapter failed to finish: ${errorMessage(error)}`,
          }),
        );
      }
    }
    return out;
  }

  /** A gateway-level diagnostic as a `diagnostic.changed` fact (safe fields only). */
  diagnostic(diagnostic: Diagnostic, extra: { summary?: Record<string, unknown> } = {}): AgentUiEvent {
    const payload: Record<string, unknown> = {
      code: diagnostic.code,
      severity: diagnostic.severity,
      message: diagnostic.message,
    };
    if (extra.summary) payload.summary = extra.summary;
    return this.finalize({
      type: "diagnostic.changed",
      owner: "diagnostics",
      surface: "diagnostics",
      persistence: "diagnostics_log",
      payload,
    });
  }

  private adapterFor(format: string): SourceAdapter | undefined {
    let adapter = this.adapters.get(format);
    if (!adapter) {
      adapter = findAdapter(format)?.create({
        sessionId: this.sessionId,
        keepDetail: this.details ? (detail) => this.keepAdapted(detail) : undefined,
      });
      if (adapter) this.adapters.set(format, adapter);
    }
    return adapter;
  }

  /** Set on a runtime re-attached after a gateway restart: its adapters start counting again, so the
   * event ids and stream sequences they derive are namespaced by this epoch (a new stream) instead of
   * colliding with — and being dropped as duplicates of — what the previous attachment stored. */
  epoch: string | undefined;

  private finalize(event: AgentUiEvent): AgentUiEvent {
    if (
      this.epoch !== undefined &&
      typeof event.eventId === "string" &&
      !event.eventId.startsWith("gateway:")
    ) {
      event = { ...event, eventId: `${event.eventId}~${this.epoch}` };
      if (event.sequence !== undefined)
        event.streamId = `${event.streamId ?? event.sessionId ?? this.sessionId}~${this.epoch}`;
    }
    const stamped: AgentUiEvent =
      event.sessionId !== undefined && event.eventId !== undefined
        ? event
        : {
            ...event,
            sessionId: event.sessionId ?? this.sessionId,
            eventId:
              event.eventId ?? `gateway:${this.sessionId}:${++this.generated}:${Date.now().toString(36)}`,
          };
    return redact(stamped).value;
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
