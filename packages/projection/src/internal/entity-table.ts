// The mutable internal store hands out memoized immutable views (DESIGN.md: "a mutable internal store with
// per-entity versions that hands out memoized immutable views and rebuilds only what an event dirtied").
// Writes mark an id dirty in O(1). Publishing (once per `getState()` that follows a change) rebuilds only
// the dirtied entities' views — every other view object keeps its identity (===) — and returns a lazy
// handle for the table's container (record or list). Building that container is O(table), so it happens
// only when someone reads the slice; reading it later still shows the table as it was when published:
// each revision keeps the views the next revision replaced (an undo record, O(changes)), and a handle
// rebuilds its revision from the current views plus those undo records. Old revisions nobody holds are
// garbage: the chain only points forward, from older to newer.
import { setOwn } from "@agent-ui/contracts";
import { Lazy } from "./lazy";

/** One published state of a table. */
interface Revision<V> {
  /** Number of ids (in insertion order) the table had at this revision. */
  size: number;
  /** Ids the next revisions changed, with the view this revision had (`[id, view, id, view, …]`). */
  undo: (string | V)[];
  /** Insertion order at this revision, kept only when a later deletion rewrote it. */
  order: string[] | null;
  next: Revision<V> | null;
}

function revision<V>(size: number): Revision<V> {
  return { size, undo: [], order: null, next: null };
}

/** A table of entities keyed by id, in first-insertion order. Read it either as a record (`record()`) or
 * as an ordered list (`list()`), not both. */
export class EntityTable<T, V = T> {
  private readonly items = new Map<string, T>();
  /** Views as of the latest published revision. */
  private readonly views = new Map<string, V>();
  private readonly dirty = new Set<string>();
  /** Position of each id in insertion order (for deletions). */
  private readonly positions = new Map<string, number>();
  private order: string[] = [];
  private head: Revision<V> = revision(0);
  private handle: Lazy<Record<string, V>> | Lazy<V[]> | null = null;
  /** A deletion happened since the last publish. */
  private structureChanged = false;
  /** Views of dirty entities built ahead of the next publish (`stage`), dropped when the entity changes. */
  private readonly staged = new Map<string, V>();
  private staging: Iterator<string> | null = null;

  constructor(private readonly makeView: (item: T) => V) {}

  get(id: string): T | undefined {
    return this.items.get(id);
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  /** Inserts or replaces an entity and marks it dirty. */
  set(id: string, item: T): T {
    if (!this.items.has(id)) {
      this.positions.set(id, this.order.length);
      this.order.push(id);
    }
    this.items.set(id, item);
    this.dirty.add(id);
    this.staged.delete(id);
    return item;
  }

  /** Inserts entities absent from the table before every present one (older rows loaded later, HYD-05),
   * keeping their given order; ids already present are skipped (what the table holds is newer). Returns
   * how many were inserted. O(table) once per call. */
  prepend(entries: readonly (readonly [string, T])[]): number {
    const fresh: string[] = [];
    for (const [id, item] of entries) {
      if (this.items.has(id)) continue;
      this.items.set(id, item);
      this.dirty.add(id);
      fresh.push(id);
    }
    if (fresh.length === 0) return 0;
    // The published revision keeps its own insertion order (as for a deletion).
    if (this.head.order === null) this.head.order = this.order.slice();
    this.order = [...fresh, ...this.order];
    this.positions.clear();
    for (let index = 0; index < this.order.length; index++) this.positions.set(this.order[index], index);
    this.structureChanged = true;
    return fresh.length;
  }

  /** Marks an entity changed after an in-place mutation. */
  touch(id: string): void {
    this.dirty.add(id);
    this.staged.delete(id);
  }

  delete(id: string): void {
    if (!this.items.delete(id)) return;
    const view = this.views.get(id);
    if (view !== undefined) {
      // The published revision still shows this entity: keep its view and its insertion order.
      this.head.undo.push(id, view);
      if (this.head.order === null) this.head.order = this.order.slice();
      this.views.delete(id);
    }
    this.dirty.delete(id);
    this.staged.delete(id);
    const at = this.positions.get(id);
    if (at !== undefined) this.order.splice(at, 1);
    this.positions.clear();
    for (let index = 0; index < this.order.length; index++) this.positions.set(this.order[index], index);
    this.structureChanged = true;
  }

  /** One entity's view as of now, without building the container: publishes this table the way its
   * container read does (`record()` or `list()`, whichever this table is read as; O(changes)), so the view
   * is the one the next snapshot's container holds. Undefined when absent. */
  viewNow(id: string, shape: "record" | "list"): V | undefined {
    if (shape === "record") this.record();
    else this.list();
    return this.views.get(id);
  }

  /** Builds the views of up to `limit` dirty entities ahead of the next publish (which then only takes
   * them), so a large change — a hydrated snapshot — can be prepared in bounded steps. Returns how many
   * it built: 0 once every dirty entity has its view. */
  stage(limit: number): number {
    this.staging ??= this.dirty.values();
    let built = 0;
    while (built < limit) {
      const next = this.staging.next();
      if (next.done === true) {
        // An ended Set iterator does not see later additions: the next call starts a new one.
        this.staging = null;
        return built;
      }
      const id = next.value;
      const item = this.items.get(id);
      if (item === undefined || this.staged.has(id)) continue;
      this.staged.set(id, this.makeView(item));
      built++;
    }
    return built;
  }

  /** Rebuilds the dirtied views into a new revision; false when nothing changed since the last one. */
  private publish(): boolean {
    if (this.dirty.size === 0 && !this.structureChanged) return false;
    const previous = this.head;
    for (const id of this.dirty) {
      const item = this.items.get(id);
      if (item === undefined) continue;
      const view = this.views.get(id);
      if (view !== undefined) previous.undo.push(id, view);
      this.views.set(id, this.staged.get(id) ?? this.makeView(item));
    }
    this.dirty.clear();
    this.staged.clear();
    this.staging = null;
    this.structureChanged = false;
    this.head = revision(this.order.length);
    previous.next = this.head;
    return true;
  }

  /** The views a revision had: the current views, with the undo records of every later revision
   * applied (the oldest record of an id wins), in the revision's insertion order. */
  private viewsAt(at: Revision<V>, visit: (id: string, view: V) => void): void {
    let override: Map<string, V> | null = null;
    let order: string[] | null = null;
    for (let node: Revision<V> | null = at; node !== null; node = node.next) {
      if (order === null && node.order !== null) order = node.order;
      const undo = node.undo;
      if (undo.length === 0) continue;
      if (override === null) override = new Map();
      for (let i = 0; i < undo.length; i += 2) {
        const id = undo[i] as string;
        if (!override.has(id)) override.set(id, undo[i + 1] as V);
      }
    }
    const ids = order ?? this.order;
    for (let index = 0; index < at.size; index++) {
      const id = ids[index];
      const view = override?.get(id) ?? this.views.get(id);
      if (view !== undefined) visit(id, view);
    }
  }

  /** The view as an id → entity record (tables such as `tools`), built when first read. */
  record(): Lazy<Record<string, V>> {
    if (!this.publish() && this.handle !== null) return this.handle as Lazy<Record<string, V>>;
    const at = this.head;
    const handle = new Lazy(() => {
      const out: Record<string, V> = {};
      this.viewsAt(at, (id, view) => {
        // An id is input: `__proto__` must become an own key, not the record's prototype.
        setOwn(out as Record<string, unknown>, id, view);
      });
      return out;
    }, at.size);
    this.handle = handle;
    return handle;
  }

  /** The view as an ordered list (ordered slices such as `messages` and `timeline`), built when first read. */
  list(): Lazy<V[]> {
    const previous = this.handle as Lazy<V[]> | null;
    const before = this.head;
    if (!this.publish() && previous !== null) return previous;
    const at = this.head;
    // A surface that reads the list every frame gets it as the previous list patched (a flat copy plus
    // the changed and appended views) instead of a rebuild through the views map. Only an already built
    // previous list is kept, never an unread handle, so unread snapshots do not chain up.
    const base = previous?.settled && before.next === at && before.order === null ? previous.read() : null;
    const handle = new Lazy(() => {
      // Still the newest revision, and nothing deleted since: positions and views are the ones of `at`.
      if (base !== null && this.head === at && at.undo.length === 0) return this.patched(base, before, at);
      const out: V[] = [];
      this.viewsAt(at, (_id, view) => {
        out.push(view);
      });
      return out;
    }, at.size);
    this.handle = handle;
    return handle;
  }

  /** `base` (the list at `before`) with the changes of the next revision, `at` (the current head). */
  private patched(base: V[], before: Revision<V>, at: Revision<V>): V[] {
    const out = base.slice();
    const undo = before.undo;
    for (let i = 0; i < undo.length; i += 2) {
      const id = undo[i] as string;
      out[this.positions.get(id) as number] = this.views.get(id) as V;
    }
    for (let index = before.size; index < at.size; index++) out.push(this.views.get(this.order[index]) as V);
    return out;
  }
}

/** A singleton slice (runtime, session, team, …): mutated in place, copied into a fresh view only when
 * something changed since the last view. */
export class Slice<T> {
  private view: T | null = null;

  constructor(
    public value: T,
    private readonly makeView: (value: T) => T,
  ) {}

  touch(): void {
    this.view = null;
  }

  /** Replaces the whole value (hydration from a stored projection). */
  replace(value: T): void {
    this.value = value;
    this.view = null;
  }

  read(): T {
    if (this.view === null) this.view = this.makeView(this.value);
    return this.view;
  }
}
