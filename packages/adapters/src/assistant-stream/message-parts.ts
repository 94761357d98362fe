// What both assistant-ui wires (assistant-stream chunks and the AI SDK 4 data stream) state the same way,
// as UI message chunks: step and message boundaries, errors, source / file / data parts and the
// message-level data and annotation lists. One home for the mapping; each reader only addresses it.
import { type JsonObject, compact, isRecord, readString } from "../shared/record";
import type { BridgedChunk } from "./bridge";

/** A step starts (the first one also starts the message, with its id when the wire names one). */
export function stepStart(messageId: string | undefined): BridgedChunk[] {
  return [{ chunk: compact({ type: "start", messageId }) }, { chunk: { type: "start-step" } }];
}

export function stepFinish(): BridgedChunk {
  return { chunk: { type: "finish-step" } };
}

export function messageFinish(finishReason: string | undefined): BridgedChunk {
  return { chunk: compact({ type: "finish", finishReason }) };
}

export function streamError(errorText: string): BridgedChunk {
  return { chunk: { type: "error", errorText } };
}

/** A file part: its media type only (inline bytes are never copied). */
export function fileChunk(part: unknown): JsonObject {
  return compact({ type: "file", mediaType: readString(part, "mimeType") });
}

/** A named data part (`{name, data}`) as a `data-<name>` chunk, or why it cannot be one. */
export function dataChunk(part: unknown): JsonObject | string {
  const name = readString(part, "name");
  if (name === undefined) return "data part without name";
  return { type: `data-${name}`, data: isRecord(part) ? (part.data ?? null) : null };
}

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
