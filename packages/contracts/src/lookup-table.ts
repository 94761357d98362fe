// Lookup tables indexed by strings that come from input (an event's `type`, a status, a role): built
// without a prototype, so `constructor`, `toString`, `__proto__` and every other `Object.prototype` name
// is an absent key like any other, never an inherited function or object.

/** A frozen copy of `entries` with no prototype. Keeps the table's type. */
export function lookupTable<T extends object>(entries: T): T {
  return Object.freeze(Object.assign(Object.create(null) as T, entries));
}

/** `target[key] = value` that keeps `__proto__` an own data property (JSON.parse makes it one) instead
 * of replacing the target's prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
