// Live fan-out of one session's log to its subscribers, in `seq` order, exactly once per subscriber.
// Appends made here arrive with their entries; appends announced by another gateway (Postgres NOTIFY) are
// read back from the store. A subscriber binds first and then catches up from the store, so nothing
// appended between "read the backlog" and "go live" is lost or repeated (ORD-02/04, COMP-05).
import type { LogEntry, SessionStore } from "../store/session-store";

export type EntriesListener = (entries: readonly LogEntry[]) => void;

export interface FeedSubscription {
  /** The newest seq this feed had delivered when the listener was bound. */
  head: number;
  /** Resolves once the listener is bound and the backlog after `after` was delivered; gives the head seq. */
  ready: Promise<{ head: number }>;
  unsubscribe(): void;
}

/** Most entries read back from the store per query while catching up. */
const CATCH_UP_PAGE = 500;
/** A paced viewer's page is smaller: each entry is held as an object, its wire JSON and its encoded frame
 * until the connection took it, so this is what one slow viewer can cost the gateway. */
const PACED_PAGE = 100;

export class SessionFeed {
  private delivered: number;
  private readonly listeners = new Set<EntriesListener>();
  /** Serializes deliveries so entries leave in order even when reads back are asynchronous. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: SessionStore,
    private readonly sessionId: string,
    head: number,
  ) {
    this.delivered = head;
  }

  get head(): number {
    return this.delivered;
  }

  /** The store appended up to `lastSeq` (with the entries when the append was local). */
  announce(lastSeq: number, entries?: readonly LogEntry[]): void {
    this.chain = this.chain.then(async () => {
      if (lastSeq <= this.delivered) return;
      if (entries && entries.length > 0 && entries[0].seq <= this.delivered + 1) {
        this.deliver(
          entries[0].seq > this.delivered ? entries : entries.filter((entry) => entry.seq > this.delivered),
        );
        return;
      }
      while (this.delivered < lastSeq) {
        const page = await this.store.readEvents(this.sessionId, {
          after: this.delivered,
          limit: CATCH_UP_PAGE,
        });
        if (page.length === 0) break;
        this.deliver(page);
      }
    });
    this.chain = this.chain.catch(() => {});
  }

  /** Binds `listener`, delivers everything after `after` from the store, then live entries. The backlog
   * is read a page at a time; `pace` (the connection's backpressure) is awaited before each next page, so
   * a viewer catching up on a long log never holds more than a page here. */
  subscribe(after: number, listener: EntriesListener, pace?: () => Promise<void>): FeedSubscription {
    let cursor = after;
    let live = false;
    let closed = false;
    const buffered: LogEntry[] = [];
    const forward = (entries: readonly LogEntry[]) => {
      // Pass the feed's own array on when all of it is new: every subscriber then holds the same batch,
      // and its wire encodings (./encoded-frames) are computed once for all of them.
      const fresh =
        entries.length > 0 && entries[0].seq > cursor
          ? entries
          : entries.filter((entry) => entry.seq > cursor);
      if (fresh.length === 0) return;
      cursor = fresh[fresh.length - 1].seq;
      listener(fresh);
    };
    const onEntries: EntriesListener = (entries) => {
      if (closed) return;
      if (live) forward(entries);
      else buffered.push(...entries);
    };
    this.listeners.add(onEntries);
    const limit = pace ? PACED_PAGE : CATCH_UP_PAGE;
    const ready = (async () => {
      for (;;) {
        const page = await this.store.readEvents(this.sessionId, { after: cursor, limit });
        if (closed || page.length === 0) break;
        forward(page);
        // Live entries the pages already covered are dropped: what waits here is only what is ahead.
        if (buffered.length > 0 && buffered[0].seq <= cursor)
          buffered.splice(0, buffered.length, ...buffered.filter((entry) => entry.seq > cursor));
        if (pace) await pace();
      }
      if (!closed) {
        forward(buffered.splice(0));
        live = true;
      }
      return { head: Math.max(cursor, this.delivered) };
    })();
    return {
      head: this.delivered,
      ready,
      unsubscribe: () => {
        closed = true;
        this.listeners.delete(onEntries);
      },
    };
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  private deliver(entries: readonly LogEntry[]): void {
    if (entries.length === 0) return;
    this.delivered = entries[entries.length - 1].seq;
    for (const listener of this.listeners) {
      try {
        listener(entries);
      } catch {
        // One broken subscriber (a closed socket) must not stop delivery to the others.
      }
    }
  }
}
