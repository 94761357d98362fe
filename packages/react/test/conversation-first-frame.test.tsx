// @vitest-environment happy-dom
// A long conversation's first frame renders its newest messages (their answers as markdown); the older
// ones mount in a background render right after, above them (HYD-02: the first paint waits neither for
// rendering every message of the window nor for parsing every answer). No message is lost either way.
import type { Message } from "@agent-ui/contracts";
import { cleanup, render, waitFor } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Conversation, FIRST_FRAME_MESSAGES } from "../src/conversation";
import { MarkdownText, preloadMarkdown } from "../src/markdown-text";
import { acceptingDispatch } from "./helpers";

afterEach(cleanup);

const answer = (i: number): Message => ({
  id: `m${i}`,
  role: "assistant",
  parts: [{ id: `p${i}`, kind: "assistant_text", text: `Answer **bold ${i}**`, status: "done" }],
});

/** The messages in the DOM now, by id, in order. */
const shownMessages = (): string[] =>
  [...document.querySelectorAll("article[data-message-id]")].map(
    (a) => a.getAttribute("data-message-id") ?? "",
  );

/** Which answers (by message id) show a markdown element, read from the DOM now. */
function richAnswers(): string[] {
  return [...document.querySelectorAll("article[data-message-id]")]
    .filter((a) => a.querySelector(".aui-answer strong") !== null)
    .map((a) => a.getAttribute("data-message-id") ?? "");
}

type Seen = { shown?: string[]; rich?: string[]; text?: string };

/** Records what the first commit put in the DOM (its layout effects run before any later render). */
function FirstCommit({ seen }: { seen: Seen }) {
  useLayoutEffect(() => {
    seen.shown = shownMessages();
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
  const seen: Seen = {};
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

describe("a long conversation's first frame", () => {
  it("HYD-02 PERF-05 shows the newest messages as markdown, then mounts the older ones above them", async () => {
    await rendererLoaded();
    const messages = Array.from({ length: FIRST_FRAME_MESSAGES + 3 }, (_, i) => answer(i));
    const seen = renderFirstFrame(messages);
    const newest = messages.slice(-FIRST_FRAME_MESSAGES).map((m) => m.id);
    expect(seen.shown).toEqual(newest);
    expect(seen.rich).toEqual(newest);
    for (const i of [0, 1, 2]) expect(seen.text).not.toContain(`bold ${i}`);
    // Right after: every message, in order, every answer markdown.
    await waitFor(() => expect(shownMessages()).toEqual(messages.map((m) => m.id)));
    expect(richAnswers()).toEqual(messages.map((m) => m.id));
    expect(document.querySelector(".aui-answer .aui-md-plain")).toBeNull();
  });

  it("HYD-02 a focused older message is in the first frame with all the others (the view scrolls to it)", async () => {
    await rendererLoaded();
    const messages = Array.from({ length: FIRST_FRAME_MESSAGES + 3 }, (_, i) => answer(i));
    const seen = renderFirstFrame(messages, "m1");
    expect(seen.shown).toEqual(messages.map((m) => m.id));
    expect(seen.rich).toEqual(messages.map((m) => m.id));
  });

  it("HYD-02 a focused message among the newest leaves the older ones for after the first frame", async () => {
    const messages = Array.from({ length: FIRST_FRAME_MESSAGES + 2 }, (_, i) => answer(i));
    const seen = renderFirstFrame(messages, `m${FIRST_FRAME_MESSAGES + 1}`);
    expect(seen.shown).toEqual(messages.slice(-FIRST_FRAME_MESSAGES).map((m) => m.id));
    await waitFor(() => expect(shownMessages()).toEqual(messages.map((m) => m.id)));
  });

  it("HYD-02 a conversation no longer than the first frame renders whole at once", () => {
    const messages = Array.from({ length: FIRST_FRAME_MESSAGES }, (_, i) => answer(i));
    const seen = renderFirstFrame(messages);
    expect(seen.shown).toEqual(messages.map((m) => m.id));
  });
});
