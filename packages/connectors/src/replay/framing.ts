// Frames a recording as it is read, slice by slice, so a replay of a million lines never holds or parses
// the whole file in one turn of the event loop. Line-based recordings (JSONL, SSE, data stream) are cut
// at the last complete line (SSE: the last complete frame) of what has arrived and framed by the same
// `parseRecords` as a whole file, with line numbers and record indexes carried across slices. A JSON
// array or a pretty-printed JSON document can only be parsed whole: it is, once it has all arrived.
import { type Diagnostic, type FramedRecord, parseRecords, parseRecordsAs } from "@agent-ui/contracts";

export interface FramedSlice {
  records: FramedRecord[];
  diagnostics: Diagnostic[];
}

/** How the recording is framed: one line-based format slice by slice, or whole (a JSON document). */
type Mode = "jsonl" | "data-stream" | "sse" | "whole";

/** Frames `chunks` (the recording's text as read) into slices of records, in order. */
export async function* frameRecording(
  chunks: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<FramedSlice> {
  let buffer = "";
  let mode: Mode | undefined;
  let lines = 0;
  let records = 0;
  let first = true;
  const frame = (text: string, as: Mode | undefined): FramedSlice => {
    const parsed = as === undefined || as === "whole" ? parseRecords(text) : parseRecordsAs(text, as);
    const slice = shift(parsed, lines, records);
    lines += countLines(text);
    records += slice.records.length;
    return slice;
  };
  for await (const chunk of chunks) {
    buffer += first ? stripBom(chunk) : chunk;
    first = false;
    mode ??= decide(buffer);
    if (mode === undefined || mode === "whole") continue;
    const end = boundary(buffer, mode);
    if (end <= 0) continue;
    const slice = frame(buffer.slice(0, end), mode);
    buffer = buffer.slice(end);
    if (slice.records.length > 0 || slice.diagnostics.length > 0) yield slice;
  }
  if (buffer.trim() !== "") yield frame(buffer, mode);
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A data stream protocol line, as `parseRecords` recognises one. */
const DATA_STREAM_LINE = /^(?:[0-9a-k]|aui-[a-z-]{1,40}):/;
const SSE_FIELD = /^(?:data|event|id|retry):/m;
/** Comment lines a head may hold before its format shows (SSE keep-alives), at most. */
const MAX_UNDECIDED = 64 * 1024;

/** Decides the framing from the head's complete lines, as `parseRecords` would the whole text, or
 * undefined while it cannot tell yet. */
function decide(head: string): Mode | undefined {
  const start = head.trimStart();
  if (start === "") return undefined;
  if (start[0] === "[") return "whole";
  const newline = start.indexOf("\n");
  if (newline === -1) return undefined;
  const firstLine = start.slice(0, newline).trim();
  if (start[0] === "{") {
    // JSONL when the first line is a JSON value of its own, else one (pretty-printed) document.
    try {
      JSON.parse(firstLine);
      return "jsonl";
    } catch {
      return "whole";
    }
  }
  if (SSE_FIELD.test(start.slice(0, start.lastIndexOf("\n")))) return "sse";
  if (firstLine.startsWith(":") && start.length < MAX_UNDECIDED) return undefined;
  return DATA_STREAM_LINE.test(firstLine) ? "data-stream" : "jsonl";
}

/** The end of the last complete unit in `text` (0: none yet): a line, or an SSE frame. */
function boundary(text: string, mode: Mode): number {
  if (mode !== "sse") return text.lastIndexOf("\n") + 1;
  const lf = text.lastIndexOf("\n\n");
  const crlf = text.lastIndexOf("\r\n\r\n");
  return Math.max(lf === -1 ? 0 : lf + 2, crlf === -1 ? 0 : crlf + 4);
}

function countLines(text: string): number {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) count++;
  return count;
}

/** A slice's records and diagnostics renumbered as lines and records of the whole recording. */
function shift(
  result: { records: FramedRecord[]; diagnostics: Diagnostic[] },
  lines: number,
  records: number,
): FramedSlice {
  if (lines === 0 && records === 0) return result;
  return {
    records: result.records.map((record) => ({
      ...record,
      index: record.index + records,
      meta: record.meta.line === undefined ? record.meta : { ...record.meta, line: record.meta.line + lines },
    })),
    diagnostics: result.diagnostics.map((d) => {
      const line = d.eventRef?.line;
      if (typeof line !== "number") return d;
      return {
        ...d,
        message: d.message.replace(/^line \d+/, `line ${line + lines}`),
        eventRef: { ...d.eventRef, line: line + lines },
      };
    }),
  };
}
