// Everything a runtime source produces enters the store through here: source records go through their
// adapter (one stateful adapter per session and format), envelope events get the session id and an event
// id when they lack them, and every event passes `redact` so no secret reaches storage or a client
// (SEC-01/02). Bad input becomes a diagnostic event, never a throw and never a silent drop.
import { type AgentUiEvent, type Diagnostic, redact } from "@agent-ui/contracts";
import { findAdapter, safeSummary, type SourceAdapter } from "@agent-ui/adapters";

export class SessionIngest {
  private readonly adapters = new Map<string, SourceAdapter>();
  private recordIndex = 0;
  private generated = 0;

  constructor(private readonly sessionId: string) {}

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
    for (const record of records) {
      const index = this.recordIndex++;
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
    return out;
  }

  /** Ready-made envelope events → stored-ready events. */
  events(events: readonly Partial<AgentUiEvent>[]): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    for (const event of events) {
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

  private finalize(event: AgentUiEvent): AgentUiEvent {
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
