// One page of a list by cursor: the gateway's window and every page endpoint (messages, record tables, the
// team's lists) cut the same way, so a cursor means the same thing everywhere: a position in the list.
import type { WindowInfo } from "@agent-ui/contracts";

/** The rows `[start, end)` of a list of `length` that end before `before` (at most `limit`), and the
 * window info a client pages on: the cursor of the next older page is `start`. */
export function pageBefore(
  length: number,
  before: number,
  limit: number,
): { start: number; end: number; info: WindowInfo } {
  const end = Math.max(0, Math.min(before, length));
  const start = Math.max(0, end - limit);
  return {
    start,
    end,
    info: {
      total: length,
      included: end - start,
      truncated: start > 0,
      before: start > 0 ? String(start) : null,
    },
  };
}
