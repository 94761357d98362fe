// The wire JSON of a log entry, kept per entry object. The store already serializes each event for its row,
// so it primes `{"seq":…,"event":…}` from that text — live fan-out then sends it without serializing the
// event a second time (the same bytes `JSON.stringify(entry)` would produce, keys in `LogEntry` order).
import type { LogEntry } from "./session-store";

const entryJson = new WeakMap<LogEntry, string>();

/** `JSON.stringify(entry)`, once per entry object. */
export function entryJsonOf(entry: LogEntry): string {
  let json = entryJson.get(entry);
  if (json === undefined) {
    json = JSON.stringify(entry);
    entryJson.set(entry, json);
  }
  return json;
}

/** The entry for `event` at `seq`, its wire JSON built from the event's own JSON. */
export function entryWithJson(seq: number, event: LogEntry["event"], eventJson: string): LogEntry {
  const entry: LogEntry = { seq, event };
  entryJson.set(entry, `{"seq":${seq},"event":${eventJson}}`);
  return entry;
}
