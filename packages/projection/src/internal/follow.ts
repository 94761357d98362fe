// An index that follows a list of the store by identity and length: entries pushed since the last lookup
// are indexed on the next one, and a list replaced wholesale (hydration, a merged page) is indexed anew,
// once. The list stays the one truth; a lookup costs O(1) amortized, not a scan.

export interface Followed<V> {
  list: readonly unknown[] | null;
  indexed: number;
  value: V;
}

export function follow<V>(
  followed: Followed<V>,
  list: readonly unknown[],
  reset: () => V,
  add: (value: V, entry: unknown) => void,
): V {
  if (followed.list !== list || followed.indexed > list.length) {
    followed.list = list;
    followed.indexed = 0;
    followed.value = reset();
  }
  for (; followed.indexed < list.length; followed.indexed++) add(followed.value, list[followed.indexed]);
  return followed.value;
}

/** The entries of a list by a key of theirs (the first one when the list repeats a key). */
export class KeyedList<E> {
  private readonly followed: Followed<Map<string, E>> = { list: null, indexed: 0, value: new Map() };

  constructor(private readonly keyOf: (entry: E) => string) {}

  get(list: readonly E[], key: string): E | undefined {
    return follow(
      this.followed,
      list,
      () => new Map<string, E>(),
      (value, entry) => {
        const entryKey = this.keyOf(entry as E);
        if (!value.has(entryKey)) value.set(entryKey, entry as E);
      },
    ).get(key);
  }
}
