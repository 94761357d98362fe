// A singleton slice whose lists grow with the session (the team's roster, edges, work board, handoffs,
// notifications, reviews): its view is copy-on-write per list and per entry. Reading it after a change
// copies only the entries changed since the last read (marked with `touchEntry`, or appended): O(change).
// A changed list is one flat copy of its views, made when that list is first read (a large one is an
// accessor until then), showing the list as of its read of the slice however late it is read; an
// unchanged list keeps its array and an unchanged entry its object (===) from one view to the next. The
// views are copies: nothing a caller does to them reaches the slice, and the arrays handed out are never
// the ones kept here, so a caller pushing into a returned list never shows in a later view.
import { setOwn } from "@agent-ui/contracts";
import { copyPlain } from "./json";
import { EAGER_ENTRIES, Lazy, deferProperty } from "./lazy";

/** One published state of a list: its length, the views array it reads from, and the views a later
 * publish overwrote in that array (`[index, view, …]`, the undo record). A list replaced wholesale gets
 * a new views array, so an older revision's array is never written again. */
interface Revision {
  size: number;
  views: unknown[];
  undo: unknown[];
  next: Revision | null;
}

/** The views of one list, following the slice's array by identity and length. */
class ListView {
  private source: readonly unknown[] | null = null;
  private views: unknown[] = [];
  /** Position of each object entry (primitives such as roster ids never change in place). */
  private positions = new Map<unknown, number>();
  private repeated = false;
  readonly dirty = new Set<unknown>();
  private head: Revision = { size: 0, views: this.views, undo: [], next: null };
  private handle: Lazy<unknown[]> | null = null;

  /** Brings the views up to date in O(change) and returns the list as of now, copied when first read. */
  publish(list: readonly unknown[]): Lazy<unknown[]> {
    const count = this.views.length;
    if (this.handle !== null && list === this.source && list.length === count && this.dirty.size === 0)
      return this.handle;
    if (list !== this.source || list.length < count || this.repeated) this.reconcile(list);
    else {
      for (let index = count; index < list.length; index++) this.add(list[index], index);
      for (const entry of this.dirty) {
        const at = this.positions.get(entry);
        if (at === undefined || list[at] !== entry) {
          // Replaced in place by another object: found by a walk of the list.
          this.reconcile(list);
          break;
        }
        if (at < count) {
          this.head.undo.push(at, this.views[at]);
          this.views[at] = copyPlain(entry);
        }
      }
    }
    this.dirty.clear();
    const at: Revision = { size: this.views.length, views: this.views, undo: [], next: null };
    this.head.next = at;
    this.head = at;
    this.handle = new Lazy(() => viewAt(at), at.size);
    return this.handle;
  }

  private add(entry: unknown, index: number): void {
    if (entry !== null && typeof entry === "object") {
      if (this.positions.has(entry)) this.repeated = true;
      this.positions.set(entry, index);
    }
    this.views.push(copyPlain(entry));
  }

  /** A list replaced wholesale (a merged page, hydration) or changed where positions cannot tell: every
   * entry neither changed nor new keeps its view. O(list) without copying it; a new views array. */
  private reconcile(list: readonly unknown[]): void {
    const previous = this.positions;
    const views = this.views;
    this.source = list;
    this.views = [];
    this.positions = new Map();
    this.repeated = false;
    for (let index = 0; index < list.length; index++) {
      const entry = list[index];
      const at = previous.get(entry);
      if (at !== undefined && !this.dirty.has(entry)) {
        if (this.positions.has(entry)) this.repeated = true;
        this.positions.set(entry, index);
        this.views.push(views[at]);
      } else this.add(entry, index);
    }
  }
}

/** The list a revision had: its views array up to its size, with what later publishes overwrote in that
 * array put back (the oldest record of a position wins). */
function viewAt(at: Revision): unknown[] {
  const out = at.views.slice(0, at.size);
  let restored: Set<number> | null = null;
  for (let node: Revision | null = at; node !== null && node.views === at.views; node = node.next) {
    const undo = node.undo;
    for (let i = 0; i < undo.length; i += 2) {
      const index = undo[i] as number;
      if (index >= at.size) continue;
      restored ??= new Set();
      if (restored.has(index)) continue;
      restored.add(index);
      out[index] = undo[i + 1];
    }
  }
  return out;
}

export class ListSlice<T extends object> {
  private view: T | null = null;
  private readonly lists = new Map<string, ListView>();

  constructor(
    public value: T,
    lists: readonly (keyof T & string)[],
  ) {
    for (const list of lists) this.lists.set(list, new ListView());
  }

  /** Something in the slice changed: a field, an entry appended, a list replaced. */
  touch(): void {
    this.view = null;
  }

  /** An entry of `list` was changed in place (its view is copied again on the next read). */
  touchEntry(list: keyof T & string, entry: object): void {
    this.lists.get(list)?.dirty.add(entry);
    this.view = null;
  }

  replace(value: T): void {
    this.value = value;
    this.view = null;
  }

  read(): T {
    if (this.view !== null) return this.view;
    const out: Record<string, unknown> = {};
    const value = this.value as Record<string, unknown>;
    for (const key in value) {
      const child = value[key];
      if (child === undefined) continue;
      const list = this.lists.get(key);
      if (list === undefined || !Array.isArray(child)) setOwn(out, key, copyPlain(child));
      else {
        // A large changed list is an accessor copying it on first read (see view.ts): a reader of one
        // list never pays for copying the others.
        const lazy = list.publish(child);
        if (lazy.settled || lazy.entries <= EAGER_ENTRIES) setOwn(out, key, lazy.read());
        else deferProperty(out, key, lazy);
      }
    }
    this.view = out as T;
    return this.view;
  }
}
