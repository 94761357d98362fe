// Framing: turns raw input text (JSONL, a JSON array, one JSON object or SSE wire text) into source
// records. Pure and total: a record that does not parse becomes an `unparseable_input` diagnostic with
// its line number, never a throw and never a silent drop. Diagnostics locate bad input (line, length,
// character offset) and never quote it: a line that is not JSON may be anything — a `.env` entry, one
// line of a private key — and no pattern can tell every secret apart (SEC-03).
import type { Diagnostic } from "./diagnostics";
import { ArrayFramer } from "./framing-array";
import { type FramingSink, LineFramer, SseFramer, type TextFramer } from "./framing-lines";
import { DATA_STREAM_LINE, lineByLinePlausible, tryParse, unparseable } from "./framing-parse";
import type { FramedRecord } from "./framing-types";

export type FramingFormat = "jsonl" | "json-array" | "json-object" | "sse" | "data-stream" | "empty";

export interface FramingResult {
  records: FramedRecord[];
  format: FramingFormat;
  diagnostics: Diagnostic[];
}

export function parseRecords(text: string): FramingResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const trimmed = body.trim();
  if (trimmed === "") return { records: [], format: "empty", diagnostics: [] };
  if (looksLikeSse(body)) return parseSse(body);
  if (DATA_STREAM_LINE.test(trimmed)) return parseDataStream(body);
  const first = trimmed[0];
  if (first === "[" || first === "{") {
    const whole = tryParse(trimmed);
    if (whole.ok) {
      if (Array.isArray(whole.value)) {
        const records = whole.value.map((value, index) => ({ value, index, meta: {} }));
        return { records, format: "json-array", diagnostics: [] };
      }
      return {
        records: [{ value: whole.value, index: 0, meta: { line: 1 } }],
        format: "json-object",
        diagnostics: [],
      };
    }
    // A broken array keeps the elements that parse; a single pretty-printed document that fails to
    // parse is reported as one error, not per line.
    if (!body.includes("\n") || !lineByLinePlausible(body)) {
      if (first === "[") return frameLines(body, "json-array");
      return { records: [], format: "json-object", diagnostics: [unparseable(1, whole.error, trimmed)] };
    }
  }
  return parseJsonl(body);
}

/** Frames `text` as the given line-based format, without detecting it: for a recording framed slice by
 * slice, whose format its first slice decided. */
export function parseRecordsAs(text: string, format: "jsonl" | "sse" | "data-stream"): FramingResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (format === "sse") return parseSse(body);
  return format === "data-stream" ? parseDataStream(body) : parseJsonl(body);
}

function parseJsonl(body: string): FramingResult {
  return frameLines(body, "jsonl");
}

/** Data stream text: each `code:JSON` line is the record `{type: code, value}`. */
function parseDataStream(body: string): FramingResult {
  return frameLines(body, "data-stream");
}

/** Frames the whole text with the framers the incremental framer uses (framing-lines.ts,
 * framing-array.ts). */
function frameLines(body: string, format: "jsonl" | "data-stream" | "sse" | "json-array"): FramingResult {
  const records: FramedRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  const sink: FramingSink = { record: (r) => records.push(r), diagnostic: (d) => diagnostics.push(d) };
  const counter = { next: 0 };
  const limit = Number.POSITIVE_INFINITY;
  const framer: TextFramer =
    format === "sse"
      ? new SseFramer(sink, counter, limit)
      : format === "json-array"
        ? new ArrayFramer(sink, counter, limit)
        : new LineFramer(format, sink, counter, limit);
  framer.feed(body);
  framer.end();
  return { records, format, diagnostics };
}

/** SSE when some line starts with a field name the SSE grammar defines and no line is bare JSON. */
function looksLikeSse(body: string): boolean {
  return /^(?:data|event|id|retry):/m.test(body) && !/^\s*[[{]/.test(body);
}

function parseSse(body: string): FramingResult {
  return frameLines(body, "sse");
}
