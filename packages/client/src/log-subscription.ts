// A resumable subscription to one session's log over any transport. It delivers entries exactly once and
// in seq order (duplicates after a reconnect are dropped: ORD-02), resumes from the last applied seq after
// a disconnect (ORD-04), repairs a detected gap through the owner's snapshot before continuing
// (AUI-AR-HYDRATE-002), reconnects with exponential backoff + jitter, and reports its connection state as
// a fact (`connecting | live | reconnecting | stale | failed | closed`).
import { type BackoffOptions, backoffDelay } from "./backoff";
import type { EventTransport, TransportConnection } from "./transports/transport";
import type { LogEntry } from "@agent-ui/contracts";

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

/** The gateway's answer to a resume beyond its head (SSE 409 / WebSocket error frame). */
const CURSOR_AHEAD = "cursor_ahead";

export class LogSubscription {
  private lastSeq: number;
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
    this.connection = this.options.transport.connect(this.options.sessionId, this.lastSeq, {
      onReady: () => {
        if (!current()) return;
        this.attempt = 0;
        this.setState("live");
        this.resolveReady();
      },
      onEntries: (entries) => {
        if (current()) this.accept(entries, generation);
      },
      onClose: (reason, refused) => {
        if (!current()) return;
        if (refused) this.refuse(reason ?? "refused by the gateway");
        else if (reason?.startsWith(CURSOR_AHEAD)) void this.rewound(reason);
        else this.scheduleReconnect(reason ?? "connection closed");
      },
    });
  }

  private accept(entries: readonly LogEntry[], generation: number): void {
    const fresh: LogEntry[] = [];
    for (const entry of entries) {
      if (entry.seq <= this.lastSeq) continue; // already applied: a replay after reconnect
      if (entry.seq !== this.lastSeq + 1) {
        this.flush(fresh);
        void this.repairGap(this.lastSeq + 1, entry.seq);
        return;
      }
      fresh.push(entry);
      this.lastSeq = entry.seq;
    }
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
      } catch (error) {
        this.scheduleReconnect(`repair failed: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
    }
    this.connect();
  }

  /** The gateway's log no longer reaches our cursor (`cursor_ahead`: a restored or rewound store). The
   * entries applied past its head are not in the log any more: rehydrate from the owner's snapshot and
   * resume from its seq — with the reason kept on the connection state (`log_rewound: …`), never silently. */
  private async rewound(reason: string): Promise<void> {
    this.generation += 1;
    this.connection?.close();
    this.connection = undefined;
    this.setState("stale", `log_rewound: ${reason}`);
    if (!this.options.repair) {
      this.refuse(`log_rewound: ${reason}; no snapshot to rehydrate from`);
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
