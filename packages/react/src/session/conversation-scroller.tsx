// The conversation's scroll region: follows the newest message while the reader is at the bottom, keeps the
// reader's place when older messages are prepended, and pages back through history — a "Load earlier"
// button, and automatically when the reader scrolls to the top by hand (HYD-05: only on the user's action —
// the scroll to the newest message on opening, or as older messages mount, never loads a page).
import type { EarlierState } from "@agent-ui/client";
import { type ReactNode, useCallback, useLayoutEffect, useRef } from "react";

export interface ConversationScrollerProps {
  history: EarlierState;
  onLoadEarlier: () => void;
  children: ReactNode;
  className?: string;
  label?: string;
}

/** Within this many px of the top, scrolling loads the next older page. */
const AUTO_LOAD_PX = 120;
/** Within this many px of the bottom, the scroller follows new content. */
const FOLLOW_PX = 48;

export function ConversationScroller(props: ConversationScrollerProps) {
  const { history, onLoadEarlier } = props;
  const ref = useRef<HTMLElement | null>(null);
  const following = useRef(true);
  /** Distance from the bottom before a page of older messages was added: kept after it renders. */
  const anchor = useRef<number | null>(null);
  /** Set once the reader scrolls by hand (wheel, touch, keys, pointer). */
  const byHand = useRef(false);
  const touched = () => {
    byHand.current = true;
  };
  const count = history.count;
  const loadEarlier = useCallback(() => {
    const el = ref.current;
    if (history.loading || history.reachedStart) return;
    if (el) anchor.current = el.scrollHeight - el.scrollTop;
    onLoadEarlier();
  }, [history.loading, history.reachedStart, onLoadEarlier]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a page of older messages arrived
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || anchor.current === null) return;
    el.scrollTop = el.scrollHeight - anchor.current;
    anchor.current = null;
  }, [count]);

  const attach = useCallback((el: HTMLElement | null) => {
    ref.current = el;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (following.current && anchor.current === null) el.scrollTop = el.scrollHeight;
    });
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    following.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX;
    if (byHand.current && el.scrollTop < AUTO_LOAD_PX && el.scrollHeight > el.clientHeight) loadEarlier();
  };

  return (
    <section
      ref={attach}
      className={`aui-chat-scroll${props.className ? ` ${props.className}` : ""}`}
      onScroll={onScroll}
      onWheel={touched}
      onTouchMove={touched}
      onKeyDown={touched}
      onPointerDown={touched}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll region must be keyboard scrollable
      tabIndex={0}
      aria-label={props.label ?? "Conversation history"}
    >
      <div className="aui-chat-scroll-body">
        <div className="aui-history-edge">
          {history.reachedStart ? (
            <p className="aui-hint">Start of the conversation</p>
          ) : (
            <button
              type="button"
              className="aui-button aui-button-quiet"
              onClick={loadEarlier}
              disabled={history.loading}
            >
              {history.loading ? "Loading earlier messages…" : "Load earlier messages"}
            </button>
          )}
          {history.error ? (
            <p className="aui-tool-error">Could not load earlier messages: {history.error}</p>
          ) : null}
        </div>
        {props.children}
      </div>
    </section>
  );
}
