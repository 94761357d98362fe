// Which parts of an incoming record the gateway keeps as detail bodies (TOOL-03, ARCH-03, EVID-10), so
// `open_detail` can return real content instead of "requested". Only body fields (BODY_FIELDS) of a
// record's `payload` qualify — never prose the adapters read (`text`, `input`, `delta`, …). Two cases:
//  - a body sent beside its own ref: `output` + `outputRef`, `diff` + `diffRef`, `content` + `contentRef`,
//    `result` + `resultRef` (the runtime names the ref, the gateway keeps the body under it);
//  - a body string too large to travel inline (over the adapters' offload limit): kept under a fresh
//    `detail://<session>/<record>/<field>` ref, which is also set as the `<field>Ref` the adapter reads.
// The body is redacted before it is kept and replaced in the record by `{ ref, preview, bytes, offloaded }`,
// so events, snapshots and clients only ever carry the preview. Copy-on-write and one pass over the
// body fields: a record with nothing to keep is returned as is.
import { DEFAULT_LARGE_PAYLOAD_BYTES } from "@agent-ui/adapters";
import { type OffloadedValue, previewOf, redact } from "@agent-ui/contracts";
import type { DetailRecord } from "./session-store";

/** Bodies above this are not kept (the event keeps its preview, a diagnostic says so). */
export const MAX_DETAIL_BYTES = 8 * 1024 * 1024;
const PREVIEW_CHARS = 240;
/** Payload fields that carry bodies (tool output, worker results, artifact text, diffs). */
export const BODY_FIELDS = ["output", "result", "content", "diff", "patch"] as const;

export interface ExtractedDetails<T> {
  record: T;
  details: DetailRecord[];
  /** Refs whose body was over MAX_DETAIL_BYTES and was not kept. */
  dropped: { ref: string; bytes: number }[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isStub = (value: unknown) => isPlainObject(value) && value.offloaded === true;

function mediaTypeOf(key: string, ref: string, body: unknown, text: string): string {
  if (typeof body !== "string") return "application/json";
  if (key === "diff" || key === "patch" || text.startsWith("--- ")) return "text/x-diff";
  if (ref.endsWith(".md") || text.startsWith("# ")) return "text/markdown";
  return "text/plain";
}

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** PostgreSQL TEXT cannot hold U+0000 (binary noise in a tool's output): a body containing it would fail
 * the whole append transaction it rides in. It is kept with each NUL shown as U+FFFD, the conventional
 * mark for undecodable data, on both backends alike. */
function withoutNul(text: string): string {
  return text.includes("\u0000") ? text.replaceAll("\u0000", "\uFFFD") : text;
}

/** `detail` as every backend can store it (see withoutNul); the same object when nothing changes. */
export function storableDetail(detail: DetailRecord): DetailRecord {
  const body = withoutNul(detail.body);
  return body === detail.body ? detail : { ...detail, body, bytes: utf8Bytes(body) };
}

/** Keeps paired and oversized payload bodies of `record` as details; `key` makes generated refs unique. */
export function extractDetailBodies<T>(
  record: T,
  sessionId: string,
  key: string,
  limitBytes = DEFAULT_LARGE_PAYLOAD_BYTES,
): ExtractedDetails<T> {
  const details: DetailRecord[] = [];
  const dropped: ExtractedDetails<T>["dropped"] = [];
  if (!isPlainObject(record) || !isPlainObject(record.payload)) return { record, details, dropped };
  const payload = record.payload;
  let copy: Record<string, unknown> | undefined;
  for (const field of BODY_FIELDS) {
    const value = payload[field];
    if (value === undefined || value === null || isStub(value)) continue;
    const named = payload[`${field}Ref`] ?? record[`${field}Ref`];
    const oversized =
      typeof value === "string" && value.length * 3 > limitBytes && utf8Bytes(value) > limitBytes;
    if (typeof named !== "string" && !oversized) continue;
    const ref = typeof named === "string" ? named : `detail://${sessionId}/${key}/${field}`;
    const safe = redact(value).value;
    const body = withoutNul(typeof safe === "string" ? safe : JSON.stringify(safe, null, 2));
    const bytes = utf8Bytes(body);
    copy ??= { ...payload };
    const stub: OffloadedValue = { ref, preview: previewOf(body, PREVIEW_CHARS), bytes, offloaded: true };
    copy[field] = stub;
    // A generated ref is also named where adapters look for it, unless the field is taken (never overwritten).
    if (typeof named !== "string" && payload[`${field}Ref`] === undefined) copy[`${field}Ref`] = ref;
    if (bytes > MAX_DETAIL_BYTES) dropped.push({ ref, bytes });
    else details.push({ ref, mediaType: mediaTypeOf(field, ref, value, body), bytes, body });
  }
  if (!copy) return { record, details, dropped };
  return { record: { ...record, payload: copy } as T, details, dropped };
}
