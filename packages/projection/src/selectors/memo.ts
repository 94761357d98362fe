// Selector memoization by input identity: because unchanged slices keep identity, a selector over an
// unchanged slice returns the same array/object, which keeps React renders (useSyncExternalStore) stable.

/** Memoizes `fn(input, key)` per input object and key. */
export function memoByInput<I extends object, R>(
  fn: (input: I, key: string) => R,
): (input: I, key?: string) => R {
  const cache = new WeakMap<I, Map<string, R>>();
  return (input, key = "") => {
    let byKey = cache.get(input);
    if (byKey === undefined) {
      byKey = new Map();
      cache.set(input, byKey);
    }
    if (byKey.has(key)) return byKey.get(key) as R;
    const result = fn(input, key);
    byKey.set(key, result);
    return result;
  };
}
