// Everything a runtime source produces enters the store through here: source records go through their
// adapter (one stateful adapter per session and format), envelope events get the session id and an event
// id when they lack them, and every event passes `redact` so no secret reaches storage or a client
// (SEC-01/02). Bad input becomes a diagnostic event, never a throw and never a silent drop. Body fields
// (tool output, diffs, artifact text, …) are kept as detail bodies in the store before adapting, so the
// events carry only a preview and `open_detail` can serve the content (see store/detail-bodies.ts).
import { type AgentUiEvent, type Diagnostic, redact } from "@agent-ui/contracts";
import { findAdapter, safeSummary, type SourceAdapter } from "@agent-ui/adapters";
import { type ExtractedDetails, extractDetailBodies } from "../store/detail-bodies";
import type { DetailRecord, SessionStore } from "../store/session-store";

/** Where kept detail bodies go (the session store). */
export type DetailSink = Pick<SessionStore, "putDetails" | "append">;

export class SessionIngest {
  private readonly adapters = new Map<string, SourceAdapter>();
  private recordIndex = 0;
  private generated = 0;
  private eventIndex = 0;

  constructor(
    private readonly sessionId: string,
    /** Without a sink (tests, status-only ingests) bodies stay inline for the adapters to offload. */
    private readonly details?: DetailSink,
  ) {}

  /** Source records in `format` → stored-ready envelope events. */
  records(records: readonly unknown[], format: string): AgentUiEvent[] {
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
    const kept: DetailRecord[] = [];
    for (const source of records) {
      const index = this.recordIndex++;
      const record = this.keepBodies(source, `r${index}`, kept, out);
      try {
        for (const event of adapter.push(record, index)) out.push(this.finalize(event));
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
    this.storeDetails(kept);
    return out;
  }

  /** Ready-made envelope events → stored-ready events. */
  events(events: readonly Partial<AgentUiEvent>[]): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    const kept: DetailRecord[] = [];
    for (const source of events) {
      const event = this.keepBodies(source, `e${++this.eventIndex}`, kept, out);
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
    this.storeDetails(kept);
    return out;
  }

  /** Takes body fields out of a record into `kept` (with a diagnostic for a body too large to keep). */
  private keepBodies<T>(record: T, key: string, kept: DetailRecord[], out: AgentUiEvent[]): T {
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
    kept.push(...extracted.details);
    for (const { ref, bytes } of extracted.dropped)
      out.push(
        this.diagnostic({
          code: "large_payload_inline",
          severity: "warning",
          message: `detail ${ref} (${bytes} bytes) is over the kept-body limit; only its preview is available`,
        }),
      );
    return extracted.record;
  }

  /** Stores kept bodies; a store failure becomes a diagnostic fact on the session, never a lost event. */
  private storeDetails(kept: DetailRecord[]): void {
    const sink = this.details;
    if (!sink || kept.length === 0) return;
    sink.putDetails(this.sessionId, kept).catch((error: unknown) =>
      sink
        .append(this.sessionId, [
          this.diagnostic({
            code: "large_payload_inline",
            severity: "warning",
            message: `${kept.length} detail bod${kept.length === 1 ? "y" : "ies"} could not be stored (${errorMessage(error)}); only previews are available`,
          }),
        ])
        .catch(() => {}),
    );
  }

  /** End of the source: adapters close what their protocol says is left open. */
  finish(): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    for (const adapter of this.adapters.values()) {
      try {
        for (const event of adapter.finish()) out.push(this.finalize(event));
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
      adapter = findAdapter(format)?.create({ sessionId: this.sessionId });
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
