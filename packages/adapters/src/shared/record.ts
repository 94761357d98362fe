// Field readers for untrusted source records. Every adapter reads foreign JSON through these, so a
// wrong-typed field is simply absent (and rendered `unknown` downstream) instead of a crash or a guess.
import { type CorrelationIds, ID_FIELDS } from "@agent-ui/contracts";

export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function asRecord(value: unknown): JsonObject | undefined {
  return isRecord(value) ? value : undefined;
}

/** The first of `keys` whose value is a non-empty string. */
export function readString(source: unknown, ...keys: string[]): string | undefined {
  if (!isRecord(source)) return undefined;
  for (const key of keys) {
    const value = source[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/** The first of `keys` whose value is a finite number. */
export function readNumber(source: unknown, ...keys: string[]): number | undefined {
  if (!isRecord(source)) return undefined;
  for (const key of keys) {
    const value = source[key];
    if (typeof value === "number" && Number.isFinite(value)) return value;
  }
  return undefined;
}

export function readBoolean(source: unknown, ...keys: string[]): boolean | undefined {
  if (!isRecord(source)) return undefined;
  for (const key of keys) {
    const value = source[key];
    if (typeof value === "boolean") return value;
  }
  return undefined;
}

export function readRecord(source: unknown, ...keys: string[]): JsonObject | undefined {
  if (!isRecord(source)) return undefined;
  for (const key of keys) {
    const value = source[key];
    if (isRecord(value)) return value;
  }
  return undefined;
}

export function readArray(source: unknown, ...keys: string[]): unknown[] | undefined {
  if (!isRecord(source)) return undefined;
  for (const key of keys) {
    const value = source[key];
    if (Array.isArray(value)) return value;
  }
  return undefined;
}

/** `tool_call_id` → `toolCallId`. */
export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** `toolCallId` → `tool_call_id`. */
export function camelToSnake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

const SNAKE_ID_FIELDS: readonly (readonly [string, string])[] = ID_FIELDS.map((f) => [f, camelToSnake(f)]);

/**
 * The envelope correlation ids a record carries, camelCase first and snake_case as an alias (§E-4).
 * Only non-empty strings count: an id is never invented or coerced.
 */
export function readCorrelationIds(source: unknown): CorrelationIds {
  const ids: CorrelationIds = {};
  if (!isRecord(source)) return ids;
  // Inline reads (no rest-argument call per field): this runs for every record of every adapter.
  for (const [camel, snake] of SNAKE_ID_FIELDS) {
    let value = source[camel];
    if (typeof value !== "string" || value === "") value = source[snake];
    if (typeof value === "string" && value !== "") ids[camel as keyof CorrelationIds] = value;
  }
  return ids;
}

/** Drops keys whose value is `undefined`, so payloads carry only facts the source stated. */
export function compact<T extends JsonObject>(value: T): T {
  for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
  return value;
}

/** Parses JSON text without throwing; `undefined` when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
