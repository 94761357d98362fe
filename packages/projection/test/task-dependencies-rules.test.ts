import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

describe("task dependencies from task facts (TASK-11)", () => {
  it("TASK-11 null and other non-id items in a stated dependency list are skipped, the ids kept", () => {
    const e = stream();
    const state = projectEvents([
      e("task.changed", {
        taskId: "k1",
        payload: { status: "queued", dependsOn: [null, 7, true, "k2", { taskId: "k3" }] },
      }),
    ]);
    expect(state.tasks.k1.dependsOn).toEqual(["k2", "k3"]);
  });
});
