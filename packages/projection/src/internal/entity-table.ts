// The mutable internal store hands out memoized immutable views (DESIGN.md: "a mutable internal store with
// per-entity versions that hands out memoized immutable views and rebuilds only what an event dirtied").
// Writes mark an id dirty in O(1); `record()` / `list()` rebuild only the dirtied entities' views and reuse
// every other view object, so an untouched entity keeps its identity (===) between `getState()` calls.

/** A table of entities keyed by id, in first-insertion order. */
export class EntityTable<T, V = T> {
  private readonly items = new Map<string, T>();
  private readonly views = new Map<string, V>();
  private readonly dirty = new Set<string>();
  private recordView: Record<string, V> | null = null;
  private listView: V[] | null = null;

  constructor(private readonly makeView: (item: T) => V) {}

  get size(): number {
    return this.items.size;
  }

  get(id: string): T | undefined {
    return this.items.get(id);
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  /** Inserts or replaces an entity and marks it dirty. */
  set(id: string, item: T): T {
    this.items.set(id, item);
    this.touch(id);
    return item;
  }

  /** Marks an entity changed after an in-place mutation. */
  touch(id: string): void {
    this.dirty.add(id);
    this.recordView = null;
    this.listView = null;
  }

  delete(id: string): void {
    if (!this.items.delete(id)) return;
    this.views.delete(id);
    this.dirty.delete(id);
    this.recordView = null;
    this.listView = null;
  }

  values(): IterableIterator<T> {
    return this.items.values();
  }

  entries(): IterableIterator<[string, T]> {
    return this.items.entries();
  }

  private refresh(): void {
    if (this.dirty.size === 0) return;
    for (const id of this.dirty) {
      const item = this.items.get(id);
      if (item !== undefined) this.views.set(id, this.makeView(item));
    }
    this.dirty.clear();
  }

  /** The view as an id → entity record (tables such as `tools`). */
  record(): Record<string, V> {
    if (this.recordView !== null && this.dirty.size === 0) return this.recordView;
    this.refresh();
    const out: Record<string, V> = {};
    for (const [id, view] of this.views) out[id] = view;
    this.recordView = out;
    return out;
  }

  /** The view as an ordered list (ordered slices such as `messages` and `timeline`). */
  list(): V[] {
    if (this.listView !== null && this.dirty.size === 0) return this.listView;
    this.refresh();
    this.listView = Array.from(this.views.values());
    return this.listView;
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
