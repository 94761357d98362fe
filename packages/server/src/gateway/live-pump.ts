// Moves one subscriber's share of the log onto its connection (SSE response or WebSocket) with as little
// per-viewer work as possible: batches arrive from the feed already encoded for the wire
// (./encoded-frames, shared by all viewers), everything that arrived while the event loop was busy leaves
// in one write per wake (no promise and no write per entry), and a viewer that cannot keep up is cut
// instead of growing server memory — it resumes from its last seq (ORD-04).
// Catch-up is paged: the feed reads the backlog a page at a time and asks `pace` before the next page, so
// a viewer's backlog is never in memory at once; the next page waits until the connection has taken the
// previous one, and a viewer that takes nothing for `stallMs` (or holds more than `maxBuffered`) is cut.
// The `ready` frame goes out once the listener is bound and before any entry (COMP-05).
import type { LogEntry } from "../store/session-store";
import type { EntriesListener, FeedSubscription } from "./session-feed";

/** The connection side: a node response or a WebSocket. */
export interface FrameSink {
  /** Bytes accepted by the connection but not yet handed to the OS. */
  readonly buffered: number;
  /** Writes the frames of one wake, in order (a sink may cork them into one syscall). */
  write(frames: readonly Uint8Array[]): void;
  /** Ends the connection with a reason the client can read (SSE: a final event; WS: the close reason);
   * the client reconnects and resumes from its last seq. */
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

/** Binds `listener`; the feed awaits `pace()` between catch-up pages. */
export type Subscribe = (listener: EntriesListener, pace: () => Promise<void>) => Promise<FeedSubscription>;

/** A viewer whose connection holds more than this is too slow: cut, it resumes by seq. */
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export interface PumpLimits {
  /** Bytes a connection may hold before the viewer is cut (default 16 MiB). */
  maxBuffered: number;
  /** The next catch-up page is read once the connection holds at most this many bytes (default 256 KiB). */
  catchUpLowWater: number;
  /** A viewer that takes nothing of its catch-up for this long is cut (default 20 s). */
  stallMs: number;
}

export const DEFAULT_PUMP_LIMITS: PumpLimits = {
  maxBuffered: MAX_BUFFERED_BYTES,
  catchUpLowWater: 256 * 1024,
  stallMs: 20_000,
};

/** The close reason of a cut viewer (SSE final event, WebSocket close reason). */
export const TOO_SLOW_REASON = "client_too_slow: resume from the last seq";

const DRAIN_POLL_MS = 10;

export class LivePump {
  private pending: (readonly LogEntry[])[] = [];
  private live = false;
  private scheduled = false;
  private stopped = false;
  private subscription: FeedSubscription | undefined;
  private readonly limits: PumpLimits;

  constructor(
    private readonly sink: FrameSink,
    private readonly encoding: FrameEncoding,
    limits: Partial<PumpLimits> | number = {},
  ) {
    this.limits = {
      ...DEFAULT_PUMP_LIMITS,
      ...(typeof limits === "number" ? { maxBuffered: limits } : limits),
    };
  }

  /** Binds the listener, sends `ready`, then the backlog and live entries. Rejects if subscribing fails. */
  async start(subscribe: Subscribe, after: number): Promise<void> {
    const subscription = await subscribe(
      (entries) => this.enqueue(entries),
      () => this.drained(),
    );
    if (this.stopped) {
      subscription.unsubscribe();
      return;
    }
    this.subscription = subscription;
    if (this.encoding.readyBeforeBacklog) this.sink.write([this.encoding.ready(after, subscription.head)]);
    const { head } = await subscription.ready;
    if (this.stopped) return;
    this.live = true;
    this.flush();
    if (!this.encoding.readyBeforeBacklog && !this.stopped)
      this.sink.write([this.encoding.ready(after, head)]);
  }

  /** The connection is gone: stop receiving. Idempotent. */
  stop(): void {
    this.stopped = true;
    this.pending = [];
    this.subscription?.unsubscribe();
  }

  private cut(): void {
    if (this.stopped) return;
    this.stop();
    this.sink.close(TOO_SLOW_REASON);
  }

  /** Resolves once the connection has taken the last catch-up page (or the viewer was cut). Always after
   * a turn of the event loop: pages of many viewers catching up at once then take turns with every other
   * request instead of running back to back as microtasks. */
  private async drained(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const deadline = Date.now() + this.limits.stallMs;
    while (!this.stopped && this.sink.buffered > this.limits.catchUpLowWater) {
      if (Date.now() >= deadline) {
        this.cut();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
    }
  }

  private enqueue(entries: readonly LogEntry[]): void {
    if (this.stopped) return;
    if (!this.live) {
      // A catch-up page (or what arrived while catching up): written now; the feed paces the next one.
      this.write([entries]);
      return;
    }
    this.pending.push(entries);
    if (this.scheduled) return;
    this.scheduled = true;
    // Appends committed together arrive as several feed deliveries in the same turn: one write for all.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.stopped || this.pending.length === 0) return;
    const batches = this.pending;
    this.pending = [];
    this.write(batches);
  }

  /** The cap holds before and after each write: a write never starts over it, and one that leaves a
   * connection that was already behind over it cuts the viewer (what it holds goes with the connection).
   * A write onto a connection that had taken everything is always let through, so one large batch cannot
   * cut a reading viewer again on every resume. */
  private write(batches: readonly (readonly LogEntry[])[]): void {
    const before = this.sink.buffered;
    if (before > this.limits.maxBuffered) {
      this.cut();
      return;
    }
    this.sink.write(batches.map((batch) => this.encoding.entries(batch)));
    if (before > this.limits.catchUpLowWater && this.sink.buffered > this.limits.maxBuffered) this.cut();
  }
}
