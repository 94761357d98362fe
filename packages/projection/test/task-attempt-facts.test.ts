// Task facts that leave a field alone, and attempts told apart by their ids (TASK-07, TASK-08, TASK-10,
// AUI-AR-TASK-001): which attempt a fact updates, what a later partial fact keeps, the run a task names,
// and the work board entry following a task whose status only an attempt stated.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

const attempts = (state: ReturnType<typeof projectEvents>, taskId = "k") =>
  state.tasks[taskId].attempts.map((a) => [a.attemptId, a.runId, a.status]);

describe("task attempts told apart (TASK-07, AUI-AR-TASK-001)", () => {
  it("TASK-07 attempts of different runs, or with different attempt ids on one run, are kept apart", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { taskId: "k", payload: { attempt: { runId: "r1", status: "running" } } }),
      e("task.changed", { taskId: "k", payload: { attempt: { runId: "r2", status: "running" } } }),
      e("task.changed", {
        taskId: "j",
        payload: { attempt: { attemptId: "a1", runId: "r1", status: "running" } },
      }),
      e("task.changed", {
        taskId: "j",
        payload: { attempt: { attemptId: "a2", runId: "r1", status: "running" } },
      }),
    ]);
    expect(attempts(state)).toEqual([
      [undefined, "r1", "running"],
      [undefined, "r2", "running"],
    ]);
    expect(attempts(state, "j")).toEqual([
      ["a1", "r1", "running"],
      ["a2", "r1", "running"],
    ]);
  });

  it("TASK-07 a later fact naming an attempt by one id keeps the attempt's other id", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", {
        taskId: "k",
        payload: { attempt: { attemptId: "a1", runId: "r1", status: "running" } },
      }),
      e("task.changed", { taskId: "k", payload: { attempt: { runId: "r1", status: "paused" } } }),
      e("task.changed", { taskId: "k", payload: { attempt: { attemptId: "a1", status: "completed" } } }),
    ]);
    expect(attempts(state)).toEqual([["a1", "r1", "completed"]]);
  });

  it("TASK-07 a task snapshot's attempts without ids (a runtime that omits runId) are each kept", () => {
    const p = createProjector();
    const attemptsWithoutIds = [{ status: "failed" }, { status: "running" }] as never;
    p.hydrate({ kind: "task", task: { taskId: "k", status: "running", attempts: attemptsWithoutIds } });
    expect(attempts(p.getState())).toEqual([
      [undefined, undefined, "failed"],
      [undefined, undefined, "running"],
    ]);
  });

  it("AUI-AR-ID-002 an attempt without a status word is no attempt and no task status", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { taskId: "k", payload: { status: "running" } }),
      e("task.changed", { taskId: "k", payload: { attempt: { attemptId: "a1", reason: "x" } } }),
      e("task.changed", { taskId: "j", payload: { attempt: { reason: "x" } } }),
    ]);
    expect(state.tasks.k).toMatchObject({ status: "running", runtimeStatus: "running", attempts: [] });
    expect(state.tasks.j).toMatchObject({ status: "unknown", attempts: [] });
    expect(state.tasks.j).not.toHaveProperty("runtimeStatus");
    expect(state.diagnostics).toEqual([]);
  });

  it.each(["started", "running"])("TASK-07 a %s attempt names the task's current run", (status) => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { taskId: "k", payload: { attempt: { runId: "r1", status } } }),
    ]);
    expect(state.tasks.k.currentRunId).toBe("r1");
    expect(state.timeline.find((item) => item.id === "task:k")?.refs).toEqual({ taskId: "k", runId: "r1" });
  });

  it("TASK-07 a plain fact's run becomes the current run only while the task names none", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("task.changed", { taskId: "k", runId: "r1", payload: { title: "T" } }));
    expect(p.getState().tasks.k.currentRunId).toBe("r1");
    p.applyAll([
      e("task.changed", { taskId: "k", runId: "r2", payload: { title: "T" } }),
      e("task.changed", { taskId: "k", payload: { title: "T" } }),
    ]);
    expect(p.getState().tasks.k.currentRunId).toBe("r1");
  });
});

describe("task fields a fact leaves alone (TASK-01, TASK-08, TASK-10)", () => {
  it("TASK-08 a fact without status or reason keeps the task's reason; a new task has medium attention", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("task.changed", { taskId: "n", payload: { title: "New" } }));
    expect(p.getState().tasks.n).toMatchObject({ status: "unknown", attention: "medium" });
    p.applyAll([
      e("task.changed", { taskId: "k", payload: { status: "blocked", reason: "quota" } }),
      e("task.changed", { taskId: "k", payload: { title: "Later" } }),
    ]);
    expect(p.getState().tasks.k).toMatchObject({ status: "blocked", reason: "quota", title: "Later" });
  });

  it("TASK-10 only a lost task warns", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents(
      ["queued", "running", "blocked", "failed", "completed", "cancelled"].map((status, i) =>
        e("task.changed", { taskId: `k${i}`, payload: { status } }),
      ),
    );
    expect(state.diagnostics).toEqual([]);
  });

  it("TASK-01 progress keeps the message and ratio it states", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { taskId: "k", payload: { progress: { message: "half", ratio: 0.5 } } }),
    ]);
    expect(state.tasks.k.progress).toEqual({ message: "half", ratio: 0.5 });
  });

  it("TEAM-15 a linked work board entry follows a task whose status only an attempt stated", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { taskId: "k", workItemId: "w1", payload: { status: "running" } }),
      e("task.changed", { taskId: "k", payload: { attempt: { status: "completed" } } }),
    ] as AgentUiEvent[]);
    expect(state.tasks.k.status).toBe("completed");
    expect(state.team.workBoard?.find((item) => item.workItemId === "w1")?.status).toBe("done");
  });
});
