// JSON.stringify in slices: the same text, byte for byte, produced a row at a time with a turn of the
// event loop between slices (./turns), so serializing a large projection state (tens of MB at a million
// events) never holds the loop for its whole length. Objects and arrays down to `depth` are walked here;
// anything deeper (one row: a message, a tool record) is one JSON.stringify call.
import type { Slicer } from "./turns";

/** Text is handed out in chunks of about this many characters. */
const CHUNK_CHARS = 1 << 20;

/** Serializes `value` exactly like `JSON.stringify(value)` (plain JSON data: no replacer, no indent),
 * passing the text to `write` in chunks in order, stepping `slicer` between rows. */
export async function stringifyInSlices(
  value: unknown,
  slicer: Slicer,
  write: (chunk: string) => void | Promise<void>,
  depth = 2,
): Promise<void> {
  let pending: string[] = [];
  let size = 0;
  const emit = async (text: string) => {
    pending.push(text);
    size += text.length;
    if (size < CHUNK_CHARS) return;
    const chunk = pending.join("");
    pending = [];
    size = 0;
    await write(chunk);
  };
  await walk(value, depth, slicer, emit, false);
  if (pending.length > 0) await write(pending.join(""));
}

/** The text of `value` in an array slot (`inArray`: what JSON.stringify leaves out becomes `null`). */
async function walk(
  value: unknown,
  depth: number,
  slicer: Slicer,
  emit: (text: string) => Promise<void>,
  inArray: boolean,
): Promise<void> {
  if (
    depth <= 0 ||
    value === null ||
    typeof value !== "object" ||
    typeof (value as { toJSON?: unknown }).toJSON === "function"
  ) {
    const text = JSON.stringify(value);
    await emit(text === undefined ? (inArray ? "null" : "") : text);
    return;
  }
  if (Array.isArray(value)) {
    await emit("[");
    for (let index = 0; index < value.length; index++) {
      if (index > 0) await emit(",");
      await walk(value[index], depth - 1, slicer, emit, true);
      await slicer.step();
    }
    await emit("]");
    return;
  }
  await emit("{");
  let first = true;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (!serializable(item)) continue;
    await emit(`${first ? "" : ","}${JSON.stringify(key)}:`);
    first = false;
    await walk(item, depth - 1, slicer, emit, false);
    await slicer.step();
  }
  await emit("}");
}

/** Whether JSON.stringify keeps an object property with this value. */
function serializable(value: unknown): boolean {
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return false;
  if (
    value !== null &&
    typeof value === "object" &&
    typeof (value as { toJSON?: unknown }).toJSON === "function"
  )
    return (value as { toJSON(key: string): unknown }).toJSON("") !== undefined;
  return true;
}
