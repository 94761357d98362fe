// @vitest-environment happy-dom
import type { Message } from "@agent-ui/contracts";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Conversation } from "../src/conversation";
import { type RecordingDispatch, recordingDispatch } from "./helpers";

afterEach(cleanup);

const user = (id: string, text: string): Message => ({
  id,
  role: "user",
  turnId: `t-${id}`,
  parts: [{ id: `${id}-p`, kind: "user_text", status: "done", text }],
});
const answer = (id: string, text: string, status: "streaming" | "done" = "done"): Message => ({
  id,
  role: "assistant",
  turnId: `t-${id}`,
  parts: [{ id: `${id}-p`, kind: "assistant_text", status, text }],
});

function view(messages: Message[], rec: RecordingDispatch, props: object = {}) {
  return (
    <Conversation
      messages={messages}
      tools={{}}
      actions={{}}
      agents={{}}
      artifacts={{}}
      dispatch={rec.dispatch}
      {...props}
    />
  );
}

describe("message actions", () => {
  let writes: string[];
  beforeEach(() => {
    writes = [];
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: { writeText: async (t: string) => void writes.push(t) },
    });
  });

  it("copy on every message copies its text", async () => {
    const rec = recordingDispatch();
    render(view([user("u1", "hi"), answer("a1", "**hello**")], rec));
    const buttons = screen.getAllByRole("button", { name: "Copy message" });
    expect(buttons).toHaveLength(2);
    await act(async () => fireEvent.click(buttons[1]));
    expect(writes).toEqual(["**hello**"]);
    expect(screen.getByText("Copied")).toBeTruthy();
  });

  it("regenerate and edit-and-resend are hidden unless the runtime supports them", () => {
    render(view([user("u1", "hi"), answer("a1", "hello")], recordingDispatch()));
    expect(screen.queryByRole("button", { name: "Regenerate" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit and resend" })).toBeNull();
  });

  it("CTRL-01 regenerate sends retry for the latest answer's turn and waits for the runtime's message", async () => {
    const rec = recordingDispatch();
    const messages = [user("u1", "hi"), answer("a1", "old"), user("u2", "more"), answer("a2", "latest")];
    const { rerender } = render(view(messages, rec, { controls: { regenerate: true } }));
    const buttons = screen.getAllByRole("button", { name: "Regenerate" });
    expect(buttons).toHaveLength(1);
    expect(
      within(screen.getAllByLabelText("Message from Assistant")[1]).getByText("Regenerate"),
    ).toBeTruthy();
    fireEvent.click(buttons[0]);
    expect(rec.calls).toEqual([{ kind: "retry", turnId: "t-a2" }]);
    await act(async () => rec.settle("accepted"));
    expect(screen.getByText(/Regenerate sent — waiting for runtime/)).toBeTruthy();
    rerender(view([...messages, answer("a3", "new")], rec, { controls: { regenerate: true } }));
    expect(screen.queryByText(/waiting for runtime/)).toBeNull();
  });

  it("CTRL-01 edit and resend sends the edited text; a refusal keeps the editor and says why", async () => {
    const rec = recordingDispatch();
    render(view([user("u1", "hi there"), answer("a1", "hello")], rec, { controls: { editAndResend: true } }));
    fireEvent.click(screen.getByRole("button", { name: "Edit and resend" }));
    const box = screen.getByLabelText("Edit message") as HTMLTextAreaElement;
    expect(box.value).toBe("hi there");
    fireEvent.change(box, { target: { value: "hi again" } });
    fireEvent.click(screen.getByRole("button", { name: "Resend" }));
    expect(rec.calls).toEqual([{ kind: "send", text: "hi again" }]);
    await act(async () => rec.settle("rejected", "busy"));
    expect(screen.getByRole("alert").textContent).toContain("Resend not applied (rejected: busy)");
    expect((screen.getByLabelText("Edit message") as HTMLTextAreaElement).value).toBe("hi again");
  });

  it("timestamps: relative in <time dateTime>, exact on hover, when the host knows them", () => {
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    render(view([user("u1", "hi")], recordingDispatch(), { timeOf: () => at }));
    const time = screen.getByText("5 minutes ago");
    expect(time.tagName).toBe("TIME");
    expect(time.getAttribute("dateTime")).toBe(at);
    expect(time.getAttribute("title")).toBeTruthy();
  });
});

describe("reply announcements", () => {
  it("a new reply is announced politely once complete, not per token; history is not announced", () => {
    const rec = recordingDispatch();
    const history = [user("u1", "hi"), answer("a1", "old answer")];
    const { rerender, container } = render(view(history, rec));
    const live = container.querySelector('[aria-live="polite"]') as HTMLElement;
    expect(live.textContent).toBe("");
    rerender(view([...history, user("u2", "q"), answer("a2", "Partial", "streaming")], rec));
    expect(live.textContent).toBe("");
    rerender(view([...history, user("u2", "q"), answer("a2", "Partial answer, done.")], rec));
    expect(live.textContent).toBe("Assistant replied: Partial answer, done.");
    expect(screen.getByRole("log").getAttribute("aria-live")).toBe("off");
  });
});
