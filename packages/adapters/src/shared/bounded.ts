// Bounded bookkeeping of the ids a stream names. The ids are the stranger's to choose, so every table an
// adapter keeps per id has a cap. A table forgets what no longer matters first: the entries that
// finished (`close`), oldest first. When every entry is still open, either the oldest one is forgotten
// too (tables whose entries are only a help, `forgetOpen`) or a new one is not tracked (`set` returns
// false: its events are still stated, what follows them is not). The first time a table is full, one
// `source_limit_exceeded` warning names the table, the cap and what that costs (see `LimitNotices`);
// a table whose finished entries cost nothing to forget warns only once an open one is at stake.

import type { AgentUiEvent } from "@agent-ui/contracts";
import type { Emitter, EventFields, SourceInfo } from "./emitter";

/** A table's name, its cap, and what a user sees once it is full. */
export interface TableLimit {
  table: string;
  cap: number;
  /** What forgetting (or not tracking) an entry costs, for the warning. */
  consequence: string;
  /** Forgetting a finished entry costs nothing a user sees: warn only once an open entry is forgotten
   * or not tracked. */
  warnOnlyForOpen?: boolean;
}

/** The tables that reached their cap, each reported once (the adapter turns them into diagnostics). */
export class LimitNotices {
  private readonly reported = new Set<string>();
  private queued: TableLimit[] = [];

  report(limit: TableLimit): void {
    if (this.reported.has(limit.table)) return;
    this.reported.add(limit.table);
    this.queued.push(limit);
  }

  /** The limits reached since the last call. */
  drain(): TableLimit[] {
    if (this.queued.length === 0) return [];
    const out = this.queued;
    this.queued = [];
    return out;
  }
}

/** The `source_limit_exceeded` warning's message for a table that reached its cap. */
export function limitMessage(format: string, { table, cap, consequence }: TableLimit): string {
  return `${format}: the ${table} table reached its cap of ${cap}: ${consequence}`;
}

/** One `source_limit_exceeded` warning per table that reached its cap since the last call, about the
 * record being translated (`info`), with the adapter's scope `fields`. */
export function limitDiagnostics(
  emit: Emitter,
  notices: LimitNotices,
  info: SourceInfo,
  fields: EventFields = {},
): AgentUiEvent[] {
  return notices.drain().map((limit) => {
    const summary = { table: limit.table, cap: limit.cap };
    const ids = { ...info, sourceEventId: `limit:${limit.table}` };
    return emit.diagnostic(
      "source_limit_exceeded",
      "warning",
      limitMessage(emit.format, limit),
      ids,
      fields,
      summary,
    );
  });
}

/** At most `limit.cap` entries by id; finished (`close`d) entries are forgotten first, the one closed
 * longest ago first, then (with `forgetOpen`) the one set longest ago. */
export class BoundedTable<V> {
  private readonly entries = new Map<string, V>();
  /** Closed keys, the one closed longest ago first. */
  private readonly closed = new Set<string>();

  constructor(
    private readonly limit: TableLimit,
    private readonly notices: LimitNotices,
    /** When every entry is open, forget the oldest one rather than refuse a new one. */
    private readonly forgetOpen = false,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Tracks `key` (open unless it was closed), as the most recently set entry; false when the table is
   * full of open entries. */
  set(key: string, value: V): boolean {
    if (this.entries.has(key)) this.entries.delete(key);
    else if (this.entries.size >= this.limit.cap && !this.makeRoom()) return false;
    this.entries.set(key, value);
    return true;
  }

  /** A set's member (`V` is `true`). */
  add(this: BoundedTable<true>, key: string): boolean {
    return this.set(key, true);
  }

  /** The entry finished: it may be forgotten once the table is full. */
  close(key: string): void {
    if (!this.entries.has(key)) return;
    this.closed.delete(key);
    this.closed.add(key);
  }

  /** The entry is open again (kept while open). */
  reopen(key: string): void {
    this.closed.delete(key);
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.closed.delete(key);
  }

  /** Forgets every entry (the table's scope ended). */
  clear(): void {
    this.entries.clear();
    this.closed.clear();
  }

  values(): IterableIterator<V> {
    return this.entries.values();
  }

  entriesInOrder(): IterableIterator<[string, V]> {
    return this.entries.entries();
  }

  private makeRoom(): boolean {
    const oldestClosed = this.closed.values().next();
    if (!oldestClosed.done && this.limit.warnOnlyForOpen === true) {
      this.delete(oldestClosed.value);
      return true;
    }
    this.notices.report(this.limit);
    const key = !oldestClosed.done
      ? oldestClosed.value
      : this.forgetOpen
        ? this.entries.keys().next().value
        : undefined;
    if (key === undefined) return false;
    this.delete(key);
    return true;
  }
}

/** Room for `key` in `open`, a table whose entries end with events of their own (an open text part), so
 * one is never forgotten silently: past `limit.cap` the entry opened longest ago is ended by `end` (which
 * removes it) and the limit reported. Returns the events of that end. */
export function endOldestWhenFull<V>(
  open: Map<string, V>,
  key: string,
  limit: TableLimit,
  notices: LimitNotices,
  end: (key: string) => AgentUiEvent[],
): AgentUiEvent[] {
  if (open.has(key) || open.size < limit.cap) return [];
  notices.report(limit);
  return end(open.keys().next().value as string);
}
