// Group commit: appends submitted while a commit is pending or in flight are written together in the next
// transaction, in submission (FIFO) order. One fsync then covers many appends — from many sessions, or a
// source that streams deltas without waiting — while each caller still resolves only once its own entries
// are durable. Only one commit runs at a time, so the log order is the order appends were submitted.
// Detail bodies ride in the request that carries the events referencing them, so a body commits in the
// same transaction as its event (never an event whose ref resolves to nothing) and before any later
// append of the queue (FIFO holds for bodies too).
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { DetailRecord, IdempotencyCompletion, LogEntry } from "./session-store";

export interface AppendRequest {
  sessionId: string;
  events: readonly AgentUiEvent[];
  /** Bodies to keep in the same transaction (undefined on the hot path: appends without bodies). */
  details: readonly DetailRecord[] | undefined;
  /** An idempotency claim to complete in the same transaction (push ingest with an Idempotency-Key). */
  completes?: IdempotencyCompletion;
}

/** Commits a batch; returns, per request, its entries or the error that request alone failed with. A
 * thrown error fails the whole batch. */
export type CommitBatch = (requests: readonly AppendRequest[]) => Promise<(LogEntry[] | Error)[]>;

interface Pending extends AppendRequest {
  resolve(entries: LogEntry[]): void;
  reject(error: unknown): void;
}

export class GroupCommit {
  private queue: Pending[] = [];
  private running = false;

  constructor(
    private readonly commit: CommitBatch,
    /** Called after a commit for each request that succeeded (append notifications). */
    private readonly committed: (sessionId: string, entries: LogEntry[]) => void,
  ) {}

  submit(
    sessionId: string,
    events: readonly AgentUiEvent[],
    details?: readonly DetailRecord[],
    completes?: IdempotencyCompletion,
  ): Promise<LogEntry[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ sessionId, events, details, completes, resolve, reject });
      if (!this.running) {
        this.running = true;
        // Let the current turn of the event loop add its appends to the same transaction.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      let results: (LogEntry[] | Error)[];
      try {
        results = await this.commit(batch);
      } catch (error) {
        for (const request of batch) request.reject(error);
        continue;
      }
      batch.forEach((request, i) => {
        const result = results[i];
        if (result instanceof Error) request.reject(result);
        else {
          // A bodies-only request appended no entries: nothing to announce.
          if (result.length > 0) this.committed(request.sessionId, result);
          request.resolve(result);
        }
      });
    }
    this.running = false;
  }
}
