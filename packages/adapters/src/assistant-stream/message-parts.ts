// Parts both assistant-ui wires state the same way: source parts and the message-level data and
// annotation lists, as UI message chunks.
import { type JsonObject, compact, isRecord, readString } from "../shared/record";

/** A source part (`{sourceType: "url"|"document", id, url?, title?, mediaType?, filename?}`) as the UI
 * message stream's source chunk. */
export function sourceChunk(source: unknown): JsonObject | undefined {
  if (!isRecord(source)) return undefined;
  const sourceId = readString(source, "id");
  if (sourceId === undefined) return undefined;
  if (readString(source, "sourceType") === "document")
    return compact({
      type: "source-document",
      sourceId,
      title: readString(source, "title"),
      mediaType: readString(source, "mediaType"),
      filename: readString(source, "filename"),
    });
  const url = readString(source, "url");
  return url === undefined
    ? undefined
    : compact({ type: "source-url", sourceId, url, title: readString(source, "title") });
}

/** Message-level data and annotations are lists the SDKs append to: each item is its own data part
 * (`data:<n>`, `annotations:<n>` in app state), so appending stays linear. */
export class MessageData {
  private readonly counts = { data: 0, annotations: 0 };

  append(name: "data" | "annotations", values: unknown): JsonObject[] | undefined {
    if (!Array.isArray(values)) return undefined;
    return values.map((data) => ({ type: `data-${name}`, id: String(++this.counts[name]), data }));
  }
}
