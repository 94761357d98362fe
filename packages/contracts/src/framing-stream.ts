// Incremental framing: the input's text in chunks of any size, its records out as soon as each is
// complete, in input order, never the whole input held. JSONL and data stream lines, SSE frames and the
// elements of a top-level JSON array stream; a pretty-printed JSON document is held whole (up to the
// record limit) and framed at its end. The format is decided from the head of the input the way
// `parseRecords` decides it for the whole text — an input that ends within the head is framed exactly as
// `parseRecords` frames it — and every record, line or frame longer than the limit is skipped with an
// `unparseable_input` diagnostic naming its line instead of being held.
import { ArrayFramer, WholeFramer } from "./framing-array";
import {
  type FramingSink,
  LineFramer,
  type RecordCounter,
  SseFramer,
  type TextFramer,
} from "./framing-lines";
import { type FramingFormat, parseRecords } from "./framing";
import { DATA_STREAM_LINE, tryParse, unparseable } from "./framing-parse";

export type { FramingSink } from "./framing-lines";

/** The default limit of one record's text (a line, an SSE frame, an array element, a JSON document). */
export const MAX_RECORD_CHARS = 32 * 1024 * 1024;

/** How much of the head is read before a format that does not show at once (leading comments, a first
 * line no format claims) is decided anyway, and how long a one-line array's first line may be while it
 * could still be the first line of JSONL. */
const HEAD_CHARS = 64 * 1024;

const SSE_FIELD_LINE = /^(?:data|event|id|retry):/m;

export interface RecordFramerOptions {
  /** Characters one record may take (default `MAX_RECORD_CHARS`). */
  maxRecordChars?: number;
}

export interface RecordFramer {
  /** Feeds the next piece of the input's text; complete records go to the sink at once. */
  push(chunk: string): void;
  /** The input ended: the last record, and any problem with the input's end, go to the sink. */
  end(): void;
  /** The framing the input was read as, once decided (`empty`: nothing but blanks). */
  readonly format: FramingFormat | undefined;
  /** True while part of a record has been read and the record is not out yet (its line, frame or
   * element is incomplete, or the head has not shown the format). */
  readonly pending: boolean;
}

/** An incremental framer writing to `sink`: see the file comment for what it decides and bounds. */
export function createRecordFramer(sink: FramingSink, options: RecordFramerOptions = {}): RecordFramer {
  return new StreamFramer(sink, options.maxRecordChars ?? MAX_RECORD_CHARS);
}

class StreamFramer implements RecordFramer {
  format: FramingFormat | undefined;
  /** The head while the format is undecided: its chunks, their length, its first non-blank character
   * and whether a line break follows that character. */
  private parts: string[] = [];
  private length = 0;
  private first: string | undefined;
  private newline = false;
  private started = false;
  private mode: TextFramer | undefined;
  private lines: LineFramer | undefined;
  private readonly counter: RecordCounter = { next: 0 };
  /** Blank lines dropped from an all-blank head: "\n" breaks (JSONL lines) and SSE line breaks. */
  private droppedLines = 0;
  private droppedSseLines = 0;

  constructor(
    private readonly sink: FramingSink,
    private readonly limit: number,
  ) {}

  get pending(): boolean {
    return this.mode === undefined ? this.first !== undefined : this.mode.pending;
  }

  push(chunk: string): void {
    if (chunk.length === 0) return;
    if (!this.started) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    if (this.mode !== undefined) {
      this.mode.feed(chunk);
      return;
    }
    this.parts.push(chunk);
    this.length += chunk.length;
    // Only the new chunk is scanned while the head waits (a long first line is not re-read per chunk).
    if (this.first === undefined) {
      const at = chunk.search(/\S/);
      if (at !== -1) {
        this.first = chunk[at];
        this.newline = chunk.includes("\n", at);
      }
    } else if (!this.newline) this.newline = chunk.includes("\n");
    if (this.first === "{" && !this.newline && this.length <= this.limit) return;
    if (this.first === "[" && !this.newline && this.length <= HEAD_CHARS) return;
    if (this.first === undefined && this.length <= HEAD_CHARS) return;
    this.decide(false);
  }

  end(): void {
    if (this.mode === undefined) this.decide(true);
    this.mode?.end();
    this.first = undefined;
    if (this.lines?.alone) this.format = "json-object";
  }

  /** The head read so far, as one string. */
  private get head(): string {
    if (this.parts.length > 1) this.parts = [this.parts.join("")];
    return this.parts[0] ?? "";
  }

  private set head(text: string) {
    this.parts = text === "" ? [] : [text];
    this.length = text.length;
  }

  private decide(ended: boolean): void {
    const start = this.head.trimStart();
    if (start === "") {
      if (ended) this.format = "empty";
      else if (this.head.length > HEAD_CHARS) this.dropBlankHead();
      return;
    }
    const first = start[0];
    if (first === "[" || first === "{") {
      if (ended) this.endInHead(start, first);
      else if (first === "{") this.decideObject(start);
      else this.decideArray(start);
      return;
    }
    // Neither "[" nor "{": SSE once a line starts with an SSE field (as `parseRecords` says of the whole
    // text), else data stream lines, else JSONL.
    if (SSE_FIELD_LINE.test(this.head)) this.begin("sse");
    else if (ended) this.begin(DATA_STREAM_LINE.test(start) ? "data-stream" : "jsonl");
    else if (DATA_STREAM_LINE.test(start) && start.includes("\n")) this.begin("data-stream");
    else if (this.head.length > HEAD_CHARS) this.begin("jsonl");
  }

  /** `{`: JSONL when the first line is a JSON value of its own, else one document read whole. */
  private decideObject(start: string): void {
    const newline = start.indexOf("\n");
    if (newline === -1) {
      // A first line past the limit cannot be read either way: the line framer reports and skips it.
      if (start.length > this.limit) this.begin("jsonl");
      return;
    }
    if (tryParse(start.slice(0, newline).trim()).ok) this.begin("jsonl", true);
    else this.begin("json-object");
  }

  /** `[`: elements as they arrive, unless the first line is a value of its own and more lines follow
   * (JSONL whose lines are arrays). */
  private decideArray(start: string): void {
    const newline = start.indexOf("\n");
    if (newline === -1) {
      if (start.length > HEAD_CHARS) this.begin("json-array");
      return;
    }
    if (!tryParse(start.slice(0, newline).trim()).ok) {
      this.begin("json-array");
      return;
    }
    const rest = start.slice(newline + 1);
    if (rest.trim() !== "") this.begin("jsonl");
    else if (rest.length > HEAD_CHARS) this.begin("json-array");
  }

  /** The whole input is in the head: frame it as `parseRecords` frames the whole text. */
  private endInHead(start: string, first: string): void {
    const trimmed = start.trimEnd();
    const whole = tryParse(trimmed);
    if (whole.ok) {
      if (Array.isArray(whole.value)) {
        this.format = "json-array";
        for (const value of whole.value) this.sink.record({ value, index: this.counter.next++, meta: {} });
      } else {
        this.format = "json-object";
        this.sink.record({ value: whole.value, index: this.counter.next++, meta: { line: 1 } });
      }
      return;
    }
    // Not JSONL either: a line break in the head decided the format before the end (`decideObject`,
    // `decideArray`), and a head of one line that does not parse whole does not parse as a line.
    if (first === "[") {
      this.begin("json-array");
      return;
    }
    this.format = "json-object";
    this.sink.diagnostic(unparseable(1, whole.error, trimmed));
  }

  private begin(
    format: "jsonl" | "data-stream" | "sse" | "json-array" | "json-object",
    wholeIfAlone = false,
  ): void {
    this.format = format;
    const { sink, counter, limit } = this;
    if (format === "sse") this.mode = new SseFramer(sink, counter, limit, this.droppedSseLines + 1);
    else if (format === "json-array")
      this.mode = new ArrayFramer(sink, counter, limit, this.droppedLines + 1);
    else if (format === "json-object")
      this.mode = new WholeFramer((text) => this.frameWhole(text), sink, limit);
    else {
      this.lines = new LineFramer(format, sink, counter, limit, this.droppedLines + 1, wholeIfAlone);
      this.mode = this.lines;
    }
    const head = this.head;
    this.head = "";
    this.mode.feed(head);
  }

  /** A document read whole: `parseRecords` frames it (one object, or one error). */
  private frameWhole(text: string): void {
    const framed = parseRecords(text);
    for (const record of framed.records) this.sink.record({ ...record, index: this.counter.next++ });
    for (const d of framed.diagnostics) this.sink.diagnostic(d);
  }

  /** An all-blank head past `HEAD_CHARS` is not kept: only the lines it spans are counted. A final "\r"
   * stays, since a "\n" opening the next chunk makes one SSE line break with it. */
  private dropBlankHead(): void {
    const head = this.head;
    const cut = head.endsWith("\r") ? head.length - 1 : head.length;
    const dropped = head.slice(0, cut);
    for (let i = dropped.indexOf("\n"); i !== -1; i = dropped.indexOf("\n", i + 1)) this.droppedLines++;
    this.droppedSseLines += dropped.match(/\r\n|\r|\n/g)?.length ?? 0;
    this.head = head.slice(cut);
  }
}
