import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

describe("work board follows task status facts", () => {
  it("TEAM-15 / TASK-06 a linked task moves its board entry running → done", () => {
    const e = stream({ sessionId: "s" });
    const p = createProjector();
    p.applyAll([
      e("team.changed", {
        payload: { workBoard: [{ workItemId: "w1", title: "Write tests", status: "open", taskId: "k1" }] },
      }),
      e("task.changed", { taskId: "k1", payload: { status: "running" } }),
    ]);
    expect(p.getState().team.workBoard).toEqual([
      expect.objectContaining({ workItemId: "w1", taskId: "k1", status: "running", title: "Write tests" }),
    ]);
    p.apply(e("task.changed", { taskId: "k1", payload: { status: "completed" } }));
    expect(p.getState().team.workBoard[0].status).toBe("done");
  });

  it("TASK-10 / TEAM-15 a failed or lost task never reads done on the board", () => {
    const e = stream();
    const state = projectEvents([
      e("task.changed", { taskId: "k1", workItemId: "w1", payload: { status: "running" } }),
      e("task.changed", { taskId: "k2", workItemId: "w2", payload: { status: "running" } }),
      e("task.changed", { taskId: "k1", payload: { status: "failed", reason: "tests failed" } }),
      e("task.changed", { taskId: "k2", payload: { status: "lost" } }),
    ]);
    expect(state.team.workBoard.map((w) => [w.workItemId, w.status])).toEqual([
      ["w1", "failed"],
      ["w2", "stale"],
    ]);
  });

  it("TASK-08 a blocked task shows its blocker on the board entry, cleared when it runs again", () => {
    const e = stream();
    const p = createProjector();
    p.applyAll([
      e("task.changed", {
        taskId: "k1",
        payload: { status: "blocked", reason: "quota.blocked", workItem: { workItemId: "w1" } },
      }),
    ]);
    expect(p.getState().team.workBoard[0]).toMatchObject({ status: "blocked", blocker: "quota.blocked" });
    p.apply(e("task.changed", { taskId: "k1", payload: { status: "running" } }));
    expect(p.getState().team.workBoard[0].status).toBe("running");
    expect(p.getState().team.workBoard[0].blocker).toBeUndefined();
  });

  it("TEAM-12 a task with runtimeEntity work_item is its own board entry", () => {
    const e = stream();
    const state = projectEvents([
      e("task.changed", {
        taskId: "wi-7",
        runtimeEntity: "work_item",
        payload: { status: "queued", title: "Triage" },
      }),
    ]);
    expect(state.team.workBoard).toEqual([
      expect.objectContaining({ workItemId: "wi-7", taskId: "wi-7", status: "open", title: "Triage" }),
    ]);
  });

  it("TEAM-15 a work item without its own id is named by its task, never dropped", () => {
    const e = stream();
    const state = projectEvents([
      e("task.changed", {
        taskId: "k5",
        payload: { status: "queued", workItem: { title: "Draft", assignee: "writer", status: "open" } },
      }),
      e("task.changed", { taskId: "k5", payload: { status: "running" } }),
    ]);
    expect(state.team.workBoard).toEqual([
      expect.objectContaining({
        workItemId: "k5",
        taskId: "k5",
        title: "Draft",
        assignee: "writer",
        status: "running",
      }),
    ]);
  });

  it("TEAM-15 the board's own word in the same fact wins; later task facts move it again", () => {
    const e = stream();
    const p = createProjector();
    p.apply(
      e("task.changed", {
        taskId: "k1",
        payload: { status: "running", workItem: { workItemId: "w1", status: "reviewing" } },
      }),
    );
    expect(p.getState().team.workBoard[0].status).toBe("reviewing");
    p.apply(e("task.changed", { taskId: "k1", payload: { progress: { ratio: 0.5 } } }));
    expect(p.getState().team.workBoard[0].status).toBe("reviewing");
    p.apply(e("task.changed", { taskId: "k1", payload: { status: "completed" } }));
    expect(p.getState().team.workBoard[0].status).toBe("done");
  });

  it("PROSE-01 unlinked tasks and prose never move a board entry", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("team.changed", { payload: { workBoard: [{ workItemId: "w1", status: "claimed" }] } }),
      e("task.changed", { taskId: "k-other", payload: { status: "completed" } }),
      e("text.delta", { payload: { delta: "w1 is done!" } }),
    ]);
    expect(state.team.workBoard).toEqual([expect.objectContaining({ workItemId: "w1", status: "claimed" })]);
  });

  it("HYD-09 a hydrated task snapshot moves its linked board entry", () => {
    const e = stream();
    const p = createProjector();
    p.apply(
      e("team.changed", { payload: { workBoard: [{ workItemId: "w1", taskId: "k1", status: "open" }] } }),
    );
    p.hydrate({ kind: "task", task: { taskId: "k1", status: "completed" } });
    expect(p.getState().team.workBoard[0].status).toBe("done");
  });

  it("TEAM-15 property: the board entry always reads the crosswalk of the task's latest status", () => {
    const word = fc.constantFrom("queued", "running", "retrying", "blocked", "failed", "completed", "lost");
    const expected: Record<string, string> = {
      queued: "open",
      running: "running",
      retrying: "running",
      blocked: "blocked",
      failed: "failed",
      completed: "done",
      lost: "stale",
    };
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 12 }), (words) => {
        const e = stream();
        const state = projectEvents([
          e("team.changed", { payload: { workBoard: [{ workItemId: "w1", taskId: "k1", status: "open" }] } }),
          ...words.map((status) => e("task.changed", { taskId: "k1", payload: { status } })),
        ]);
        expect(state.team.workBoard).toHaveLength(1);
        expect(state.team.workBoard[0].status).toBe(expected[words[words.length - 1]]);
        expect(state.tasks.k1.runtimeStatus).toBe(words[words.length - 1]);
      }),
    );
  });
});
