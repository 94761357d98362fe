// Framing: turns raw input text (JSONL, a JSON array, one JSON object or SSE wire text) into source
// records. Pure and total: a record that does not parse becomes an `unparseable_input` diagnostic with
// its line number, never a throw and never a silent drop. Diagnostics locate bad input (line, length,
// character offset) and never quote it: a line that is not JSON may be anything — a `.env` entry, one
// line of a private key — and no pattern can tell every secret apart (SEC-03).
import { type Diagnostic, diagnostic } from "./diagnostics";
import type { FramedRecord, RecordMeta } from "./framing-types";

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
    // A single pretty-printed document that fails to parse is reported as one error, not per line.
    if (!body.includes("\n") || !lineByLinePlausible(body)) {
      return {
        records: [],
        format: first === "[" ? "json-array" : "json-object",
        diagnostics: [unparseable(1, whole.error, trimmed)],
      };
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
  const records: FramedRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  const lines = body.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "") continue;
    const parsed = tryParse(line);
    if (parsed.ok) records.push({ value: parsed.value, index: records.length, meta: { line: i + 1 } });
    else diagnostics.push(unparseable(i + 1, parsed.error, line));
  }
  return { records, format: "jsonl", diagnostics };
}

/** A data stream protocol line (AI SDK 4, assistant-stream's `DataStreamEncoder`): `code:JSON`, the code
 * one character `0`-`9`/`a`-`k` or an `aui-*` extension name. */
const DATA_STREAM_LINE = /^(?:[0-9a-k]|aui-[a-z-]{1,40}):/;

/** Data stream text: each `code:JSON` line is the record `{type: code, value}`. */
function parseDataStream(body: string): FramingResult {
  const records: FramedRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  const lines = body.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "") continue;
    const code = DATA_STREAM_LINE.exec(line)?.[0];
    const parsed = code === undefined ? undefined : tryParse(line.slice(code.length));
    if (code !== undefined && parsed?.ok)
      records.push({
        value: { type: code.slice(0, -1), value: parsed.value },
        index: records.length,
        meta: { line: i + 1 },
      });
    else
      diagnostics.push(
        unparseable(i + 1, parsed && !parsed.ok ? parsed.error : "not a code:JSON data stream line", line),
      );
  }
  return { records, format: "data-stream", diagnostics };
}

/** SSE when some line starts with a field name the SSE grammar defines and no line is bare JSON. */
function looksLikeSse(body: string): boolean {
  return /^(?:data|event|id|retry):/m.test(body) && !/^\s*[[{]/.test(body);
}

function parseSse(body: string): FramingResult {
  const records: FramedRecord[] = [];
  const diagnostics: Diagnostic[] = [];
  const lines = body.split(/\r\n|\r|\n/);
  let data: string[] = [];
  let meta: RecordMeta = {};
  let frameLine = 0;
  const dispatch = () => {
    if (data.length > 0) {
      const payload = data.join("\n");
      if (payload.trim() !== "[DONE]") {
        const parsed = tryParse(payload);
        if (parsed.ok)
          records.push({ value: parsed.value, index: records.length, meta: { ...meta, line: frameLine } });
        else diagnostics.push(unparseable(frameLine, parsed.error, payload));
      }
    }
    data = [];
    meta = {};
    frameLine = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === "") {
      dispatch();
      continue;
    }
    if (line.startsWith(":")) continue; // comment / keep-alive
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (frameLine === 0) frameLine = i + 1;
    if (field === "data") data.push(value);
    else if (field === "event") meta.sseEvent = value;
    else if (field === "id") meta.sseId = value;
    else if (field !== "retry") {
      diagnostics.push(
        diagnostic(
          "unparseable_input",
          "warning",
          `line ${i + 1}: a line that is not an SSE field (${field.length} characters before any ':') ignored`,
          { eventRef: { line: i + 1 } },
        ),
      );
    }
  }
  dispatch();
  return { records, format: "sse", diagnostics };
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

function tryParse(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** True when the text reads as JSONL: its first non-blank line parses on its own. */
function lineByLinePlausible(body: string): boolean {
  const firstLine = body.split(/\r?\n/).find((line) => line.trim() !== "");
  return firstLine !== undefined && tryParse(firstLine.trim()).ok;
}

function unparseable(line: number, error: string, source: string): Diagnostic {
  // The parser's own message quotes the input, so only the offset it names is kept.
  const position = /at position (\d+)/.exec(error);
  const where = position === null ? "" : ` at character ${Number(position[1]) + 1}`;
  const why = /end of JSON input/i.test(error) ? "it ends early" : `unexpected input${where}`;
  const message = `line ${line}: not valid JSON (${source.length} characters; ${why})`;
  return diagnostic("unparseable_input", "error", message, { eventRef: { line } });
}
