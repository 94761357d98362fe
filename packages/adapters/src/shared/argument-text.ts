// Tool-argument text a source streams in deltas, kept per call and joined once when the arguments end
// (linear time). A call's text is the stranger's to make as long as it likes, so it is kept up to
// MAX_ARGUMENT_CHARS: past that the rest is not kept, the input is stated from what was kept as a
// preview (never parsed from a cut JSON text), and one `source_limit_exceeded` warning says so.
import type { LimitNotices, TableLimit } from "./bounded";

/** Characters of one call's streamed argument text kept. */
export const MAX_ARGUMENT_CHARS = 1_048_576;

export const ARGUMENT_TEXT_LIMIT: TableLimit = {
  table: "tool argument text",
  cap: MAX_ARGUMENT_CHARS,
  consequence:
    "a call's argument text past the cap is not kept: its input is stated as a preview of the kept text, not parsed",
};

export class ArgumentText {
  private chunks: string[] = [];
  private chars = 0;
  /** The text passed the cap: what follows it was not kept. */
  cut = false;

  constructor(private readonly notices: LimitNotices) {}

  append(delta: string): void {
    if (this.cut) return;
    if (this.chars + delta.length > MAX_ARGUMENT_CHARS) {
      this.cut = true;
      this.notices.report(ARGUMENT_TEXT_LIMIT);
      return;
    }
    this.chunks.push(delta);
    this.chars += delta.length;
  }

  /** The text kept so far, joined once; the buffer is emptied. */
  take(): string {
    const text = this.chunks.length === 1 ? this.chunks[0] : this.chunks.join("");
    this.chunks = [];
    this.chars = 0;
    return text;
  }
}
