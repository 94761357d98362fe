// Stamps the Lime profile envelope on every demo event: schemaVersion, runtimeId, sessionId, a monotonic
// sequence, a stable eventId and a timestamp from logical time (so replays are byte-identical).
import { LIME_PROFILE_SCHEMA_VERSION, type RuntimeEvent } from "@agent-ui/contracts";

/** Envelope ids and extra top-level fields a script may set on one event. */
export type EventFields = Partial<Omit<RuntimeEvent, "type" | "payload">> & Record<string, unknown>;

export interface EventWriterOptions {
  runtimeId: string;
  sessionId: string;
  /** Epoch milliseconds of logical time 0. */
  startTime: number;
  /** Logical milliseconds since start. */
  time: () => number;
  /** The last sequence already used for this session (a runtime resumed after a restart continues after
   * what the store holds, so sequences stay monotonic and event ids unique: ORD-01/02). Default 0. */
  startSequence?: number;
}

export class EventWriter {
  private sequence: number;

  constructor(private readonly options: EventWriterOptions) {
    this.sequence = options.startSequence ?? 0;
  }

  get lastSequence(): number {
    return this.sequence;
  }

  private stampedAt = Number.NaN;
  private stamp = "";

  /** The timestamp an event written now would carry (cached: bursts share one logical instant). */
  timestamp(): string {
    const at = this.options.startTime + this.options.time();
    if (at !== this.stampedAt) {
      this.stampedAt = at;
      this.stamp = new Date(at).toISOString();
    }
    return this.stamp;
  }

  write(type: string, fields: EventFields, payload: Record<string, unknown>): RuntimeEvent {
    const sequence = ++this.sequence;
    const { runtimeId, sessionId } = this.options;
    return {
      type,
      eventId: `evt_${String(sequence).padStart(6, "0")}_${type.replace(/\./g, "_")}`,
      timestamp: this.timestamp(),
      schemaVersion: LIME_PROFILE_SCHEMA_VERSION,
      runtimeId,
      sessionId,
      sequence,
      ...fields,
      payload,
    };
  }
}
