// PostgreSQL session store for several gateway processes serving the same sessions. Each append is one
// transaction that bumps the session's `last_seq` (the row lock serializes writers, so seq ranges commit in
// order) and inserts the events under a unique (session_id, seq) key; `pg_notify` inside the same
// transaction tells every gateway (LISTEN) after commit, so a subscriber of any gateway sees it live. The
// detail bodies an append carries are inserted in that transaction before it commits, so a gateway woken by
// the notification always finds the bodies of the events it delivers, and so is the answer of the
// idempotency claim an append completes (push ingest). A claim is owned by the store instance (gateway
// process) that made it, which holds a session-level advisory lock on its owner id for as long as it
// lives (on its LISTEN connection): a pending claim whose owner's lock is free belongs to a process that
// is gone, never completed, stored nothing, and is taken over. Correctness does not rest on that guess:
// an append completes a claim only while it still owns it, so at most one request ever applies a key.
import type { AgentUiEvent, ProjectionState, WriteResult } from "@agent-ui/contracts";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type {
  AppendListener,
  DetailRecord,
  IdempotencyClaim,
  LogEntry,
  NewSession,
  SessionStore,
} from "./session-store";
import { type AppendRequest, GroupCommit } from "./group-commit";
import { upsertDetails } from "./postgres-details";
import { claimRuntimes, runtimeLeaseColumn } from "./postgres-runtime-lease";
import { IdempotencyClaimLostError, UnknownSessionError } from "./session-store";
import { type DetailRow, detailRowToRecord, type SessionRow, sessionRowToRecord } from "./session-row";

export interface PostgresStoreOptions {
  connectionString: string;
  /** Schema holding the tables (created if missing), so several deployments or test runs share one
   * database without colliding. Default `agent_ui`. */
  schema?: string;
}

export async function createPostgresStore(options: PostgresStoreOptions): Promise<SessionStore> {
  const schema = options.schema ?? "agent_ui";
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const t = (table: string) => `"${schema}"."${table}"`;
  const channel = `${schema}_appended`;
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 10 });
  // An idle client error (server restart) must not crash the gateway; the next query reconnects.
  pool.on("error", () => {});

  await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await pool.query(`
    CREATE TABLE IF NOT EXISTS ${t("sessions")} (
      id TEXT PRIMARY KEY, title TEXT, source_kind TEXT NOT NULL, scenario TEXT, config TEXT NOT NULL,
      status TEXT NOT NULL, status_reason TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
      last_seq BIGINT NOT NULL DEFAULT 0);
    CREATE TABLE IF NOT EXISTS ${t("events")} (
      session_id TEXT NOT NULL, seq BIGINT NOT NULL, event TEXT NOT NULL, PRIMARY KEY (session_id, seq));
    CREATE TABLE IF NOT EXISTS ${t("snapshots")} (
      session_id TEXT NOT NULL, seq BIGINT NOT NULL, state TEXT NOT NULL, created_at TEXT NOT NULL,
      PRIMARY KEY (session_id, seq));
    CREATE TABLE IF NOT EXISTS ${t("details")} (
      session_id TEXT NOT NULL, ref TEXT NOT NULL, media_type TEXT NOT NULL, bytes BIGINT NOT NULL,
      body TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (session_id, ref));
    CREATE TABLE IF NOT EXISTS ${t("idempotency")} (
      session_id TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, result TEXT,
      created_at TEXT NOT NULL, PRIMARY KEY (session_id, key));
    ALTER TABLE ${t("idempotency")} ADD COLUMN IF NOT EXISTS owner BIGINT;
    ${runtimeLeaseColumn(t("sessions"))}`);
  /** This store instance: the owner of the claims it makes (a positive random 63-bit id). */
  const owner = (randomBytes(8).readBigUInt64BE() >> 1n).toString();

  const listeners = new Set<AppendListener>();
  const notify = (sessionId: string, lastSeq: number, entries?: readonly LogEntry[]) => {
    for (const listener of listeners) listener(sessionId, lastSeq, entries);
  };
  let closed = false;
  let listenClient: pg.Client | undefined;
  const listen = async () => {
    const client = new pg.Client({ connectionString: options.connectionString });
    client.on("error", () => {
      // Lost the LISTEN connection: reconnect so other gateways' appends keep arriving.
      listenClient = undefined;
      if (!closed) setTimeout(() => void listen().catch(() => {}), 500);
    });
    await client.connect();
    // Held for this store's life: other gateways read a free lock as "the owner of these claims is gone".
    await client.query("SELECT pg_advisory_lock($1::bigint)", [owner]);
    client.on("notification", (message) => {
      const [sessionId, seq] = (message.payload ?? "").split("\t");
      const lastSeq = Number(seq);
      if (sessionId && Number.isFinite(lastSeq)) notify(sessionId, lastSeq);
    });
    await client.query(`LISTEN "${channel}"`);
    listenClient = client;
  };
  await listen();

  const inTransaction = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };

  /** One transaction per batch. Requests are grouped per session (keeping their order) and sessions are
   * locked in id order, so two gateways committing overlapping batches cannot deadlock. A batch without
   * detail bodies (the hot path) is one statement: one round trip per group commit. */
  const commitBatch = (requests: readonly AppendRequest[]) =>
    requests.some(
      (request) =>
        (request.details !== undefined && request.details.length > 0) || request.completes !== undefined,
    )
      ? commitWithDetails(requests)
      : commitEvents(requests);

  const commitEvents = async (requests: readonly AppendRequest[]) => {
    const plan = planBatch(requests);
    const results: (LogEntry[] | Error)[] = new Array(requests.length);
    if (plan.sessionIds.length === 0) {
      for (let i = 0; i < requests.length; i++) results[i] = [];
      return results;
    }
    const { rows } = await pool.query<{ id: string; base: string }>(
      `WITH input AS (SELECT * FROM unnest($1::text[], $2::bigint[]) AS x(id, total)),
       locked AS (SELECT s.id FROM ${t("sessions")} s JOIN input i ON i.id = s.id ORDER BY s.id FOR UPDATE OF s),
       bumped AS (
         UPDATE ${t("sessions")} s SET last_seq = s.last_seq + i.total, updated_at = $3
         FROM input i WHERE s.id = i.id AND s.id IN (SELECT id FROM locked)
         RETURNING s.id, s.last_seq - i.total AS base, s.last_seq),
       inserted AS (
         INSERT INTO ${t("events")} (session_id, seq, event)
         SELECT e.sid, b.base + e.ord, e.ev
         FROM unnest($4::text[], $5::bigint[], $6::text[]) AS e(sid, ord, ev) JOIN bumped b ON b.id = e.sid)
       SELECT b.id, b.base, pg_notify($7, b.id || E'\t' || b.last_seq) FROM bumped b`,
      [
        plan.sessionIds,
        plan.totals,
        new Date().toISOString(),
        plan.eventSessions,
        plan.ordinals,
        plan.texts,
        channel,
      ],
    );
    const bases = new Map(rows.map((row) => [row.id, Number(row.base)]));
    requests.forEach((request, i) => {
      if (request.events.length === 0) {
        results[i] = [];
        return;
      }
      const base = bases.get(request.sessionId);
      if (base === undefined) {
        results[i] = new UnknownSessionError(request.sessionId);
        return;
      }
      const first = plan.firstOrdinal[i];
      results[i] = request.events.map((event, k) => ({ seq: base + first + k, event }));
    });
    return results;
  };

  const commitWithDetails = (requests: readonly AppendRequest[]) =>
    inTransaction(async (client) => {
      const bySession = new Map<string, number[]>();
      requests.forEach((request, i) => {
        const list = bySession.get(request.sessionId);
        if (list) list.push(i);
        else bySession.set(request.sessionId, [i]);
      });
      const results: (LogEntry[] | Error)[] = new Array(requests.length);
      for (const sessionId of [...bySession.keys()].sort()) {
        let indexes = bySession.get(sessionId)!;
        // A request completing a claim this store no longer owns stores nothing. The claim rows are
        // locked until commit, so a takeover waits and then finds the key completed.
        const lost = new Set<number>();
        for (const i of indexes) {
          const completes = requests[i].completes;
          if (completes === undefined) continue;
          const held = await client.query(
            `SELECT 1 FROM ${t("idempotency")} WHERE session_id = $1 AND key = $2 AND owner = $3 AND result IS NULL FOR UPDATE`,
            [sessionId, completes.key, owner],
          );
          if (held.rowCount === 0) lost.add(i);
        }
        if (lost.size > 0) {
          for (const i of lost)
            results[i] = new IdempotencyClaimLostError(sessionId, requests[i].completes!.key);
          indexes = indexes.filter((i) => !lost.has(i));
          if (indexes.length === 0) continue;
        }
        const total = indexes.reduce((sum, i) => sum + requests[i].events.length, 0);
        const bumped = await client.query<{ last_seq: string }>(
          `UPDATE ${t("sessions")} SET last_seq = last_seq + $2, updated_at = $3 WHERE id = $1 RETURNING last_seq`,
          [sessionId, total, new Date().toISOString()],
        );
        if (bumped.rowCount === 0) {
          for (const i of indexes) results[i] = new UnknownSessionError(sessionId);
          continue;
        }
        let seq = Number(bumped.rows[0].last_seq) - total;
        const seqs: number[] = [];
        const texts: string[] = [];
        let details: DetailRecord[] | undefined;
        const answers: { key: string; result: string }[] = [];
        for (const i of indexes) {
          const carried = requests[i].details;
          if (carried !== undefined && carried.length > 0) {
            details ??= [];
            for (const detail of carried) details.push(detail);
          }
          results[i] = requests[i].events.map((event) => {
            seq += 1;
            seqs.push(seq);
            texts.push(JSON.stringify(event));
            return { seq, event };
          });
          const completes = requests[i].completes;
          if (completes !== undefined)
            answers.push({ key: completes.key, result: JSON.stringify({ ...completes.result, seq }) });
        }
        if (details) await upsertDetails(client, t("details"), sessionId, details);
        if (answers.length > 0)
          await client.query(
            `UPDATE ${t("idempotency")} i SET result = a.result FROM unnest($2::text[], $3::text[]) AS a(key, result)
             WHERE i.session_id = $1 AND i.key = a.key`,
            [sessionId, answers.map((a) => a.key), answers.map((a) => a.result)],
          );
        // Bodies-only requests append nothing and wake nobody.
        if (total === 0) continue;
        await client.query(
          `INSERT INTO ${t("events")} (session_id, seq, event) SELECT $1, s, e FROM unnest($2::bigint[], $3::text[]) AS x(s, e)`,
          [sessionId, seqs, texts],
        );
        await client.query("SELECT pg_notify($1, $2)", [channel, `${sessionId}\t${seq}`]);
      }
      return results;
    });
  const appends = new GroupCommit(commitBatch, (sessionId, entries) =>
    notify(sessionId, entries[entries.length - 1].seq, entries),
  );

  return {
    kind: "postgres",
    async createSession(session: NewSession) {
      const now = new Date().toISOString();
      const { rows } = await pool.query<SessionRow>(
        `INSERT INTO ${t("sessions")} (id, title, source_kind, scenario, config, status, created_at, updated_at, owner)
         VALUES ($1, $2, $3, $4, $5, 'starting', $6, $6, $7) RETURNING *`,
        [
          session.id,
          session.title ?? null,
          session.sourceKind,
          session.scenario ?? null,
          JSON.stringify(session.config),
          now,
          // The runtime the creating gateway attaches is held by this instance (./postgres-runtime-lease).
          owner,
        ],
      );
      return sessionRowToRecord(rows[0]);
    },
    async getSession(id) {
      const { rows } = await pool.query<SessionRow>(`SELECT * FROM ${t("sessions")} WHERE id = $1`, [id]);
      return rows[0] ? sessionRowToRecord(rows[0]) : undefined;
    },
    async listSessions() {
      const { rows } = await pool.query<SessionRow>(
        `SELECT * FROM ${t("sessions")} ORDER BY created_at DESC, id`,
      );
      return rows.map(sessionRowToRecord);
    },
    async setStatus(id, status, reason) {
      await pool.query(
        `UPDATE ${t("sessions")} SET status = $1, status_reason = $2, updated_at = $3 WHERE id = $4`,
        [status, reason ?? null, new Date().toISOString(), id],
      );
    },
    async renameSession(id, title) {
      const result = await pool.query(
        `UPDATE ${t("sessions")} SET title = $1, updated_at = $2 WHERE id = $3`,
        [title, new Date().toISOString(), id],
      );
      return (result.rowCount ?? 0) > 0;
    },
    async deleteSession(id) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        for (const table of ["events", "snapshots", "details", "idempotency"])
          await client.query(`DELETE FROM ${t(table)} WHERE session_id = $1`, [id]);
        const result = await client.query(`DELETE FROM ${t("sessions")} WHERE id = $1`, [id]);
        await client.query("COMMIT");
        return (result.rowCount ?? 0) > 0;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async append(sessionId, events, details, completes): Promise<LogEntry[]> {
      if (events.length === 0 && (details === undefined || details.length === 0) && completes === undefined)
        return [];
      return appends.submit(sessionId, events, details, completes);
    },
    async readEvents(sessionId, readOptions = {}) {
      const { rows } = await pool.query<{ seq: string; event: string }>(
        `SELECT seq, event FROM ${t("events")} WHERE session_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
        [sessionId, readOptions.after ?? 0, readOptions.limit ?? null],
      );
      return rows.map((row) => ({ seq: Number(row.seq), event: JSON.parse(row.event) as AgentUiEvent }));
    },
    async saveSnapshot(sessionId, seq, state) {
      const stateJson = JSON.stringify(state);
      await pool.query(
        `INSERT INTO ${t("snapshots")} (session_id, seq, state, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [sessionId, seq, stateJson, new Date().toISOString()],
      );
      return stateJson.length;
    },
    async latestSnapshot(sessionId) {
      const { rows } = await pool.query<{ seq: string; state: string; created_at: string }>(
        `SELECT seq, state, created_at FROM ${t("snapshots")} WHERE session_id = $1 ORDER BY seq DESC LIMIT 1`,
        [sessionId],
      );
      if (!rows[0]) return undefined;
      return {
        seq: Number(rows[0].seq),
        state: JSON.parse(rows[0].state) as ProjectionState,
        createdAt: rows[0].created_at,
      };
    },
    async claimIdempotency(sessionId, key, fingerprint): Promise<IdempotencyClaim> {
      for (;;) {
        const now = new Date().toISOString();
        const inserted = await pool.query(
          `INSERT INTO ${t("idempotency")} (session_id, key, fingerprint, result, created_at, owner)
           VALUES ($1, $2, $3, NULL, $4, $5) ON CONFLICT DO NOTHING`,
          [sessionId, key, fingerprint, now, owner],
        );
        if (inserted.rowCount === 1) return { kind: "claimed" };
        const { rows } = await pool.query<{
          fingerprint: string;
          result: string | null;
          owner: string | null;
        }>(`SELECT fingerprint, result, owner FROM ${t("idempotency")} WHERE session_id = $1 AND key = $2`, [
          sessionId,
          key,
        ]);
        const row = rows[0];
        // Released in between: claim it again.
        if (!row) continue;
        if (row.result !== null)
          return {
            kind: "done",
            fingerprint: row.fingerprint,
            result: JSON.parse(row.result) as WriteResult,
          };
        if (row.owner === owner) return { kind: "pending", fingerprint: row.fingerprint };
        // Pending in another store instance: taken over only when that owner's lock is free (its process
        // is gone), and only if the row is still the one read (not completed or taken meanwhile).
        const taken = await inTransaction((client) =>
          client.query(
            `UPDATE ${t("idempotency")} SET fingerprint = $3, created_at = $4, owner = $5
             WHERE session_id = $1 AND key = $2 AND result IS NULL AND owner IS NOT DISTINCT FROM $6::bigint
               AND ($6::bigint IS NULL OR pg_try_advisory_xact_lock($6::bigint))`,
            [sessionId, key, fingerprint, now, owner, row.owner],
          ),
        );
        if (taken.rowCount === 1) return { kind: "claimed" };
        const again = await pool.query<{ result: string | null; owner: string | null }>(
          `SELECT result, owner FROM ${t("idempotency")} WHERE session_id = $1 AND key = $2`,
          [sessionId, key],
        );
        // Still pending under the same live owner: it is running.
        if (again.rows[0]?.result === null && again.rows[0].owner === row.owner)
          return { kind: "pending", fingerprint: row.fingerprint };
      }
    },
    async completeIdempotency(sessionId, key, result) {
      await pool.query(
        `UPDATE ${t("idempotency")} SET result = $1 WHERE session_id = $2 AND key = $3 AND owner = $4 AND result IS NULL`,
        [JSON.stringify(result), sessionId, key, owner],
      );
    },
    async releaseIdempotency(sessionId, key) {
      await pool.query(
        `DELETE FROM ${t("idempotency")} WHERE session_id = $1 AND key = $2 AND owner = $3 AND result IS NULL`,
        [sessionId, key, owner],
      );
    },
    async putDetails(sessionId, details) {
      if (details.length > 0) await appends.submit(sessionId, [], details);
    },
    async readDetail(sessionId, ref) {
      const { rows } = await pool.query<DetailRow>(
        `SELECT ref, media_type, bytes, body FROM ${t("details")} WHERE session_id = $1 AND ref = $2`,
        [sessionId, ref],
      );
      return rows[0] ? detailRowToRecord(rows[0]) : undefined;
    },
    onAppended(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    claimRuntimes: (sessionIds) => claimRuntimes(pool, t("sessions"), owner, sessionIds),
    async close() {
      closed = true;
      listeners.clear();
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Drops a schema created for a test run. */
export async function dropPostgresSchema(connectionString: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

interface BatchPlan {
  /** Sessions with events, and how many each gets. */
  sessionIds: string[];
  totals: number[];
  /** Per event: its session, its 1-based ordinal within that session's share of the batch, its JSON. */
  eventSessions: string[];
  ordinals: number[];
  texts: string[];
  /** Per request: the ordinal of its first event. */
  firstOrdinal: number[];
}

/** Lays a batch out as parallel arrays for one `unnest` insert, keeping submission order per session. */
function planBatch(requests: readonly AppendRequest[]): BatchPlan {
  const totals = new Map<string, number>();
  const plan: BatchPlan = {
    sessionIds: [],
    totals: [],
    eventSessions: [],
    ordinals: [],
    texts: [],
    firstOrdinal: [],
  };
  for (const request of requests) {
    let ordinal = totals.get(request.sessionId) ?? 0;
    plan.firstOrdinal.push(ordinal + 1);
    for (const event of request.events) {
      ordinal += 1;
      plan.eventSessions.push(request.sessionId);
      plan.ordinals.push(ordinal);
      plan.texts.push(JSON.stringify(event));
    }
    if (ordinal > 0) totals.set(request.sessionId, ordinal);
  }
  for (const [id, total] of totals) {
    plan.sessionIds.push(id);
    plan.totals.push(total);
  }
  return plan;
}
