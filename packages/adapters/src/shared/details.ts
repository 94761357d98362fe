// Offloaded bodies (TOOL-03, EVID-10): a value too large to travel inline is replaced in the event by
// `{ ref, preview, bytes, offloaded }`, and the body itself is handed to the adapter's `keepDetail` sink,
// under that ref, for whoever can serve it (the gateway's detail store, `agent-ui project --detail`).
// The ref names the body's content — its UTF-8 size and a 64-bit hash — so it is the same in every reader
// of the same stream (CLI and gateway project identical refs), unique within a session without a counter
// that a re-attached adapter would restart, and a body kept twice is the same body.

/** A body kept for an offloaded value: the redacted text a reader gets when it opens `ref`. */
export interface KeptDetail {
  ref: string;
  /** `application/json` for a structure (pretty-printed JSON), `text/plain` for a string. */
  mediaType: string;
  /** UTF-8 size of `body`. */
  bytes: number;
  body: string;
}

/** Receives every body an adapter offloads, at the moment it offloads it. */
export type DetailKeeper = (detail: KeptDetail) => void;

export const DETAIL_REF_PREFIX = "detail://body/";

const UTF8 = new TextEncoder();

/** The kept form of an (already redacted) value: a string verbatim, anything else as JSON. */
export function detailOf(value: unknown): KeptDetail {
  const json = typeof value !== "string";
  const body = json ? (JSON.stringify(value, null, 2) ?? String(value)) : value;
  const bytes = UTF8.encode(body).length;
  return {
    ref: `${DETAIL_REF_PREFIX}${bytes}-${contentHash(body)}`,
    mediaType: json ? "application/json" : "text/plain",
    bytes,
    body,
  };
}

/** Two independent 32-bit lanes (FNV-1a and a multiply-xorshift) over the UTF-16 code units: 16 hex
 * digits. Together with the size in the ref, distinct bodies of one session do not share a name. */
export function contentHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 13;
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}
