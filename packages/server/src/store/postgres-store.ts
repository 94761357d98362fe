// PostgreSQL session store for several gateway processes serving the same sessions. Appends are group
// committed, one transaction per batch that `pg_notify`s inside it (./postgres-append); every gateway
// LISTENs, so a subscriber of any gateway sees an append live. Each store instance has an owner id and
// holds a session-level advisory lock on it for as long as it lives (on its LISTEN connection): the
// idempotency claims it makes (./postgres-claims) and the runtimes it feeds (./postgres-runtime-lease)
// are its own while that lock is held. Tables: ./postgres-schema.
import { parseInSlices } from "../slices/json-parse-slices";
import { Slicer } from "../slices/turns";
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { AppendListener, LogEntry, NewSession, SessionStore } from "./session-store";
import { GroupCommit } from "./group-commit";
import { postgresCommitBatch } from "./postgres-append";
import { postgresClaims } from "./postgres-claims";
import { type PostgresContext, transactionRunner } from "./postgres-context";
import { claimRuntimes } from "./postgres-runtime-lease";
import { createTables, schemaTables } from "./postgres-schema";
import { postgresWindows } from "./postgres-windows";
import { type DetailRow, detailRowToRecord, type SessionRow, sessionRowToRecord } from "./session-row";

export { dropPostgresSchema } from "./postgres-schema";

export interface PostgresStoreOptions {
  connectionString: string;
  /** Schema holding the tables (created if missing), so several deployments or test runs share one
   * database without colliding. Default `agent_ui`. */
  schema?: string;
}

export async function createPostgresStore(options: PostgresStoreOptions): Promise<SessionStore> {
  const schema = options.schema ?? "agent_ui";
  const t = schemaTables(schema);
  const channel = `${schema}_appended`;
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 10 });
  // An idle client error (server restart) must not crash the gateway; the next query reconnects.
  pool.on("error", () => {});
  await createTables(pool, schema, t);
  /** This store instance: the owner of the claims it makes and the runtimes it feeds (a positive random
   * 63-bit id). */
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

  const context: PostgresContext = { pool, t, owner, channel, inTransaction: transactionRunner(pool) };
  const appends = new GroupCommit(postgresCommitBatch(context), (sessionId, entries) =>
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
        for (const table of ["events", "snapshots", "windows", "details", "idempotency"])
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
        // Tens of MB at a million events: parsed row by row, turns of the event loop apart.
        state: (await parseInSlices(rows[0].state, new Slicer())) as ProjectionState,
        createdAt: rows[0].created_at,
      };
    },
    ...postgresWindows(context),
    ...postgresClaims(context),
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
