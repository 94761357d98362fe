// The PostgreSQL store's tables, in a schema of their own so several deployments or test runs share one
// database without colliding. Created if missing; columns added since are added to older tables.
import pg from "pg";
import type { TableName } from "./postgres-context";
import { runtimeLeaseColumn } from "./postgres-runtime-lease";

/** The quoted, schema-qualified names of `schema`'s tables; refuses a schema name that is not a plain
 * lower-case identifier. */
export function schemaTables(schema: string): TableName {
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  return (table: string) => `"${schema}"."${table}"`;
}

export async function createTables(pool: pg.Pool, schema: string, t: TableName): Promise<void> {
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
    CREATE TABLE IF NOT EXISTS ${t("windows")} (
      session_id TEXT PRIMARY KEY, seq BIGINT NOT NULL, message_limit INTEGER NOT NULL, stamp TEXT NOT NULL,
      body TEXT NOT NULL, created_at TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS ${t("details")} (
      session_id TEXT NOT NULL, ref TEXT NOT NULL, media_type TEXT NOT NULL, bytes BIGINT NOT NULL,
      body TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (session_id, ref));
    CREATE TABLE IF NOT EXISTS ${t("idempotency")} (
      session_id TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, result TEXT,
      created_at TEXT NOT NULL, PRIMARY KEY (session_id, key));
    ALTER TABLE ${t("idempotency")} ADD COLUMN IF NOT EXISTS owner BIGINT;
    ${runtimeLeaseColumn(t("sessions"))}`);
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
