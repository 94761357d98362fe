// @vitest-environment happy-dom
// Queue management (QUEUE-03/08, CTRL-02): the runtime owns the queue; a row changes or disappears only
// when a new `queue.changed` state is rendered.
import type { QueueSlice } from "@agent-ui/contracts";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TaskCapsules } from "../src/task-capsules";
import { recordingDispatch } from "./helpers";

afterEach(cleanup);

const twoQueued = (): QueueSlice => ({
  items: [
    { id: "q1", preview: "then summarize", position: 1, status: "queued", createdAt: "10:01" },
    { id: "q2", position: 2, status: "queued" },
  ],
  steers: [],
});

describe("Queued turns", () => {
  it("QUEUE-03 two queued items show positions 1 and 2, previews and remove buttons", () => {
    const rec = recordingDispatch();
    render(<TaskCapsules tasks={{}} queue={twoQueued()} dispatch={rec.dispatch} />);
    const first = screen.getByRole("listitem", { name: "queued turn #1" });
    const second = screen.getByRole("listitem", { name: "queued turn #2" });
    expect(within(first).getByText("then summarize")).toBeTruthy();
    expect(within(first).getByText(/queued 10:01/)).toBeTruthy();
    expect(within(second).getByText("preview: unavailable")).toBeTruthy();
    expect(within(first).getByRole("button", { name: "Remove queued turn #1" })).toBeTruthy();
    expect(within(second).getByRole("button", { name: "Remove queued turn #2" })).toBeTruthy();
  });

  it("QUEUE-08 remove calls the runtime once; the item disappears only when queue.changed arrives", async () => {
    const rec = recordingDispatch();
    const queue = twoQueued();
    const { rerender } = render(<TaskCapsules tasks={{}} queue={queue} dispatch={rec.dispatch} />);
    const remove = screen.getByRole("button", { name: "Remove queued turn #2" });
    fireEvent.click(remove);
    fireEvent.click(remove);
    expect(rec.calls).toEqual([{ kind: "remove_queued", queuedId: "q2" }]);
    await act(async () => rec.settle("accepted"));
    const row = screen.getByRole("listitem", { name: "queued turn #2" });
    expect(within(row).getByText("Remove sent — waiting for runtime…")).toBeTruthy();
    rerender(
      <TaskCapsules
        tasks={{}}
        queue={{ ...queue, items: queue.items.slice(0, 1) }}
        dispatch={rec.dispatch}
      />,
    );
    expect(screen.queryByRole("listitem", { name: "queued turn #2" })).toBeNull();
    expect(screen.getByRole("listitem", { name: "queued turn #1" })).toBeTruthy();
  });

  it("QUEUE-08 promote waits for the runtime's new position", async () => {
    const rec = recordingDispatch();
    const queue = twoQueued();
    const { rerender } = render(<TaskCapsules tasks={{}} queue={queue} dispatch={rec.dispatch} />);
    fireEvent.click(screen.getByRole("button", { name: "Run queued turn #2 next" }));
    expect(rec.calls).toEqual([{ kind: "promote_queued", queuedId: "q2" }]);
    await act(async () => rec.settle("accepted"));
    expect(screen.getByText("Run next sent — waiting for runtime…")).toBeTruthy();
    rerender(
      <TaskCapsules
        tasks={{}}
        queue={{
          items: [
            { ...queue.items[1], position: 1, status: "promoted" },
            { ...queue.items[0], position: 2 },
          ],
          steers: [],
        }}
        dispatch={rec.dispatch}
      />,
    );
    expect(screen.queryByText(/waiting for runtime/)).toBeNull();
    const first = screen.getByRole("listitem", { name: "queued turn #1" });
    expect(within(first).getByText("promoted")).toBeTruthy();
  });

  it("CTRL-02 a refused remove keeps the item and offers a retry", async () => {
    const rec = recordingDispatch();
    render(<TaskCapsules tasks={{}} queue={twoQueued()} dispatch={rec.dispatch} />);
    fireEvent.click(screen.getByRole("button", { name: "Remove queued turn #1" }));
    await act(async () => rec.settle("rejected", "already started"));
    const row = screen.getByRole("listitem", { name: "queued turn #1" });
    expect(within(row).getByRole("alert").textContent).toContain(
      "Remove not applied (rejected: already started)",
    );
    fireEvent.click(within(row).getByRole("button", { name: "Retry remove" }));
    expect(rec.calls).toEqual([
      { kind: "remove_queued", queuedId: "q1" },
      { kind: "remove_queued", queuedId: "q1" },
    ]);
  });
});
