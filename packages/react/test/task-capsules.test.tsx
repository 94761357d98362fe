// @vitest-environment happy-dom
import type { TaskRecord } from "@agent-ui/contracts";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
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
