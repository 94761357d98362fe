// Bounds of the application state (`appState`): its serialized size in bytes and its nesting depth. JSON
// Patch is applied with structural sharing (`applyPatch` in contracts), so a `copy` costs O(path) however large the
// copied subtree is: a few dozen ops can describe a document of terabytes without allocating it. The size
// is therefore measured over the shared structure, never over its serialization: each container's size is
// computed once and kept in a WeakMap (containers of appState are never mutated once built), so measuring
// a patched document costs O(new containers × their keys) and a copy bomb is priced before anyone
// serializes it.
import { scalarOrContainerBytes } from "@agent-ui/contracts";

export interface StateSize {
  /** Approximate serialized size in bytes (shared subtrees counted at every place they appear). */
  bytes: number;
  /** Nesting depth of containers ({} is 1); `maxDepth + 1` when deeper than the bound (not walked further). */
  depth: number;
}

const measured = new WeakMap<object, StateSize>();

function measure(value: unknown, budget: number): StateSize {
  if (value === null || typeof value !== "object")
    return { bytes: scalarOrContainerBytes(value, null), depth: 0 };
  const known = measured.get(value);
  if (known !== undefined) return known;
  // Past the depth bound: stop descending (a cyclic in-process value also ends here).
  if (budget <= 0) return { bytes: 0, depth: Number.POSITIVE_INFINITY };
  let bytes = scalarOrContainerBytes(value, null);
  let depth = 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  for (const child of children) {
    const size = measure(child, budget - 1);
    bytes += size.bytes;
    if (size.depth > depth) depth = size.depth;
    if (depth === Number.POSITIVE_INFINITY) return { bytes, depth };
  }
  const size = { bytes, depth: depth + 1 };
  measured.set(value, size);
  return size;
}

/** Measures `value` without serializing it; depth is walked at most `maxDepth + 1` levels. */
export function measureState(value: unknown, maxDepth: number): StateSize {
  const size = measure(value, maxDepth + 1);
  return { bytes: size.bytes, depth: Math.min(size.depth, maxDepth + 1) };
}

/** Why `value` may not become appState under the bounds, or undefined when it fits. */
export function stateLimitExceeded(
  value: unknown,
  limits: { maxAppStateBytes: number; maxAppStateDepth: number },
): string | undefined {
  const size = measureState(value, limits.maxAppStateDepth);
  if (size.depth > limits.maxAppStateDepth)
    return `app state would nest deeper than ${limits.maxAppStateDepth} levels`;
  if (size.bytes > limits.maxAppStateBytes)
    return `app state would be ~${size.bytes} bytes, over the ${limits.maxAppStateBytes}-byte bound`;
  return undefined;
}
