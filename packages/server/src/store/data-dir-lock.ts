// A data dir belongs to one gateway process at a time. The lock is a file created exclusively (`wx`) in
// the data dir before the store is opened, holding the owner's pid and start time; a second process finds
// it and stops at once, naming the holder, before it writes anything (no "gateway restarted" facts in the
// first gateway's live sessions). A lock whose pid is no longer running (a crash, SIGKILL) is stale and is
// taken over. Released when the gateway closes and when the process exits.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

export const LOCK_FILE = "agent-ui.lock";

export class DataDirLockedError extends Error {
  readonly code = "data_dir_locked";
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; host?: string; since?: string },
  ) {
    super(
      `the data dir ${dataDir} is in use by another gateway (pid ${holder.pid}${holder.host ? ` on ${holder.host}` : ""}${holder.since ? `, since ${holder.since}` : ""}); stop it or use another --data-dir`,
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(file: string): { pid: number; host?: string; since?: string } | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as {
      pid?: unknown;
      host?: unknown;
      since?: unknown;
    };
    if (typeof holder.pid !== "number" || !Number.isInteger(holder.pid) || holder.pid <= 0) return undefined;
    return {
      pid: holder.pid,
      host: typeof holder.host === "string" ? holder.host : undefined,
      since: typeof holder.since === "string" ? holder.since : undefined,
    };
  } catch {
    return undefined;
  }
}

/** Takes the data dir's lock or throws `DataDirLockedError` naming the running holder. */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const body = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(file);
      // Another host's pid cannot be probed from here: treated as held.
      const sameHost = holder?.host === undefined || holder.host === hostname();
      if (holder && holder.pid !== process.pid && (!sameHost || alive(holder.pid)))
        throw new DataDirLockedError(dataDir, holder);
      // Stale (its process is gone) or unreadable (a crash while writing it): take it over.
      rmSync(file, { force: true });
      continue;
    }
    writeSync(fd, body);
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off("exit", release);
      // Only our own lock is removed.
      if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
    };
    process.once("exit", release);
    return { file, release };
  }
  throw new Error(`could not take the lock ${file}`);
}
