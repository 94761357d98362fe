// The non-text parts of A2A messages and artifacts: `url` / `file` parts are source refs (citations of
// the page or file, EVID-01), `data` parts are structured content, inline bytes are noted, never copied.
import { redact } from "@agent-ui/contracts";
import { detailOf } from "../shared/details";
import { compact } from "../shared/record";
import type { JsonObject } from "../shared/record";
import { DEFAULT_LARGE_PAYLOAD_BYTES, type SafeOptions, safeValue } from "../shared/safe-payload";
import type { A2aPart } from "./normalize";

/** Characters of an offloaded data part's JSON shown in the artifact's content. */
const DATA_PREVIEW_CHARS = 240;
const UTF8 = new TextEncoder();

/** Source refs of the url and file parts, owned by the message or artifact that carries them. */
export function partCitations(parts: readonly A2aPart[], owner: { messageId?: string }): JsonObject[] {
  const refs: JsonObject[] = [];
  for (const [index, part] of parts.entries()) {
    if (part.url === undefined && !(part.inlineBytes && part.filename !== undefined)) continue;
    // A file link, or inline bytes (cited only when named): a document.
    const document = part.otherKind === "file" || part.filename !== undefined;
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

/** Where readable content stopped: whether the last line was text (`lineEnded`) and whether the content
 * stands at the start of a line (empty, or ending in a line break). An appended chunk continues there. */
export interface ContentEnd {
  lineEnded: boolean;
  atLineStart: boolean;
}

export const CONTENT_START: ContentEnd = { lineEnded: true, atLineStart: true };

/** An artifact chunk's readable content: text parts as they are, a data part as its JSON (each data part
 * on its own line; see `dataContent` for one over the offload limit), a url/file part as a `[name](url)`
 * line. Inline bytes are never copied. `after`: where the content this chunk continues stopped. */
export function contentOf(
  parts: readonly A2aPart[],
  options: SafeOptions = {},
  after: ContentEnd = CONTENT_START,
): { text: string; end: ContentEnd } {
  let out = "";
  // Text after a data, url or file line starts a line of its own.
  let lineEnded = after.lineEnded;
  const atLineStart = () => (out === "" ? after.atLineStart : out.endsWith("\n"));
  const lineBreak = () => (atLineStart() ? "" : "\n");
  for (const part of parts) {
    const text = part.text;
    if (text !== undefined) {
      out += lineEnded ? text : lineBreak() + text;
      lineEnded = true;
      continue;
    }
    const line = otherLine(part, options);
    // A part with nothing to show leaves the line as it was.
    if (line === undefined) continue;
    out += lineBreak() + line;
    lineEnded = false;
  }
  return { text: out, end: { lineEnded, atLineStart: atLineStart() } };
}

/** The line a data, url or file part shows; `undefined` for a part with nothing to show. */
function otherLine(part: A2aPart, options: SafeOptions): string | undefined {
  if (part.otherKind === "data") return dataContent(part.data, options);
  if (part.url !== undefined) return `[${part.filename ?? part.url}](${part.url})`;
  if (part.inlineBytes) return `[${part.filename ?? "file"}${part.mediaType ? ` (${part.mediaType})` : ""}]`;
  return undefined;
}

/** A data part as artifact content, redacted. Over the adapter's offload limit (`largePayloadBytes`) it is
 * offloaded whole, like any large value (TOOL-02, EVID-10): its body goes to `keepDetail` under a ref
 * named by its content, and the content shows the start of its JSON, its size and that ref — never the
 * whole value, and never an offload stub as text. */
export function dataContent(data: unknown, options: SafeOptions = {}): string {
  const redacted = redact(data ?? null).value;
  const json = JSON.stringify(redacted) ?? "null";
  const limit = options.largePayloadBytes ?? DEFAULT_LARGE_PAYLOAD_BYTES;
  if (json.length * 3 <= limit) return json;
  const bytes = UTF8.encode(json).length;
  if (bytes <= limit) return json;
  const detail = detailOf(redacted);
  options.keepDetail?.(detail);
  return `${json.slice(0, DATA_PREVIEW_CHARS)}…\n[data part of ${bytes} bytes; the whole part is kept at ${detail.ref}]`;
}
