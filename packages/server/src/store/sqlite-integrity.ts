// Honest storage for the SQLite store: what it checks when it opens, and the marker it keeps beside the
// database file.
// - The marker (`agent-ui.marker.json`, next to the database) records each session the store holds and the
//   highest seq it handed out (flushed at most every MARKER_FLUSH_MS, and on close). A database file that
//   vanished or is empty while the marker lists sessions is refused (`StoreRefusedError`) instead of served
//   empty; a session whose stored head is below the marker's (a lost or truncated WAL) has its `last_seq`
//   raised to the marker's, so a seq clients already saw is never handed out again with other content.
// - `PRAGMA quick_check` runs when the store opens, on the commit thread (it reads the whole file: about a
//   second at a million events), so the gateway listens meanwhile; the store's session reads and writes
//   wait for it. When it reports damage, every session's rows are read back and the sessions that cannot
//   be read are reported damaged (best effort): they answer `session_damaged`.
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type Database from "better-sqlite3";

export const MARKER_FILE = "agent-ui.marker.json";
const MARKER_FLUSH_MS = 250;

export class StoreRefusedError extends Error {
  readonly code = "store_refused";
}

export interface IntegrityReport {
  /** `ok`, or the first lines of `PRAGMA quick_check`; `pending` while it runs. */
  quickCheck: string;
  /** Sessions whose rows cannot be read: id → what is wrong. */
  damaged: Map<string, string>;
  /** Sessions whose log was shorter than the marker's head: id → the lost range. */
  rewound: Map<string, string>;
  /** Sessions the marker lists that the database no longer has. */
  missing: string[];
}

interface MarkerBody {
  version: 1;
  sessions: Record<string, number>;
}

function readMarker(file: string): MarkerBody | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const body = JSON.parse(readFileSync(file, "utf8")) as Partial<MarkerBody>;
    if (body.version !== 1 || body.sessions === null || typeof body.sessions !== "object") return undefined;
    const sessions: Record<string, number> = Object.create(null);
    for (const [id, head] of Object.entries(body.sessions))
      if (typeof head === "number" && Number.isSafeInteger(head) && head >= 0) sessions[id] = head;
    return { version: 1, sessions };
  } catch {
    return undefined;
  }
}

/** Refuses a vanished or empty database when the marker says sessions existed. Call before opening. */
export function refuseLostDatabase(dbFile: string): void {
  const marker = readMarker(join(dirname(dbFile), MARKER_FILE));
  const count = marker ? Object.keys(marker.sessions).length : 0;
  if (count === 0) return;
  const size = existsSync(dbFile) ? statSync(dbFile).size : -1;
  if (size > 0) return;
  throw new StoreRefusedError(
    `the database ${dbFile} is ${size < 0 ? "missing" : "empty"}, but ${join(dirname(dbFile), MARKER_FILE)} records ${count} session(s) stored here; refusing to start empty. Restore the database file, or move the marker away to start a new store.`,
  );
}

/** The marker of one open store: heads kept in memory, written to disk at most every MARKER_FLUSH_MS. */
export class StoreMarker {
  private readonly sessions: Record<string, number>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  readonly file: string;

  constructor(dbFile: string) {
    this.file = join(dirname(dbFile), MARKER_FILE);
    this.sessions = readMarker(this.file)?.sessions ?? Object.create(null);
  }

  head(id: string): number | undefined {
    return this.sessions[id];
  }

  ids(): string[] {
    return Object.keys(this.sessions);
  }

  /** A session now exists: written at once (the refusal of an empty database relies on it). */
  created(id: string): void {
    this.sessions[id] = Math.max(this.sessions[id] ?? 0, 0);
    this.flush();
  }

  advanced(id: string, head: number): void {
    if (head <= (this.sessions[id] ?? 0)) return;
    this.sessions[id] = head;
    this.timer ??= setTimeout(() => this.flush(), MARKER_FLUSH_MS);
    this.timer.unref?.();
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const temp = `${this.file}.tmp`;
    writeFileSync(temp, JSON.stringify({ version: 1, sessions: this.sessions } satisfies MarkerBody));
    renameSync(temp, this.file);
  }
}

/** What `PRAGMA quick_check` found, and the sessions whose rows then could not be read back. */
export interface QuickCheckResult {
  quickCheck: string;
  damaged: [id: string, why: string][];
}

/** `PRAGMA quick_check` on `db`; when it reports damage, every session's rows are read back and the ones
 * that cannot be read are listed (best effort). Reads the whole file: it runs on the commit thread, so the
 * gateway listens meanwhile. */
export function runQuickCheck(db: Database.Database): QuickCheckResult {
  const result: QuickCheckResult = { quickCheck: quickCheckOf(db), damaged: [] };
  if (result.quickCheck === "ok") return result;
  let ids: string[];
  try {
    ids = (db.prepare("SELECT id FROM sessions").all() as { id: string }[]).map((row) => row.id);
  } catch {
    return result;
  }
  const readAll = db.prepare("SELECT seq, event FROM events WHERE session_id = ? ORDER BY seq");
  const readSnapshots = db.prepare("SELECT state FROM snapshots WHERE session_id = ?");
  for (const id of ids) {
    try {
      for (const row of readAll.iterate(id) as Iterable<{ event: string }>) JSON.parse(row.event);
      for (const row of readSnapshots.iterate(id) as Iterable<{ state: string }>) JSON.parse(row.state);
    } catch (error) {
      result.damaged.push([
        id,
        `its stored rows cannot be read (${error instanceof Error ? error.message : String(error)})`,
      ]);
    }
  }
  return result;
}

function quickCheckOf(db: Database.Database): string {
  try {
    const lines = db.pragma("quick_check(20)", { simple: false }) as { quick_check: string }[];
    return lines.map((line) => line.quick_check).join("; ") || "ok";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The checks at open that need no scan of the file: the marker against the stored heads (raising
 * `last_seq` of rewound sessions to the marker's). `quickCheck` is `pending` until `runQuickCheck`'s
 * result is added with `addQuickCheck`. */
export function checkMarker(db: Database.Database, marker: StoreMarker): IntegrityReport {
  const report: IntegrityReport = {
    quickCheck: "pending",
    damaged: new Map(),
    rewound: new Map(),
    missing: [],
  };
  let rows: { id: string; last_seq: number }[];
  try {
    rows = db.prepare("SELECT id, last_seq FROM sessions").all() as { id: string; last_seq: number }[];
  } catch (error) {
    // The store is refused: the scan of the file is worth its time here, to say what is wrong.
    throw new StoreRefusedError(
      `the database cannot list its sessions (${error instanceof Error ? error.message : String(error)}); quick_check: ${quickCheckOf(db)}`,
    );
  }
  const recorded = marker.ids().length;
  if (rows.length === 0 && recorded > 0)
    throw new StoreRefusedError(
      `the database holds no sessions, but ${marker.file} records ${recorded} session(s) stored here (a lost or replaced database file); refusing to start empty. Restore the database file, or move the marker away to start a new store.`,
    );
  const raise = db.prepare("UPDATE sessions SET last_seq = ? WHERE id = ?");
  const known = new Set<string>();
  for (const { id, last_seq: stored } of rows) {
    known.add(id);
    const head = marker.head(id);
    if (head !== undefined && head > stored) {
      raise.run(head, id);
      report.rewound.set(id, `events ${stored + 1}..${head} were lost; new events continue after ${head}`);
    } else if (head === undefined || stored > head) marker.advanced(id, stored);
  }
  report.missing = marker.ids().filter((id) => !known.has(id));
  return report;
}

export function addQuickCheck(report: IntegrityReport, result: QuickCheckResult): IntegrityReport {
  report.quickCheck = result.quickCheck;
  for (const [id, why] of result.damaged) report.damaged.set(id, why);
  return report;
}

/** One line per finding, for the gateway's start message. */
export function describeIntegrity(report: IntegrityReport | undefined): string[] {
  const lines: string[] = [];
  if (report === undefined) return lines;
  if (report.quickCheck !== "ok" && report.quickCheck !== "pending")
    lines.push(`store integrity check failed: ${report.quickCheck}`);
  for (const [id, why] of report.damaged) lines.push(`session ${id} is damaged: ${why}`);
  for (const [id, why] of report.rewound) lines.push(`session ${id}: log rewound, ${why}`);
  for (const id of report.missing) lines.push(`session ${id} is missing from the database`);
  return lines;
}
