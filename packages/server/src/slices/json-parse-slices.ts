// JSON.parse in slices: the value `JSON.parse(text)` gives, built a row at a time with a turn of the event
// loop between slices (./turns), so reading a large stored projection state (tens of MB at a million
// events) never holds the loop for its whole length. The counterpart of ./json-slices: objects and
// arrays down to `depth` are walked here, finding each member's extent by a scan that skips strings;
// anything deeper (one row: a message, a tool record) is one JSON.parse call. Text that is not JSON
// throws a SyntaxError, as JSON.parse does.
import type { Slicer } from "./turns";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** Parses `text` exactly like `JSON.parse(text)` (no reviver), stepping `slicer` between rows. */
export async function parseInSlices(text: string, slicer: Slicer, depth = 2): Promise<unknown> {
  const reader = new Reader(text);
  const value = await reader.value(depth, slicer);
  reader.skipBlanks();
  if (reader.at < text.length) throw reader.unexpected();
  return value;
}

class Reader {
  at = 0;
  constructor(private readonly text: string) {}

  async value(depth: number, slicer: Slicer): Promise<unknown> {
    this.skipBlanks();
    const code = this.text.charCodeAt(this.at);
    if (depth > 0 && code === OPEN_OBJECT) return this.object(depth, slicer);
    if (depth > 0 && code === OPEN_ARRAY) return this.array(depth, slicer);
    return this.row();
  }

  /** One value parsed whole by JSON.parse. */
  private row(): unknown {
    const end = this.endOfValue(this.at);
    const value = JSON.parse(this.text.slice(this.at, end));
    this.at = end;
    return value;
  }

  private async object(depth: number, slicer: Slicer): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    this.at++;
    this.skipBlanks();
    if (this.text.charCodeAt(this.at) === CLOSE_OBJECT) {
      this.at++;
      return out;
    }
    for (;;) {
      this.skipBlanks();
      if (this.text.charCodeAt(this.at) !== QUOTE) throw this.unexpected();
      const keyEnd = this.endOfString(this.at);
      const key = JSON.parse(this.text.slice(this.at, keyEnd)) as string;
      this.at = keyEnd;
      this.skipBlanks();
      if (this.text.charCodeAt(this.at) !== COLON) throw this.unexpected();
      this.at++;
      const value = await this.value(depth - 1, slicer);
      // An own "__proto__" member, as JSON.parse makes it (an assignment would set the prototype).
      if (key === "__proto__")
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
      await slicer.step();
      if (this.next(CLOSE_OBJECT)) return out;
    }
  }

  private async array(depth: number, slicer: Slicer): Promise<unknown[]> {
    const out: unknown[] = [];
    this.at++;
    this.skipBlanks();
    if (this.text.charCodeAt(this.at) === CLOSE_ARRAY) {
      this.at++;
      return out;
    }
    for (;;) {
      out.push(await this.value(depth - 1, slicer));
      await slicer.step();
      if (this.next(CLOSE_ARRAY)) return out;
    }
  }

  /** After a member: true at the container's end (consumed), false after a comma (consumed). */
  private next(close: number): boolean {
    this.skipBlanks();
    const code = this.text.charCodeAt(this.at);
    this.at++;
    if (code === close) return true;
    if (code === COMMA) return false;
    this.at--;
    throw this.unexpected();
  }

  skipBlanks(): void {
    const text = this.text;
    for (;;) {
      const code = text.charCodeAt(this.at);
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return;
      this.at++;
    }
  }

  /** The index after the value starting at `from` (its text is checked by JSON.parse afterwards). */
  private endOfValue(from: number): number {
    const text = this.text;
    const first = text.charCodeAt(from);
    if (first === QUOTE) return this.endOfString(from);
    if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
      // A number or a literal: up to the next delimiter.
      let at = from;
      for (;;) {
        const code = text.charCodeAt(at);
        if (
          Number.isNaN(code) ||
          code === COMMA ||
          code === CLOSE_OBJECT ||
          code === CLOSE_ARRAY ||
          code === 0x20 ||
          code === 0x0a ||
          code === 0x0d ||
          code === 0x09
        )
          return at;
        at++;
      }
    }
    let open = 0;
    let at = from;
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) {
        at = this.endOfString(at);
        continue;
      }
      if (code === OPEN_OBJECT || code === OPEN_ARRAY) open++;
      else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
        open--;
        if (open === 0) return at + 1;
      } else if (Number.isNaN(code)) throw new SyntaxError("Unexpected end of JSON input");
      at++;
    }
  }

  /** The index after the string whose opening quote is at `from`. */
  private endOfString(from: number): number {
    let at = from + 1;
    for (;;) {
      const quote = this.text.indexOf('"', at);
      if (quote === -1) throw new SyntaxError("Unterminated string in JSON");
      let backslashes = 0;
      while (this.text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) return quote + 1;
      at = quote + 1;
    }
  }

  unexpected(): SyntaxError {
    return this.at >= this.text.length
      ? new SyntaxError("Unexpected end of JSON input")
      : new SyntaxError(`Unexpected token in JSON at position ${this.at}`);
  }
}
