// The commit worker's side (loaded by ./sqlite-commit-worker.mjs): its own connection to the store's file,
// the same pragmas, the shared append transaction and the compaction snapshot insert (a large state's
// write and fsync must not stall delivery either). better-sqlite3 is synchronous, so in the gateway's
// thread every commit's fsync (`synchronous=FULL`) would stall live delivery, HTTP and timers for its
// whole duration; here it only blocks this thread, and the gateway hands out the previous batch meanwhile.
import { parentPort, workerData } from "node:worker_threads";
import type Database from "better-sqlite3";
import {
  type SerializedAppend,
  sqliteAppendBatch,
  sqliteSnapshotReader,
  sqliteSnapshotWriter,
} from "./sqlite-append";
import { type CommitPart, joinParts } from "./commit-parts";
import { runQuickCheck } from "./sqlite-integrity";
import { openSqlite } from "./sqlite-pragmas";

export type CommitMessage =
  | { type: "commit"; id: number; requests: SerializedAppend[] }
  | { type: "commit-part"; upload: number; part: CommitPart }
  | { type: "commit"; id: number; upload: number }
  | { type: "snapshot-part"; upload: number; chunk: string }
  | { type: "snapshot-abort"; upload: number }
  | { type: "snapshot"; id: number; upload: number; sessionId: string; seq: number }
  | { type: "read-snapshot"; id: number; sessionId: string }
  | { type: "quick-check"; id: number }
  | { type: "close" };

const port = parentPort;
if (!port) throw new Error("sqlite-commit-thread must run in a worker thread");
const db: Database.Database = openSqlite((workerData as { file: string }).file);
const appendBatch = sqliteAppendBatch(db);
const saveSnapshot = sqliteSnapshotWriter(db);
const readSnapshot = sqliteSnapshotReader(db);
/** Snapshot texts arriving chunk by chunk, by upload. */
const uploads = new Map<number, string[]>();
/** Large append batches arriving part by part, by upload. */
const batches = new Map<number, CommitPart[]>();

port.on("message", (message: CommitMessage) => {
  if (message.type === "close") {
    db.close();
    port.close();
    return;
  }
  if (message.type === "snapshot-part") {
    const chunks = uploads.get(message.upload) ?? [];
    chunks.push(message.chunk);
    uploads.set(message.upload, chunks);
    return;
  }
  if (message.type === "commit-part") {
    const parts = batches.get(message.upload) ?? [];
    parts.push(message.part);
    batches.set(message.upload, parts);
    return;
  }
  if (message.type === "snapshot-abort") {
    uploads.delete(message.upload);
    return;
  }
  try {
    if (message.type === "quick-check") port.postMessage({ id: message.id, check: runQuickCheck(db) });
    else if (message.type === "read-snapshot") {
      const snapshot = readSnapshot(message.sessionId);
      if (snapshot === undefined) port.postMessage({ id: message.id, snapshot: null });
      else {
        // The bytes move to the gateway's thread without a copy (their buffer is transferred).
        const bytes = ownBuffer(snapshot.stateUtf8);
        port.postMessage({ id: message.id, snapshot: { ...snapshot, stateUtf8: bytes } }, [bytes.buffer]);
      }
    } else if (message.type === "snapshot") {
      const stateJson = (uploads.get(message.upload) ?? []).join("");
      uploads.delete(message.upload);
      saveSnapshot({ sessionId: message.sessionId, seq: message.seq, stateJson });
      port.postMessage({ id: message.id, outcomes: [] });
    } else {
      let requests: SerializedAppend[];
      if ("upload" in message) {
        requests = joinParts(batches.get(message.upload) ?? []);
        batches.delete(message.upload);
      } else requests = message.requests;
      port.postMessage({ id: message.id, outcomes: appendBatch(requests) });
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    port.postMessage({
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
      ...(typeof code === "string" ? { code } : {}),
    });
  }
});
port.postMessage({ ready: true });

/** `bytes` in a buffer of their own (a small Buffer may sit in a shared pool, which cannot be moved). */
function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  if (
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
  )
    return bytes as Uint8Array<ArrayBuffer>;
  return new Uint8Array(bytes);
}
