// Small pure helpers for plain JSON-like data: copying views, measuring and bounding previews.
import { setOwn } from "@agent-ui/contracts";

/** Copies plain data (objects, arrays, primitives). Used only to build the view of a dirtied entity, whose
 * size is bounded by previews, so the cost is per changed entity and never per history length. */
export function copyPlain<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyPlain(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const child = record[key];
    if (child !== undefined)
      setOwn(out, key, child !== null && typeof child === "object" ? copyPlain(child) : child);
  }
  return out as T;
}

/** UTF-8 byte length without allocating an encoded copy. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The first `limit` characters, never splitting a surrogate pair. */
export function boundText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let end = limit;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/** A string rendering of any value for previews (strings verbatim, other values as JSON). */
export function stringify(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return "[unserializable]";
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function asString(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export function asNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

export function asStringArray(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === "string" && item.length > 0);
}

/** Adds the values not yet present (small id lists: artifact/evidence links). */
export function addUnique(target: string[], values: Iterable<string>): boolean {
  let changed = false;
  for (const value of values) {
    if (!target.includes(value)) {
      target.push(value);
      changed = true;
    }
  }
  return changed;
}

/** Fills in the fields `target` lacks from `source` (arrays item by item), never replacing one it
 * holds: a row sent as a preview completed by its whole self. Returns whether anything was added. */
export function fillMissing(target: Record<string, unknown>, source: Record<string, unknown>): boolean {
  let added = false;
  for (const key of Object.keys(source)) {
    const have = target[key];
    const got = source[key];
    if (have === undefined) {
      if (got === undefined) continue;
      setOwn(target, key, copyPlain(got));
      added = true;
    } else if (Array.isArray(have) && Array.isArray(got)) {
      for (let i = 0; i < Math.min(have.length, got.length); i++)
        if (isRecord(have[i]) && isRecord(got[i]) && fillMissing(have[i], got[i])) added = true;
    }
  }
  return added;
}
