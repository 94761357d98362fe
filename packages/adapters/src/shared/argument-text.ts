// Tool-argument text a source streams in deltas, kept per call until the arguments end, up to
// MAX_ARGUMENT_CHARS: past that the rest is not kept, the input is stated from what was kept as a
// preview (never parsed from a cut JSON text), and one `source_limit_exceeded` warning says so.
import type { LimitNotices, TableLimit } from "./bounded";
import { CappedText } from "./capped-text";

/** Characters of one call's streamed argument text kept. */
export const MAX_ARGUMENT_CHARS = 1_048_576;

export const ARGUMENT_TEXT_LIMIT: TableLimit = {
  table: "tool argument text",
  cap: MAX_ARGUMENT_CHARS,
  consequence:
    "a call's argument text past the cap is not kept: its input is stated as a preview of the kept text, not parsed",
};

/** A call's argument text, empty. */
export function argumentText(notices: LimitNotices): CappedText {
  return new CappedText(ARGUMENT_TEXT_LIMIT, notices);
}
