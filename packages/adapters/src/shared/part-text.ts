// The text of a streamed text or reasoning part, kept by an adapter until the part ends to state its final
// (the projection compares it with the streamed deltas and replaces them when it differs, TEXT-04/05). A
// stranger can stream any number of parts of any length, so what the open parts keep together is bounded:
// the part whose delta would pass MAX_PART_TEXT_CHARS in all keeps nothing more. Its deltas still stream
// (the projection holds the whole text), but it ends without a final, which would replace that text with a
// cut one: its run's end completes it. One `source_limit_exceeded` warning says so.
import type { LimitNotices, TableLimit } from "./bounded";
import { CappedText, TextBudget } from "./capped-text";

/** Characters of streamed text and reasoning the open parts of one adapter keep together. */
export const MAX_PART_TEXT_CHARS = 8_388_608;

export const PART_TEXT_LIMIT: TableLimit = {
  table: "open part text",
  cap: MAX_PART_TEXT_CHARS,
  consequence:
    "the part whose text passes it keeps no more: its deltas still stream, but it ends without a final (its run's end completes it)",
};

/** The budget the open parts of one adapter share. */
export function partTextBudget(): TextBudget {
  return new TextBudget(MAX_PART_TEXT_CHARS);
}

/** A part's text, empty, kept within `budget`. */
export function partText(notices: LimitNotices, budget: TextBudget): CappedText {
  return new CappedText(PART_TEXT_LIMIT, notices, budget);
}
