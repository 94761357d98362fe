// JSON.parse in slices: the value `JSON.parse(text)` gives, built a row at a time with a turn of the event
// loop between slices (./turns), so reading a large stored projection state (tens of MB at a million
// events) never holds the loop for its whole length. The counterpart of ./json-slices: objects and
// arrays down to `depth` are walked here, finding each member's extent by a scan that skips strings;
// anything deeper (one row: a message, a tool record) is one JSON.parse call. Text that is not JSON
// throws a SyntaxError, as JSON.parse does.
// The text may come as pieces (`utf8Pieces` decodes stored bytes piece by piece): the reader keeps only
// the part not yet consumed plus the next pieces, so a text of tens of MB is never joined into one string.
import type { Slicer } from "./turns";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
/** A scan reached the end of the text read so far, more may follow. */
const MORE = -1;

/** UTF-8 bytes per decoded piece (`utf8Pieces`). */
export const UTF8_PIECE_BYTES = 1 << 20;

/** The text of UTF-8 `bytes`, decoded a piece at a time as it is read (a character split between two
 * pieces is decoded whole). */
export function* utf8Pieces(bytes: Uint8Array, pieceBytes = UTF8_PIECE_BYTES): Generator<string> {
  const decoder = new TextDecoder();
  for (let at = 0; at < bytes.byteLength; at += pieceBytes)
    yield decoder.decode(bytes.subarray(at, at + pieceBytes), { stream: true });
  const tail = decoder.decode();
  if (tail !== "") yield tail;
}

/** Parses `text` (whole, or its pieces in order) exactly like `JSON.parse` of the whole text (no
 * reviver), stepping `slicer` between rows. */
export async function parseInSlices(
  text: string | Iterable<string>,
  slicer: Slicer,
  depth = 2,
): Promise<unknown> {
  const reader = new Reader(typeof text === "string" ? [text][Symbol.iterator]() : text[Symbol.iterator]());
  const value = await reader.value(depth, slicer);
  reader.skipBlanks();
  if (reader.at < reader.text.length) throw reader.unexpected();
  return value;
}

class Reader {
  /** The text not yet consumed (from `at`), and what was dropped before it (`dropped` characters). */
  text = "";
  at = 0;
  private dropped = 0;
  private ended = false;
  constructor(private readonly pieces: Iterator<string>) {}

  /** Reads more of the text, dropping what was consumed; false once the text has ended. What is kept
   * at least doubles, so a value longer than a piece is rescanned a logarithmic number of times. */
  private more(): boolean {
    if (this.ended) return false;
    const rest = this.text.length - this.at;
    let added = "";
    // Empty pieces (a decoder's piece that ended inside a character) add nothing: read on past them.
    while (added === "" || added.length < rest) {
      const next = this.pieces.next();
      if (next.done) {
        this.ended = true;
        break;
      }
      added += next.value;
    }
    if (added === "") return false;
    this.dropped += this.at;
    this.text = this.text.slice(this.at) + added;
    this.at = 0;
    return true;
  }

  /** The end of the value or string `scan` finds from `at`, reading more text until it is found. */
  private extent(scan: (from: number, final: boolean) => number): number {
    for (;;) {
      const end = scan(this.at, this.ended);
      if (end !== MORE) return end;
      if (!this.more()) return scan(this.at, true);
    }
  }

  async value(depth: number, slicer: Slicer): Promise<unknown> {
    this.skipBlanks();
    const code = this.text.charCodeAt(this.at);
    if (depth > 0 && code === OPEN_OBJECT) return this.object(depth, slicer);
    if (depth > 0 && code === OPEN_ARRAY) return this.array(depth, slicer);
    return this.row();
  }

  /** One value parsed whole by JSON.parse. */
  private row(): unknown {
    const end = this.extent((from, final) => this.endOfValue(from, final));
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
      const keyEnd = this.extent((from, final) => this.endOfString(from, final));
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

  /** Skips blanks, reading more text while only blanks are left. */
  skipBlanks(): void {
    for (;;) {
      const code = this.text.charCodeAt(this.at);
      if (Number.isNaN(code) && this.more()) continue;
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return;
      this.at++;
    }
  }

  /** The index after the value starting at `from` (its text is checked by JSON.parse afterwards), or
   * `MORE` when the text read so far ends first and is not `final`. */
  private endOfValue(from: number, final: boolean): number {
    const text = this.text;
    const first = text.charCodeAt(from);
    if (first === QUOTE) return this.endOfString(from, final);
    if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
      // A number or a literal: up to the next delimiter.
      let at = from;
      for (;;) {
        const code = text.charCodeAt(at);
        if (Number.isNaN(code)) return final ? at : MORE;
        if (
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
        at = this.endOfString(at, final);
        if (at === MORE) return MORE;
        continue;
      }
      if (code === OPEN_OBJECT || code === OPEN_ARRAY) open++;
      else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
        open--;
        if (open === 0) return at + 1;
      } else if (Number.isNaN(code)) {
        if (final) throw new SyntaxError("Unexpected end of JSON input");
        return MORE;
      }
      at++;
    }
  }

  /** The index after the string whose opening quote is at `from`, or `MORE` (see endOfValue). */
  private endOfString(from: number, final: boolean): number {
    let at = from + 1;
    for (;;) {
      const quote = this.text.indexOf('"', at);
      if (quote === -1) {
        if (final) throw new SyntaxError("Unterminated string in JSON");
        return MORE;
      }
      let backslashes = 0;
      while (this.text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) return quote + 1;
      at = quote + 1;
    }
  }

  unexpected(): SyntaxError {
    return this.at >= this.text.length
      ? new SyntaxError("Unexpected end of JSON input")
      : new SyntaxError(`Unexpected token in JSON at position ${this.dropped + this.at}`);
  }
}
