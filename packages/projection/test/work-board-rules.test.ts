import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

const board = (state: { team: { workBoard: object[] } }) =>
  state.team.workBoard.map((entry) => {
    const { source: _source, ...rest } = entry as Record<string, unknown>;
    return rest;
  });

describe("work board entries and the tasks that drive them (TEAM-15, TEAM-12)", () => {
  it("TEAM-15 an entry stated twice is one entry: the later fields win, the ones it omits are kept", () => {
    const e = stream();
    const state = projectEvents([
      e("team.changed", {
        payload: { workBoard: [{ workItemId: "w1", title: "Write tests", assignee: "coder" }] },
      }),
      e("team.changed", { payload: { workBoard: [{ workItemId: "w1", status: "in_progress" }] } }),
    ]);
    expect(board(state)).toEqual([
      { workItemId: "w1", title: "Write tests", assignee: "coder", status: "in_progress" },
    ]);
  });

  it("TEAM-15 an entry that states no status reads unknown, never a guessed state", () => {
    const e = stream();
    const state = projectEvents([e("team.changed", { payload: { workBoard: [{ workItemId: "w1" }] } })]);
    expect(board(state)).toEqual([{ workItemId: "w1", status: "unknown" }]);
  });

  it("TEAM-15 every board entry linked to one task moves with that task's status", () => {
    const e = stream();
    const state = projectEvents([
      e("team.changed", {
        payload: {
          workBoard: [
            { workItemId: "w1", title: "Plan", taskId: "k1" },
            { workItemId: "w2", title: "Review", taskId: "k1" },
            { workItemId: "w3", title: "Other", taskId: "k2" },
          ],
        },
      }),
      e("task.changed", { taskId: "k1", payload: { status: "completed" } }),
    ]);
    expect(board(state).map((entry) => [entry.workItemId, entry.status])).toEqual([
      ["w1", "done"],
      ["w2", "done"],
      ["w3", "unknown"],
    ]);
  });

  it("TEAM-15 an entry keeps its own title; an untitled one takes the task's; a task without one leaves it", () => {
    const e = stream();
    const state = projectEvents([
      e("team.changed", {
        payload: {
          workBoard: [
            { workItemId: "w1", title: "Board title", taskId: "k1" },
            { workItemId: "w2", taskId: "k1" },
            { workItemId: "w3", title: "Kept", taskId: "k2" },
            { workItemId: "w4", taskId: "k2" },
          ],
        },
      }),
      e("task.changed", { taskId: "k1", payload: { status: "running", title: "Task title" } }),
      e("task.changed", { taskId: "k2", payload: { status: "running" } }),
    ]);
    expect(board(state)).toEqual([
      { workItemId: "w1", title: "Board title", taskId: "k1", status: "running" },
      { workItemId: "w2", title: "Task title", taskId: "k1", status: "running" },
      { workItemId: "w3", title: "Kept", taskId: "k2", status: "running" },
      { workItemId: "w4", taskId: "k2", status: "running" },
    ]);
  });

  it("TEAM-15 an entry moved to another task follows that task only", () => {
    const e = stream();
    const state = projectEvents([
      e("team.changed", { payload: { workBoard: [{ workItemId: "w1", taskId: "k1" }] } }),
      e("team.changed", { payload: { workBoard: [{ workItemId: "w1", taskId: "k2" }] } }),
      e("task.changed", { taskId: "k2", payload: { status: "running" } }),
      e("task.changed", { taskId: "k1", payload: { status: "failed" } }),
    ]);
    expect(board(state)).toEqual([{ workItemId: "w1", taskId: "k2", status: "running" }]);
  });

  it("TEAM-15 / perf §2.2 a status fact of a task no entry follows any more leaves the team as it was (===)", () => {
    const e = stream();
    const p = createProjector();
    p.applyAll([
      e("team.changed", { payload: { workBoard: [{ workItemId: "w1", taskId: "k1" }] } }),
      e("team.changed", { payload: { workBoard: [{ workItemId: "w1", taskId: "k2" }] } }),
    ]);
    const before = p.getState().team;
    p.apply(e("task.changed", { taskId: "k1", payload: { status: "failed" } }));
    expect(p.getState().team).toBe(before);
  });

  it("TEAM-15 / ARCH-04 an entry resumed from a stored projection still follows its task", () => {
    const e = stream();
    const stored = projectEvents([
      e("team.changed", {
        payload: { workBoard: [{ workItemId: "w1", title: "Write tests", taskId: "k1" }] },
      }),
      e("task.changed", { taskId: "k1", payload: { status: "running" } }),
    ]);
    const resumed = createProjector();
    resumed.hydrate({ kind: "projection", state: stored });
    resumed.apply(e("task.changed", { taskId: "k1", payload: { status: "completed" } }));
    expect(board(resumed.getState())).toEqual([
      { workItemId: "w1", title: "Write tests", taskId: "k1", status: "done" },
    ]);
  });

  it("TEAM-15 / HYD-05 an entry from an older page of the board follows its task", () => {
    const e = stream();
    const p = createProjector();
    p.apply(e("team.changed", { payload: { workBoard: [{ workItemId: "w2", taskId: "k2" }] } }));
    p.mergeTeam("workBoard", [{ workItemId: "w1", title: "Older", status: "in_progress", taskId: "k1" }]);
    p.apply(e("task.changed", { taskId: "k1", payload: { status: "blocked", reason: "needs review" } }));
    expect(board(p.getState())).toEqual([
      { workItemId: "w1", title: "Older", status: "blocked", blocker: "needs review", taskId: "k1" },
      { workItemId: "w2", taskId: "k2", status: "unknown" },
    ]);
  });
});
