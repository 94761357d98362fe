// Safe payloads (SEC-01..04, TOOL-02): the one place adapters make source values safe for projection
// state. Secret-bearing string fields are redacted and oversized strings are cut to a preview with their
// size kept, so nothing raw or huge reaches the reducer. Copy-on-write: a value with nothing to change is
// returned as is, so the common case allocates nothing (no per-event deep clone).
//
// Interim implementation: the contracts package is adding `redact` / `offloadLargeValues`; once it lands,
// these two functions delegate to it and keep this signature.

export interface SafeOptions {
  /** Strings longer than this many bytes (UTF-16 code units, cheap upper bound) become a preview. */
  largePayloadBytes?: number;
}

export const DEFAULT_LARGE_PAYLOAD_BYTES = 16_384;
export const REDACTED = "[redacted]";
const PREVIEW_CHARS = 512;
const MAX_DEPTH = 32;

/** Keys whose string values are credentials. Counts such as `inputTokens: 12` are numbers and stay. */
const SECRET_KEY =
  /(api[-_]?key|secret|password|passwd|authorization|cookie|credential|private[-_]?key|access[-_]?token|refresh[-_]?token|^token$|bearer)/i;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** A redacted, size-bounded view of `value`; the same reference when nothing needed changing. */
export function safeValue(value: unknown, options: SafeOptions = {}): unknown {
  return walk(value, options.largePayloadBytes ?? DEFAULT_LARGE_PAYLOAD_BYTES, 0);
}

/** `safeValue` for an object payload. */
export function safePayload<T extends Record<string, unknown>>(value: T, options: SafeOptions = {}): T {
  return safeValue(value, options) as T;
}

function walk(value: unknown, limit: number, depth: number): unknown {
  if (typeof value === "string") return value.length > limit ? truncated(value) : value;
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[depth limit]";
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const next = walk(value[i], limit, depth + 1);
      if (next !== value[i]) {
        copy ??= value.slice();
        copy[i] = next;
      }
    }
    return copy ?? value;
  }
  const object = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(object)) {
    const current = object[key];
    const next = typeof current === "string" && isSecretKey(key) ? REDACTED : walk(current, limit, depth + 1);
    if (next !== current) {
      copy ??= { ...object };
      copy[key] = next;
    }
  }
  return copy ?? object;
}

function truncated(text: string): string {
  return `${text.slice(0, PREVIEW_CHARS)}… [truncated, ${text.length} chars]`;
}

/** A short single-line preview of any value for tool rows and diagnostics (never the whole body). */
export function previewOf(value: unknown, maxChars = 200): string | undefined {
  if (value === undefined) return undefined;
  let text: string;
  if (typeof value === "string") text = value;
  else {
    try {
      text = JSON.stringify(safeValue(value)) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
}

const SECRET_JSON_FIELD =
  /("(?:[a-z_-]*(?:api[-_]?key|secret|password|passwd|authorization|cookie|credential|private[-_]?key|access[-_]?token|refresh[-_]?token)[a-z_-]*|token|bearer)"\s*:\s*")([^"]*)("?)/gi;

/**
 * Redacts secret-looking `"key": "value"` pairs inside JSON text, e.g. streamed tool-argument deltas that
 * cannot be parsed yet. Best effort for a pair split across deltas; the complete input is always redacted
 * structurally once it parses.
 */
export function redactJsonText(text: string): string {
  return text.replace(
    SECRET_JSON_FIELD,
    (_, open: string, _value: string, close: string) => `${open}${REDACTED}${close}`,
  );
}
