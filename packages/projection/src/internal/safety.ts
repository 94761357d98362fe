// Secrets never enter projection state (SEC-01/02/03, TOOL-03). Every payload value that the projection
// keeps (tool input, action responses, sandbox facts, appState) passes through `safeValue` first.
// Kept local so the projection stays pure; the contracts package may later offer the same walk.

const SECRET_KEY =
  /(pass(word|wd)?|secret|token|api[-_]?key|authorization|auth[-_]?header|cookie|credential|private[-_]?key|session[-_]?key|access[-_]?key)/i;
const SECRET_VALUE =
  /(\bsk-[A-Za-z0-9_-]{8,}|\bBearer\s+[A-Za-z0-9._~+/-]{8,}|\bgh[pousr]_[A-Za-z0-9]{16,}|\bAKIA[0-9A-Z]{16}\b|\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}|-----BEGIN [A-Z ]*PRIVATE KEY-----)/;

export const REDACTED = "[redacted]";
const MAX_DEPTH = 64;

export interface SafeValue<T> {
  value: T;
  /** How many values were replaced by the redaction marker. */
  redacted: number;
}

/** Returns a copy with secret-bearing keys and secret-shaped strings replaced by `[redacted]`. Unchanged
 * subtrees are shared (copy-on-write), so the cost is one linear walk of the value. */
export function safeValue<T>(value: T): SafeValue<T> {
  const counter = { redacted: 0 };
  return { value: walk(value, 0, counter) as T, redacted: counter.redacted };
}

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** Redacts secret-shaped substrings of a free-text value (previews, prompts). */
export function safeText(text: string): string {
  if (!SECRET_VALUE.test(text)) return text;
  return text.replace(new RegExp(SECRET_VALUE.source, "g"), REDACTED);
}

function walk(value: unknown, depth: number, counter: { redacted: number }): unknown {
  if (typeof value === "string") {
    if (!SECRET_VALUE.test(value)) return value;
    counter.redacted++;
    return safeText(value);
  }
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) {
    counter.redacted++;
    return REDACTED;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = walk(value[i], depth + 1, counter);
      if (next !== value[i] && copy === null) copy = value.slice(0, i);
      if (copy !== null) copy.push(next);
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  const keys = Object.keys(record);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const child = record[key];
    let next: unknown;
    if (isSecretKey(key) && child !== null && child !== undefined && typeof child !== "boolean") {
      counter.redacted++;
      next = REDACTED;
    } else next = walk(child, depth + 1, counter);
    if (next !== child && copy === null) {
      copy = {};
      for (let j = 0; j < i; j++) copy[keys[j]] = record[keys[j]];
    }
    if (copy !== null) copy[key] = next;
  }
  return copy ?? record;
}
