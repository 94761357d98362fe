// Resume cursors (`<seq>.<tag>`, see `ResumeCursor` in @agent-ui/client): every entry leaves with a tag
// naming it — a 32-bit FNV-1a hash (8 hex digits) of its seq and identity (type, eventId, timestamp; the
// event's JSON when it has no eventId, though the gateway's ingest gives every event one) — and a resume
// that sends it back is checked against the entry stored at that seq. A log that was rewound and refilled
// (a crash inside the marker's flush lag, a restored backup) holds another event there: the resume is
// answered `log_rewound` instead of being served entries that do not follow what the client saw.
// The tag is computed once per entry object (when its frames are encoded), never per viewer. It detects a
// different entry, not a forged one (a client can only spoil its own resume), so a fast non-cryptographic
// hash is enough: about a third of the cost of a SHA-256 digest per entry.
import { formatCursor, MAX_CURSOR_LENGTH, parseCursor, type ResumeCursor } from "@agent-ui/contracts";
import type { LogEntry, SessionRecord, SessionStore } from "../store/session-store";
import { GatewayError } from "./errors";

const tags = new WeakMap<LogEntry, string>();

/** The entry's tag: stable across stores (it reads identity fields, not the stored JSON text, whose key
 * order PostgreSQL `jsonb` does not keep). */
export function entryTagOf(entry: LogEntry): string {
  let tag = tags.get(entry);
  if (tag === undefined) {
    const { type, eventId, timestamp } = entry.event;
    const identity = eventId === undefined ? JSON.stringify(entry.event) : `${eventId}\n${timestamp ?? ""}`;
    tag = fnv1a(`${entry.seq}\n${type}\n${identity}`);
    tags.set(entry, tag);
  }
  return tag;
}

/** 32-bit FNV-1a over the UTF-16 code units of `text`, as 8 lowercase hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** The resume cursor of `entry` (the SSE `id:`, the WebSocket frame's `cursor`). */
export function entryCursorOf(entry: LogEntry): string {
  return formatCursor({ seq: entry.seq, tag: entryTagOf(entry) });
}

/** Parses a cursor a client sent (`Last-Event-ID`, `?after=`): a bare seq or `<seq>.<tag>`; anything else
 * (longer than 64 characters, other characters, a tag that is not 8 lowercase hex digits) is a 400. */
export function parseResumeCursor(raw: string, name: string): ResumeCursor {
  const cursor = parseCursor(raw);
  if (cursor === undefined)
    throw new GatewayError(
      "invalid",
      "invalid_request",
      raw.length > MAX_CURSOR_LENGTH
        ? `"${name}" is longer than ${MAX_CURSOR_LENGTH} characters`
        : `"${name}" must be a seq (a non-negative integer) or <seq>.<tag> (8 lowercase hex digits)`,
    );
  return cursor;
}

/** Why the log cannot resume `cursor` (`cursor_ahead` / `log_rewound`, with a message), or undefined.
 * One read of one row when the cursor carries a tag. */
export async function resumeRefusal(
  store: SessionStore,
  session: SessionRecord,
  cursor: ResumeCursor,
): Promise<{ code: "cursor_ahead" | "log_rewound"; message: string } | undefined> {
  const { seq, tag } = cursor;
  if (seq > session.lastSeq)
    return {
      code: "cursor_ahead",
      message: `the cursor ${seq} is beyond the log's head ${session.lastSeq}: events this client saw are no longer stored; rehydrate from the snapshot`,
    };
  if (tag === undefined || seq === 0) return undefined;
  const [stored] = await store.readEvents(session.id, { after: seq - 1, limit: 1 });
  if (stored === undefined || stored.seq !== seq)
    return {
      code: "log_rewound",
      message: `the log no longer holds the event at seq ${seq} this client saw; rehydrate from the snapshot`,
    };
  if (entryTagOf(stored) !== tag)
    return {
      code: "log_rewound",
      message: `the event stored at seq ${seq} is not the one this client saw (the log was rewound and refilled); rehydrate from the snapshot`,
    };
  return undefined;
}
