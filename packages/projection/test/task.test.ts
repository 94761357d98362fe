import { describe, expect, it } from "vitest";
import { createProjector, projectEvents, selectCapsules } from "../src";
import { codes, stream } from "./helpers";

describe("task family", () => {
  it("TASK-03 / TASK-09 the D.4 crosswalk maps runtime task statuses onto capsule states", () => {
    const cases: [string, string][] = [
      ["accepted", "queued"],
      ["preparing", "running"],
      ["waiting_input", "needs_input"],
      ["waiting_permission", "permission_required"],
      ["waiting_resource", "blocked"],
      ["paused", "paused"],
      ["retrying", "retrying"],
      ["cancelling", "cancelling"],
      ["timed_out", "failed"],
      ["lost", "stale"],
      ["completed", "completed"],
      ["archived", "archived"],
    ];
    for (const [runtime, capsule] of cases) {
      const e = stream({ taskId: "k" });
      const task = projectEvents([e("task.changed", { payload: { status: runtime } })]).tasks.k;
      expect({ runtime, state: task.status }).toEqual({ runtime, state: capsule });
      expect(task.runtimeStatus).toBe(runtime);
    }
  });

  it("TASK-10 a lost task is stale with a warning, never completed", () => {
    const e = stream({ taskId: "k" });
    const state = projectEvents([e("task.changed", { payload: { status: "lost" } })]);
    expect(state.tasks.k).toMatchObject({ status: "stale", reason: "lost" });
    expect(codes(state)).toContain("runtime_warning");
  });

  it("TASK-07 / AUI-AR-TASK-001 attempt.failed → retrying → attempt.started keeps the failed attempt", () => {
    const e = stream({ taskId: "k" });
    const state = projectEvents([
      e("task.changed", {
        runId: "r1",
        payload: { status: "running", attempt: { attemptId: "a1", runId: "r1", status: "running" } },
      }),
      e("task.changed", {
        runId: "r1",
        payload: { attempt: { attemptId: "a1", runId: "r1", status: "failed", reason: "tool crash" } },
      }),
      e("task.changed", { payload: { status: "retrying" } }),
      e("task.changed", {
        runId: "r2",
        payload: { status: "running", attempt: { attemptId: "a2", runId: "r2", status: "running" } },
      }),
    ]);
    const task = state.tasks.k;
    expect(task.status).toBe("running");
    expect(task.currentRunId).toBe("r2");
    expect(task.attempts.map((a) => [a.attemptId, a.status])).toEqual([
      ["a1", "failed"],
      ["a2", "running"],
    ]);
    const attemptEntries = state.timeline.filter((t) => t.id.startsWith("task:k:attempt:"));
    expect(attemptEntries.map((t) => t.status)).toEqual(["failed", "running"]);
  });

  it("TASK-07 the capsule shows retrying between attempts", () => {
    const e = stream({ taskId: "k" });
    const p = createProjector();
    p.applyAll([
      e("task.changed", { payload: { status: "running" } }),
      e("task.changed", { payload: { status: "retrying" } }),
    ]);
    expect(p.getState().tasks.k).toMatchObject({ status: "retrying", attention: "medium" });
  });

  it("TASK-08 / AUI-AR-TASK-002 a blocked task shows its reason (quota / routing)", () => {
    const e = stream({ taskId: "k" });
    const state = projectEvents([
      e("task.changed", { payload: { status: "blocked", reason: "quota.blocked: monthly budget" } }),
    ]);
    expect(state.tasks.k).toMatchObject({
      status: "blocked",
      reason: "quota.blocked: monthly budget",
      attention: "high",
    });
  });

  it("TASK-08 a blocked task without a reason says `unavailable`, never looks like running", () => {
    const e = stream({ taskId: "k" });
    expect(projectEvents([e("task.changed", { payload: { status: "blocked" } })]).tasks.k).toMatchObject({
      status: "blocked",
      reason: "unavailable",
    });
  });

  it("TASK-04 capsules are attention-sorted: needs_input / permission_required / failed above running", () => {
    const e = stream();
    const state = projectEvents([
      e("task.changed", { taskId: "run", payload: { status: "running" } }),
      e("task.changed", { taskId: "done", payload: { status: "completed" } }),
      e("task.changed", { taskId: "fail", payload: { status: "failed" } }),
      e("task.changed", { taskId: "ask", payload: { status: "waiting_input" } }),
      e("task.changed", { taskId: "perm", payload: { status: "waiting_permission" } }),
    ]);
    expect(selectCapsules(state).map((t) => t.taskId)).toEqual(["fail", "ask", "perm", "run", "done"]);
  });

  it("TASK-06 prose saying done leaves the task running", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("task.changed", { taskId: "k", payload: { status: "running" } }),
      e("text.delta", { payload: { delta: "Task done!" } }),
    ]);
    expect(state.tasks.k.status).toBe("running");
  });

  it("TEAM-15 a task's work item lands on the work board", () => {
    const e = stream({ taskId: "k", workItemId: "w1" });
    const state = projectEvents([
      e("task.changed", {
        payload: { status: "running", workItem: { title: "Fix bug", assignee: "dev", status: "claimed" } },
      }),
    ]);
    expect(state.team.workBoard).toEqual([
      expect.objectContaining({ workItemId: "w1", title: "Fix bug", assignee: "dev", status: "claimed" }),
    ]);
  });

  it("TASK-09 an unknown task status is `unknown` with a diagnostic", () => {
    const e = stream({ taskId: "k" });
    const state = projectEvents([e("task.changed", { payload: { status: "dancing" } })]);
    expect(state.tasks.k.status).toBe("unknown");
    expect(codes(state)).toContain("unknown_taxonomy_value");
  });
});

describe("task attempts without ids", () => {
  it("AUI-AR-ID-002 an attempt without attemptId/runId never becomes a phantom attempt", () => {
    const e = stream({ taskId: "k" });
    const state = projectEvents([
      e("task.changed", {
        payload: { status: "running", attempt: { attemptId: "att_1", runId: "run_1", status: "running" } },
      }),
      e("task.changed", { payload: { attempt: { attemptId: "att_1", runId: "run_1", status: "failed" } } }),
      e("task.changed", { payload: { attempt: { status: "retrying" } } }),
      e("task.changed", {
        payload: { status: "running", attempt: { attemptId: "att_2", runId: "run_2", status: "running" } },
      }),
    ]);
    expect(state.tasks.k.attempts.map((a) => [a.runId, a.attemptId, a.status])).toEqual([
      ["run_1", "att_1", "failed"],
      ["run_2", "att_2", "running"],
    ]);
  });

  it("TASK-07 a later non-terminal update naming a failed run never overwrites its outcome", () => {
    const e = stream({ taskId: "k" });
    const state = projectEvents([
      e("task.changed", { payload: { attempt: { runId: "run_1", status: "failed" } } }),
      e("task.changed", {
        runId: "run_1",
        payload: { status: "retrying", attempt: { runId: "run_1", status: "retrying" } },
      }),
    ]);
    expect(state.tasks.k).toMatchObject({
      status: "retrying",
      attempts: [expect.objectContaining({ runId: "run_1", status: "failed" })],
    });
  });
});
