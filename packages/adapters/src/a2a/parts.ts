// The non-text parts of A2A messages and artifacts: `url` / `file` parts are source refs (citations of
// the page or file, EVID-01), `data` parts are structured content, inline bytes are noted, never copied.
import { compact } from "../shared/record";
import type { JsonObject } from "../shared/record";
import { type SafeOptions, safeValue } from "../shared/safe-payload";
import type { A2aPart } from "./normalize";

/** Source refs of the url and file parts, owned by the message or artifact that carries them. */
export function partCitations(parts: readonly A2aPart[], owner: { messageId?: string }): JsonObject[] {
  const refs: JsonObject[] = [];
  for (const [index, part] of parts.entries()) {
    if (part.url === undefined && !(part.inlineBytes && part.filename !== undefined)) continue;
    const document = part.otherKind === "file" || part.otherKind === "raw" || part.filename !== undefined;
    refs.push(
      compact({
        id: part.url ?? `file:${part.filename}`,
        sourceType: document ? "document" : "url",
        url: part.url,
        title: part.filename,
        filename: part.filename,
        mediaType: part.mediaType,
        messageId: owner.messageId,
        partId: owner.messageId !== undefined ? `${owner.messageId}:${index}` : undefined,
      }),
    );
  }
  return refs;
}

/** The data parts' values, redacted. */
export function partData(parts: readonly A2aPart[], options: SafeOptions = {}): unknown[] {
  return parts
    .filter((part) => part.otherKind === "data")
    .map((part) => safeValue(part.data ?? null, options));
}

/** An artifact chunk's readable content: text parts as they are, a data part as its JSON (each data part
 * on its own line), a url/file part as a `[name](url)` line. Inline bytes are never copied. */
export function contentOf(parts: readonly A2aPart[]): string {
  let out = "";
  for (const part of parts) {
    if (part.text !== undefined) out += part.text;
    else if (part.otherKind === "data") out += lineBreak(out) + JSON.stringify(safeValue(part.data ?? null));
    else if (part.url !== undefined) out += `${lineBreak(out)}[${part.filename ?? part.url}](${part.url})`;
    else if (part.inlineBytes)
      out += `${lineBreak(out)}[${part.filename ?? "file"}${part.mediaType ? ` (${part.mediaType})` : ""}]`;
  }
  return out;
}

function lineBreak(text: string): string {
  return text === "" || text.endsWith("\n") ? "" : "\n";
}
