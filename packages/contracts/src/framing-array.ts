// A top-level JSON array framed element by element as its text arrives: a scanner that knows only
// strings, nesting and the array's own commas cuts each element out, and `JSON.parse` reads it. Only the
// element being read is held, up to the record limit; an element past it is skipped with a diagnostic
// while the scan goes on. An element that does not parse, a missing element and an array that never
// closes are diagnostics located by line; the elements around them are still read.
import { type Diagnostic, diagnostic } from "./diagnostics";
import { type FramingSink, type RecordCounter, type TextFramer, tooLong } from "./framing-lines";
import { tryParse, unparseable } from "./framing-parse";

const QUOTE = 34;
const COMMA = 44;
const NEWLINE = 10;

type Phase = "open" | "between" | "element" | "closed";

export class ArrayFramer implements TextFramer {
  private phase: Phase = "open";
  private line: number;
  private depth = 0;
  private inString = false;
  private escape = false;
  private afterComma = false;
  private elements = 0;
  private elementLine = 0;
  private parts: string[] = [];
  private length = 0;
  private overlong = false;
  private trailingReported = false;

  constructor(
    private readonly sink: FramingSink,
    private readonly counter: RecordCounter,
    private readonly limit: number,
    firstLine = 1,
  ) {
    this.line = firstLine;
  }

  get pending(): boolean {
    return this.phase === "element";
  }

  feed(text: string): void {
    const n = text.length;
    let i = 0;
    let backslash = -2;
    while (i < n) {
      if (this.phase === "element") {
        const from = i;
        let end = -1;
        while (i < n) {
          if (this.inString) {
            if (this.escape) {
              this.escape = false;
              i++;
              continue;
            }
            if (backslash !== -1 && backslash < i) backslash = text.indexOf("\\", i);
            const quote = text.indexOf('"', i);
            if (backslash !== -1 && (quote === -1 || backslash < quote)) {
              this.escape = true;
              i = backslash + 1;
            } else if (quote !== -1) {
              this.inString = false;
              i = quote + 1;
            } else i = n;
            continue;
          }
          const c = text.charCodeAt(i);
          if (c === QUOTE) this.inString = true;
          else if (c === 123 || c === 91) this.depth++;
          else if (c === 125 || c === 93) {
            if (this.depth === 0) {
              // Only "]" closes the array; a stray "}" is part of this (broken) element, so the scan
              // always moves on.
              if (c === 93) {
                end = i;
                break;
              }
            } else this.depth--;
          } else if (c === COMMA && this.depth === 0) {
            end = i;
            break;
          } else if (c === NEWLINE) this.line++;
          i++;
        }
        this.keep(text, from, end === -1 ? n : end);
        if (end === -1) return;
        this.finishElement();
        this.phase = "between";
        i = end;
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === NEWLINE) this.line++;
      if (c === 32 || c === 9 || c === NEWLINE || c === 13) {
        i++;
        continue;
      }
      if (this.phase === "open") {
        // The framer is only given text whose first non-blank character is "[".
        this.phase = "between";
        i++;
      } else if (this.phase === "between") {
        if (c === COMMA) {
          if (this.afterComma || this.elements === 0) this.problem("an array element is missing");
          this.afterComma = true;
          i++;
        } else if (c === 93) {
          if (this.afterComma) this.problem("an array element is missing");
          this.phase = "closed";
          i++;
        } else {
          this.phase = "element";
          this.afterComma = false;
          this.elementLine = this.line;
        }
      } else {
        if (!this.trailingReported) this.problem("unexpected input after the end of the JSON array; ignored");
        this.trailingReported = true;
        return;
      }
    }
  }

  end(): void {
    if (this.phase === "element") this.finishElement();
    if (this.phase !== "closed") this.problem("the JSON array is not closed; it ends early");
    this.phase = "closed";
  }

  private keep(text: string, from: number, to: number): void {
    if (from >= to) return;
    this.length += to - from;
    if (this.overlong) return;
    if (this.length > this.limit) {
      this.overlong = true;
      this.parts = [];
    } else this.parts.push(text.slice(from, to));
  }

  private finishElement(): void {
    this.elements++;
    if (this.overlong)
      this.sink.diagnostic(tooLong(this.elementLine, "an array element", this.length, this.limit));
    else {
      const source = (this.parts.length === 1 ? this.parts[0] : this.parts.join("")).trim();
      const parsed = tryParse(source);
      if (parsed.ok) this.sink.record({ value: parsed.value, index: this.counter.next++, meta: {} });
      else this.sink.diagnostic(unparseable(this.elementLine, parsed.error, source));
    }
    this.parts = [];
    this.length = 0;
    this.overlong = false;
    this.depth = 0;
    this.inString = false;
    this.escape = false;
  }

  private problem(what: string): void {
    this.sink.diagnostic(problemAt(this.line, what));
  }
}

function problemAt(line: number, what: string): Diagnostic {
  return diagnostic("unparseable_input", "error", `line ${line}: not valid JSON (${what})`, {
    eventRef: { line },
  });
}

/** A document read whole (a pretty-printed JSON object): held up to the limit, framed at the end. */
export class WholeFramer implements TextFramer {
  private parts: string[] = [];
  private length = 0;

  constructor(
    private readonly frame: (text: string) => void,
    private readonly sink: FramingSink,
    private readonly limit: number,
  ) {}

  get pending(): boolean {
    return this.length > 0;
  }

  feed(text: string): void {
    this.length += text.length;
    if (this.length > this.limit) this.parts = [];
    else this.parts.push(text);
  }

  end(): void {
    if (this.length > this.limit)
      this.sink.diagnostic(tooLong(1, "a JSON document", this.length, this.limit));
    else this.frame(this.parts.join(""));
    this.parts = [];
    this.length = 0;
  }
}
