// The pieces of framing that the whole-text framer (framing.ts) and the incremental one
// (framing-stream.ts) share: one JSON parse that never throws, the data stream line grammar and the
// `unparseable_input` diagnostic, which locates bad input and never quotes it (SEC-03).
import { type Diagnostic, diagnostic } from "./diagnostics";

/** A data stream protocol line (AI SDK 4, assistant-stream's `DataStreamEncoder`): `code:JSON`, the code
 * one character `0`-`9`/`a`-`k` or an `aui-*` extension name. */
export const DATA_STREAM_LINE = /^(?:[0-9a-k]|aui-[a-z-]{1,40}):/;

export type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

export function tryParse(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** True when the text reads as JSONL: its first non-blank line parses on its own. */
export function lineByLinePlausible(body: string): boolean {
  const firstLine = body.split(/\r?\n/).find((line) => line.trim() !== "");
  return firstLine !== undefined && tryParse(firstLine.trim()).ok;
}

export function unparseable(line: number, error: string, source: string): Diagnostic {
  // The parser's own message quotes the input, so only the offset it names is kept.
  const position = /at position (\d+)/.exec(error);
  const where = position === null ? "" : ` at character ${Number(position[1]) + 1}`;
  const why = /end of JSON input/i.test(error) ? "it ends early" : `unexpected input${where}`;
  const message = `line ${line}: not valid JSON (${source.length} characters; ${why})`;
  return diagnostic("unparseable_input", "error", message, { eventRef: { line } });
}
