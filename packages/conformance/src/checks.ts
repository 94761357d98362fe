// A tiny assertion collector: a case records every failed expectation as a message instead of throwing at
// the first, so one run reports everything a projection gets wrong.

export class Checks {
  readonly failures: string[] = [];

  ok(condition: unknown, message: string): boolean {
    if (!condition) this.failures.push(message);
    return Boolean(condition);
  }

  /** Deep (JSON) equality. */
  equal(actual: unknown, expected: unknown, what: string): boolean {
    const same = stableJson(actual) === stableJson(expected);
    if (!same) this.failures.push(`${what}: expected ${show(expected)}, got ${show(actual)}`);
    return same;
  }

  oneOf<T>(actual: unknown, allowed: readonly T[], what: string): boolean {
    const hit = allowed.some((value) => stableJson(value) === stableJson(actual));
    if (!hit) this.failures.push(`${what}: expected one of ${show(allowed)}, got ${show(actual)}`);
    return hit;
  }

  notOneOf<T>(actual: unknown, forbidden: readonly T[], what: string): boolean {
    const hit = forbidden.some((value) => stableJson(value) === stableJson(actual));
    if (hit) this.failures.push(`${what}: must not be ${show(actual)}`);
    return !hit;
  }

  defined<T>(value: T | undefined | null, what: string): value is T {
    if (value === undefined || value === null) {
      this.failures.push(`${what}: missing`);
      return false;
    }
    return true;
  }

  /** `text` must not contain any of `needles` (prose must never carry these facts). */
  excludes(text: string, needles: readonly string[], what: string): boolean {
    const found = needles.filter((needle) => text.includes(needle));
    if (found.length > 0) this.failures.push(`${what} must not contain ${show(found)}`);
    return found.length === 0;
  }

  includes(list: readonly unknown[] | undefined, value: unknown, what: string): boolean {
    const hit = (list ?? []).some((item) => stableJson(item) === stableJson(value));
    if (!hit) this.failures.push(`${what}: expected to include ${show(value)}, got ${show(list)}`);
    return hit;
  }

  atMost(actual: number, limit: number, what: string): boolean {
    if (actual > limit) this.failures.push(`${what}: ${actual} exceeds ${limit}`);
    return actual <= limit;
  }
}

/** Runs `body` with a fresh collector and returns its failures. */
export function collect(body: (c: Checks) => void): string[] {
  const checks = new Checks();
  body(checks);
  return checks.failures;
}

/** JSON with sorted object keys, so equality ignores key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  });
}

function show(value: unknown): string {
  if (value === undefined) return "undefined";
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
