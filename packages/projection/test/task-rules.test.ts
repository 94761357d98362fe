// The task family, fact by fact (TASK-01..10, HITL-01, AUI-AR-TASK-001/002): the fields a task keeps, when
// a reason is kept or cleared, attempts keyed by attempt or run, the timeline entries, action attention
// restored on release, and the exact diagnostics of facts without ids or with unknown words.
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const diagnostics = (state: State) => state.diagnostics.map((d) => [d.code, d.severity, d.message]);
const entry = (state: State, id: string) => {
  const found = state.timeline.find((item) => item.id === id);
  return found && { kind: found.kind, title: found.title, status: found.status, refs: found.refs };
};

describe("task records (TASK-01)", () => {
  it("TASK-01 a task keeps its title, progress, parent, queue place, links, owner and shape", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", {
        taskId: "k1",
        agentId: "w1",
        runtimeEntity: "automation_job",
        parentTaskId: "root",
        payload: {
          status: "running",
          title: "Collect",
          progress: { message: "2 of 4", ratio: 0.5 },
          queuePosition: 2,
          artifactIds: ["a1", 3],
          evidenceIds: ["e1"],
        },
      }),
      e("task.changed", { taskId: "k1", payload: { artifactIds: ["a1", "a2"], progress: { ratio: "x" } } }),
    ]);
    expect(state.tasks.k1).toMatchObject({
      taskId: "k1",
      status: "running",
      runtimeStatus: "running",
      attention: "low",
      title: "Collect",
      parentTaskId: "root",
      queuePosition: 2,
      artifactIds: ["a1", "a2"],
      evidenceIds: ["e1"],
      agentId: "w1",
      runtimeEntity: "automation_job",
      progress: {},
    });
    expect(entry(state, "task:k1")).toEqual({
      kind: "task",
      title: "Collect",
      status: "running",
      refs: { taskId: "k1" },
    });
  });

  it("TASK-01 a payload parent task wins over the envelope's; an untitled task is titled by its id", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { taskId: "k1", parentTaskId: "env", payload: { parentTaskId: "pay" } }),
    ]);
    expect(state.tasks.k1.parentTaskId).toBe("pay");
    expect(state.tasks.k1.status).toBe("unknown");
    expect(entry(state, "task:k1")?.title).toBe("k1");
  });

  it("TASK-09 a task fact without taskId, or with a status word not known, is flagged", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { payload: { status: "running" } }),
      e("task.changed", { taskId: "k1", payload: { status: "dreaming" } }),
      e("task.changed", { taskId: "k2", payload: { status: "lost" } }),
    ]);
    expect([state.tasks.k1.status, state.tasks.k1.runtimeStatus]).toEqual(["unknown", "dreaming"]);
    expect(diagnostics(state)).toEqual([
      ["missing_correlation", "warning", "task.changed without taskId"],
      ["unknown_taxonomy_value", "warning", 'task status "dreaming" is not known'],
      ["runtime_warning", "warning", "task k2 was lost: shown stale, never completed"],
    ]);
  });
});

describe("task reasons (TASK-08)", () => {
  it.each<[string, string | undefined]>([
    ["running", undefined],
    ["completed", undefined],
    ["failed", "quota"],
    ["stale", "quota"],
    ["blocked", "unavailable"],
  ])("TASK-08 a reasonless %s fact leaves the earlier reason %s", (status, reason) => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { taskId: "k1", payload: { status: "blocked", reason: "quota" } }),
      e("task.changed", { taskId: "k1", payload: { status } }),
    ]);
    expect(state.tasks.k1.reason).toBe(reason);
  });

  it("TASK-08 an implied reason is kept; a reason without a status, or from the queue, is kept as stated", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { taskId: "k1", payload: { status: "timed_out" } }),
      e("task.changed", { taskId: "k2", payload: { status: "running" } }),
      e("task.changed", { taskId: "k2", payload: { reason: "slow" } }),
      e("task.changed", { taskId: "k3", queueReason: "budget", payload: { status: "waiting_resource" } }),
    ]);
    expect([state.tasks.k1.status, state.tasks.k1.reason]).toEqual(["failed", "timed_out"]);
    expect([state.tasks.k2.status, state.tasks.k2.reason]).toEqual(["running", "slow"]);
    expect([state.tasks.k3.status, state.tasks.k3.reason]).toEqual(["blocked", "budget"]);
  });
});

describe("task attempts (TASK-07, AUI-AR-TASK-001)", () => {
  it("TASK-07 attempts are keyed by attempt id, else run id, from the payload or the envelope", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", {
        taskId: "k",
        runId: "r1",
        payload: { attempt: { status: "running", reason: "first" } },
      }),
      e("task.changed", { taskId: "k", payload: { attempt: { runId: "r1", status: "completed" } } }),
      e("task.changed", { taskId: "k", attemptId: "a2", payload: { attempt: { status: "started" } } }),
      e("task.changed", {
        taskId: "k",
        payload: { attempt: { attemptId: "a2", runId: "r2", status: "failed" } },
      }),
    ]);
    expect(state.tasks.k.attempts.map((a) => [a.attemptId, a.runId, a.status, a.reason])).toEqual([
      [undefined, "r1", "completed", "first"],
      ["a2", "r2", "failed", undefined],
    ]);
    expect(state.tasks.k.currentRunId).toBe("r1");
    expect(entry(state, "task:k:attempt:r1")).toEqual({
      kind: "task",
      title: "k attempt",
      status: "completed",
      refs: { taskId: "k", runId: "r1" },
    });
    expect(entry(state, "task:k:attempt:a2")).toEqual({
      kind: "task",
      title: "k attempt",
      status: "failed",
      refs: { taskId: "k", attemptId: "a2", runId: "r2" },
    });
    expect(entry(state, "task:k")?.refs).toEqual({ taskId: "k", runId: "r1" });
  });

  it("TASK-07 a running attempt names the current run; a plain fact sets it only when none is known", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { taskId: "k", runId: "r0", payload: { status: "running" } }),
      e("task.changed", { taskId: "k", runId: "r9", payload: { status: "running" } }),
      e("task.changed", { taskId: "k", payload: { attempt: { runId: "r2", status: "running" } } }),
      e("task.changed", { taskId: "k", payload: { attempt: { runId: "r3", status: "queued" } } }),
    ]);
    expect(state.tasks.k.currentRunId).toBe("r2");
  });

  it("TASK-07 a finished attempt keeps its outcome against a later non-terminal fact, not against a terminal one", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { taskId: "k", payload: { attempt: { attemptId: "a1", status: "failed" } } }),
      e("task.changed", { taskId: "k", payload: { attempt: { attemptId: "a1", status: "running" } } }),
      e("task.changed", { taskId: "k", payload: { attempt: { attemptId: "a2", status: "timed_out" } } }),
      e("task.changed", { taskId: "k", payload: { attempt: { attemptId: "a2", status: "completed" } } }),
    ]);
    expect(state.tasks.k.attempts.map((a) => [a.attemptId, a.status])).toEqual([
      ["a1", "failed"],
      ["a2", "completed"],
    ]);
  });

  it("AUI-AR-ID-002 an attempt without ids speaks for a task without a status, never over one", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("task.changed", { taskId: "k1", payload: { attempt: { status: "failed" } } }),
      e("task.changed", { taskId: "k2", payload: { status: "running", attempt: { status: "failed" } } }),
    ]);
    expect([state.tasks.k1.status, state.tasks.k1.attempts]).toEqual(["failed", []]);
    expect([state.tasks.k2.status, state.tasks.k2.attempts]).toEqual(["running", []]);
  });
});

describe("action attention on a task (HITL-01)", () => {
  it("HITL-01 the state before the first action comes back when the last is answered; a status fact in between wins", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.applyAll([
      e("task.changed", { taskId: "k", payload: { status: "running" } }),
      e("action.required", { actionId: "a1", taskId: "k", payload: { actionType: "clarification" } }),
      e("action.required", { actionId: "a2", taskId: "k", payload: { actionType: "tool_approval" } }),
    ]);
    expect(p.getState().tasks.k.status).toBe("permission_required");
    p.apply(e("action.resolved", { actionId: "a2", payload: { outcome: "resolved" } }));
    expect(p.getState().tasks.k.status).toBe("running");
    p.apply(e("action.required", { actionId: "a3", taskId: "k", payload: { actionType: "clarification" } }));
    p.apply(e("task.changed", { taskId: "k", payload: { status: "paused" } }));
    p.apply(e("action.resolved", { actionId: "a3", payload: { outcome: "resolved" } }));
    expect(p.getState().tasks.k).toMatchObject({ status: "paused", attention: "medium" });
  });
});
