// Line-based framing, fed text in pieces of any size: JSONL and data stream lines, SSE frames. The
// whole-text framer (framing.ts) feeds a document at once, the incremental one (framing-stream.ts) feeds
// chunks as they are read; both see the same records, line numbers and diagnostics. A line (an SSE
// frame) longer than the limit is never held: it is skipped with an `unparseable_input` diagnostic
// naming its line, and reading goes on with the next one.
import { type Diagnostic, diagnostic } from "./diagnostics";
import { DATA_STREAM_LINE, tryParse, unparseable } from "./framing-parse";
import type { FramedRecord, RecordMeta } from "./framing-types";

/** Where framed records and framing diagnostics go, in input order. */
export interface FramingSink {
  record(record: FramedRecord): void;
  diagnostic(diagnostic: Diagnostic): void;
}

/** Text in, records out: `feed` any piece of the input, `end` once after the last. */
export interface TextFramer {
  feed(text: string): void;
  end(): void;
  /** True while part of a record has been read and the record is not out yet. */
  readonly pending: boolean;
}

/** The record numbering of one input, shared by whichever framer reads it. */
export interface RecordCounter {
  next: number;
}

/** The diagnostic for a record longer than the limit: located, never quoted (SEC-03). */
export function tooLong(line: number, what: string, length: number, limit: number): Diagnostic {
  return diagnostic(
    "unparseable_input",
    "error",
    `line ${line}: ${what} longer than the limit of ${limit} characters (${length} characters read); skipped`,
    { eventRef: { line } },
  );
}

/** Collects the pieces of one unit (a line) up to `limit` characters; past it keeps only the count. */
class Pending {
  parts: string[] = [];
  length = 0;
  overlong = false;
  /** The unit's first character, kept past the limit too (an SSE comment is known by it). */
  first = "";
  constructor(private readonly limit: number) {}

  keep(text: string, from: number, to: number): void {
    if (from >= to) return;
    if (this.length === 0) this.first = text[from];
    this.length += to - from;
    if (this.overlong) return;
    if (this.length > this.limit) {
      this.overlong = true;
      this.parts = [];
    } else this.parts.push(from === 0 && to === text.length ? text : text.slice(from, to));
  }

  get empty(): boolean {
    return this.length === 0;
  }

  take(): string {
    const text = this.parts.length === 1 ? this.parts[0] : this.parts.join("");
    this.parts = [];
    this.length = 0;
    return text;
  }

  reset(): void {
    this.parts = [];
    this.length = 0;
    this.overlong = false;
    this.first = "";
  }
}

/** JSONL (one JSON value per line) or data stream (`code:JSON` per line); lines end at "\n". */
export class LineFramer implements TextFramer {
  private readonly pending_: Pending;
  private line: number;
  private nonBlank = 0;
  private held: FramedRecord | undefined;
  private firstParsed = false;

  /** `wholeIfAlone`: the input may be one JSON object (its first line parsed on its own); if it stays
   * the only non-blank line it is that object, at line 1, as the whole-text framer reads it. */
  constructor(
    private readonly kind: "jsonl" | "data-stream",
    private readonly sink: FramingSink,
    private readonly counter: RecordCounter,
    private readonly limit: number,
    firstLine = 1,
    private readonly wholeIfAlone = false,
  ) {
    this.pending_ = new Pending(limit);
    this.line = firstLine;
  }

  get pending(): boolean {
    return !this.pending_.empty || this.held !== undefined;
  }

  /** True when the input may be one JSON object, exactly one non-blank line was read and it parsed:
   * one JSON object, not JSONL. */
  get alone(): boolean {
    return this.wholeIfAlone && this.nonBlank === 1 && this.firstParsed;
  }

  feed(text: string): void {
    let start = 0;
    for (;;) {
      const newline = text.indexOf("\n", start);
      if (newline === -1) {
        this.pending_.keep(text, start, text.length);
        return;
      }
      if (this.pending_.empty) {
        if (newline - start > this.limit) this.overlong(newline - start);
        else this.handle(text.slice(start, newline));
      } else {
        this.pending_.keep(text, start, newline);
        this.flush();
      }
      this.line++;
      start = newline + 1;
    }
  }

  end(): void {
    if (!this.pending_.empty) this.flush();
    if (this.held !== undefined) {
      // The only line of the input: one JSON object, numbered as the whole-text framer numbers it.
      this.sink.record({ ...this.held, meta: { line: 1 } });
      this.held = undefined;
    }
  }

  private flush(): void {
    if (this.pending_.overlong) {
      this.overlong(this.pending_.length);
      this.pending_.reset();
    } else this.handle(this.pending_.take());
  }

  private overlong(length: number): void {
    this.release();
    this.nonBlank++;
    this.sink.diagnostic(tooLong(this.line, "a line", length, this.limit));
  }

  private release(): void {
    if (this.held === undefined) return;
    this.sink.record(this.held);
    this.held = undefined;
  }

  private handle(raw: string): void {
    const line = raw.trim();
    if (line === "") return;
    this.release();
    const first = this.nonBlank++ === 0;
    if (this.kind === "data-stream") {
      this.dataStreamLine(line);
      return;
    }
    const parsed = tryParse(line);
    if (!parsed.ok) {
      this.sink.diagnostic(unparseable(this.line, parsed.error, line));
      return;
    }
    const record: FramedRecord = {
      value: parsed.value,
      index: this.counter.next++,
      meta: { line: this.line },
    };
    if (first) this.firstParsed = true;
    if (first && this.wholeIfAlone && this.line !== 1) this.held = record;
    else this.sink.record(record);
  }

  /** Each `code:JSON` line is the record `{type: code, value}`. */
  private dataStreamLine(line: string): void {
    const code = DATA_STREAM_LINE.exec(line)?.[0];
    const parsed = code === undefined ? undefined : tryParse(line.slice(code.length));
    if (code !== undefined && parsed?.ok)
      this.sink.record({
        value: { type: code.slice(0, -1), value: parsed.value },
        index: this.counter.next++,
        meta: { line: this.line },
      });
    else
      this.sink.diagnostic(
        unparseable(
          this.line,
          parsed && !parsed.ok ? parsed.error : "not a code:JSON data stream line",
          line,
        ),
      );
  }
}

/** SSE wire text: lines end at "\r\n", "\r" or "\n"; a frame's `data:` lines joined make one record,
 * its `event:` and `id:` lines its meta; a frame is dispatched at a blank line and at the end. */
export class SseFramer implements TextFramer {
  private readonly pending_: Pending;
  private line: number;
  /** The last piece ended in "\r": a "\n" opening the next one belongs to that line break. */
  private skipLf = false;
  private data: string[] = [];
  private dataLength = 0;
  private frameOverlong = false;
  private meta: RecordMeta = {};
  private frameLine = 0;

  constructor(
    private readonly sink: FramingSink,
    private readonly counter: RecordCounter,
    private readonly limit: number,
    firstLine = 1,
  ) {
    this.pending_ = new Pending(limit);
    this.line = firstLine;
  }

  get pending(): boolean {
    return !this.pending_.empty || this.frameLine !== 0;
  }

  feed(text: string): void {
    let start = 0;
    if (this.skipLf && text.length > 0) {
      if (text.charCodeAt(0) === 10) start = 1;
      this.skipLf = false;
    }
    let cr = text.indexOf("\r", start);
    for (;;) {
      if (cr !== -1 && cr < start) cr = text.indexOf("\r", start);
      const lf = text.indexOf("\n", start);
      let end: number;
      let next: number;
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        end = cr;
        next = cr + 1;
        if (next === text.length) this.skipLf = true;
        else if (text.charCodeAt(next) === 10) next++;
      } else if (lf !== -1) {
        end = lf;
        next = lf + 1;
      } else {
        this.pending_.keep(text, start, text.length);
        return;
      }
      if (this.pending_.empty) {
        if (end - start > this.limit) this.overlongLine(text.slice(start, start + 1), end - start);
        else this.handle(text.slice(start, end));
      } else {
        this.pending_.keep(text, start, end);
        this.flush();
      }
      this.line++;
      start = next;
    }
  }

  end(): void {
    if (!this.pending_.empty) this.flush();
    this.dispatch();
  }

  private flush(): void {
    if (this.pending_.overlong) {
      this.overlongLine(this.pending_.first, this.pending_.length);
      this.pending_.reset();
    } else this.handle(this.pending_.take());
  }

  /** A line past the limit: a comment is ignored as any comment; anything else spoils its frame. */
  private overlongLine(head: string, length: number): void {
    if (head.startsWith(":")) return;
    if (this.frameLine === 0) this.frameLine = this.line;
    this.frameOverlong = true;
    this.dataLength += length;
    this.data = [];
  }

  private handle(line: string): void {
    if (line === "") {
      this.dispatch();
      return;
    }
    if (line.startsWith(":")) return; // comment / keep-alive
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (this.frameLine === 0) this.frameLine = this.line;
    if (field === "data") {
      if (this.frameOverlong) return;
      this.dataLength += value.length + 1;
      if (this.dataLength > this.limit) {
        this.frameOverlong = true;
        this.data = [];
      } else this.data.push(value);
    } else if (field === "event") this.meta.sseEvent = value;
    else if (field === "id") this.meta.sseId = value;
    else if (field !== "retry") {
      this.sink.diagnostic(
        diagnostic(
          "unparseable_input",
          "warning",
          `line ${this.line}: a line that is not an SSE field (${field.length} characters before any ':') ignored`,
          { eventRef: { line: this.line } },
        ),
      );
    }
  }

  private dispatch(): void {
    if (this.frameOverlong) {
      this.sink.diagnostic(tooLong(this.frameLine, "an SSE frame", this.dataLength, this.limit));
    } else if (this.data.length > 0) {
      const payload = this.data.join("\n");
      if (payload.trim() !== "[DONE]") {
        const parsed = tryParse(payload);
        if (parsed.ok)
          this.sink.record({
            value: parsed.value,
            index: this.counter.next++,
            meta: { ...this.meta, line: this.frameLine },
          });
        else this.sink.diagnostic(unparseable(this.frameLine, parsed.error, payload));
      }
    }
    this.data = [];
    this.dataLength = 0;
    this.frameOverlong = false;
    this.meta = {};
    this.frameLine = 0;
  }
}
