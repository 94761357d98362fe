// task.changed (TASK-*, AUI-AR-TASK-001/002): runtime task status through the D.4 crosswalk into capsule
// states; attempts are appended, never replaced (a failed attempt stays visible, TASK-07); blocked shows
// its reason (TASK-08); `lost` is stale with a warning, never success (TASK-10). Linked work board
// entries follow the task's status (work-board.ts).
import type { TaskAttempt, TaskCapsuleState, TaskRecord } from "@agent-ui/contracts";
import { dependencyIds } from "./task-dependencies";
import { applyJob } from "./task-job";
import { capsuleAttention, toCapsuleState } from "../crosswalk";
import { addUnique, asNumber, asString, asStringArray, isRecord } from "../internal/json";
import type { EventContext, Store } from "../store";
import { trackTaskPart } from "./agent-task-parts";
import { followTask, mergeWorkItem } from "./work-board";

export function taskFor(store: Store, taskId: string, ctx: EventContext): TaskRecord {
  let task = store.tasks.get(taskId);
  if (task === undefined) {
    task = {
      taskId,
      status: "unknown",
      attention: "medium",
      attempts: [],
      artifactIds: [],
      evidenceIds: [],
      source: ctx.source,
    };
    store.tasks.set(taskId, task);
  }
  return task;
}

/** Applies a runtime status word to a task; returns false when the word is not known. */
export function applyTaskStatus(
  store: Store,
  task: TaskRecord,
  word: string,
  reason: string | undefined,
  ctx: EventContext,
): void {
  const mapped = toCapsuleState(word);
  task.runtimeStatus = word;
  if (mapped === undefined) {
    store.diag("unknown_taxonomy_value", "warning", `task status "${word}" is not known`, ctx.event);
    setState(task, "unknown");
    return;
  }
  setState(task, mapped.state);
  store.taskStateBeforeAction.delete(task.taskId);
  const why = reason ?? mapped.impliedReason;
  // A blocked task always says why (TASK-08); a failed or stale one keeps the reason it had.
  if (why !== undefined) task.reason = why;
  else if (mapped.state === "blocked") task.reason = "unavailable";
  else if (mapped.state !== "failed" && mapped.state !== "stale") delete task.reason;
  if (word === "lost")
    store.diag(
      "runtime_warning",
      "warning",
      `task ${task.taskId} was lost: shown stale, never completed`,
      ctx.event,
    );
}

function setState(task: TaskRecord, state: TaskCapsuleState): void {
  task.status = state;
  task.attention = capsuleAttention(state);
}

/** An action took (or released) a task's attention (HITL-01): the prior state is restored on release. */
export function setTaskAttention(
  store: Store,
  taskId: string,
  state: TaskCapsuleState | null,
  ctx: EventContext,
): void {
  const task = store.tasks.get(taskId);
  if (task === undefined) return;
  if (state !== null) {
    if (!store.taskStateBeforeAction.has(taskId)) store.taskStateBeforeAction.set(taskId, task.status);
    setState(task, state);
  } else {
    const before = store.taskStateBeforeAction.get(taskId);
    if (before === undefined) return;
    store.taskStateBeforeAction.delete(taskId);
    setState(task, before);
  }
  task.source = ctx.source;
  store.tasks.touch(taskId);
}

const TERMINAL_ATTEMPT = new Set(["failed", "completed", "cancelled", "canceled", "timed_out", "lost"]);

/** Adds or updates an attempt by attemptId (or runId); earlier attempts are kept (AUI-AR-TASK-001). */
export function upsertAttempt(task: TaskRecord, attempt: TaskAttempt): TaskAttempt {
  const existing = task.attempts.find(
    (item) =>
      (attempt.attemptId !== undefined && item.attemptId === attempt.attemptId) ||
      (attempt.attemptId === undefined && attempt.runId !== undefined && item.runId === attempt.runId),
  );
  if (existing === undefined) {
    task.attempts.push(attempt);
    return attempt;
  }
  // A finished attempt keeps its outcome: a later "retrying" naming the same run never overwrites the
  // failed attempt's evidence (TASK-07, TASK-10).
  if (TERMINAL_ATTEMPT.has(existing.status) && !TERMINAL_ATTEMPT.has(attempt.status)) return existing;
  Object.assign(existing, attempt);
  return existing;
}

function taskChanged(store: Store, ctx: EventContext): void {
  const { event, payload } = ctx;
  const taskId = event.taskId;
  if (typeof taskId !== "string") {
    store.diag("missing_correlation", "warning", "task.changed without taskId", event);
    return;
  }
  const task = taskFor(store, taskId, ctx);
  // A task fact about a queued turn's capsule takes it over: task facts own its status from now on, and
  // it outlives the queue listing (TASK-06, queue-tasks.ts).
  delete task.queuedTurnId;
  const reason = asString(payload.reason) ?? asString(event.queueReason);
  const status = asString(payload.status);
  if (status !== undefined) applyTaskStatus(store, task, status, reason, ctx);
  else if (reason !== undefined) task.reason = reason;
  const title = asString(payload.title);
  if (title !== undefined) task.title = title;
  const attemptFields = isRecord(payload.attempt) ? payload.attempt : undefined;
  const attemptId = asString(attemptFields?.attemptId) ?? asString(event.attemptId);
  const runId = asString(attemptFields?.runId) ?? asString(event.runId);
  if (
    attemptFields !== undefined &&
    typeof attemptFields.status === "string" &&
    attemptId === undefined &&
    runId === undefined
  ) {
    // An attempt without attemptId/runId cannot be told apart from the others: it is never recorded as a
    // new attempt (history stays intact); its status speaks for the task when the task has none.
    if (status === undefined) applyTaskStatus(store, task, attemptFields.status, reason, ctx);
  } else if (attemptFields !== undefined && typeof attemptFields.status === "string") {
    const attempt: TaskAttempt = { status: attemptFields.status, source: ctx.source };
    const attemptReason = asString(attemptFields.reason);
    if (attemptId !== undefined) attempt.attemptId = attemptId;
    if (runId !== undefined) attempt.runId = runId;
    if (attemptReason !== undefined) attempt.reason = attemptReason;
    upsertAttempt(task, attempt);
    if (runId !== undefined && (attempt.status === "running" || attempt.status === "started"))
      task.currentRunId = runId;
    store.timelineEntry(
      `task:${taskId}:attempt:${attemptId ?? runId ?? task.attempts.length}`,
      "task",
      `${task.title ?? taskId} attempt`,
      ctx,
      {
        status: attempt.status,
        refs: { taskId, ...(attemptId ? { attemptId } : {}), ...(runId ? { runId } : {}) },
      },
    );
  } else if (typeof event.runId === "string" && task.currentRunId === undefined)
    task.currentRunId = event.runId;
  if (isRecord(payload.progress)) {
    const progress: NonNullable<TaskRecord["progress"]> = {};
    const message = asString(payload.progress.message);
    const ratio = asNumber(payload.progress.ratio);
    if (message !== undefined) progress.message = message;
    if (ratio !== undefined) progress.ratio = ratio;
    task.progress = progress;
  }
  const parentTaskId = asString(payload.parentTaskId) ?? asString(event.parentTaskId);
  if (parentTaskId !== undefined) task.parentTaskId = parentTaskId;
  const dependsOn = dependencyIds(taskId, payload.dependencies ?? payload.dependsOn);
  if (dependsOn !== undefined) task.dependsOn = dependsOn;
  const position = asNumber(payload.queuePosition);
  if (position !== undefined) task.queuePosition = position;
  addUnique(task.artifactIds, asStringArray(payload.artifactIds));
  addUnique(task.evidenceIds, asStringArray(payload.evidenceIds));
  if (typeof event.agentId === "string") task.agentId = event.agentId;
  if (typeof event.runtimeEntity === "string") task.runtimeEntity = event.runtimeEntity;
  if (isRecord(payload.job)) applyJob(task, payload.job, ctx);
  task.source = ctx.source;
  store.tasks.touch(taskId);
  const statedByBoard = linkWorkItem(store, task, ctx);
  if (status !== undefined || attemptFields !== undefined) followTask(store, task, ctx, statedByBoard);
  trackTaskPart(store, task, ctx);
  store.timelineEntry(`task:${taskId}`, "task", task.title ?? taskId, ctx, {
    status: task.status,
    refs: { taskId, ...(task.currentRunId ? { runId: task.currentRunId } : {}) },
  });
}

/** The board entry this task fact speaks for: an explicit workItemId (envelope or payload.workItem), else
 * the task itself when the fact carries a work item without its own id or the runtime says the task is
 * a work item (TEAM-12 `work_item`): the task id then names the entry, so the item is never dropped. */
function linkWorkItem(store: Store, task: TaskRecord, ctx: EventContext): string | undefined {
  const { event, payload } = ctx;
  const fields = isRecord(payload.workItem) ? payload.workItem : undefined;
  const id =
    asString(event.workItemId) ??
    asString(fields?.workItemId) ??
    (fields !== undefined || event.runtimeEntity === "work_item" ? task.taskId : undefined);
  if (id === undefined) return undefined;
  mergeWorkItem(store, { ...fields, workItemId: id, taskId: task.taskId }, ctx);
  return asString(fields?.status) !== undefined ? id : undefined;
}

export const taskHandlers = {
  "task.changed": taskChanged,
} as const;
