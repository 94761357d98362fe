// @vitest-environment happy-dom
// TASK-11 / TEAM-15: the task dependency graph from the runtime's dependency edges.
import { projectEvents } from "@agent-ui/projection";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TaskGraph } from "../src/task-graph";
import { eventStream } from "./helpers";

afterEach(cleanup);

function session() {
  const e = eventStream({ sessionId: "s", turnId: "t1" });
  return projectEvents([
    e("task.changed", { taskId: "build", payload: { status: "completed", title: "Build" } }),
    e("task.changed", { taskId: "test", payload: { status: "running", title: "Test" } }),
    e("task.changed", {
      taskId: "deploy",
      payload: {
        status: "queued",
        title: "Deploy",
        dependencies: { dependsOn: ["build", "test", "approve"] },
      },
    }),
  ]);
}

describe("TaskGraph", () => {
  it("TASK-11 each dependent task lists what it waits on, with each dependency's own status", () => {
    const state = session();
    expect(state.tasks.deploy.dependsOn).toEqual(["build", "test", "approve"]);
    render(<TaskGraph tasks={state.tasks} />);
    const list = screen.getByRole("list", { name: "Deploy waits on" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual(["Build completed", "Test running", "approve unknown"]);
  });

  it("TASK-11 a runtime that drops a dependency is believed; with no edges there is no graph", () => {
    const e = eventStream({ sessionId: "s", turnId: "t1" }, "s2");
    const state = projectEvents([
      e("task.changed", { taskId: "a", payload: { status: "running", dependencies: ["b", "a", "b"] } }),
      e("task.changed", { taskId: "a", payload: { dependencies: [] } }),
    ]);
    expect(state.tasks.a.dependsOn).toEqual([]);
    render(<TaskGraph tasks={state.tasks} />);
    expect(screen.queryByRole("region", { name: "Task dependencies" })).toBeNull();
  });

  it("TEAM-15 opening a dependent task goes through the host", () => {
    const open = vi.fn();
    render(<TaskGraph tasks={session().tasks} onOpenTask={open} />);
    fireEvent.click(screen.getByRole("button", { name: "Deploy" }));
    expect(open).toHaveBeenCalledWith("deploy");
  });
});
