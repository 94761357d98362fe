// @vitest-environment happy-dom
// Queue management (QUEUE-03/08, CTRL-02): the runtime owns the queue; a row changes or disappears only
// when a new `queue.changed` state is rendered.
import type { QueueSlice, TaskRecord } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { TaskCapsules } from "../src/task-capsules";
import { eventStream, recordingDispatch } from "./helpers";

afterEach(cleanup);

const twoQueued = (): QueueSlice => ({
  items: [
    { id: "q1", preview: "then summarize", position: 1, status: "queued", createdAt: "10:01" },
    { id: "q2", position: 2, status: "queued" },
  ],
  steers: [],
});

describe("Queued turns", () => {
  it("QUEUE-03 AS-QS-02 AS-TC-03 two queued items show positions 1 and 2, previews and remove buttons", () => {
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

const capsule = (over: Partial<TaskRecord> & { taskId: string }): TaskRecord => ({
  status: "queued",
  attention: "medium",
  attempts: [],
  artifactIds: [],
  evidenceIds: [],
  runtimeEntity: "agent_turn",
  ...over,
});

describe("Queued turns as task capsules", () => {
  it("QUEUE-06 a projected queue.changed shows each queued turn once, with its position, and no message", () => {
    const e = eventStream();
    const state = projectEvents([
      e("queue.changed", {
        payload: {
          items: [
            { id: "q1", position: 1, preview: "write the tests" },
            { id: "q2", position: 2, preview: "then the docs" },
          ],
        },
      }),
    ]);
    // The projection made capsules of them (queuedTurnId) and kept the queue: still one row each.
    expect(state.tasks.q1?.queuedTurnId).toBe("q1");
    render(<TaskCapsules tasks={state.tasks} queue={state.queue} dispatch={recordingDispatch().dispatch} />);
    const rows = screen.getAllByRole("listitem", { name: /^queued turn / });
    expect(rows.map((row) => row.getAttribute("aria-label"))).toEqual(["queued turn #1", "queued turn #2"]);
    expect(within(rows[0]).getByText("write the tests")).toBeTruthy();
    expect(screen.getAllByText("write the tests")).toHaveLength(1);
    expect(state.messages).toEqual([]);
  });

  it("QUEUE-08 remove and promote on a queued-turn capsule are addressed with its queuedTurnId", () => {
    const rec = recordingDispatch();
    const tasks = {
      t7: capsule({ taskId: "t7", queuedTurnId: "qt-7", queuePosition: 3, runtimeStatus: "queued" }),
    };
    render(<TaskCapsules tasks={tasks} queue={{ items: [], steers: [] }} dispatch={rec.dispatch} />);
    const row = screen.getByRole("listitem", { name: "queued turn #3" });
    fireEvent.click(within(row).getByRole("button", { name: "Remove queued turn #3" }));
    fireEvent.click(within(row).getByRole("button", { name: "Run queued turn #3 next" }));
    expect(rec.calls).toEqual([
      { kind: "remove_queued", queuedId: "qt-7" },
      { kind: "promote_queued", queuedId: "qt-7" },
    ]);
  });

  it("QUEUE-06 a queued turn the queue says started is shown as started, never running, without queue controls", () => {
    const rec = recordingDispatch();
    const tasks = {
      q2: capsule({
        taskId: "q2",
        queuedTurnId: "q2",
        status: "running",
        runtimeStatus: "started",
        queuePosition: 1,
      }),
    };
    const queue: QueueSlice = { items: [{ id: "q2", position: 1, status: "started" }], steers: [] };
    render(<TaskCapsules tasks={tasks} queue={queue} dispatch={rec.dispatch} />);
    const row = screen.getByRole("listitem", { name: "queued turn #1" });
    expect(row.getAttribute("data-state")).toBe("started");
    expect(within(row).getByText("started")).toBeTruthy();
    expect(screen.queryByText("running")).toBeNull();
    expect(within(row).queryByRole("button")).toBeNull();
  });

  it("QUEUE-03 an unknown position reads 'position unknown', not a guessed number", () => {
    const tasks = { q9: capsule({ taskId: "q9", queuedTurnId: "q9", runtimeStatus: "queued" }) };
    render(<TaskCapsules tasks={tasks} queue={{ items: [], steers: [] }} />);
    expect(screen.getByRole("listitem", { name: "queued turn (position unknown)" })).toBeTruthy();
  });

  it("QUEUE-08 a runtime task the queue lists is one capsule: its status, its position, queue controls by the listed id", () => {
    const rec = recordingDispatch();
    const tasks = {
      task_a: capsule({ taskId: "task_a", title: "Build docs", runtimeEntity: undefined, queuePosition: 2 }),
    };
    const queue: QueueSlice = { items: [{ id: "task_a", position: 2, status: "queued" }], steers: [] };
    render(<TaskCapsules tasks={tasks} queue={queue} dispatch={rec.dispatch} />);
    expect(screen.queryByRole("listitem", { name: /^queued turn / })).toBeNull();
    expect(screen.getByText("position: 2")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove Build docs" }));
    expect(rec.calls).toEqual([{ kind: "remove_queued", queuedId: "task_a" }]);
  });

  it("QUEUE-06/08 property: every queued id is one row, rows follow positions, and none reads running", () => {
    const statuses = ["queued", "promoted", "started", "removed", "failed"] as const;
    const entry = fc.record({
      id: fc.constantFrom("q1", "q2", "q3", "q4", "q5"),
      position: fc.integer({ min: 1, max: 9 }),
      status: fc.constantFrom(...statuses),
      inQueue: fc.boolean(),
      hasCapsule: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: (x) => x.id, maxLength: 5 }), (entries) => {
        const tasks: Record<string, TaskRecord> = {};
        const items: QueueSlice["items"] = [];
        for (const x of entries) {
          if (x.inQueue) items.push({ id: x.id, position: x.position, status: x.status });
          if (x.hasCapsule || !x.inQueue)
            tasks[x.id] = capsule({
              taskId: x.id,
              queuedTurnId: x.id,
              status: x.status === "started" ? "running" : "queued",
              runtimeStatus: x.status,
              queuePosition: x.position,
            });
        }
        const { container, unmount } = render(<TaskCapsules tasks={tasks} queue={{ items, steers: [] }} />);
        const rows = [...container.querySelectorAll("li[data-queued-id]")];
        const ids = rows.map((li) => li.getAttribute("data-queued-id"));
        expect(new Set(ids).size).toBe(ids.length);
        // Every capsule is shown; a bare queue item only while it is still queued.
        const expected = entries.filter(
          (x) => x.hasCapsule || !x.inQueue || x.status === "queued" || x.status === "promoted",
        );
        expect([...ids].sort()).toEqual(expected.map((x) => x.id).sort());
        const positions = rows.map((li) => Number(/#(\d+)/.exec(li.getAttribute("aria-label") ?? "")?.[1]));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
        expect(container.querySelector("[data-state='running']")).toBeNull();
        unmount();
      }),
      { numRuns: 80 },
    );
  });
});
