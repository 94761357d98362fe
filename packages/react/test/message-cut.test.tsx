// @vitest-environment happy-dom
// HYD-13: a message shown cut to the gateway's byte budget says so plainly, with an accessible control
// that loads it whole; a failed load says why and offers to try again.
import type { CutMessage } from "@agent-ui/client";
import type { Message } from "@agent-ui/contracts";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Conversation } from "../src/conversation";

afterEach(cleanup);

const message: Message = {
  id: "m1",
  role: "assistant",
  parts: [{ id: "p9", kind: "assistant_text", status: "streaming", text: "…the newest text" }],
};
const cut = (state: Partial<CutMessage> = {}): CutMessage => ({
  cut: {
    messageId: "m1",
    bytes: 5 * 1024 * 1024,
    parts: { total: 10, included: 1 },
    text: { partId: "p9", total: 500_000, included: 16 },
  },
  source: "window",
  loading: false,
  ...state,
});

function show(state: CutMessage | undefined, onLoad?: (id: string) => void) {
  return render(
    <Conversation
      messages={[message]}
      tools={{}}
      actions={{}}
      agents={{}}
      artifacts={{}}
      dispatch={async () => ({ status: "accepted", idempotencyKey: "k" })}
      cuts={state === undefined ? undefined : new Map([["m1", state]])}
      onLoadWholeMessage={onLoad}
    />,
  );
}

describe("a cut message in the conversation", () => {
  it("HYD-13 says earlier parts are not loaded and loads the whole message on the button", () => {
    const asked: string[] = [];
    show(cut(), (id) => asked.push(id));
    const note = screen.getByRole("note");
    expect(note.textContent).toMatch(
      /Earlier parts of this message are not loaded \(5\.0 MB in all, 9 earlier parts/,
    );
    fireEvent.click(within(note).getByRole("button", { name: "Load whole message" }));
    expect(asked).toEqual(["m1"]);
  });

  it("HYD-13 while loading the button is disabled; a failure shows why with a retry", () => {
    const asked: string[] = [];
    const { rerender } = show(cut({ loading: true }), (id) => asked.push(id));
    const busy = screen.getByRole("button", { name: "Loading whole message…" }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    rerender(
      <Conversation
        messages={[message]}
        tools={{}}
        actions={{}}
        agents={{}}
        artifacts={{}}
        dispatch={async () => ({ status: "accepted", idempotencyKey: "k" })}
        cuts={new Map([["m1", cut({ error: "HTTP 503" })]])}
        onLoadWholeMessage={(id) => asked.push(id)}
      />,
    );
    expect(screen.getByRole("alert").textContent).toContain("Could not load the whole message: HTTP 503");
    fireEvent.click(screen.getByRole("button", { name: "Retry loading whole message" }));
    expect(asked).toEqual(["m1"]);
  });

  it("HYD-13 a whole message shows no note", () => {
    show(undefined);
    expect(screen.queryByRole("note")).toBeNull();
  });
});
