// A resumable subscription to one session's log over any transport. It delivers entries exactly once and
// in seq order (duplicates after a reconnect are dropped: ORD-02), resumes from the last applied seq after
// a disconnect (ORD-04), repairs a detected gap through the owner's snapshot before continuing
// (AUI-AR-HYDRATE-002), reconnects with exponential backoff + jitter, and reports its connection state as
// a fact (`connecting | live | reconnecting | stale | failed | closed`).
import { type BackoffOptions, backoffDelay } from "./backoff";
import type { EventTransport, TransportConnection } from "./transports/transport";
import type { LogEntry, ResumeCursor } from "@agent-ui/contracts";

/** `failed`: the gateway refused the session (wrong token, unknown session); not retried. */
export type ConnectionState = "connecting" | "live" | "reconnecting" | "stale" | "failed" | "closed";

export interface ConnectionInfo {
  state: ConnectionState;
  transport: string;
  /** Last seq applied. */
  lastSeq: number;
  /** Consecutive failed connection attempts. */
  attempt: number;
  /** Why the state changed (transport message, `gap 12..14`, …). */
  reason?: string;
  /** `Date.now()` of the change. */
  since: number;
}

export interface LogSubscriptionOptions {
  transport: EventTransport;
  sessionId: string;
  /** Resume point: entries with `seq > after` are delivered. */
  after: number;
  onEntries(entries: readonly LogEntry[]): void;
  /** Rebuild state from the owner's snapshot after a gap; resolves to the seq that snapshot reflects. */
  repair?(gap: { expected: number; got: number }): Promise<number>;
  onConnection?(info: ConnectionInfo): void;
  backoff?: BackoffOptions;
  /** Failed attempts after which `reconnecting` becomes `stale` (retries continue). Default 3. */
  staleAfterAttempts?: number;
}

/** The gateway's answers (SSE 409 / WebSocket error frame) to a resume beyond its head, and to one whose
 * cursor names an entry the log no longer holds at that seq (rewound and refilled). */
const LOG_NO_LONGER_REACHES = ["cursor_ahead", "log_rewound"];

export class LogSubscription {
  private lastSeq: number;
  /** The tag of the entry at `lastSeq` (from its resume cursor), sent back on resume; unknown after a
   * rehydration (the snapshot names only a seq). */
  private lastTag: string | undefined;
  private attempt = 0;
  private generation = 0;
  private connection: TransportConnection | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private info: ConnectionInfo;
  private resolveReady!: () => void;
  /** Resolves when the listener is first bound on the gateway (COMP-05: bind before submit). */
  readonly ready: Promise<void>;

  constructor(private readonly options: LogSubscriptionOptions) {
    this.lastSeq = options.after;
    this.info = {
      state: "connecting",
      transport: options.transport.name,
      lastSeq: this.lastSeq,
      attempt: 0,
      since: Date.now(),
    };
    this.ready = new Promise((resolve) => {
      this.resolveReady = resolve;
    });
  }

  get state(): ConnectionInfo {
    return this.info;
  }

  get seq(): number {
    return this.lastSeq;
  }

  start(): Promise<void> {
    this.connect();
    return this.ready;
  }

  close(): void {
    this.generation += 1;
    clearTimeout(this.timer);
    this.connection?.close();
    this.connection = undefined;
    this.setState("closed", "closed by client");
  }

  private connect(): void {
    if (this.info.state === "closed") return;
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    this.connection = this.options.transport.connect(
      this.options.sessionId,
      this.lastSeq,
      {
        onReady: () => {
          if (!current()) return;
          this.attempt = 0;
          this.setState("live");
          this.resolveReady();
        },
        onEntries: (entries, cursor) => {
          if (current()) this.accept(entries, generation, cursor);
        },
        onClose: (reason, refused) => {
          if (!current()) return;
          if (refused) this.refuse(reason ?? "refused by the gateway");
          else if (reason !== undefined && LOG_NO_LONGER_REACHES.some((code) => reason.startsWith(code)))
            void this.rewound(reason);
          else this.scheduleReconnect(reason ?? "connection closed");
        },
      },
      this.lastTag,
    );
  }

  private accept(entries: readonly LogEntry[], generation: number, cursor?: ResumeCursor): void {
    const fresh: LogEntry[] = [];
    for (const entry of entries) {
      if (entry.seq <= this.lastSeq) continue; // already applied: a replay after reconnect
      if (entry.seq !== this.lastSeq + 1) {
        this.lastTag = undefined;
        this.flush(fresh);
        void this.repairGap(this.lastSeq + 1, entry.seq);
        return;
      }
      fresh.push(entry);
      this.lastSeq = entry.seq;
    }
    if (fresh.length > 0) this.lastTag = cursor?.seq === this.lastSeq ? cursor.tag : undefined;
    if (generation === this.generation) this.flush(fresh);
  }

  private flush(entries: LogEntry[]): void {
    if (entries.length === 0) return;
    this.info = { ...this.info, lastSeq: this.lastSeq };
    this.options.onEntries(entries);
  }

  private async repairGap(expected: number, got: number): Promise<void> {
    this.generation += 1; // ignore the rest of this connection
    this.connection?.close();
    this.setState("stale", `gap: expected seq ${expected}, got ${got}`);
    if (this.options.repair) {
      try {
        this.lastSeq = Math.max(this.lastSeq, await this.options.repair({ expected, got }));
        this.lastTag = undefined;
      } catch (error) {
        this.scheduleReconnect(`repair failed: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
    }
    this.connect();
  }

  /** The gateway's log no longer holds what our cursor names (`cursor_ahead`: beyond its head;
   * `log_rewound`: another entry at that seq — a restored or rewound store). What was applied is not that
   * log any more: rehydrate from the owner's snapshot and resume from its seq — with the reason kept on the
   * connection state (`log_rewound: …`), never silently. */
  private async rewound(reason: string): Promise<void> {
    this.lastTag = undefined;
    this.generation += 1;
    this.connection?.close();
    this.connection = undefined;
    const said = reason.startsWith("log_rewound") ? reason : `log_rewound: ${reason}`;
    this.setState("stale", said);
    if (!this.options.repair) {
      this.refuse(`${said}; no snapshot to rehydrate from`);
      return;
    }
    try {
      this.lastSeq = await this.options.repair({ expected: this.lastSeq + 1, got: 0 });
    } catch (error) {
      this.scheduleReconnect(`rehydration failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    this.info = { ...this.info, lastSeq: this.lastSeq };
    this.connect();
  }

  /** The gateway will not serve this subscription (token revoked, session gone): `failed`, no retry. */
  private refuse(reason: string): void {
    this.generation += 1;
    clearTimeout(this.timer);
    this.connection?.close();
    this.connection = undefined;
    this.setState("failed", reason);
  }

  private scheduleReconnect(reason: string): void {
    if (this.info.state === "closed") return;
    this.generation += 1;
    // Release whatever the old connection still holds (a stream, a socket); closing twice is harmless.
    this.connection?.close();
    this.connection = undefined;
    this.attempt += 1;
    const stale = this.attempt > (this.options.staleAfterAttempts ?? 3);
    this.setState(stale ? "stale" : "reconnecting", reason);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), backoffDelay(this.attempt, this.options.backoff));
  }

  private setState(state: ConnectionState, reason?: string): void {
    const info: ConnectionInfo = {
      state,
      transport: this.options.transport.name,
      lastSeq: this.lastSeq,
      attempt: this.attempt,
      since: Date.now(),
    };
    if (reason !== undefined) info.reason = reason;
    this.info = info;
    this.options.onConnection?.(info);
  }
}
