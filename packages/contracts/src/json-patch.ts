// RFC 6902 JSON Patch applied immutably: containers on the patched path are copied, every other subtree is
// shared, so a patch costs O(path) rather than O(document). The one implementation for the projection's
// `appState` (`state.delta`) and adapter-side documents (AG-UI activities). A failing op throws a
// `PatchError` (`applyJsonPatch` returns it instead); callers turn it into a `patch_failed` diagnostic,
// never a silent skip (DESIGN.md).
import { setOwn } from "./lookup-table";

export class PatchError extends Error {}

export interface PatchOperation {
  op: string;
  path: string;
  value?: unknown;
  from?: string;
}

type Container = Record<string, unknown> | unknown[];

function parsePointer(pointer: string | undefined, member: "path" | "from" = "path"): string[] {
  if (typeof pointer !== "string") throw new PatchError(`${member} is not a string`);
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new PatchError(`invalid JSON pointer "${pointer}"`);
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function isContainer(value: unknown): value is Container {
  return value !== null && typeof value === "object";
}

function shallowCopy(value: Container): Container {
  return Array.isArray(value) ? value.slice() : { ...value };
}

function arrayIndex(token: string, length: number, forInsert: boolean): number {
  if (forInsert && token === "-") return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`invalid array index "${token}"`);
  const index = Number(token);
  if (index > length || (!forInsert && index >= length)) throw new PatchError(`index ${index} out of range`);
  return index;
}

function getAt(root: unknown, tokens: string[]): unknown {
  let node = root;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[arrayIndex(token, node.length, false)];
    else if (isContainer(node) && Object.hasOwn(node, token)) node = (node as Record<string, unknown>)[token];
    else throw new PatchError(`path not found at "${token}"`);
  }
  return node;
}

/** Rebuilds the path to the parent of the last token with copies, then lets `edit` change that parent. */
function editAt(root: unknown, tokens: string[], edit: (parent: Container, token: string) => void): unknown {
  if (tokens.length === 0) throw new PatchError("cannot edit the document root in place");
  if (!isContainer(root)) throw new PatchError("document is not a container");
  const copyRoot = shallowCopy(root);
  let node: Container = copyRoot;
  for (let i = 0; i < tokens.length - 1; i++) {
    const token = tokens[i];
    const child = Array.isArray(node)
      ? node[arrayIndex(token, node.length, false)]
      : Object.hasOwn(node, token)
        ? (node as Record<string, unknown>)[token]
        : undefined;
    if (!isContainer(child)) throw new PatchError(`path not found at "${token}"`);
    const copy = shallowCopy(child);
    if (Array.isArray(node)) node[Number(token)] = copy;
    else setOwn(node, token, copy);
    node = copy;
  }
  edit(node, tokens[tokens.length - 1]);
  return copyRoot;
}

function addValue(root: unknown, tokens: string[], value: unknown): unknown {
  if (tokens.length === 0) return value;
  return editAt(root, tokens, (parent, token) => {
    if (Array.isArray(parent)) parent.splice(arrayIndex(token, parent.length, true), 0, value);
    else setOwn(parent, token, value);
  });
}

function removeValue(root: unknown, tokens: string[]): unknown {
  return editAt(root, tokens, (parent, token) => {
    if (Array.isArray(parent)) parent.splice(arrayIndex(token, parent.length, false), 1);
    else if (Object.hasOwn(parent, token)) delete parent[token];
    else throw new PatchError(`path not found at "${token}"`);
  });
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) =>
    deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** Applies all operations atomically: either every op succeeds or the original document is returned
 * untouched and a `PatchError` is thrown. */
export function applyPatch(document: unknown, operations: readonly PatchOperation[]): unknown {
  let doc = document;
  for (const operation of operations) {
    if (!isContainer(operation)) throw new PatchError("operation is not an object");
    const tokens = parsePointer(operation.path);
    switch (operation.op) {
      case "add":
        doc = addValue(doc, tokens, operation.value);
        break;
      case "remove":
        doc = removeValue(doc, tokens);
        break;
      case "replace":
        getAt(doc, tokens);
        doc =
          tokens.length === 0 ? operation.value : addValue(removeValue(doc, tokens), tokens, operation.value);
        break;
      case "move": {
        const from = parsePointer(operation.from, "from");
        const value = getAt(doc, from);
        doc = addValue(removeValue(doc, from), tokens, value);
        break;
      }
      case "copy":
        doc = addValue(doc, tokens, getAt(doc, parsePointer(operation.from, "from")));
        break;
      case "test":
        if (!deepEqual(getAt(doc, tokens), operation.value))
          throw new PatchError(`test failed at "${operation.path}"`);
        break;
      default:
        throw new PatchError(`unknown op "${String(operation.op)}"`);
    }
  }
  return doc;
}

export type PatchResult = { ok: true; value: unknown } | { ok: false; error: string };

/** `applyPatch` for untrusted operation lists: the error is returned, naming the operation that failed. */
export function applyJsonPatch(document: unknown, operations: readonly unknown[]): PatchResult {
  let doc = document;
  for (const [i, operation] of operations.entries()) {
    try {
      doc = applyPatch(doc, [operation as PatchOperation]);
    } catch (error) {
      if (!(error instanceof PatchError)) throw error;
      return { ok: false, error: `operation ${i}: ${error.message}` };
    }
  }
  return { ok: true, value: doc };
}
