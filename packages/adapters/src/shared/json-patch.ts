// A small RFC 6902 applier for adapter-side documents that the projection never sees as patches
// (e.g. AG-UI activity content, which the adapter turns into a plan part). Copy-on-write along the
// touched path only; the input document is never mutated. Errors are returned, never thrown.

export interface PatchOperation {
  op: string;
  path: string;
  value?: unknown;
  from?: string;
}

export type PatchResult = { ok: true; value: unknown } | { ok: false; error: string };

export function applyJsonPatch(document: unknown, operations: readonly unknown[]): PatchResult {
  let current = document;
  for (const [i, raw] of operations.entries()) {
    const op = raw as PatchOperation;
    if (op === null || typeof op !== "object" || typeof op.op !== "string" || typeof op.path !== "string")
      return { ok: false, error: `operation ${i} is malformed` };
    const result = applyOne(current, op);
    if (!result.ok)
      return { ok: false, error: `operation ${i} (${op.op} ${op.path.slice(0, 100)}): ${result.error}` };
    current = result.value;
  }
  return { ok: true, value: current };
}

function applyOne(document: unknown, op: PatchOperation): PatchResult {
  switch (op.op) {
    case "add":
      return setAt(document, parsePointer(op.path), op.value, "add");
    case "replace":
      return setAt(document, parsePointer(op.path), op.value, "replace");
    case "remove":
      return setAt(document, parsePointer(op.path), undefined, "remove");
    case "test": {
      const found = getAt(document, parsePointer(op.path));
      return found.ok && JSON.stringify(found.value) === JSON.stringify(op.value)
        ? { ok: true, value: document }
        : { ok: false, error: "test failed" };
    }
    case "copy":
    case "move": {
      if (typeof op.from !== "string") return { ok: false, error: "missing from" };
      const from = parsePointer(op.from);
      const found = getAt(document, from);
      if (!found.ok) return found;
      const base =
        op.op === "move"
          ? setAt(document, from, undefined, "remove")
          : { ok: true as const, value: document };
      return base.ok ? setAt(base.value, parsePointer(op.path), found.value, "add") : base;
    }
    default:
      return { ok: false, error: `unknown op ${String(op.op).slice(0, 20)}` };
  }
}

function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function getAt(document: unknown, path: string[]): PatchResult {
  let node = document;
  for (const key of path) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key))
      return { ok: false, error: "path not found" };
    node = (node as Record<string, unknown>)[key];
  }
  return { ok: true, value: node };
}

function setAt(
  document: unknown,
  path: string[],
  value: unknown,
  mode: "add" | "replace" | "remove",
): PatchResult {
  if (path.length === 0) return mode === "remove" ? { ok: true, value: undefined } : { ok: true, value };
  if (document === null || typeof document !== "object") return { ok: false, error: "path not found" };
  const [key, ...rest] = path;
  if (Array.isArray(document)) {
    const copy = document.slice();
    const index = key === "-" ? copy.length : Number(key);
    if (!Number.isInteger(index) || index < 0 || index > copy.length)
      return { ok: false, error: "bad array index" };
    if (rest.length > 0) {
      if (index >= copy.length) return { ok: false, error: "path not found" };
      const inner = setAt(copy[index], rest, value, mode);
      if (!inner.ok) return inner;
      copy[index] = inner.value;
    } else if (mode === "add") copy.splice(index, 0, value);
    else if (index >= copy.length) return { ok: false, error: "path not found" };
    else if (mode === "replace") copy[index] = value;
    else copy.splice(index, 1);
    return { ok: true, value: copy };
  }
  const object = document as Record<string, unknown>;
  const copy: Record<string, unknown> = { ...object };
  if (rest.length > 0) {
    if (!Object.hasOwn(object, key)) return { ok: false, error: "path not found" };
    const inner = setAt(object[key], rest, value, mode);
    if (!inner.ok) return inner;
    copy[key] = inner.value;
  } else if (mode === "add") copy[key] = value;
  else if (!Object.hasOwn(object, key)) return { ok: false, error: "path not found" };
  else if (mode === "replace") copy[key] = value;
  else delete copy[key];
  return { ok: true, value: copy };
}
