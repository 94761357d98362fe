// Sources that restate a growing text (Codex item updates, LangGraph `messages/partial`, aggregated
// command output) are turned into deltas. Checking the whole prefix on every update would be quadratic
// in the text length, so only a bounded window before the join is compared; a rewrite earlier in the
// text is still caught by the final, which replaces the streamed text (TEXT-04/05).
const WINDOW = 64;

/** The new suffix when `next` extends `previous`, `""` when nothing was added, `undefined` when it diverged. */
export function appendedSuffix(previous: string, next: string): string | undefined {
  if (next.length < previous.length) return undefined;
  const from = Math.max(0, previous.length - WINDOW);
  for (let i = from; i < previous.length; i++)
    if (previous.charCodeAt(i) !== next.charCodeAt(i)) return undefined;
  return next.slice(previous.length);
}

/** What a growing text needs kept between restatements: its length and its last `WINDOW` characters
 * (a copy: never the whole text, nor a slice that keeps it alive). */
export interface GrownText {
  length: number;
  tail: string;
}

export function grownText(text: string): GrownText {
  const from = Math.max(0, text.length - WINDOW);
  const codes: number[] = [];
  for (let i = from; i < text.length; i++) codes.push(text.charCodeAt(i));
  return { length: text.length, tail: String.fromCharCode(...codes) };
}

/** `appendedSuffix` against what was kept of the previous text. */
export function grownSuffix(previous: GrownText, next: string): string | undefined {
  if (next.length < previous.length) return undefined;
  const from = previous.length - previous.tail.length;
  for (let i = 0; i < previous.tail.length; i++)
    if (previous.tail.charCodeAt(i) !== next.charCodeAt(from + i)) return undefined;
  return next.slice(previous.length);
}
