// @vitest-environment happy-dom
import type { QueueSlice, TaskRecord } from "@agent-ui/contracts";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TaskCapsules, orderCapsules } from "../src/task-capsules";
import { acceptingDispatch } from "./helpers";

afterEach(cleanup);

const task = (over: Partial<TaskRecord> & { taskId: string }): TaskRecord => ({
  status: "running",
  attention: "low",
  attempts: [],
  artifactIds: [],
  evidenceIds: [],
  ...over,
});

describe("TaskCapsules", () => {
  it("TASK-04 AS-TC-02 attention states are promoted above running work", () => {
    const tasks = {
      a: task({ taskId: "a", title: "runs" }),
      b: task({ taskId: "b", title: "needs me", status: "needs_input", attention: "high" }),
      c: task({ taskId: "c", title: "queued", status: "queued", attention: "medium", queuePosition: 2 }),
    };
    expect(orderCapsules(tasks).map((t) => t.taskId)).toEqual(["b", "c", "a"]);
    render(<TaskCapsules tasks={tasks} queue={{ items: [], steers: [] }} onOpenTask={() => {}} />);
    expect(screen.getByText("position: 2")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Open" })).toHaveLength(1);
  });

  it("TASK-07 retrying shows the attempt history", () => {
    const tasks = {
      r: task({
        taskId: "r",
        title: "Fetch",
        status: "retrying",
        attention: "medium",
        attempts: [
          { attemptId: "a1", status: "failed", reason: "timeout" },
          { attemptId: "a2", status: "running" },
        ],
      }),
    };
    render(<TaskCapsules tasks={tasks} queue={{ items: [], steers: [] }} />);
    const history = screen.getByLabelText("Attempts of Fetch");
    expect(history.textContent).toContain("attempt 1: failed (Timed out)");
    expect(history.textContent).toContain("attempt 2: running");
  });

  it("TASK-08 a blocked task shows its reason, or 'reason: unknown'", () => {
    const tasks = {
      q: task({
        taskId: "q",
        title: "Quota",
        status: "blocked",
        attention: "high",
        reason: "quota.blocked: monthly budget",
      }),
      u: task({ taskId: "u", title: "Routing", status: "blocked", attention: "high" }),
    };
    render(<TaskCapsules tasks={tasks} queue={{ items: [], steers: [] }} />);
    expect(screen.getByText("quota.blocked: monthly budget")).toBeTruthy();
    expect(screen.getByText("reason: unknown")).toBeTruthy();
  });

  it("QUEUE-03/08 queued turns are removed and promoted through the runtime, steers shown apart", () => {
    const { dispatch, calls } = acceptingDispatch();
    render(
      <TaskCapsules
        tasks={{}}
        queue={{
          items: [{ id: "q1", preview: "then summarize", position: 1, status: "queued" }],
          steers: [{ id: "s1", preview: "focus on EU", status: "pending" }],
        }}
        dispatch={dispatch}
      />,
    );
    expect(screen.getByText("Queued turn #1")).toBeTruthy();
    expect(screen.getByText("Steer for the current run")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Run queued turn #1 next" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove queued turn #1" }));
    expect(calls).toEqual([
      { kind: "promote_queued", queuedId: "q1" },
      { kind: "remove_queued", queuedId: "q1" },
    ]);
  });

  it("AS-TC-01 TASK-14 two running tasks are two compact capsules: title, status, one clipped progress line", () => {
    const long = `${"indexing the repository ".repeat(10)}END-OF-PROGRESS`;
    const tasks = {
      a: task({ taskId: "a", title: "Index repo", progress: { message: long } }),
      b: task({ taskId: "b", title: "Run tests", progress: { message: "suite 3 of 9" } }),
    };
    render(<TaskCapsules tasks={tasks} queue={{ items: [], steers: [] }} onOpenTask={() => {}} />);
    const rows = screen.getAllByRole("listitem");
    expect(rows.map((row) => row.querySelector(".aui-capsule-title")?.textContent)).toEqual([
      "Index repo",
      "Run tests",
    ]);
    for (const row of rows) expect(within(row).getByText("running")).toBeTruthy();
    expect(within(rows[1]).getByText("suite 3 of 9")).toBeTruthy();
    // The long progress message is one line of at most 60 characters, not the whole text.
    const line = rows[0].querySelector(".aui-hint")?.textContent ?? "";
    expect(line.length).toBeLessThanOrEqual(60);
    expect(screen.getByLabelText("Tasks").textContent).not.toContain("END-OF-PROGRESS");
    // Running work asks nothing of the user: no Open call to action.
    expect(screen.queryByRole("button", { name: "Open" })).toBeNull();
  });

  it("AS-TC-04 TASK-14 a capsule's details open in place: the whole progress line, agent, run and what it produced", () => {
    const long = `${"indexing the repository ".repeat(10)}END-OF-PROGRESS`;
    const tasks = {
      a: task({
        taskId: "a",
        title: "Index repo",
        agentId: "indexer",
        currentRunId: "run-9",
        progress: { message: long },
        artifactIds: ["art-index"],
        evidenceIds: ["ev-3"],
      }),
      b: task({ taskId: "b", title: "Run tests" }),
    };
    render(<TaskCapsules tasks={tasks} queue={{ items: [], steers: [] }} />);
    const capsule = screen.getByText("Index repo").closest("li") as HTMLElement;
    const toggle = within(capsule).getByRole("button", { name: "Details of Index repo" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByLabelText("Task Index repo")).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const details = within(capsule).getByLabelText("Task Index repo");
    expect(details.textContent).toContain("END-OF-PROGRESS");
    expect(details.textContent).toContain("agentindexer");
    expect(details.textContent).toContain("runrun-9");
    expect(details.textContent).toContain("artifactsart-index");
    expect(details.textContent).toContain("evidenceev-3");
    // The other capsule stays closed; nothing is navigated away from.
    expect(screen.queryByLabelText("Task Run tests")).toBeNull();
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    fireEvent.click(toggle);
    expect(screen.queryByLabelText("Task Index repo")).toBeNull();
  });

  it("AS-QS-03 a steer's preview stays in the capsules while pending, leaves once accepted, and a rejection says why", () => {
    const steer = { id: "s1", preview: "focus on EU", status: "pending" as const };
    const view = (steers: QueueSlice["steers"]) => (
      <TaskCapsules tasks={{}} queue={{ items: [], steers }} dispatch={acceptingDispatch().dispatch} />
    );
    const { rerender } = render(view([steer]));
    const row = () => screen.queryByText("Steer for the current run")?.closest("li");
    expect(row()?.textContent).toContain("focus on EU");
    expect(row()?.textContent).toContain("pending");
    rerender(view([{ ...steer, status: "accepted" }]));
    expect(row()).toBeUndefined();
    expect(screen.queryByText("focus on EU")).toBeNull();
    rerender(view([{ ...steer, status: "rejected", reason: "turn already finishing" }]));
    expect(row()?.textContent).toContain("focus on EU");
    expect(row()?.textContent).toContain("rejected");
    expect(row()?.textContent).toContain("turn already finishing");
  });

  it("TASK-06 a failed task offers retry via the runtime", () => {
    const { dispatch, calls } = acceptingDispatch();
    render(
      <TaskCapsules
        tasks={{ f: task({ taskId: "f", status: "failed", attention: "high" }) }}
        queue={{ items: [], steers: [] }}
        dispatch={dispatch}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(calls).toEqual([{ kind: "retry", taskId: "f" }]);
  });
});
