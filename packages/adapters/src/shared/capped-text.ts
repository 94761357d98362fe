// Text a source streams in pieces (tool arguments, an artifact's text), kept for a later read up to a cap
// and joined once (linear time). The text is the stranger's to make as long as it likes: past the cap
// the rest is not kept (`cut`) and the table's one `source_limit_exceeded` warning says so.
import type { LimitNotices, TableLimit } from "./bounded";

export class CappedText {
  private chunks: string[] = [];
  /** Characters kept. */
  length = 0;
  /** The text passed the cap: what follows it was not kept. */
  cut = false;

  constructor(
    private readonly limit: TableLimit,
    private readonly notices: LimitNotices,
  ) {}

  append(piece: string): void {
    if (this.cut) return;
    if (this.length + piece.length > this.limit.cap) {
      this.cut = true;
      this.notices.report(this.limit);
      return;
    }
    this.chunks.push(piece);
    this.length += piece.length;
  }

  /** The text kept so far, joined once (the pieces are kept joined). */
  text(): string {
    if (this.chunks.length > 1) this.chunks = [this.chunks.join("")];
    return this.chunks[0] ?? "";
  }

  /** The text kept so far; the buffer is emptied. */
  take(): string {
    const text = this.text();
    this.chunks = [];
    this.length = 0;
    return text;
  }
}
