// The writes of the SQLite store that carry the log — appends and compaction snapshots — on already-
// serialized input, so the same code runs in the gateway's thread (`:memory:` stores) or in the commit
// worker (file stores, ./sqlite-commit-worker). An append batch:
// per request, the session's next `seq` values are assigned, its detail bodies and events are inserted, and
// its `last_seq` moves, and the idempotency claim it completes (push ingest) gets its answer — all of one
// group-commit batch in one transaction (one fsync). A request whose claim is no longer held by the
// appending store (taken over after a restart) stores nothing.
import type Database from "better-sqlite3";

/** An append request as it crosses to the commit thread: events already JSON, bodies already storable. */
export interface SerializedAppend {
  sessionId: string;
  eventJson: readonly string[];
  details: readonly { ref: string; mediaType: string; bytes: number; body: string }[] | undefined;
  /** The claim to complete: its key, the claiming store's owner id, the answer (`seq` is set here). */
  completes?: { key: string; owner: string; result: Record<string, unknown> };
}

/** Per request: the seq of its first event and how many it appended, or that its session is unknown, or
 * that the claim it was to complete is no longer its own. */
export type AppendOutcome =
  | { firstSeq: number; count: number }
  | { unknownSession: string }
  | { claimLost: string };

export type AppendBatch = (requests: readonly SerializedAppend[]) => AppendOutcome[];

/** Prepares the append statements on `db` and returns the batch transaction. */
export function sqliteAppendBatch(db: Database.Database): AppendBatch {
  const lastSeq = db.prepare("SELECT last_seq FROM sessions WHERE id = ?").pluck();
  const bumpSeq = db.prepare("UPDATE sessions SET last_seq = ?, updated_at = ? WHERE id = ?");
  const insertEvent = db.prepare("INSERT INTO events (session_id, seq, event) VALUES (?, ?, ?)");
  const putDetail = db.prepare(
    `INSERT INTO details (session_id, ref, media_type, bytes, body, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (session_id, ref) DO UPDATE SET media_type = excluded.media_type, bytes = excluded.bytes,
     body = excluded.body, created_at = excluded.created_at`,
  );
  const claimOf = db.prepare("SELECT owner, result FROM idempotency WHERE session_id = ? AND key = ?");
  const complete = db.prepare("UPDATE idempotency SET result = ? WHERE session_id = ? AND key = ?");
  const appendOne = ({ sessionId, eventJson, details, completes }: SerializedAppend): AppendOutcome => {
    const last = lastSeq.get(sessionId) as number | undefined;
    if (last === undefined) return { unknownSession: sessionId };
    if (completes !== undefined) {
      const claim = claimOf.get(sessionId, completes.key) as
        | { owner: string | null; result: string | null }
        | undefined;
      if (claim?.owner !== completes.owner || claim.result !== null) return { claimLost: completes.key };
    }
    const now = new Date().toISOString();
    for (const d of details ?? []) putDetail.run(sessionId, d.ref, d.mediaType, d.bytes, d.body, now);
    let seq = last;
    for (const json of eventJson) insertEvent.run(sessionId, ++seq, json);
    if (seq !== last) bumpSeq.run(seq, now, sessionId);
    if (completes !== undefined)
      complete.run(JSON.stringify({ ...completes.result, seq }), sessionId, completes.key);
    return { firstSeq: last + 1, count: seq - last };
  };
  const batch = db.transaction((requests: readonly SerializedAppend[]) => requests.map(appendOne));
  // BEGIN IMMEDIATE: the write lock is taken (waiting out the busy timeout) before `last_seq` is read. A
  // deferred transaction would read first, and a write by the gateway thread's connection in between
  // makes its upgrade fail at once with SQLITE_BUSY instead of waiting.
  return (requests) => batch.immediate(requests);
}

/** A compaction snapshot as it crosses to the commit thread: the state already JSON. */
export interface SerializedSnapshot {
  sessionId: string;
  seq: number;
  stateJson: string;
}

/** Prepares the snapshot insert on `db`; a snapshot already kept at that seq stays. */
export function sqliteSnapshotWriter(db: Database.Database): (snapshot: SerializedSnapshot) => void {
  const insert = db.prepare(
    "INSERT OR IGNORE INTO snapshots (session_id, seq, state, created_at) VALUES (?, ?, ?, ?)",
  );
  return ({ sessionId, seq, stateJson }) => {
    insert.run(sessionId, seq, stateJson, new Date().toISOString());
  };
}

/** The latest snapshot row of a session, its state as stored: JSON text in UTF-8 bytes (decoded piece by
 * piece as it is parsed, ../slices/json-parse-slices `utf8Pieces`). */
export interface StoredSnapshot {
  seq: number;
  createdAt: string;
  stateUtf8: Uint8Array;
}

/** Prepares the read of a session's latest snapshot on `db`. */
export function sqliteSnapshotReader(
  db: Database.Database,
): (sessionId: string) => StoredSnapshot | undefined {
  const latest = db.prepare(
    "SELECT seq, CAST(state AS BLOB) AS state, created_at FROM snapshots WHERE session_id = ? ORDER BY seq DESC LIMIT 1",
  );
  return (sessionId) => {
    const row = latest.get(sessionId) as { seq: number; state: Buffer; created_at: string } | undefined;
    return row && { seq: row.seq, createdAt: row.created_at, stateUtf8: row.state };
  };
}
