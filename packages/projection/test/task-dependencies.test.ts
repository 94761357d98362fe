// TASK-11: the tasks a task waits on, from the runtime's dependency edges — every shape runtimes state
// them in, bounded, without self edges or repeats, and a stated list replaces the held one.
import { describe, expect, it } from "vitest";
import { dependencyIds } from "../src/families/task-dependencies";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

describe("task dependencies", () => {
  it("TASK-11 reads a plain list, objects with taskId/dependsOn/id, and every list key runtimes use", () => {
    expect(dependencyIds("t", ["a", "b"])).toEqual(["a", "b"]);
    expect(dependencyIds("t", [{ taskId: "a" }, { dependsOn: "b" }, { id: "c" }, { other: "x" }, 7])).toEqual(
      ["a", "b", "c"],
    );
    for (const key of ["dependsOn", "depends_on", "blockedBy", "blocked_by", "upstream", "taskIds"])
      expect(dependencyIds("t", { [key]: ["a"] })).toEqual(["a"]);
  });

  it("TASK-11 a value that states no list is no statement (undefined), an empty list is one", () => {
    expect(dependencyIds("t", undefined)).toBeUndefined();
    expect(dependencyIds("t", "a")).toBeUndefined();
    expect(dependencyIds("t", { note: ["a"] })).toBeUndefined();
    // Only the known keys name a list, whatever another key is called.
    expect(dependencyIds("t", { undefined: ["a"] })).toBeUndefined();
    expect(dependencyIds("t", { dependsOn: "a" })).toBeUndefined();
    expect(dependencyIds("t", [])).toEqual([]);
    expect(dependencyIds("t", { blockedBy: [] })).toEqual([]);
  });

  it("TASK-11 drops self edges and repeats, keeps order, and stops at 256 dependencies", () => {
    expect(dependencyIds("t", ["a", "t", "b", "a", { taskId: "t" }])).toEqual(["a", "b"]);
    const many = Array.from({ length: 300 }, (_, i) => `d${i}`);
    const ids = dependencyIds("t", many) ?? [];
    expect(ids).toHaveLength(256);
    expect(ids[0]).toBe("d0");
    expect(ids[255]).toBe("d255");
  });

  it("TASK-11 task facts and task snapshots set dependsOn; a later statement replaces the held one", () => {
    const e = stream({ sessionId: "s", turnId: "t1" });
    const p = createProjector();
    p.apply(e("task.changed", { taskId: "deploy", payload: { status: "queued", dependsOn: ["build"] } }));
    expect(p.getState().tasks.deploy.dependsOn).toEqual(["build"]);
    p.apply(e("task.changed", { taskId: "deploy", payload: { dependencies: { blockedBy: ["test"] } } }));
    expect(p.getState().tasks.deploy.dependsOn).toEqual(["test"]);
    p.apply(e("task.changed", { taskId: "deploy", payload: { status: "running" } }));
    expect(p.getState().tasks.deploy.dependsOn).toEqual(["test"]);
    p.hydrate({
      kind: "task",
      task: { taskId: "ship", status: "queued", dependencies: [{ taskId: "deploy" }] },
    } as never);
    expect(p.getState().tasks.ship.dependsOn).toEqual(["deploy"]);
  });

  it("TASK-11 a task without dependency facts has no dependsOn", () => {
    const e = stream({ sessionId: "s", turnId: "t1" });
    const state = projectEvents([e("task.changed", { taskId: "a", payload: { status: "running" } })]);
    expect(state.tasks.a.dependsOn).toBeUndefined();
  });
});
