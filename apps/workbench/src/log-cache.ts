// The session's event log as time travel and the event inspector read it, and the projection a replay of
// it gives (HYD-03). Kept beside the workbench chunk's projection code, so the time-travel chunk needs
// none of its own.
import type { GatewayHttpClient, LogEntry } from "@agent-ui/client";
import type { ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection/core";
import type { ProjectionStore } from "@agent-ui/react";

/** Fetched log entries per session, read page by page through the gateway client; only the missing tail
 * is fetched again. */
export class LogCache {
  private entries: LogEntry[] = [];
  constructor(
    private readonly http: Pick<GatewayHttpClient, "events">,
    readonly sessionId: string,
  ) {}

  async upTo(seq: number, signal?: AbortSignal): Promise<LogEntry[]> {
    let after = this.entries.length ? this.entries[this.entries.length - 1].seq : 0;
    while (after < seq) {
      if (signal?.aborted) throw new DOMException("aborted", "AbortError");
      const page = await this.http.events(this.sessionId, after, Math.min(5000, seq - after));
      const fresh = (Array.isArray(page.entries) ? page.entries : []).filter((e) => e.seq > after);
      if (fresh.length === 0) break;
      this.entries.push(...fresh);
      after = fresh[fresh.length - 1].seq;
      if (page.next === null) break;
    }
    return this.entries;
  }

  /** The projection at log position `seq`: a replay of the fetched entries up to it, as a store that
   * never changes. */
  replay(entries: LogEntry[], seq: number): { replayed: number; store: ProjectionStore<ProjectionState> } {
    const events = [];
    for (const entry of entries) {
      if (entry.seq > seq) break;
      events.push(entry.event);
    }
    const state = projectEvents(events, { sessionId: this.sessionId });
    return { replayed: events.length, store: { getState: () => state, subscribe: () => () => {} } };
  }
}
