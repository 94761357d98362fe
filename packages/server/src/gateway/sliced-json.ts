// JSON text of a large plain object built slice by slice, a turn of the event loop apart, so writing a
// snapshot of a long session's projection (tens of MB) never stalls requests for the whole
// serialization. The same text as `JSON.stringify` for plain data (no `toJSON`, no cycles).

/** Items of a large array or record serialized per turn. */
const SLICE = 2000;

function turn(): Promise<void> {
  return new Promise((done) => setImmediate(done));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** `JSON.stringify(value)`, with the top-level slices and their large arrays and records serialized a
 * slice at a time. */
export async function slicedJson(value: Record<string, unknown>): Promise<string> {
  const out: string[] = [];
  let first = true;
  for (const key of Object.keys(value)) {
    const child = value[key];
    const text = await childJson(child);
    if (text === undefined) continue;
    out.push(`${first ? "" : ","}${JSON.stringify(key)}:${text}`);
    first = false;
  }
  return `{${out.join("")}}`;
}

async function childJson(child: unknown): Promise<string | undefined> {
  if (Array.isArray(child) && child.length > SLICE) {
    const items: string[] = [];
    for (let i = 0; i < child.length; i += SLICE) {
      for (let k = i; k < Math.min(i + SLICE, child.length); k++)
        items.push(JSON.stringify(child[k]) ?? "null");
      await turn();
    }
    return `[${items.join(",")}]`;
  }
  if (isRecord(child)) {
    const keys = Object.keys(child);
    if (keys.length > SLICE) {
      const items: string[] = [];
      for (let i = 0; i < keys.length; i += SLICE) {
        for (let k = i; k < Math.min(i + SLICE, keys.length); k++) {
          const text = JSON.stringify(child[keys[k]]);
          if (text !== undefined) items.push(`${JSON.stringify(keys[k])}:${text}`);
        }
        await turn();
      }
      return `{${items.join(",")}}`;
    }
  }
  const text = JSON.stringify(child);
  await turn();
  return text;
}
