// @vitest-environment happy-dom
// The conversation's scroller loads an older page when the reader reaches the top by hand, never because the
// view scrolled itself: opening a session scrolls to the newest message, and older messages mounting right
// after the first frame move the view too (HYD-05: older history only on the user's action).
import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConversationScroller } from "../src/session/conversation-scroller";

afterEach(cleanup);

function scroller(onLoadEarlier: () => void) {
  const view = render(
    <ConversationScroller
      history={{ count: 0, loading: false, reachedStart: false }}
      onLoadEarlier={onLoadEarlier}
    >
      <p>messages</p>
    </ConversationScroller>,
  );
  const el = view.getByRole("region", { name: "Conversation history" });
  Object.defineProperty(el, "scrollHeight", { configurable: true, value: 2000 });
  Object.defineProperty(el, "clientHeight", { configurable: true, value: 500 });
  return el;
}

function scrollTo(el: HTMLElement, top: number) {
  el.scrollTop = top;
  fireEvent.scroll(el);
}

describe("conversation scroller: older pages on the user's action", () => {
  it("HYD-05 a scroll near the top that the user did not make loads nothing", () => {
    const load = vi.fn();
    const el = scroller(load);
    scrollTo(el, 40);
    scrollTo(el, 0);
    expect(load).not.toHaveBeenCalled();
  });

  it.each([
    ["wheel", (el: HTMLElement) => fireEvent.wheel(el, { deltaY: -300 })],
    ["touch", (el: HTMLElement) => fireEvent.touchMove(el)],
    ["keys", (el: HTMLElement) => fireEvent.keyDown(el, { key: "PageUp" })],
    ["pointer (scroll bar)", (el: HTMLElement) => fireEvent.pointerDown(el)],
  ])("HYD-05 after the user scrolls by %s, reaching the top loads the next older page", (_how, byHand) => {
    const load = vi.fn();
    const el = scroller(load);
    byHand(el);
    scrollTo(el, 900);
    expect(load).not.toHaveBeenCalled();
    scrollTo(el, 40);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("HYD-05 the Load earlier button loads a page without any scroll", () => {
    const load = vi.fn();
    const el = scroller(load);
    fireEvent.click(el.querySelector("button") as HTMLButtonElement);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
