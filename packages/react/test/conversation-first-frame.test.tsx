// @vitest-environment happy-dom
// A long conversation's first frame renders the newest answers as markdown and the older ones as plain
// text; the older ones become markdown in a background render right after (HYD-02: the first paint does
// not wait for parsing every answer in the window). Text is never lost either way.
import type { Message } from "@agent-ui/contracts";
import { cleanup, render, waitFor } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Conversation, EAGER_MARKDOWN_MESSAGES } from "../src/conversation";
import { MarkdownText, preloadMarkdown } from "../src/markdown-text";
import { acceptingDispatch } from "./helpers";

afterEach(cleanup);

const answer = (i: number): Message => ({
  id: `m${i}`,
  role: "assistant",
  parts: [{ id: `p${i}`, kind: "assistant_text", text: `Answer **bold ${i}**`, status: "done" }],
});

/** Which answers (by message id) show a markdown element, read from the DOM now. */
function richAnswers(): string[] {
  return [...document.querySelectorAll("article[data-message-id]")]
    .filter((a) => a.querySelector(".aui-answer strong") !== null)
    .map((a) => a.getAttribute("data-message-id") ?? "");
}

/** Records what the first commit put in the DOM (its layout effects run before any later render). */
function FirstCommit({ seen }: { seen: { rich?: string[]; text?: string } }) {
  useLayoutEffect(() => {
    seen.rich = richAnswers();
    seen.text = document.querySelector(".aui-conversation")?.textContent ?? "";
  }, [seen]);
  return null;
}

async function rendererLoaded() {
  await preloadMarkdown();
  const warm = render(<MarkdownText text="**warm**" streaming={false} className="aui-text" />);
  await waitFor(() => expect(warm.container.querySelector("strong")).toBeTruthy());
  warm.unmount();
}

/** Renders the conversation of `messages` and returns what its first commit showed. */
function renderFirstFrame(messages: Message[], focusMessageId?: string) {
  const seen: { rich?: string[]; text?: string } = {};
  render(
    <>
      <Conversation
        messages={messages}
        tools={{}}
        actions={{}}
        agents={{}}
        artifacts={{}}
        dispatch={acceptingDispatch().dispatch}
        focusMessageId={focusMessageId}
      />
      <FirstCommit seen={seen} />
    </>,
  );
  return seen;
}

describe("markdown of older answers after the first frame", () => {
  it("HYD-02 PERF-05 the newest answers are markdown in the first frame, the older ones plain, then markdown", async () => {
    await rendererLoaded();
    const messages = Array.from({ length: EAGER_MARKDOWN_MESSAGES + 3 }, (_, i) => answer(i));
    const seen = renderFirstFrame(messages);
    const newest = messages.slice(-EAGER_MARKDOWN_MESSAGES).map((m) => m.id);
    expect(seen.rich).toEqual(newest);
    // The older answers are there as their plain text in that frame.
    for (const i of [0, 1, 2]) expect(seen.text).toContain(`Answer **bold ${i}**`);
    await waitFor(() => expect(richAnswers()).toEqual(messages.map((m) => m.id)));
    expect(document.querySelector(".aui-answer .aui-md-plain")).toBeNull();
  });

  it("a focused older answer is markdown in the first frame (the view scrolls to it)", async () => {
    await rendererLoaded();
    const messages = Array.from({ length: EAGER_MARKDOWN_MESSAGES + 3 }, (_, i) => answer(i));
    const seen = renderFirstFrame(messages, "m1");
    expect(seen.rich).toEqual(["m1", ...messages.slice(-EAGER_MARKDOWN_MESSAGES).map((m) => m.id)]);
  });
});
