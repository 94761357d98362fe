// Where the SQLite store's append transactions run: a worker thread for a store file (its fsync never blocks
// the gateway's event loop — ./sqlite-commit-thread), or the gateway's own thread for `:memory:` (an
// in-memory database cannot be shared with another connection). Either way commits run one at a time, in
// the order the group commit hands them over.
import { Worker } from "node:worker_threads";
import { Slicer } from "../slices/turns";
import { type QuickCheckResult, runQuickCheck } from "./sqlite-integrity";
import { commitParts } from "./commit-parts";
import type Database from "better-sqlite3";
import {
  type AppendOutcome,
  type SerializedAppend,
  type StoredSnapshot,
  sqliteAppendBatch,
  sqliteSnapshotReader,
  sqliteSnapshotWriter,
} from "./sqlite-append";

/** Produces a snapshot's JSON text, handing it to `write` in chunks, in order. */
export type SnapshotText = (write: (chunk: string) => void) => Promise<void>;

export interface SqliteCommitter {
  commit(requests: SerializedAppend[]): Promise<AppendOutcome[]>;
  /** Keeps a compaction snapshot, in order with the commits around it. The text crosses to the commit
   * thread chunk by chunk as it is produced (one large string posted at once is copied on the gateway's
   * thread in one go); the thread joins it. Resolves with the text's length. */
  saveSnapshot(sessionId: string, seq: number, text: SnapshotText): Promise<number>;
  /** Reads a session's latest snapshot after the commits before it. On the commit thread, the row (tens
   * of MB at a million events) is read there and its bytes cross back without a copy (a transferred
   * buffer), so neither the read nor a copy holds the gateway's thread. */
  readSnapshot(sessionId: string): Promise<StoredSnapshot | undefined>;
  /** `PRAGMA quick_check` and, when it fails, the read-back of every session (./sqlite-integrity), on
   * the commit thread: the file's whole read never holds the gateway's thread. */
  quickCheck(): Promise<QuickCheckResult>;
  /** Waits for the commits in flight, then releases the thread. */
  close(): Promise<void>;
}

export function inThreadCommitter(db: Database.Database): SqliteCommitter {
  const appendBatch = sqliteAppendBatch(db);
  const saveSnapshot = sqliteSnapshotWriter(db);
  const readSnapshot = sqliteSnapshotReader(db);
  return {
    commit: async (requests) => appendBatch(requests),
    readSnapshot: async (sessionId) => readSnapshot(sessionId),
    quickCheck: async () => runQuickCheck(db),
    saveSnapshot: async (sessionId, seq, text) => {
      const chunks: string[] = [];
      await text((chunk) => {
        chunks.push(chunk);
      });
      const stateJson = chunks.join("");
      saveSnapshot({ sessionId, seq, stateJson });
      return stateJson.length;
    },
    close: async () => {},
  };
}

type WorkerReply =
  | { ready: true }
  | { id: number; outcomes: AppendOutcome[] }
  | { id: number; snapshot: StoredSnapshot | null }
  | { id: number; check: QuickCheckResult }
  | { id: number; error: string; code?: string };

export function workerCommitter(file: string): SqliteCommitter {
  const worker = new Worker(new URL("./sqlite-commit-worker.mjs", import.meta.url), { workerData: { file } });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;
  let nextUpload = 0;
  let broken: Error | undefined;
  let closing = false;
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  // An idle commit thread must not keep the process alive; one with commits in flight must.
  worker.unref();
  const settle = (id: number) => {
    const entry = waiting.get(id);
    waiting.delete(id);
    if (waiting.size === 0) worker.unref();
    return entry;
  };
  const failAll = (error: Error) => {
    broken ??= error;
    for (const id of [...waiting.keys()]) settle(id)?.reject(error);
  };
  worker.on("message", (reply: WorkerReply) => {
    if ("ready" in reply) return;
    const entry = settle(reply.id);
    if ("error" in reply) {
      // The SQLite error code crosses too: a damaged file reads as damage on this side as well.
      const error = new Error(reply.error) as Error & { code?: string };
      if (reply.code !== undefined) error.code = reply.code;
      entry?.reject(error);
    } else if ("snapshot" in reply) entry?.resolve(reply.snapshot ?? undefined);
    else if ("check" in reply) entry?.resolve(reply.check);
    else entry?.resolve(reply.outcomes);
  });
  worker.on("error", (error) => failAll(new Error(`the SQLite commit thread failed: ${error.message}`)));
  worker.on("exit", (code) => failAll(new Error(`the SQLite commit thread exited (${code})`)));
  const send = <T = AppendOutcome[]>(message: Record<string, unknown>): Promise<T> => {
    if (broken) return Promise.reject(broken);
    if (closing) return Promise.reject(new Error("the session store is closed"));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ ...message, id });
    });
  };
  return {
    commit: async (requests) => {
      const parts = commitParts(requests);
      if (parts.length <= 1) return send({ type: "commit", requests });
      // A large batch crosses part by part, turns of the event loop apart once a slice of time is spent;
      // the thread commits it whole once the last part is in.
      const upload = nextUpload++;
      const slicer = new Slicer();
      for (const part of parts) {
        if (broken) throw broken;
        worker.postMessage({ type: "commit-part", upload, part });
        await slicer.step();
      }
      return send({ type: "commit", upload });
    },
    quickCheck: () => send<QuickCheckResult>({ type: "quick-check" }),
    readSnapshot: (sessionId) => send<StoredSnapshot | undefined>({ type: "read-snapshot", sessionId }),
    saveSnapshot: async (sessionId, seq, text) => {
      if (broken) throw broken;
      const upload = nextUpload++;
      let length = 0;
      try {
        await text((chunk) => {
          length += chunk.length;
          worker.postMessage({ type: "snapshot-part", upload, chunk });
        });
      } catch (error) {
        worker.postMessage({ type: "snapshot-abort", upload });
        throw error;
      }
      await send({ type: "snapshot", upload, sessionId, seq });
      return length;
    },
    async close() {
      if (closing) return exited;
      closing = true;
      // Messages are handled in order: every commit posted before `close` is answered first.
      worker.ref();
      worker.postMessage({ type: "close" });
      await exited;
    },
  };
}
