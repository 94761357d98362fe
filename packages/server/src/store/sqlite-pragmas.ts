// How every connection to a store file is opened: WAL (readers never wait for the writer), `synchronous=FULL`
// (an acknowledged commit survives a machine crash, not only a process crash) and a busy timeout, because
// the commit worker and the gateway thread each hold a connection and take turns writing.
import Database from "better-sqlite3";

export function openSqlite(file: string): Database.Database {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  return db;
}
