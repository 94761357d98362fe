// Agent Server SSE replays (ORD-02). A reconnect (`Last-Event-ID`) or a `joinStream` from the start
// re-sends events already delivered, with the same SSE ids. Ids are only unique within one run's stream
// (a server may count each run from the start), so a seen id is keyed by the run it belongs to: the run
// named by the latest `metadata` event, which opens every run stream and is replayed with it.
//
// Bounded (`MAX_SSE_IDS`): the oldest ids are forgotten first. A reconnect replays the recent events;
// a forgotten one replayed (a `joinStream` from the start of a very long run) is translated again: what
// the adapter's books still know adds nothing, and the rest keeps the ids stamped from the SSE id.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { BoundedTable, type LimitNotices } from "../shared/bounded";
import { readString } from "../shared/record";
import type { Chunk } from "./normalize";

/** SSE event ids remembered for replay dedupe. */
export const MAX_SSE_IDS = 16_384;

export class SseReplayGuard {
  private readonly seen: BoundedTable<true>;
  private runId: string | undefined;
  /** How many replayed events were skipped (reported once, at the end). */
  replays = 0;

  constructor(notices: LimitNotices) {
    const consequence =
      "the oldest ids are forgotten; an event replayed after that is translated again under the same event ids";
    this.seen = new BoundedTable({ table: "SSE replay id", cap: MAX_SSE_IDS, consequence }, notices, true);
  }

  /** True when the chunk is new; false for an already-projected SSE event (counted, then skipped). */
  admit(chunk: Chunk): boolean {
    if (chunk.sseId === undefined) return true;
    if (chunk.mode === "metadata") this.runId = readString(chunk.payload, "run_id") ?? this.runId;
    const key = this.key(chunk.sseId);
    if (this.seen.has(key)) {
      this.replays++;
      return false;
    }
    this.seen.add(key);
    return true;
  }

  /** Events without a fact-derived id get one from the run and SSE id, so a replay read by another
   * adapter instance (a new connection) dedupes downstream too. */
  stamp(events: AgentUiEvent[], sseId: string, format: string): void {
    let k = 0;
    const key = this.key(sseId);
    for (const event of events) {
      if (event.source?.sourceEventId !== undefined) continue;
      event.eventId = `${format}:sse:${key}:${k++}`;
      if (event.source !== undefined) event.source.sourceEventId = `sse:${key}`;
    }
  }

  private key(sseId: string): string {
    return this.runId !== undefined ? `${this.runId}:${sseId}` : sseId;
  }
}
