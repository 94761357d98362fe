// Both session-store backends behind one small interface for the detail-body atomicity tests: open store
// instances on one database, plant a raw row behind the store's back (to make its next insert fail), and
// list every kept body (to find orphans). PostgreSQL needs AGENT_UI_PG_URL; with AGENT_UI_REQUIRE_PG=1
// (CI) its absence is a failure, not a skip.
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, it } from "vitest";
import { createPostgresStore, createSqliteStore, dropPostgresSchema, type SessionStore } from "../src";
import { tempDir } from "./helpers";

export { refsOf, toolResultWithBody } from "./fixtures/detail-events";

export const PG_URL = process.env.AGENT_UI_PG_URL;

export interface DetailsBackend {
  name: "SQLite" | "PostgreSQL";
  /** A new store instance on the backend's database (same data as every other instance). */
  open(): Promise<SessionStore>;
  /** Inserts an events row at `seq` without bumping the session, so the store's next insert there fails
   * its primary key: a real constraint failure in the middle of the append transaction. */
  plantEvent(sessionId: string, seq: number): Promise<void>;
  /** Every kept body, by session and ref. */
  keptDetails(): Promise<{ sessionId: string; ref: string; bytes: number }[]>;
  /** Arguments for test/fixtures/store-details-crash-writer.ts naming this database. */
  writerTarget: string[];
  /** Options for a test server on this database; `shared` when several servers can use it at once. */
  server: { options: Record<string, unknown>; shared: boolean };
  cleanup(): Promise<void>;
}

export function sqliteBackend(): DetailsBackend {
  const dir = tempDir("agent-ui-details-");
  const file = join(dir.path, "agent-ui.sqlite");
  const raw = <T>(work: (db: Database.Database) => T): T => {
    const db = new Database(file);
    try {
      db.pragma("busy_timeout = 5000");
      return work(db);
    } finally {
      db.close();
    }
  };
  return {
    name: "SQLite",
    open: async () => createSqliteStore({ file }),
    plantEvent: async (sessionId, seq) =>
      void raw((db) =>
        db.prepare("INSERT INTO events (session_id, seq, event) VALUES (?, ?, '{}')").run(sessionId, seq),
      ),
    keptDetails: async () =>
      raw((db) => db.prepare("SELECT session_id AS sessionId, ref, bytes FROM details").all()) as {
        sessionId: string;
        ref: string;
        bytes: number;
      }[],
    writerTarget: ["sqlite", file],
    // One process owns a SQLite file; a test server gets its own data dir.
    server: { options: {}, shared: false },
    cleanup: async () => dir.remove(),
  };
}

export function postgresBackend(url: string, label: string): DetailsBackend {
  const schema = `agent_ui_sd_${label}_${process.pid}_${Date.now().toString(36)}`;
  const raw = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: "PostgreSQL",
    open: () => createPostgresStore({ connectionString: url, schema }),
    plantEvent: (sessionId, seq) =>
      raw(async (client) => {
        await client.query(`INSERT INTO "${schema}".events (session_id, seq, event) VALUES ($1, $2, '{}')`, [
          sessionId,
          seq,
        ]);
      }),
    keptDetails: () =>
      raw(async (client) => {
        const { rows } = await client.query<{ sessionId: string; ref: string; bytes: string }>(
          `SELECT session_id AS "sessionId", ref, bytes FROM "${schema}".details`,
        );
        return rows.map((row) => ({ ...row, bytes: Number(row.bytes) }));
      }),
    writerTarget: ["postgres", url, schema],
    server: { options: { store: "postgres", pgUrl: url, pgSchema: schema }, shared: true },
    cleanup: () => dropPostgresSchema(url, schema),
  };
}

/** The backends to run: SQLite always, PostgreSQL when configured (a failing case when it is required). */
export function detailsBackends(label: string): (() => DetailsBackend)[] {
  const backends: (() => DetailsBackend)[] = [sqliteBackend];
  if (PG_URL) backends.push(() => postgresBackend(PG_URL, label));
  else if (process.env.AGENT_UI_REQUIRE_PG === "1")
    describe("PostgreSQL detail bodies", () => {
      it("is required (AGENT_UI_REQUIRE_PG=1) but AGENT_UI_PG_URL is not set", () => {
        throw new Error("AGENT_UI_PG_URL is not set");
      });
    });
  else console.warn(`AGENT_UI_PG_URL is not set: PostgreSQL ${label} detail tests skipped`);
  return backends;
}
