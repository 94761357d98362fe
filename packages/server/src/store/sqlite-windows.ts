// The SQLite store's stored hydration windows (`SessionStore.saveWindow` / `readWindow`): one row per
// session, replaced on each save, written and read on the gateway thread's connection (a row is at most a
// few hundred KB, so neither holds the event loop for long).
import type Database from "better-sqlite3";
import type { StoredWindow } from "./session-store";

export const WINDOWS_TABLE = `
CREATE TABLE IF NOT EXISTS windows (
  session_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  message_limit INTEGER NOT NULL,
  stamp TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
) WITHOUT ROWID;
`;

interface WindowRow {
  seq: number;
  message_limit: number;
  stamp: string;
  body: string;
}

export function sqliteWindows(db: Database.Database): {
  saveWindow(sessionId: string, window: StoredWindow): Promise<void>;
  readWindow(sessionId: string): Promise<StoredWindow | undefined>;
} {
  // Only for a session the store has: a window never outlives its session's delete.
  const save = db.prepare(
    `INSERT OR REPLACE INTO windows (session_id, seq, message_limit, stamp, body, created_at)
     SELECT id, ?, ?, ?, ?, ? FROM sessions WHERE id = ?`,
  );
  const read = db.prepare("SELECT seq, message_limit, stamp, body FROM windows WHERE session_id = ?");
  return {
    async saveWindow(sessionId, window) {
      save.run(
        window.seq,
        window.messageLimit,
        window.stamp,
        window.body,
        new Date().toISOString(),
        sessionId,
      );
    },
    async readWindow(sessionId) {
      const row = read.get(sessionId) as WindowRow | undefined;
      if (row === undefined) return undefined;
      return { seq: row.seq, messageLimit: row.message_limit, stamp: row.stamp, body: row.body };
    },
  };
}
