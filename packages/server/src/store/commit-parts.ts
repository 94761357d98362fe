// A large append batch crosses to the SQLite commit thread in parts: every `postMessage` copies its payload
// on the gateway's thread in one go, so one message holding a batch of tens of thousands of events (a
// burst from many sessions, a source that streams without waiting) would hold the event loop for the
// whole copy. Parts keep each copy small; the thread joins them in order and commits the batch as one
// transaction, as if it had crossed whole.
import type { SerializedAppend } from "./sqlite-append";

/** Characters of events and bodies posted to the commit thread in one message at most: a large batch
 * crosses in parts (each message is copied on the gateway's thread in one go), and the thread joins them
 * and commits them as one transaction. */
export const COMMIT_PART_CHARS = 256 * 1024;

/** One part of a batch as it crosses: `continues` marks a piece of the previous part's last request (a
 * request with more events than a part holds is cut into pieces, in order). */
export type CommitPart = (SerializedAppend & { continues?: true })[];

/** Cuts `requests` into parts of about `limit` characters, keeping their order; a request's detail bodies
 * travel with its first piece and its idempotency completion with its last. */
export function commitParts(requests: readonly SerializedAppend[], limit = COMMIT_PART_CHARS): CommitPart[] {
  const parts: CommitPart[] = [];
  let part: CommitPart = [];
  let size = 0;
  const cut = () => {
    if (part.length > 0) parts.push(part);
    part = [];
    size = 0;
  };
  for (const request of requests) {
    let bodies = 0;
    for (const detail of request.details ?? []) bodies += detail.body.length;
    if (size > 0 && size + bodies >= limit) cut();
    size += bodies;
    const { eventJson } = request;
    let from = 0;
    let piece: SerializedAppend & { continues?: true } = {
      sessionId: request.sessionId,
      eventJson: [],
      details: request.details,
    };
    for (let i = 0; i < eventJson.length; i++) {
      if (size >= limit && i > from) {
        piece.eventJson = eventJson.slice(from, i);
        part.push(piece);
        cut();
        from = i;
        piece = { sessionId: request.sessionId, eventJson: [], details: undefined, continues: true };
      }
      size += eventJson[i].length;
    }
    piece.eventJson = from === 0 ? eventJson : eventJson.slice(from);
    if (request.completes !== undefined) piece.completes = request.completes;
    part.push(piece);
  }
  cut();
  return parts;
}

/** The requests a batch's parts carry, whole again (the commit thread's side of `commitParts`). */
export function joinParts(parts: readonly CommitPart[]): SerializedAppend[] {
  const requests: SerializedAppend[] = [];
  for (const part of parts)
    for (const piece of part) {
      const last = requests[requests.length - 1];
      if (piece.continues && last !== undefined && last.sessionId === piece.sessionId) {
        for (const json of piece.eventJson) (last.eventJson as string[]).push(json);
        if (piece.completes !== undefined) last.completes = piece.completes;
      } else {
        const { continues: _, ...request } = piece;
        requests.push({ ...request, eventJson: [...request.eventJson] });
      }
    }
  return requests;
}
