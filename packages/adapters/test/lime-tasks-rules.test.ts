import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { limeAdapter } from "../src/lime";
import { limeReader } from "./lime-support";

// Runtime tasks, attempts, jobs (automation) and the turn queue of the Lime profile (§D.2): one runtime
// record in, the exact task / queue events out.

const FIXTURE = new URL(
  "../../../../shared/fixtures/agentruntime/fixtures/lime-profile/task-retry-attempt-failed-event.json",
  import.meta.url,
);

const IDS = { runtimeId: "rt", sessionId: "s", threadId: "t", turnId: "u", taskId: "k" };

const { adapt, first } = limeReader(IDS);

describe("lime task status per class (TASK-06, TASK-09)", () => {
  it.each([
    ["task.created", "queued", "queued"],
    ["task.accepted", "accepted", "accepted"],
    ["task.queued", "queued", "queued"],
    ["task.started", "running", "acting"],
    ["task.progress", "running", "acting"],
    ["task.blocked", "blocked", "waiting"],
    ["task.paused", "paused", "waiting"],
    ["task.resumed", "running", "acting"],
    ["task.retrying", "retrying", "acting"],
    ["task.cancel_requested", "cancelling", "acting"],
    ["task.cancelled", "cancelled", "cancelled"],
    ["task.timed_out", "timed_out", "failed"],
    ["task.failed", "failed", "failed"],
    ["task.lost", "lost", undefined],
    ["task.completed", "completed", "completed"],
    ["task.archived", "archived", "archived"],
    ["task.attempt.started", "running", "acting"],
    ["task.attempt.failed", "failed", "failed"],
  ])("TASK-09 %s is status %s (phase %s) whatever the payload says", (type, status, phase) => {
    const [event] = adapt(type, { status: "draft" }, { runId: "r" });
    expect(event).toMatchObject({ type: "task.changed", taskId: "k" });
    expect(event.phase).toBe(phase);
    expect((event.payload as { status: string }).status).toBe(status);
  });

  it.each([
    ["created", "queued", "queued"],
    ["submitted", "queued", "queued"],
    ["started", "running", "acting"],
    ["in_progress", "running", "acting"],
    ["working", "running", "acting"],
    ["canceled", "cancelled", "cancelled"],
    ["waiting_input", "waiting_input", "waiting"],
    ["waiting_permission", "waiting_permission", "waiting"],
    ["waiting_resource", "waiting_resource", "waiting"],
    ["draft", "draft", "draft"],
    ["preparing", "preparing", "preparing"],
    ["stale", "stale", undefined],
    ["mystery", undefined, undefined],
  ])("TASK-09 task.updated with status %s is %s", (word, status, phase) => {
    const [event] = adapt("task.updated", { status: word });
    expect(event.phase).toBe(phase);
    expect((event.payload as { status?: string }).status).toBe(status);
  });

  it("TASK-06 the payload status wins over the envelope's; the envelope's counts when the payload is silent", () => {
    expect(
      (first("task.updated", { state: "running" }, { status: "queued" }).payload as { status: string })
        .status,
    ).toBe("running");
    expect((first("task.updated", {}, { status: "queued" }).payload as { status: string }).status).toBe(
      "queued",
    );
  });

  it.each([
    [{}, "blocked"],
    [{ waitingOn: "input" }, "waiting_input"],
    [{ waiting_on: "user" }, "waiting_input"],
    [{ waitingFor: "approval" }, "waiting_permission"],
    [{ reason: "resource" }, "waiting_resource"],
    [{ waitingOn: "the moon" }, "blocked"],
    [{ status: "waiting_permission", waitingOn: "input" }, "waiting_permission"],
  ])("TASK-08 task.waiting %j is %s", (payload, status) => {
    expect((first("task.waiting", payload).payload as { status: string }).status).toBe(status);
  });

  it("TASK-08 a blocked, failed or timed-out task carries its reason; a running one does not", () => {
    expect(first("task.blocked", { blockedReason: "disk full" }).payload).toEqual({
      status: "blocked",
      reason: "disk full",
    });
    expect(first("task.failed", { reason: "crash" }).payload).toEqual({ status: "failed", reason: "crash" });
    expect(first("task.timed_out", { statusReason: "10 min" }).payload).toEqual({
      status: "timed_out",
      reason: "10 min",
    });
    expect(first("task.started", { reason: "why" }).payload).toEqual({ status: "running" });
  });

  it("FALL-02 a task fact without a task id is reported", () => {
    const events = limeAdapter
      .create()
      .push({ type: "task.started", eventId: "e", runtimeId: "rt", sessionId: "s", payload: {} }, 0);
    expect(events[0].payload).toMatchObject({ code: "unsupported_source_event" });
  });
});

describe("lime task fields (TASK-05, TASK-11)", () => {
  it("TASK-11 every task field the runtime states is carried", () => {
    const [event] = adapt("task.progress", {
      title: "Index repo",
      progressMessage: "3 of 4",
      ratio: 0.75,
      parentTaskId: "parent-1",
      queuePosition: 2,
      retryable: false,
      nextAttemptPolicy: "auto",
      failureCategory: "none",
      artifactIds: ["a1", 5],
      evidenceIds: ["ev1"],
    });
    expect(event.payload).toEqual({
      status: "running",
      title: "Index repo",
      progress: { message: "3 of 4", ratio: 0.75 },
      parentTaskId: "parent-1",
      queuePosition: 2,
      retryable: false,
      nextAttemptPolicy: "auto",
      failureCategory: "none",
      artifactIds: ["a1"],
      evidenceIds: ["ev1"],
    });
  });

  it.each([
    [{ objective: "Ship it" }, { title: "Ship it" }],
    [{ name: "Named" }, { title: "Named" }],
    [{ message: "half" }, { progress: { message: "half" } }],
    [{ progress: 0.5 }, { progress: { ratio: 0.5 } }],
    [{ percent: 40 }, { progress: { ratio: 40 } }],
    [{ parent_task_id: "p" }, { parentTaskId: "p" }],
    [{ queue_position: 1 }, { queuePosition: 1 }],
    [{ position: 3 }, { queuePosition: 3 }],
    [
      { next_attempt_policy: "manual", failure_category: "tool" },
      { nextAttemptPolicy: "manual", failureCategory: "tool" },
    ],
    [
      { artifactRefs: ["r"], evidenceRefs: ["v"] },
      { artifactIds: ["r"], evidenceIds: ["v"] },
    ],
  ])("TASK-11 task.progress %j", (payload, expected) => {
    expect(first("task.progress", payload).payload).toEqual({ status: "running", ...expected });
  });

  it("TASK-11 the envelope's parent task id wins", () => {
    expect(
      (
        first("task.created", { parentTaskId: "p" }, { parentTaskId: "env" }).payload as {
          parentTaskId: string;
        }
      ).parentTaskId,
    ).toBe("env");
  });

  it("TASK-07 the official failed-attempt fixture keeps the attempt, its run and the retry policy", () => {
    const [event] = limeAdapter.create().push(JSON.parse(readFileSync(FIXTURE, "utf8")), 0);
    expect(event).toMatchObject({ type: "task.changed", taskId: "task_lime_001", phase: "failed" });
    expect(event.payload).toEqual({
      status: "failed",
      reason: "tool_failed",
      attempt: {
        attemptId: "attempt_lime_001",
        runId: "run_lime_001",
        status: "failed",
        reason: "tool_failed",
      },
      retryable: true,
      nextAttemptPolicy: "manual_or_policy_retry",
      failureCategory: "tool_failed",
    });
  });

  it.each([
    ["task.attempt.started", {}, { runId: "r" }, { runId: "r", status: "running" }],
    ["task.attempt.completed", {}, { runId: "r" }, { runId: "r", status: "completed" }],
    [
      "task.retrying",
      { reason: "flaky" },
      { attemptId: "a2" },
      { attemptId: "a2", status: "retrying", reason: "flaky" },
    ],
    ["task.retrying", {}, {}, { status: "retrying" }],
    ["task.updated", { status: "running" }, { attemptId: "a3" }, { attemptId: "a3", status: "running" }],
    [
      "task.attempt.failed",
      { failure_category: "oom" },
      { runId: "r" },
      { runId: "r", status: "failed", reason: "oom" },
    ],
  ])("TASK-07 %s %j %j has the attempt %j", (type, payload, extra, attempt) => {
    expect((first(type, payload, extra).payload as { attempt?: unknown }).attempt).toEqual(attempt);
  });

  it("TASK-07 a task fact with no attempt id and no attempt class has no attempt", () => {
    expect(
      (first("task.failed", { status: "failed" }).payload as { attempt?: unknown }).attempt,
    ).toBeUndefined();
    expect(
      (first("task.updated", {}, { attemptId: "a" }).payload as { attempt?: unknown }).attempt,
    ).toBeUndefined();
  });

  it("TASK-07 task.attempt.completed takes the payload's status; none leaves the task status open", () => {
    const [event] = adapt("task.attempt.completed", { status: "completed" }, { runId: "r" });
    expect(event.payload).toEqual({ status: "completed", attempt: { runId: "r", status: "completed" } });
    expect(
      (first("task.attempt.completed", {}, { runId: "r" }).payload as { status?: string }).status,
    ).toBeUndefined();
  });

  it("TEAM-07 task.delegated names the delegate and reason", () => {
    const events = adapt("task.delegated", { delegatedTo: "w1", reason: "specialist" });
    expect(events[0].payload).toEqual({ delegation: { to: "w1", reason: "specialist" } });
    expect(
      (first("task.delegated", { assignee: "w2" }).payload as { delegation: unknown }).delegation,
    ).toEqual({ to: "w2" });
    expect(
      (first("task.delegated", {}, { subagentId: "w3" }).payload as { delegation: unknown }).delegation,
    ).toEqual({ to: "w3" });
    expect(
      (first("task.created", { delegatedTo: "w1" }).payload as { delegation?: unknown }).delegation,
    ).toBeUndefined();
  });

  it("TASK-11 task.dependency.updated keeps the dependencies, or the whole safe payload", () => {
    expect(
      (first("task.dependency.updated", { dependencies: ["k0"] }).payload as { dependencies: unknown })
        .dependencies,
    ).toEqual(["k0"]);
    expect(
      (first("task.dependency.updated", { blocks: ["k2"] }).payload as { dependencies: unknown })
        .dependencies,
    ).toEqual({ blocks: ["k2"] });
    expect(
      (first("task.updated", { dependencies: ["k0"] }).payload as { dependencies?: unknown }).dependencies,
    ).toBeUndefined();
  });
});

describe("lime automation jobs (TASK-12)", () => {
  const JOB = { runtimeId: "rt", sessionId: "s", jobId: "job-1" };
  const job = (type: string, payload: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
    limeAdapter.create().push({ type, eventId: "j", ...JOB, payload, ...extra }, 0)[0];

  it.each([
    ["job.created", "queued"],
    ["job.started", "running"],
    ["job.progress", "running"],
    ["job.completed", "completed"],
    ["job.failed", "failed"],
    ["job.cancelled", "cancelled"],
  ])("TASK-12 %s is an automation-job task with status %s", (type, status) => {
    const event = job(type);
    expect(event).toMatchObject({ type: "task.changed", taskId: "job-1", runtimeEntity: "automation_job" });
    expect(event.payload).toEqual({ status });
  });

  it("TASK-12 job counts and item status are kept apart from the job status", () => {
    expect(job("job.progress", { totalItems: 10, completedItems: 4, failedItems: 1 }).payload).toEqual({
      status: "running",
      job: { total: 10, completed: 4, failed: 1 },
    });
    expect(job("job.item.failed", { retryable: true }, { jobItemId: "it-3" }).payload).toEqual({
      retryable: true,
      job: { jobItemId: "it-3", itemStatus: "failed", retryable: true },
    });
    expect(job("job.item.started", { retryable: true }, { jobItemId: "it-1" }).payload).toEqual({
      retryable: true,
      job: { jobItemId: "it-1", itemStatus: "started" },
    });
    expect(job("job.item.completed", {}).payload).toEqual({ job: { itemStatus: "completed" } });
  });

  it("TASK-12 an item's attempts and error under each name, on that item only", () => {
    const jobOf = (type: string, payload: Record<string, unknown>) =>
      (job(type, payload).payload as { job?: unknown }).job;
    expect(jobOf("job.item.failed", { attempts: 3, lastError: "disk full" })).toEqual({
      itemStatus: "failed",
      attempts: 3,
      error: "disk full",
    });
    expect(jobOf("job.item.failed", { attempt: 2, message: "timeout" })).toEqual({
      itemStatus: "failed",
      attempts: 2,
      error: "timeout",
    });
    // A completed item's message is no error; the job's own record has no item attempts.
    expect(jobOf("job.item.completed", { attemptCount: 1, message: "done" })).toEqual({
      itemStatus: "completed",
      attempts: 1,
    });
    expect(jobOf("job.progress", { attempts: 4, total: 2 })).toEqual({ total: 2 });
  });

  it("§E-4 TASK-12 job counts written in snake_case", () => {
    expect(job("job.progress", { total_items: 10, completed_items: 4, failed_items: 1 }).payload).toEqual({
      status: "running",
      job: { total: 10, completed: 4, failed: 1 },
    });
  });

  it("TEAM-12 a job keeps a stated runtime entity; a task id wins over the job id", () => {
    expect(job("job.started", {}, { runtimeEntity: "work_item" }).runtimeEntity).toBe("work_item");
    expect(job("job.started", {}, { taskId: "task-9" }).taskId).toBe("task-9");
    const task = first("task.started");
    expect(task.runtimeEntity).toBeUndefined();
    expect((first("task.progress", { total: 3 }).payload as { job?: unknown }).job).toBeUndefined();
  });

  it("FALL-02 a task class never takes the job id as its task id", () => {
    const events = limeAdapter
      .create()
      .push(
        { type: "task.started", eventId: "e", runtimeId: "rt", sessionId: "s", jobId: "job-1", payload: {} },
        0,
      );
    expect(events[0].payload).toMatchObject({ code: "unsupported_source_event" });
  });
});

describe("lime queue (QUEUE-03, QUEUE-04)", () => {
  it("QUEUE-03 queue.changed copies queued turns and steers with previews only", () => {
    const [event] = adapt("queue.changed", {
      items: [
        {
          id: "q1",
          preview: "next",
          status: "queued",
          position: 4,
          targetId: "t",
          createdAt: "2026-05-11T10:00:00Z",
        },
        { queuedTurnId: "q2", text: "then", threadId: "t2", created_at: "c" },
        { queued_turn_id: "q3", summary: "sum" },
        { turnId: "q4" },
        { nothing: true },
      ],
      steers: [
        { id: "s1", preview: "focus", status: "pending", targetTurnId: "u", reason: "user" },
        { steerId: "s2", text: "also", turnId: "u2" },
        { no: "id" },
      ],
    });
    expect(event).toMatchObject({ type: "queue.changed", queuedTurnCount: 5 });
    expect(event.payload).toEqual({
      items: [
        {
          id: "q1",
          preview: "next",
          status: "queued",
          position: 4,
          targetId: "t",
          createdAt: "2026-05-11T10:00:00Z",
        },
        { id: "q2", preview: "then", position: 1, targetId: "t2", createdAt: "c" },
        { id: "q3", preview: "sum", position: 2 },
        { id: "q4", position: 3 },
      ],
      steers: [
        { id: "s1", preview: "focus", status: "pending", targetTurnId: "u", reason: "user" },
        { id: "s2", preview: "also", targetTurnId: "u2" },
      ],
    });
  });

  it.each([
    [{ queuedTurns: [{ id: "a" }] }, 1],
    [{ queued_turns: [{ id: "a" }, { id: "b" }] }, 2],
    [{ queue: [{ id: "a" }], pendingSteers: [{ id: "p" }] }, 1],
    [{}, 0],
  ])("QUEUE-03 queue.changed %j counts %i queued turns", (payload, count) => {
    const [event] = adapt("queue.changed", payload);
    expect(event.queuedTurnCount).toBe(count);
    expect((event.payload as { items: unknown[] }).items).toHaveLength(count);
  });

  it("QUEUE-04 pending steers are read from pendingSteers too", () => {
    expect(
      (first("queue.changed", { pendingSteers: [{ id: "p", text: "x" }] }).payload as { steers: unknown })
        .steers,
    ).toEqual([{ id: "p", preview: "x" }]);
  });

  it("ENV-06 the runtime's own queued-turn count wins over the list length", () => {
    expect(first("queue.changed", { items: [] }, { queuedTurnCount: 7 }).queuedTurnCount).toBe(7);
  });
});

describe("lime task fields read from the payload (TEAM-07, TASK-12)", () => {
  it("TEAM-07 a delegation's target may be named agentId", () => {
    expect(
      (first("task.delegated", { agentId: "w4" }).payload as { delegation: unknown }).delegation,
    ).toEqual({ to: "w4" });
  });

  it("TASK-12 a job's failed count may be named failed", () => {
    const [event] = limeAdapter.create().push(
      {
        type: "job.progress",
        eventId: "j",
        runtimeId: "rt",
        sessionId: "s",
        jobId: "job-1",
        payload: { failed: 2 },
      },
      0,
    );
    expect(event.payload).toEqual({ status: "running", job: { failed: 2 } });
  });
});
