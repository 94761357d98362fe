// Moves one subscriber's share of the live log onto its connection (SSE response or WebSocket) with as
// little per-viewer work as possible: batches arrive from the feed already encoded for the wire
// (./encoded-frames, shared by all viewers), everything that arrived while the event loop was busy leaves
// in one write per wake (no promise and no write per entry), and a viewer that cannot keep up is cut
// (its buffer past a limit) instead of growing server memory — it resumes from its last seq (ORD-04).
// The `ready` frame goes out once the listener is bound and before any entry (COMP-05).
import type { LogEntry } from "../store/session-store";
import type { EntriesListener, FeedSubscription } from "./session-feed";

/** The connection side: a node response or a WebSocket. */
export interface FrameSink {
  /** Bytes accepted by the connection but not yet handed to the OS. */
  readonly buffered: number;
  /** Writes the frames of one wake, in order (a sink may cork them into one syscall). */
  write(frames: readonly Uint8Array[]): void;
  /** Ends the connection; the client reconnects and resumes from its last seq. */
  close(reason: string): void;
}

/** How a transport frames the log. */
export interface FrameEncoding {
  /** SSE announces `ready` before the backlog; the WebSocket protocol sends it after the backlog, as the
   * marker of the live point. */
  readyBeforeBacklog: boolean;
  ready(after: number, head: number): Uint8Array;
  entries(batch: readonly LogEntry[]): Uint8Array;
}

export type Subscribe = (listener: EntriesListener) => Promise<FeedSubscription>;

/** A viewer whose connection holds more than this is too slow: cut, it resumes by seq. */
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export class LivePump {
  private pending: (readonly LogEntry[])[] = [];
  private live = false;
  private scheduled = false;
  private stopped = false;
  private subscription: FeedSubscription | undefined;

  constructor(
    private readonly sink: FrameSink,
    private readonly encoding: FrameEncoding,
    private readonly maxBuffered = MAX_BUFFERED_BYTES,
  ) {}

  /** Binds the listener, sends `ready`, then the backlog and live entries. Rejects if subscribing fails. */
  async start(subscribe: Subscribe, after: number): Promise<void> {
    const subscription = await subscribe((entries) => this.enqueue(entries));
    if (this.stopped) {
      subscription.unsubscribe();
      return;
    }
    this.subscription = subscription;
    const { head } = await subscription.ready;
    if (this.stopped) return;
    this.live = true;
    const ready = this.encoding.ready(after, head);
    if (this.encoding.readyBeforeBacklog) this.sink.write([ready]);
    this.flush();
    if (!this.encoding.readyBeforeBacklog && !this.stopped) this.sink.write([ready]);
  }

  /** The connection is gone: stop receiving. Idempotent. */
  stop(): void {
    this.stopped = true;
    this.pending = [];
    this.subscription?.unsubscribe();
  }

  private enqueue(entries: readonly LogEntry[]): void {
    if (this.stopped) return;
    this.pending.push(entries);
    if (!this.live || this.scheduled) return;
    this.scheduled = true;
    // Appends committed together arrive as several feed deliveries in the same turn: one write for all.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.stopped || this.pending.length === 0) return;
    if (this.sink.buffered > this.maxBuffered) {
      this.stop();
      this.sink.close("client too slow; resume from the last seq");
      return;
    }
    const batches = this.pending;
    this.pending = [];
    this.sink.write(batches.map((batch) => this.encoding.entries(batch)));
  }
}
