// @vitest-environment happy-dom
import type { QueueItem, SteerItem } from "@agent-ui/contracts";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Composer } from "../src/composer";
import { acceptingDispatch } from "./helpers";

afterEach(cleanup);

const field = () => screen.getByLabelText("Message") as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
const key = (k: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(field(), { key: k, ...init });

describe("Composer keyboard habits", () => {
  it("Enter sends; Shift+Enter is left to the field (new line); the placeholder says so", async () => {
    const { dispatch, calls } = acceptingDispatch();
    render(<Composer dispatch={dispatch} runActive={false} />);
    expect(field().placeholder).toContain("Enter to send, Shift+Enter for a new line");
    type("line one");
    const shift = key("Enter", { shiftKey: true });
    expect(shift).toBe(true); // not prevented: the textarea inserts the newline
    expect(calls).toEqual([]);
    await act(async () => key("Enter"));
    expect(calls).toEqual([{ kind: "send", text: "line one" }]);
    expect(field().value).toBe("");
  });

  it("Enter that confirms an IME composition never sends", async () => {
    const { dispatch, calls } = acceptingDispatch();
    render(<Composer dispatch={dispatch} runActive={false} />);
    type("にほん");
    await act(async () => key("Enter", { isComposing: true } as KeyboardEventInit));
    await act(async () => key("Enter", { keyCode: 229 }));
    expect(calls).toEqual([]);
  });

  it("Enter queues while a run is active; Esc interrupts the running turn", async () => {
    const { dispatch, calls } = acceptingDispatch();
    let interrupts = 0;
    render(<Composer dispatch={dispatch} runActive onInterrupt={() => interrupts++} />);
    expect(field().placeholder).toContain("Esc interrupts");
    type("next");
    await act(async () => key("Enter"));
    expect(calls).toEqual([{ kind: "queue", text: "next" }]);
    key("Escape");
    expect(interrupts).toBe(1);
    cleanup();
    // Idle: Escape does nothing.
    render(<Composer dispatch={dispatch} runActive={false} onInterrupt={() => interrupts++} />);
    key("Escape");
    expect(interrupts).toBe(1);
  });

  it("AS-CMP-04 ↑ in an empty composer takes the last queued turn back through remove_queued", async () => {
    const { dispatch, calls } = acceptingDispatch();
    const queue: QueueItem[] = [
      { id: "q1", position: 1, status: "queued", preview: "first" },
      { id: "q2", position: 2, status: "queued", preview: "summarize the thr…" },
      { id: "q0", position: 0, status: "started", preview: "running" },
    ];
    const { rerender } = render(<Composer dispatch={dispatch} runActive queued={[]} />);
    type("summarize the thread in three bullets");
    await act(async () => key("Enter"));
    rerender(<Composer dispatch={dispatch} runActive queued={queue} />);
    type("not empty");
    await act(async () => key("ArrowUp"));
    expect(calls.map((c) => c.kind)).toEqual(["queue"]);
    type("");
    await act(async () => key("ArrowUp"));
    expect(calls[1]).toEqual({ kind: "remove_queued", queuedId: "q2" });
    // The full text this composer queued, not the queue's shortened preview.
    expect(field().value).toBe("summarize the thread in three bullets");
  });
});

describe("Composer steer notice", () => {
  it("'Steer sent' clears when the runtime settles the steer, and says so when it refused", async () => {
    const { dispatch } = acceptingDispatch();
    const pending: SteerItem[] = [{ id: "s1", status: "pending" }];
    const { rerender } = render(<Composer dispatch={dispatch} runActive steers={[]} />);
    type("focus on EU");
    await act(async () =>
      fireEvent.click(screen.getByRole("button", { name: "Steer — change current run" })),
    );
    expect(screen.getByRole("status").textContent).toContain("Steer sent");
    rerender(<Composer dispatch={dispatch} runActive steers={pending} />);
    expect(screen.getByRole("status").textContent).toContain("Steer sent");
    rerender(<Composer dispatch={dispatch} runActive steers={[{ id: "s1", status: "accepted" }]} />);
    expect(screen.queryByText(/Steer sent/)).toBeNull();

    type("again");
    await act(async () =>
      fireEvent.click(screen.getByRole("button", { name: "Steer — change current run" })),
    );
    rerender(
      <Composer
        dispatch={dispatch}
        runActive
        steers={[
          { id: "s1", status: "accepted" },
          { id: "s2", status: "rejected", reason: "turn already finishing" },
        ]}
      />,
    );
    expect(screen.getByRole("status").textContent).toBe(
      "The runtime did not apply the steer (rejected: turn already finishing).",
    );
  });

  it("the field is a valid combobox: no aria-multiline on role=combobox", () => {
    render(<Composer dispatch={acceptingDispatch().dispatch} runActive={false} mentionables={[]} />);
    expect(field().getAttribute("aria-multiline")).toBeNull();
  });
});
