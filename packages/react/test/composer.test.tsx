// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Composer } from "../src/composer";
import { SessionTabs } from "../src/session-tabs";
import { acceptingDispatch, recordingDispatch } from "./helpers";

afterEach(cleanup);

const type = (text: string) =>
  fireEvent.change(screen.getByLabelText("Message"), { target: { value: text } });
const draft = () => (screen.getByLabelText("Message") as HTMLTextAreaElement).value;

describe("Composer", () => {
  it("COMP-05 idle: one Send; the draft clears only after the runtime accepted", async () => {
    const rec = recordingDispatch();
    render(<Composer dispatch={rec.dispatch} runActive={false} />);
    expect(screen.queryByRole("button", { name: /Queue/ })).toBeNull();
    type("hello");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(rec.calls).toEqual([{ kind: "send", text: "hello" }]);
    expect(draft()).toBe("hello");
    await act(async () => rec.settle("accepted"));
    expect(draft()).toBe("");
  });

  it("QUEUE-01/02 AS-QS-01 AS-CMP-03 while a run is active, queue and steer are distinct explicit choices", async () => {
    const { dispatch, calls } = acceptingDispatch();
    render(<Composer dispatch={dispatch} runActive activeTurnId="turn-1" />);
    expect(screen.queryByRole("button", { name: "Send" })).toBeNull();
    type("next thing");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Queue — run next" })));
    type("focus on EU");
    await act(async () =>
      fireEvent.click(screen.getByRole("button", { name: "Steer — change current run" })),
    );
    expect(calls).toEqual([
      { kind: "queue", text: "next thing" },
      { kind: "steer", text: "focus on EU", targetTurnId: "turn-1" },
    ]);
    expect(screen.getByRole("status").textContent).toContain("Steer sent");
  });

  it("COMP-03/QUEUE-05 a rejected or failed write keeps the draft and says why", async () => {
    const { dispatch } = acceptingDispatch("rejected");
    render(<Composer dispatch={dispatch} runActive activeTurnId="turn-1" />);
    type("steer me");
    await act(async () =>
      fireEvent.click(screen.getByRole("button", { name: "Steer — change current run" })),
    );
    expect(draft()).toBe("steer me");
    expect(screen.getByRole("status").textContent).toContain("rejected: policy");
    cleanup();
    render(<Composer dispatch={() => Promise.reject(new Error("network down"))} runActive={false} />);
    type("keep me");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
    expect(draft()).toBe("keep me");
    expect(screen.getByRole("status").textContent).toContain("network down");
  });

  it("QUEUE-05 AS-QS-05 a refused steer keeps the input and offers the queue as a fallback", async () => {
    const rec = recordingDispatch();
    render(<Composer dispatch={rec.dispatch} runActive activeTurnId="turn-1" />);
    type("focus on EU");
    fireEvent.click(screen.getByRole("button", { name: "Steer — change current run" }));
    expect(screen.queryByRole("button", { name: "Queue it instead" })).toBeNull();
    await act(async () => rec.settle("rejected", "turn is finishing"));
    expect(draft()).toBe("focus on EU");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Queue it instead" })));
    expect(rec.calls).toEqual([
      { kind: "steer", text: "focus on EU", targetTurnId: "turn-1" },
      { kind: "queue", text: "focus on EU" },
    ]);
    expect(screen.queryByRole("button", { name: "Queue it instead" })).toBeNull();
    await act(async () => rec.settle("accepted"));
    expect(draft()).toBe("");
  });

  it("FALL-06 a disabled composer says why instead of hiding", () => {
    render(
      <Composer
        dispatch={acceptingDispatch().dispatch}
        runActive={false}
        disabledReason="Runtime unavailable"
      />,
    );
    type("x");
    expect((screen.getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Runtime unavailable")).toBeTruthy();
  });
});

describe("SessionTabs", () => {
  it("HYD-06 tabs mark running, stale and unread sessions; arrows move selection", () => {
    const selected: string[] = [];
    render(
      <SessionTabs
        tabs={[
          { id: "a", title: "Team", running: true },
          { id: "b", title: "Solo", stale: true, unread: true },
        ]}
        activeId="a"
        onSelect={(id) => selected.push(id)}
      />,
    );
    const team = screen.getByRole("tab", { name: /Team/ });
    expect(team.getAttribute("aria-selected")).toBe("true");
    expect(team.textContent).toContain("running");
    const solo = screen.getByRole("tab", { name: /Solo/ });
    expect(solo.textContent).toContain("stale");
    expect(solo.textContent).toContain("unread");
    fireEvent.keyDown(team, { key: "ArrowRight" });
    expect(selected).toEqual(["b"]);
  });
});
