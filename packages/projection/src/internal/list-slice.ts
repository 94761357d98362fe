// A singleton slice whose lists grow with the session (the team's roster, edges, work board, handoffs,
// notifications, reviews): its view is copy-on-write per list and per entry. Reading it after a change
// copies only the entries changed since the last read (marked with `touchEntry`, or appended), then one
// flat copy of each changed list; an unchanged list keeps its array and an unchanged entry its object
// (===) from one view to the next. The views are copies: nothing a caller does to them reaches the
// slice, and the arrays handed out are never the ones kept here, so a caller pushing into a returned
// list never shows in a later view.
import { setOwn } from "@agent-ui/contracts";
import { copyPlain } from "./json";

/** The views of one list, following the slice's array by identity and length. */
class ListView {
  private source: readonly unknown[] | null = null;
  private views: unknown[] = [];
  /** Position of each object entry (primitives such as roster ids never change in place). */
  private positions = new Map<unknown, number>();
  private repeated = false;
  readonly dirty = new Set<unknown>();
  private out: unknown[] = [];

  publish(list: readonly unknown[]): unknown[] {
    const count = this.views.length;
    if (list === this.source && list.length === count && this.dirty.size === 0) return this.out;
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
        if (at < count) this.views[at] = copyPlain(entry);
      }
    }
    return this.finish();
  }

  private finish(): unknown[] {
    this.dirty.clear();
    this.out = this.views.slice();
    return this.out;
  }

  private add(entry: unknown, index: number): void {
    if (entry !== null && typeof entry === "object") {
      if (this.positions.has(entry)) this.repeated = true;
      this.positions.set(entry, index);
    }
    this.views.push(copyPlain(entry));
  }

  /** A list replaced wholesale (a merged page, hydration) or changed where positions cannot tell: every
   * entry neither changed nor new keeps its view. O(list) without copying it. */
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
      setOwn(out, key, list !== undefined && Array.isArray(child) ? list.publish(child) : copyPlain(child));
    }
    this.view = out as T;
    return this.view;
  }
}
