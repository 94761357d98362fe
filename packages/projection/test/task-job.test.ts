// Automation jobs (TASK-12, RT-AS-17): a task fact's `job` carries the job's counts and one item's status.
// The counts and the items stay apart from the task's own status; an item is keyed by its id, so a retry
// updates only that item, and its attempt count, last error and retryability stay until restated.
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

/** A fresh stream (sequences from 1) and its task facts about job-1 carrying `job`. */
function jobStream() {
  const e = stream({ sessionId: "s", turnId: "t1" });
  const job = (fields: unknown, status?: string) =>
    e("task.changed", { taskId: "job-1", payload: { ...(status ? { status } : {}), job: fields } });
  return { e, job };
}
const src = (sequence: number) => ({ eventId: `s1-${sequence}`, sequence, type: "task.changed" });

describe("an automation job's counts and items (TASK-12)", () => {
  it("TASK-12 / RT-AS-17 a retry changes only its item; attempts, error and retryability stay until restated", () => {
    const { job } = jobStream();
    const state = projectEvents([
      job({ total: 2, completed: 0, failed: 0 }, "running"),
      job({ jobItemId: "a.ts", itemStatus: "completed", attempts: 1 }),
      job({ jobItemId: "b.ts", itemStatus: "failed", attempts: 1, error: "parse error", retryable: true }),
      job({ completed: 1, failed: 1 }),
      job({ jobItemId: "b.ts", itemStatus: "running", attempts: 2 }),
    ]);
    expect(state.tasks["job-1"].status).toBe("running");
    expect(state.tasks["job-1"].job).toEqual({
      total: 2,
      completed: 1,
      failed: 1,
      items: [
        { itemId: "a.ts", status: "completed", attempts: 1, source: src(2) },
        {
          itemId: "b.ts",
          status: "running",
          attempts: 2,
          lastError: "parse error",
          retryable: true,
          source: src(5),
        },
      ],
    });
  });

  it("TASK-12 a later error and retryability replace the held ones", () => {
    const { job } = jobStream();
    const state = projectEvents([
      job({ jobItemId: "b.ts", itemStatus: "failed", error: "first", retryable: true }),
      job({ jobItemId: "b.ts", itemStatus: "failed", error: "second", retryable: false }),
    ]);
    expect(state.tasks["job-1"].job?.items).toEqual([
      { itemId: "b.ts", status: "failed", lastError: "second", retryable: false, source: src(2) },
    ]);
  });

  it("TASK-12 counts that are not finite numbers and items without an id or a status are not taken", () => {
    const { job } = jobStream();
    const state = projectEvents([
      job({ total: 3, completed: 1, failed: 0 }),
      job({ total: "4", completed: Number.NaN, failed: null }),
      job({ jobItemId: "a.ts" }),
      job({ itemStatus: "completed" }),
      job({ jobItemId: "", itemStatus: "completed" }),
      job({ jobItemId: "c.ts", itemStatus: "failed", attempts: "2", error: "", retryable: "yes" }),
    ]);
    expect(state.tasks["job-1"].job).toEqual({
      total: 3,
      completed: 1,
      failed: 0,
      items: [{ itemId: "c.ts", status: "failed", source: src(6) }],
    });
  });

  it("TASK-12 a task without job facts has no job; a job fact without counts or items starts an empty one", () => {
    const { e, job } = jobStream();
    const state = projectEvents([
      e("task.changed", { taskId: "plain", payload: { status: "running" } }),
      job("lint", "running"),
      job({}),
    ]);
    expect(state.tasks.plain.job).toBeUndefined();
    expect(state.tasks["job-1"].job).toEqual({ items: [] });
  });

  it("TASK-12 / ARCH-04 after a resume, an item's retry updates the restored item instead of adding one", () => {
    const { job } = jobStream();
    const stored = projectEvents([
      job({ total: 1, jobItemId: "b.ts", itemStatus: "failed", attempts: 1, error: "parse error" }),
    ]);
    const resumed = createProjector();
    resumed.hydrate({ kind: "projection", state: stored });
    resumed.apply(job({ jobItemId: "b.ts", itemStatus: "running", attempts: 2 }));
    resumed.apply(job({ jobItemId: "c.ts", itemStatus: "pending" }));
    resumed.apply(job({ jobItemId: "b.ts", itemStatus: "completed" }));
    expect(resumed.getState().tasks["job-1"].job).toEqual({
      total: 1,
      items: [
        { itemId: "b.ts", status: "completed", attempts: 2, lastError: "parse error", source: src(4) },
        { itemId: "c.ts", status: "pending", source: src(3) },
      ],
    });
  });
});
