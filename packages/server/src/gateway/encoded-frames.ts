// Wire encodings of the live log, computed once per batch and shared by every subscriber. The feed hands
// the same entries array to all listeners of a session, so with 50 viewers an entry is JSON-serialized
// and UTF-8 encoded once instead of 50 times (fan-out cost grows with viewers × writes, not
// viewers × entries × serializations). Caches are weak: a batch's encodings live as long as a viewer
// still holds the batch, and nothing is copied per event.
import { SSE_ENTRY_EVENT } from "@agent-ui/contracts";
import { entryJsonOf } from "../store/entry-json";
import type { LogEntry } from "../store/session-store";
import { entryCursorOf } from "./resume-cursor";

const sseBatches = new WeakMap<readonly LogEntry[], Buffer>();
const wsBatches = new WeakMap<readonly LogEntry[], Buffer>();

/** One SSE event per entry (`event: entry`, `id: <seq>.<tag>` — its resume cursor, ./resume-cursor — and
 * one `data:` line: JSON has no raw newlines). */
export function sseEntryFrames(entries: readonly LogEntry[]): Buffer {
  let bytes = sseBatches.get(entries);
  if (bytes === undefined) {
    let text = "";
    for (const entry of entries)
      text += `event: ${SSE_ENTRY_EVENT}\nid: ${entryCursorOf(entry)}\ndata: ${entryJsonOf(entry)}\n\n`;
    bytes = Buffer.from(text, "utf8");
    sseBatches.set(entries, bytes);
  }
  return bytes;
}

/** The WebSocket `{ type: "entries", entries, cursor }` frame (a `ServerFrame`; `cursor`: the resume cursor
 * of its last entry), as UTF-8 text bytes. */
export function wsEntriesFrame(entries: readonly LogEntry[]): Buffer {
  let bytes = wsBatches.get(entries);
  if (bytes === undefined) {
    let json = "";
    for (const entry of entries) json += json === "" ? entryJsonOf(entry) : `,${entryJsonOf(entry)}`;
    const last = entries[entries.length - 1];
    const cursor = last === undefined ? "" : `,"cursor":"${entryCursorOf(last)}"`;
    bytes = Buffer.from(`{"type":"entries","entries":[${json}]${cursor}}`, "utf8");
    wsBatches.set(entries, bytes);
  }
  return bytes;
}
