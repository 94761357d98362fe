// Assistant answer text as markdown, safe while streaming. Settled blocks (see markdown/blocks.ts) are
// parsed once and memoized; only the growing tail is parsed again per frame. The renderer is its own chunk:
// until it has loaded, blocks show as plain text in the same block layout.
import { lazy, memo, Suspense, useRef } from "react";
import { advanceBlocks, type BlockState, emptyBlockState, tailOf } from "./markdown/blocks";
import { StreamingText } from "./streaming-text";

/** A streaming tail longer than this (one huge paragraph) is shown as plain text blocks until it settles:
 * parsing it again on every frame would cost time quadratic in its length. */
export const LIVE_MARKDOWN_LIMIT = 1500;

const loadRenderer = () => import("./markdown/render");
const Renderer = lazy(loadRenderer);

/** Starts loading the markdown renderer (e.g. when a session opens), so the first answer renders at once. */
export function preloadMarkdown(): Promise<unknown> {
  return loadRenderer();
}

function Plain({ text }: { text: string }) {
  return <div className="aui-text-block aui-md-plain">{text}</div>;
}

const Block = memo(function Block({ text, live }: { text: string; live: boolean }) {
  return (
    <div className="aui-md-block">
      <Suspense fallback={<Plain text={text} />}>
        <Renderer text={text} live={live} />
      </Suspense>
    </div>
  );
});

export function MarkdownText({
  text,
  className,
  streaming,
}: {
  text: string;
  className: string;
  streaming: boolean;
}) {
  const state = useRef<BlockState>(emptyBlockState());
  advanceBlocks(state.current, text);
  const tail = tailOf(state.current, streaming);
  return (
    <div className={`${className} aui-markdown`} data-streaming={streaming}>
      {state.current.blocks.map((block, i) => (
        // Settled blocks never change once emitted, so their index is a stable identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
        <Block key={i} text={block} live={false} />
      ))}
      {tail === null ? null : streaming && tail.text.length > LIVE_MARKDOWN_LIMIT ? (
        <StreamingText text={tail.text} streaming className="aui-md-plain" />
      ) : tail.kind === "text" ? (
        <Plain text={tail.text} />
      ) : (
        <Block text={tail.text} live={streaming} />
      )}
    </div>
  );
}
