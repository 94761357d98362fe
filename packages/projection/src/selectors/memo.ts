// Selector memoization by input identity: because unchanged slices keep identity, a selector over an
// unchanged slice returns the same array/object, which keeps React renders (useSyncExternalStore) stable.

/** Memoizes `fn(input)` per input object. */
export function memoByInput<I extends object, R>(fn: (input: I) => R): (input: I) => R {
  const cache = new WeakMap<I, R>();
  return (input) => {
    const known = cache.get(input);
    if (known !== undefined) return known;
    const result = fn(input);
    cache.set(input, result);
    return result;
  };
}
