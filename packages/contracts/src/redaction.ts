// Redaction and offload: the two transformations every payload passes before it may enter projection
// state (SEC-01/02, ARCH-03, TOOL-03). Both are copy-on-write: the input is never mutated, unchanged
// subtrees are shared with the result (treat it as immutable), and the work is one linear walk.
import { childPointer } from "./json-pointer";
import { setOwn } from "./lookup-table";
import { approxJsonBytes, scalarOrContainerBytes, utf8Length } from "./json-size";
import { type SecretMatch, findSecretsInString, isSecretBearingValue, secretKeyReason } from "./secrets";
import { DEFAULT_TOOL_THRESHOLDS } from "./tool-thresholds";

export const REDACTION_MARKER_PREFIX = "[redacted:";

/** The stable marker that replaces a secret, e.g. `[redacted:api_key]`. */
export function redactionMarker(reason: string): string {
  return `${REDACTION_MARKER_PREFIX}${reason}]`;
}

export function isRedactionMarker(value: unknown): boolean {
  return typeof value === "string" && value.startsWith(REDACTION_MARKER_PREFIX) && value.endsWith("]");
}

export interface Redaction {
  /** JSON pointer of the replaced value (or of the string a secret was cut from). */
  path: string;
  reason: string;
}

export interface RedactResult<T> {
  value: T;
  redactions: Redaction[];
}

/** Deeper input is replaced wholesale rather than walked: no stack overflow, no unscanned secret. */
const MAX_DEPTH = 200;

/** Replaces secret-bearing values with markers: by key name (`password`, `apiKey`, `authorization`, …)
 * and by value shape (provider keys, JWTs, bearer headers, PEM keys, URL credentials, …). */
export function redact<T>(value: T): RedactResult<T> {
  const walk: Walk = { keys: [], out: [] };
  const result = redactNode(value, 0, walk) as T;
  return { value: result, redactions: walk.out };
}

/** The keys from the root to the node being walked: a path is only built when something is reported. */
interface Walk {
  keys: (string | number)[];
  out: Redaction[];
}

function report(walk: Walk, reason: string): void {
  let path = "";
  for (const key of walk.keys) path = childPointer(path, key);
  walk.out.push({ path, reason });
}

function redactNode(value: unknown, depth: number, walk: Walk): unknown {
  if (typeof value === "string") return redactString(value, walk);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) {
    report(walk, "depth_limit");
    return redactionMarker("depth_limit");
  }
  const { keys } = walk;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const child = value[i];
      let next = child;
      if (typeof child === "string" || (typeof child === "object" && child !== null)) {
        keys.push(i);
        next = redactNode(child, depth + 1, walk);
        keys.pop();
      }
      if (next !== child && copy === null) copy = value.slice(0, i);
      if (copy !== null) copy.push(next);
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  const names = Object.keys(record);
  // Built only from the first changed entry on, in key order: entries before it are copied as they are.
  let copy: Record<string, unknown> | null = null;
  for (let i = 0; i < names.length; i++) {
    const key = names[i];
    const child = record[key];
    const name = redactKey(key, walk);
    let next = child;
    const keyReason = secretKeyReason(key);
    const walked =
      typeof child === "string" ||
      (typeof child === "object" && child !== null) ||
      (child !== undefined && typeof child !== "boolean" && keyReason !== null);
    if (walked) {
      keys.push(name);
      if (keyReason !== null && isSecretBearingValue(child) && !isRedactionMarker(child)) {
        report(walk, keyReason);
        next = redactionMarker(keyReason);
      } else {
        next = redactNode(child, depth + 1, walk);
      }
      keys.pop();
    }
    if (copy === null && (next !== child || name !== key)) {
      copy = {};
      for (let j = 0; j < i; j++) setOwn(copy, names[j], record[names[j]]);
    }
    if (copy !== null) setOwn(copy, freeName(copy, name), next);
  }
  return copy ?? record;
}

/** A key with every secret-shaped substring replaced by its marker: a secret may be a key too (a map
 * from token to user, a tool's JSON arguments with the token as a field name). */
function redactKey(key: string, walk: Walk): string {
  const matches = findSecretsInString(key);
  if (matches.length === 0) return key;
  const name = applyMatches(key, matches);
  walk.keys.push(name);
  for (const match of matches) report(walk, match.reason);
  walk.keys.pop();
  return name;
}

/** `name`, or `name (2)`, `name (3)`, … when two redacted keys came out the same: no entry is lost. */
function freeName(copy: Record<string, unknown>, name: string): string {
  if (!Object.hasOwn(copy, name)) return name;
  let n = 2;
  while (Object.hasOwn(copy, `${name} (${n})`)) n++;
  return `${name} (${n})`;
}

function redactString(text: string, walk: Walk): string {
  const matches = findSecretsInString(text);
  if (matches.length === 0) return text;
  for (const match of matches) report(walk, match.reason);
  return applyMatches(text, matches);
}

/** Free text with every secret-shaped substring replaced by its marker: the string form of `redact`. */
export function redactText(text: string): string {
  const matches = findSecretsInString(text);
  return matches.length === 0 ? text : applyMatches(text, matches);
}

/** A runtime source's config as it may be stored: `redact`, and every value of its `headers` replaced by
 * `[redacted:header]`. A header typed into a connection form is a credential more often than not
 * (`X-Api-Key`, a tenant token, a custom auth scheme) and its name says too little to tell, so none is
 * kept; the names stay, to show which were given. */
export function redactSourceConfig(config: Record<string, unknown>): Record<string, unknown> {
  const { value } = redact(config);
  const headers = value.headers;
  if (headers === null || typeof headers !== "object" || Array.isArray(headers)) return value;
  const masked: Record<string, unknown> = {};
  for (const name of Object.keys(headers)) setOwn(masked, name, redactionMarker(HEADER_REDACTION_REASON));
  return { ...value, headers: masked };
}

/** The marker reason of a header value in a stored source config. */
export const HEADER_REDACTION_REASON = "header";

/** `text` with the given (ordered, non-overlapping) matches replaced by their markers. */
export function applyMatches(text: string, matches: readonly SecretMatch[]): string {
  let result = "";
  let cursor = 0;
  for (const match of matches) {
    result += text.slice(cursor, match.start) + redactionMarker(match.reason);
    cursor = match.end;
  }
  return result + text.slice(cursor);
}

// ---------------------------------------------------------------------------------------------------
// Offload: large inline values become refs the gateway can serve; contracts only replaces and reports.

export interface OffloadedValue {
  ref: string;
  /** Bounded preview: the start of a string, or a truncated JSON rendering of a structure. */
  preview: string;
  /** Approximate serialized size of the replaced value. */
  bytes: number;
  offloaded: true;
}

export function isOffloadedValue(value: unknown): value is OffloadedValue {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { offloaded?: unknown }).offloaded === true &&
    typeof (value as { ref?: unknown }).ref === "string"
  );
}

export interface OffloadOptions {
  /** Values larger than this (approximate JSON bytes) are replaced. Default 64 KiB. */
  limitBytes?: number;
  /** The ref is `refPrefix + JSON pointer`, e.g. `blob://evt_1` + `/payload/output`. */
  refPrefix?: string;
  /** Maximum preview length in characters. Default 240. */
  previewChars?: number;
  /** Names the ref of a replaced value (after its own children were replaced), e.g. by its content, and
   * may keep the value somewhere a reader can open it. Default: `refPrefix + JSON pointer`. */
  refFor?: (value: unknown, pointer: string) => string;
}

export interface OffloadResult<T> {
  value: T;
  offloaded: { path: string; ref: string; bytes: number }[];
}

/** The offload threshold of the product's tool thresholds (TOOL-06, `tool-thresholds.ts`). */
export const DEFAULT_INLINE_LIMIT_BYTES = DEFAULT_TOOL_THRESHOLDS.offloadBytes;

/** Replaces strings and structures larger than `limitBytes` with `{ ref, preview, bytes, offloaded }`.
 * Children are offloaded first, so a parent is replaced only if it is still too large without them. */
export function offloadLargeValues<T>(value: T, options: OffloadOptions = {}): OffloadResult<T> {
  const ctx: OffloadContext = {
    limit: options.limitBytes ?? DEFAULT_INLINE_LIMIT_BYTES,
    prefix: options.refPrefix ?? "ref:",
    previewChars: options.previewChars ?? 240,
    refFor: options.refFor,
    out: [],
  };
  const [result] = offloadNode(value, "", 0, ctx);
  return { value: result as T, offloaded: ctx.out };
}

interface OffloadContext {
  limit: number;
  prefix: string;
  previewChars: number;
  refFor: ((value: unknown, pointer: string) => string) | undefined;
  out: OffloadResult<unknown>["offloaded"];
}

/** Returns the (possibly replaced) value and its size after replacement. */
function offloadNode(value: unknown, path: string, depth: number, ctx: OffloadContext): [unknown, number] {
  let next = value;
  let bytes: number;
  if (typeof value === "string") {
    bytes = utf8Length(value) + 2;
  } else if (value === null || typeof value !== "object" || depth >= MAX_DEPTH) {
    bytes = depth >= MAX_DEPTH ? approxJsonBytes(value) : scalarOrContainerBytes(value, null);
  } else if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    bytes = 2 + Math.max(0, value.length - 1);
    for (let i = 0; i < value.length; i++) {
      const [child, size] = offloadNode(value[i], childPointer(path, i), depth + 1, ctx);
      bytes += size;
      if (child !== value[i] && copy === null) copy = value.slice(0, i);
      if (copy !== null) copy.push(child);
    }
    next = copy ?? value;
  } else {
    const record = value as Record<string, unknown>;
    let copy: Record<string, unknown> | null = null;
    bytes = 2;
    let count = 0;
    for (const key of Object.keys(record)) {
      const [child, size] = offloadNode(record[key], childPointer(path, key), depth + 1, ctx);
      bytes += size + utf8Length(key) + 3;
      count++;
      if (child !== record[key]) {
        if (copy === null) copy = { ...record };
        setOwn(copy, key, child);
      }
    }
    bytes += Math.max(0, count - 1);
    next = copy ?? record;
  }
  if (bytes <= ctx.limit) return [next, bytes];
  const ref = ctx.refFor ? ctx.refFor(next, path) : `${ctx.prefix}${path}`;
  ctx.out.push({ path, ref, bytes });
  const replacement: OffloadedValue = {
    ref,
    preview: previewOf(next, ctx.previewChars),
    bytes,
    offloaded: true,
  };
  return [replacement, approxJsonBytes(replacement)];
}

/** A bounded preview: strings are cut, structures rendered as JSON until the budget runs out. */
export function previewOf(value: unknown, maxChars: number): string {
  if (typeof value === "string") return value.length <= maxChars ? value : `${value.slice(0, maxChars)}…`;
  const parts: string[] = [];
  const budget = { left: maxChars };
  writeBounded(value, parts, budget, 0);
  const text = parts.join("");
  return budget.left < 0 ? `${text.slice(0, maxChars)}…` : text;
}

function writeBounded(value: unknown, parts: string[], budget: { left: number }, depth: number): void {
  const emit = (text: string) => {
    parts.push(text);
    budget.left -= text.length;
  };
  if (budget.left < 0) return;
  if (value === null || typeof value !== "object") {
    const text = typeof value === "string" ? JSON.stringify(value.slice(0, budget.left + 1)) : String(value);
    emit(text);
    return;
  }
  if (depth > 8) {
    emit(Array.isArray(value) ? "[…]" : "{…}");
    return;
  }
  const isArray = Array.isArray(value);
  emit(isArray ? "[" : "{");
  const keys = isArray ? null : Object.keys(value);
  const length = isArray ? (value as unknown[]).length : keys!.length;
  for (let i = 0; i < length && budget.left >= 0; i++) {
    if (i > 0) emit(",");
    if (keys) emit(`${JSON.stringify(keys[i])}:`);
    const child = keys ? (value as Record<string, unknown>)[keys[i]] : (value as unknown[])[i];
    writeBounded(child, parts, budget, depth + 1);
  }
  emit(isArray ? "]" : "}");
}
