// The PostgreSQL store's stored hydration windows (`SessionStore.saveWindow` / `readWindow`): one row per
// session, replaced on each save (the last writer wins when several gateways close at once: each wrote
// the window of the seq it held, and a reader serves one only at the session's head).
import type { PostgresContext } from "./postgres-context";
import type { SessionStore, StoredWindow } from "./session-store";

export function postgresWindows({
  pool,
  t,
}: Pick<PostgresContext, "pool" | "t">): Pick<SessionStore, "saveWindow" | "readWindow"> {
  return {
    async saveWindow(sessionId, window) {
      // Only for a session the store has: a window never outlives its session's delete.
      await pool.query(
        `INSERT INTO ${t("windows")} (session_id, seq, message_limit, stamp, body, created_at)
         SELECT id, $2, $3, $4, $5, $6 FROM ${t("sessions")} WHERE id = $1
         ON CONFLICT (session_id) DO UPDATE SET seq = EXCLUDED.seq, message_limit = EXCLUDED.message_limit,
           stamp = EXCLUDED.stamp, body = EXCLUDED.body, created_at = EXCLUDED.created_at`,
        [sessionId, window.seq, window.messageLimit, window.stamp, window.body, new Date().toISOString()],
      );
    },
    async readWindow(sessionId): Promise<StoredWindow | undefined> {
      const { rows } = await pool.query<{ seq: string; message_limit: number; stamp: string; body: string }>(
        `SELECT seq, message_limit, stamp, body FROM ${t("windows")} WHERE session_id = $1`,
        [sessionId],
      );
      const row = rows[0];
      if (row === undefined) return undefined;
      return { seq: Number(row.seq), messageLimit: row.message_limit, stamp: row.stamp, body: row.body };
    },
  };
}
