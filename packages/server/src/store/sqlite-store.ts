// SQLite session store (the default): one file under the data dir, WAL journal, `synchronous=FULL` so an
// acknowledged append survives a crash (./sqlite-pragmas). Appends are group-committed: each batch is one
// transaction that assigns the next `seq` values, run by a commit worker thread so its fsync never blocks
// the gateway (./sqlite-committer); commits run one at a time, so appends cannot interleave. Detail
// bodies are written in that transaction too, next to the events that reference them, and so is the
// answer of the idempotency claim an append completes. A claim is owned by the store instance that made
// it; one left pending by an earlier process on this file (the data dir holds one process at a time) never
// completed, so nothing of it was stored, and it is taken over.
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { AgentUiEvent, ProjectionState, WriteResult } from "@agent-ui/contracts";
import type {
  SessionRecord,
  AppendListener,
  IdempotencyClaim,
  LogEntry,
  NewSession,
  ReadOptions,
  SessionStore,
  SnapshotRecord,
} from "./session-store";
import { parseInSlices, utf8Pieces } from "../slices/json-parse-slices";
import { stringifyInSlices } from "../slices/json-slices";
import { Slicer } from "../slices/turns";
import { storableDetail } from "./detail-bodies";
import { entryWithJson } from "./entry-json";
import { type AppendRequest, GroupCommit } from "./group-commit";
import type { SerializedAppend } from "./sqlite-append";
import { inThreadCommitter, workerCommitter } from "./sqlite-committer";
import { openSqlite } from "./sqlite-pragmas";
import { sqliteWindows, WINDOWS_TABLE } from "./sqlite-windows";
import { gateUntil } from "./gate";
import {
  addQuickCheck,
  checkMarker,
  type IntegrityReport,
  refuseLostDatabase,
  StoreMarker,
  StoreRefusedError,
} from "./sqlite-integrity";
import { IdempotencyClaimLostError, SessionDamagedError, UnknownSessionError } from "./session-store";
import { type DetailRow, detailRowToRecord, type SessionRow, sessionRowToRecord } from "./session-row";

/** Events serialized between two looks at the clock (a power of two, minus one). */
const SERIALIZE_STEP = 255;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  title TEXT,
  source_kind TEXT NOT NULL,
  scenario TEXT,
  config TEXT NOT NULL,
  status TEXT NOT NULL,
  status_reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  last_seq INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  event TEXT NOT NULL,
  PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  state TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS details (
  session_id TEXT NOT NULL,
  ref TEXT NOT NULL,
  media_type TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (session_id, ref)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS idempotency (
  session_id TEXT NOT NULL,
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  result TEXT,
  created_at TEXT NOT NULL,
  owner TEXT,
  PRIMARY KEY (session_id, key)
) WITHOUT ROWID;
`;

/** Stores made before claims had owners get the column (their pending claims count as abandoned). */
function addClaimOwner(db: ReturnType<typeof openSqlite>): void {
  const columns = db.prepare("SELECT name FROM pragma_table_info('idempotency')").pluck().all();
  if (!columns.includes("owner")) db.exec("ALTER TABLE idempotency ADD COLUMN owner TEXT");
}

export interface SqliteStoreOptions {
  /** Database file; `:memory:` for an ephemeral store. */
  file: string;
}

export function createSqliteStore(
  options: SqliteStoreOptions,
): SessionStore & { integrity?: IntegrityReport; checked: Promise<IntegrityReport | undefined> } {
  const onDisk = options.file !== ":memory:";
  if (onDisk) {
    mkdirSync(dirname(options.file), { recursive: true });
    refuseLostDatabase(options.file);
  }
  const marker = onDisk ? new StoreMarker(options.file) : undefined;
  let db: ReturnType<typeof openSqlite>;
  let integrity: IntegrityReport | undefined;
  try {
    db = openSqlite(options.file);
    db.exec(SCHEMA);
    db.exec(WINDOWS_TABLE);
    addClaimOwner(db);
    if (marker) integrity = checkMarker(db, marker);
  } catch (error) {
    if (error instanceof StoreRefusedError) throw error;
    throw new StoreRefusedError(
      `the database ${options.file} cannot be opened (${error instanceof Error ? error.message : String(error)}); it is damaged or not an Agent UI store`,
    );
  }
  /** Sessions whose rows a later read found damaged (after the check at open). */
  const foundDamaged = new Map<string, string>();
  /** Runs a read of one session's rows; damaged storage (`SQLITE_CORRUPT*`, `SQLITE_NOTADB`) marks the
   * session damaged from then on and throws `SessionDamagedError` instead of an opaque failure. The
   * callers parse inside `read`, so a row whose JSON was garbled counts too. */
  const readOf = <T>(sessionId: string, read: () => T): T => {
    try {
      return read();
    } catch (error) {
      return damagedBy(sessionId, error);
    }
  };
  /** `readOf` for a read that parses in slices. */
  const readOfAsync = async <T>(sessionId: string, read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      return damagedBy(sessionId, error);
    }
  };
  /** Rethrows `error`, as `SessionDamagedError` when it says the session's stored rows are damaged. */
  const damagedBy = (sessionId: string, error: unknown): never => {
    // A row whose stored JSON no longer parses is damage too (as the check at open counts it).
    const code = error instanceof SyntaxError ? "unreadable row" : (error as { code?: unknown } | null)?.code;
    const damaged =
      typeof code === "string" &&
      (code === "unreadable row" || code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB");
    if (!damaged) throw error;
    const damage = `its stored rows cannot be read (${error instanceof Error ? error.message : code})`;
    if (!foundDamaged.has(sessionId)) foundDamaged.set(sessionId, damage);
    throw new SessionDamagedError(sessionId, foundDamaged.get(sessionId) as string);
  };
  /** What is known to be wrong with a session, on its record (the list marks it; reads answer it). */
  const withDamage = (record: SessionRecord): SessionRecord => {
    const damage = integrity?.damaged.get(record.id) ?? foundDamaged.get(record.id);
    const rewound = integrity?.rewound.get(record.id);
    if (damage !== undefined) record.damage = damage;
    if (rewound !== undefined) record.logRewound = rewound;
    return record;
  };
  const committer = options.file === ":memory:" ? inThreadCommitter(db) : workerCommitter(options.file);

  const listeners = new Set<AppendListener>();
  /** This store instance: the owner of the claims it makes. */
  const owner = randomUUID();
  const q = {
    insertSession: db.prepare(
      `INSERT INTO sessions (id, title, source_kind, scenario, config, status, created_at, updated_at, last_seq)
       VALUES (@id, @title, @sourceKind, @scenario, @config, 'starting', @now, @now, 0)`,
    ),
    getSession: db.prepare("SELECT * FROM sessions WHERE id = ?"),
    listSessions: db.prepare("SELECT * FROM sessions ORDER BY created_at DESC, id"),
    setStatus: db.prepare("UPDATE sessions SET status = ?, status_reason = ?, updated_at = ? WHERE id = ?"),
    rename: db.prepare("UPDATE sessions SET title = ?, updated_at = ? WHERE id = ?"),
    deleteRows: ["events", "snapshots", "windows", "details", "idempotency"].map((table) =>
      db.prepare(`DELETE FROM ${table} WHERE session_id = ?`),
    ),
    deleteSession: db.prepare("DELETE FROM sessions WHERE id = ?"),
    readEvents: db.prepare(
      "SELECT seq, event FROM events WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ?",
    ),
    claim: db.prepare(
      "INSERT OR IGNORE INTO idempotency (session_id, key, fingerprint, result, created_at, owner) VALUES (?, ?, ?, NULL, ?, ?)",
    ),
    getClaim: db.prepare(
      "SELECT fingerprint, result, owner FROM idempotency WHERE session_id = ? AND key = ?",
    ),
    takeOver: db.prepare(
      "UPDATE idempotency SET fingerprint = ?, created_at = ?, owner = ? WHERE session_id = ? AND key = ? AND result IS NULL",
    ),
    complete: db.prepare(
      "UPDATE idempotency SET result = ? WHERE session_id = ? AND key = ? AND owner = ? AND result IS NULL",
    ),
    release: db.prepare(
      "DELETE FROM idempotency WHERE session_id = ? AND key = ? AND owner = ? AND result IS NULL",
    ),
    readDetail: db.prepare(
      "SELECT ref, media_type, bytes, body FROM details WHERE session_id = ? AND ref = ?",
    ),
  };
  /** Serialized here, so the commit thread only writes; each entry's wire JSON reuses the event's. A large
   * batch is serialized in slices (turns of the event loop apart). */
  const commitBatch = async (requests: readonly AppendRequest[]): Promise<(LogEntry[] | Error)[]> => {
    const serialized: SerializedAppend[] = [];
    const slicer = new Slicer();
    for (const { sessionId, events, details, completes } of requests) {
      const eventJson = new Array<string>(events.length);
      for (let i = 0; i < events.length; i++) {
        eventJson[i] = JSON.stringify(events[i]);
        if ((i & SERIALIZE_STEP) === SERIALIZE_STEP) await slicer.step();
      }
      serialized.push({
        sessionId,
        eventJson,
        details: details?.map(storableDetail),
        completes: completes && { key: completes.key, owner, result: completes.result },
      });
      await slicer.step();
    }
    const outcomes = await committer.commit(serialized);
    return outcomes.map((outcome, i) => {
      if ("unknownSession" in outcome) return new UnknownSessionError(outcome.unknownSession);
      if ("claimLost" in outcome)
        return new IdempotencyClaimLostError(requests[i].sessionId, outcome.claimLost);
      const { events } = requests[i];
      const { eventJson } = serialized[i];
      return events.map((event, k) => entryWithJson(outcome.firstSeq + k, event, eventJson[k]));
    });
  };
  const appends = new GroupCommit(commitBatch, (sessionId, entries) => {
    const lastSeq = entries[entries.length - 1].seq;
    marker?.advanced(sessionId, lastSeq);
    for (const listener of listeners) listener(sessionId, lastSeq, entries);
  });

  const windows = sqliteWindows(db);

  const claimTx = db.transaction((sessionId: string, key: string, fingerprint: string): IdempotencyClaim => {
    const now = new Date().toISOString();
    const inserted = q.claim.run(sessionId, key, fingerprint, now, owner).changes === 1;
    if (inserted) return { kind: "claimed" };
    const row = q.getClaim.get(sessionId, key) as {
      fingerprint: string;
      result: string | null;
      owner: string | null;
    };
    if (row.result !== null)
      return { kind: "done", fingerprint: row.fingerprint, result: JSON.parse(row.result) as WriteResult };
    if (row.owner === owner) return { kind: "pending", fingerprint: row.fingerprint };
    // Pending since a process that is gone: it never completed, so nothing of it was stored.
    q.takeOver.run(fingerprint, now, owner, sessionId, key);
    return { kind: "claimed" };
  });

  // The scan of the whole file runs on the commit thread; the session methods wait for it (./gate).
  const report = integrity;
  const checked = report
    ? committer.quickCheck().then(
        (result) => addQuickCheck(report, result),
        (error: unknown) => addQuickCheck(report, { quickCheck: errorText(error), damaged: [] }),
      )
    : Promise.resolve(undefined);
  const store: SessionStore & { integrity?: IntegrityReport; checked: typeof checked } = {
    kind: "sqlite",
    integrity,
    /** Resolves with the integrity report once the check at open is done (undefined for `:memory:`). */
    checked,
    async createSession(session: NewSession) {
      q.insertSession.run({
        id: session.id,
        title: session.title ?? null,
        sourceKind: session.sourceKind,
        scenario: session.scenario ?? null,
        config: JSON.stringify(session.config),
        now: new Date().toISOString(),
      });
      marker?.created(session.id);
      return sessionRowToRecord(q.getSession.get(session.id) as SessionRow);
    },
    async getSession(id) {
      const row = readOf(id, () => q.getSession.get(id) as SessionRow | undefined);
      return row ? withDamage(sessionRowToRecord(row)) : undefined;
    },
    async listSessions() {
      return (q.listSessions.all() as SessionRow[]).map((row) => withDamage(sessionRowToRecord(row)));
    },
    async setStatus(id, status, reason) {
      q.setStatus.run(status, reason ?? null, new Date().toISOString(), id);
    },
    async renameSession(id, title) {
      return q.rename.run(title, new Date().toISOString(), id).changes > 0;
    },
    async deleteSession(id) {
      return db.transaction(() => {
        for (const statement of q.deleteRows) statement.run(id);
        return q.deleteSession.run(id).changes > 0;
      })();
    },
    async append(sessionId, events, details, completes) {
      if (events.length === 0 && (details === undefined || details.length === 0) && completes === undefined)
        return [];
      return appends.submit(sessionId, events, details, completes);
    },
    async readEvents(sessionId, readOptions: ReadOptions = {}) {
      return readOf(sessionId, () => {
        const rows = q.readEvents.all(sessionId, readOptions.after ?? 0, readOptions.limit ?? -1) as {
          seq: number;
          event: string;
        }[];
        return rows.map((row) => ({ seq: row.seq, event: JSON.parse(row.event) as AgentUiEvent }));
      });
    },
    async saveSnapshot(sessionId, seq, state) {
      // Serialized in slices (tens of MB at a million events), each chunk off to the commit thread.
      return committer.saveSnapshot(sessionId, seq, (write) => stringifyInSlices(state, new Slicer(), write));
    },
    async latestSnapshot(sessionId): Promise<SnapshotRecord | undefined> {
      return readOfAsync(sessionId, async () => {
        // Tens of MB at a million events: read on the commit thread, its bytes decoded piece by piece
        // and parsed row by row here, turns of the event loop apart.
        const row = await committer.readSnapshot(sessionId);
        if (!row) return undefined;
        return {
          seq: row.seq,
          state: (await parseInSlices(utf8Pieces(row.stateUtf8), new Slicer())) as ProjectionState,
          createdAt: row.createdAt,
          bytes: row.stateUtf8.byteLength,
        };
      });
    },
    // A stored window is a cache of the projection: a row that cannot be read is not the session's damage
    // (the caller serves from the projection instead).
    ...windows,
    async claimIdempotency(sessionId, key, fingerprint) {
      // Read-then-write beside the commit thread's connection: take the write lock first (see sqlite-append).
      return claimTx.immediate(sessionId, key, fingerprint);
    },
    async completeIdempotency(sessionId, key, result) {
      q.complete.run(JSON.stringify(result), sessionId, key, owner);
    },
    async releaseIdempotency(sessionId, key) {
      q.release.run(sessionId, key, owner);
    },
    async putDetails(sessionId, details) {
      if (details.length > 0) await appends.submit(sessionId, [], details);
    },
    async readDetail(sessionId, ref) {
      const row = readOf(sessionId, () => q.readDetail.get(sessionId, ref) as DetailRow | undefined);
      return row ? detailRowToRecord(row) : undefined;
    },
    onAppended(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // The data dir's lock makes this process the only gateway on the file: every runtime is its own.
    async claimRuntimes(sessionIds) {
      return [...sessionIds];
    },
    async close() {
      listeners.clear();
      await committer.close();
      marker?.flush();
      if (db.open) db.close();
    },
  };
  return gateUntil(store, checked);
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
