// Per-stream sequence bookkeeping shared by event validation and the sequence verifier, so both agree on
// what a gap, a late event and a duplicate are (ORD-01, ORD-02, ORD-05).
import { type Diagnostic, type EventRef, clip, diagnostic } from "./diagnostics";

export interface SequenceTracker {
  /** Checks `sequence` against the last one seen on `streamKey` and records it. */
  observe(streamKey: string, sequence: number, eventRef: EventRef): Diagnostic[];
  /** Forgets a stream's position: a snapshot repaired it, so the next sequence starts fresh (ORD-04). */
  reset(streamKey: string): void;
  /** Last sequence per stream. */
  positions(): ReadonlyMap<string, number>;
}

export function createSequenceTracker(): SequenceTracker {
  const last = new Map<string, number>();
  return {
    observe(streamKey, sequence, eventRef) {
      const previous = last.get(streamKey);
      if (previous === undefined) {
        last.set(streamKey, sequence);
        return [];
      }
      if (sequence === previous + 1) {
        last.set(streamKey, sequence);
        return [];
      }
      if (sequence > previous + 1) {
        last.set(streamKey, sequence);
        const from = previous + 1;
        const to = sequence - 1;
        const range = from === to ? `${from}` : `${from}..${to}`;
        return [
          diagnostic(
            "sequence_gap",
            "warning",
            `stream '${clip(streamKey)}': sequence ${range} missing before ${sequence}; repair from a snapshot`,
            { path: "/sequence", eventRef },
          ),
        ];
      }
      return [
        diagnostic(
          "out_of_order",
          "warning",
          sequence === previous
            ? `stream '${clip(streamKey)}': sequence ${sequence} used again by a different event`
            : `stream '${clip(streamKey)}': sequence ${sequence} arrived after ${previous}`,
          { path: "/sequence", eventRef },
        ),
      ];
    },
    reset(streamKey) {
      last.delete(streamKey);
    },
    positions() {
      return last;
    },
  };
}

/** Event classes after which a stream's sequence may legitimately restart (snapshot repair). */
export const SEQUENCE_RESET_CLASSES: ReadonlySet<string> = new Set([
  "state.snapshot",
  "session.hydrated",
  "snapshot.updated",
  "snapshot.repaired",
]);

/** A safe reference to an event for diagnostics: only well-typed identity fields, never the body. */
export function eventRefOf(event: unknown, index?: number): EventRef {
  const ref: EventRef = {};
  if (index !== undefined) ref.index = index;
  if (typeof event !== "object" || event === null || Array.isArray(event)) return ref;
  const record = event as Record<string, unknown>;
  if (typeof record.eventId === "string") ref.eventId = clip(record.eventId, 200);
  if (typeof record.sequence === "number" && Number.isFinite(record.sequence)) ref.sequence = record.sequence;
  if (typeof record.type === "string") ref.type = clip(record.type, 120);
  const streamId = typeof record.streamId === "string" ? record.streamId : undefined;
  if (streamId !== undefined) ref.streamId = clip(streamId, 200);
  return ref;
}
