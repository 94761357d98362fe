// Text a source streams in pieces (tool arguments, an artifact's text, a text part), kept for a later read
// up to a cap and joined once (linear time). The text is the stranger's to make as long as it likes: past
// the cap the rest is not kept (`cut`) and the table's one `source_limit_exceeded` warning says so. Texts
// that share a `TextBudget` are also cut once what they keep together would pass its cap.
import type { LimitNotices, TableLimit } from "./bounded";

/** Characters kept by several capped texts together (e.g. every open part's), so their sum is bounded
 * too, not only each one. A text gives its characters back when it is taken or released. */
export class TextBudget {
  used = 0;
  constructor(readonly cap: number) {}
}

export class CappedText {
  private chunks: string[] = [];
  /** Characters kept. */
  length = 0;
  /** The text passed the cap: what follows it was not kept. */
  cut = false;
  /** A piece was appended (an empty one too), kept or not. */
  received = false;

  constructor(
    private readonly limit: TableLimit,
    private readonly notices: LimitNotices,
    private readonly budget?: TextBudget,
  ) {}

  append(piece: string): void {
    this.received = true;
    if (this.cut) return;
    const budget = this.budget;
    if (
      this.length + piece.length > this.limit.cap ||
      (budget !== undefined && budget.used + piece.length > budget.cap)
    ) {
      this.cut = true;
      this.notices.report(this.limit);
      return;
    }
    this.chunks.push(piece);
    this.length += piece.length;
    if (budget !== undefined) budget.used += piece.length;
  }

  /** The text kept so far, joined once (the pieces are kept joined). */
  text(): string {
    if (this.chunks.length > 1) this.chunks = [this.chunks.join("")];
    return this.chunks[0] ?? "";
  }

  /** The text kept so far; the buffer is emptied. */
  take(): string {
    const text = this.text();
    this.release();
    return text;
  }

  /** Forgets the text kept so far (its characters go back to the budget). */
  release(): void {
    if (this.budget !== undefined) this.budget.used -= this.length;
    this.chunks = [];
    this.length = 0;
  }
}
