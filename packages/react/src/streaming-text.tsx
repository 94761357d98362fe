// Streaming answer text as stable blocks. Re-laying out one ever-growing paragraph on every frame is what
// makes long answers janky (measured with `npm run bench:ui`): here finished paragraphs become their own
// memoized block elements that the browser lays out once, and only the growing tail changes. Splitting is
// incremental (only new text is scanned) and restarts when the text is replaced (a reconciled final).
import { memo, useRef } from "react";

/** Sentence ends where an overlong paragraph may be split. */
const SENTENCE_END = /[.!?。！？]\s/g;
const SOFT_LIMIT = 1200;
const HARD_LIMIT = 3000;

interface ChunkState {
  source: string;
  consumed: number;
  chunks: string[];
}

/** Appends the complete blocks found in `text` after `state.consumed`; returns the remaining tail. */
export function advanceChunks(state: ChunkState, text: string): string {
  const appended =
    text.length >= state.consumed &&
    text.startsWith(
      state.source.slice(Math.max(0, state.consumed - 64), state.consumed),
      Math.max(0, state.consumed - 64),
    );
  if (!appended) {
    state.consumed = 0;
    state.chunks = [];
  }
  state.source = text;
  for (;;) {
    const start = state.consumed;
    const newline = text.indexOf("\n", start);
    let end = -1;
    if (newline !== -1 && newline - start <= HARD_LIMIT) end = newline + 1;
    else if (text.length - start > SOFT_LIMIT) {
      SENTENCE_END.lastIndex = start + SOFT_LIMIT;
      const sentence = SENTENCE_END.exec(text);
      if (sentence && sentence.index - start <= HARD_LIMIT) end = sentence.index + sentence[0].length;
      else if (text.length - start > HARD_LIMIT) {
        const space = text.lastIndexOf(" ", start + HARD_LIMIT);
        end = space > start ? space + 1 : start + HARD_LIMIT;
      }
    }
    if (end === -1) break;
    state.chunks.push(text.slice(start, end));
    state.consumed = end;
  }
  return text.slice(state.consumed);
}

const Block = memo(function Block({ text }: { text: string }) {
  // A paragraph's own newline ends the block; an empty paragraph keeps its line.
  const shown = text.endsWith("\n") ? text.slice(0, -1) : text;
  return <div className="aui-text-block">{shown === "" ? "\u200b" : shown}</div>;
});

export function StreamingText({
  text,
  className,
  streaming,
}: {
  text: string;
  className: string;
  streaming: boolean;
}) {
  const state = useRef<ChunkState>({ source: "", consumed: 0, chunks: [] });
  const tail = advanceChunks(state.current, text);
  const chunks = state.current.chunks;
  return (
    <div className={className} data-streaming={streaming}>
      {chunks.map((chunk, i) => (
        // Blocks never change once emitted, so their index is a stable identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
        <Block key={i} text={chunk} />
      ))}
      {tail ? <div className="aui-text-block">{tail}</div> : null}
    </div>
  );
}
