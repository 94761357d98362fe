// Assistant answer text as markdown, safe while streaming. Settled blocks (see markdown/blocks.ts) are
// parsed once and memoized; only the growing tail is parsed again per frame. The renderer is its own chunk:
// until it has loaded, blocks show as plain text in the same block layout.
import { lazy, memo, Suspense, useDeferredValue, useRef } from "react";
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

const Block = memo(function Block({
  text,
  live,
  deferred = false,
}: {
  text: string;
  live: boolean;
  deferred?: boolean;
}) {
  // A deferred block mounts as plain text and turns to markdown in a background render right after
  // (interruptible, after the first paint); once mounted it stays markdown.
  const rich = useDeferredValue(true, !deferred);
  return (
    <div className="aui-md-block">
      {rich ? (
        <Suspense fallback={<Plain text={text} />}>
          <Renderer text={text} live={live} />
        </Suspense>
      ) : (
        <Plain text={text} />
      )}
    </div>
  );
});

export function MarkdownText({
  text,
  className,
  streaming,
  deferred,
}: {
  text: string;
  className: string;
  streaming: boolean;
  /** Render the settled blocks as plain text first and as markdown just after the first paint (answers
   * off the first screen: a long conversation's first frame does not wait for parsing them all). */
  deferred?: boolean;
}) {
  const state = useRef<BlockState>(emptyBlockState());
  advanceBlocks(state.current, text);
  const tail = tailOf(state.current, streaming);
  return (
    <div className={`${className} aui-markdown`} data-streaming={streaming}>
      {state.current.blocks.map((block, i) => (
        // Settled blocks never change once emitted, so their index is a stable identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
        <Block key={i} text={block} live={false} deferred={deferred} />
      ))}
      {tail === null ? null : streaming && tail.text.length > LIVE_MARKDOWN_LIMIT ? (
        <StreamingText text={tail.text} streaming className="aui-md-plain" />
      ) : tail.kind === "text" ? (
        <Plain text={tail.text} />
      ) : (
        <Block text={tail.text} live={streaming} deferred={deferred && !streaming} />
      )}
    </div>
  );
}
