// Streaming-safe markdown blocks. A growing answer is cut into settled blocks (ended by a blank line that is
// followed by an unindented line, outside any code fence) that are parsed once and never change, plus one
// growing tail. The tail is what may be unfinished: an open code fence already renders as a growing code
// block (CommonMark closes it at the end), and a table still arriving is shown as text until it settles (a header row without its delimiter row would otherwise flip from paragraph to
// table). Scanning is incremental: only text after the last complete line is read again.

export interface BlockState {
  /** The text the state was built from. */
  source: string;
  /** Settled blocks, append-only. */
  blocks: string[];
  /** Where the tail starts. */
  consumed: number;
  /** Where the next unread line starts. */
  scanned: number;
  /** The open fence at `scanned` (its marker, e.g. "```"), or null. */
  fence: string | null;
  /** A blank line was read outside a fence and no line has followed it yet. */
  afterBlank: boolean;
}

export function emptyBlockState(): BlockState {
  return { source: "", blocks: [], consumed: 0, scanned: 0, fence: null, afterBlank: false };
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Updates `state` for `text` (appended to, or replacing, the previous text). */
export function advanceBlocks(state: BlockState, text: string): void {
  const keep = Math.max(0, state.scanned - 64);
  const appended =
    text.length >= state.scanned && text.startsWith(state.source.slice(keep, state.scanned), keep);
  if (!appended) Object.assign(state, emptyBlockState());
  state.source = text;
  for (;;) {
    const start = state.scanned;
    const newline = text.indexOf("\n", start);
    if (newline === -1) return;
    const line = text.slice(start, newline);
    if (state.fence !== null) {
      const close = FENCE.exec(line);
      if (
        close &&
        close[1][0] === state.fence[0] &&
        close[1].length >= state.fence.length &&
        line.trim() === close[1]
      )
        state.fence = null;
    } else if (line.trim() === "") {
      state.afterBlank = true;
    } else {
      if (state.afterBlank && !/^\s/.test(line) && start > state.consumed) {
        state.blocks.push(text.slice(state.consumed, start));
        state.consumed = start;
      }
      state.afterBlank = false;
      const open = FENCE.exec(line);
      if (open) state.fence = open[1];
    }
    state.scanned = newline + 1;
  }
}

export type Tail = { kind: "markdown" | "text"; text: string } | null;

/** How the unsettled tail renders. A finished text renders its tail as markdown as it is. */
export function tailOf(state: BlockState, streaming: boolean): Tail {
  const text = state.source.slice(state.consumed);
  if (text.trim() === "") return null;
  if (!streaming) return { kind: "markdown", text };
  if (/^ {0,3}\|/.test(text)) return { kind: "text", text };
  return { kind: "markdown", text };
}
