// Builders for runtime tasks, attempts, jobs (automation) and the turn queue (§D.2 rows 9–26, 80–84, 96–104).
import { compact, readArray, readBoolean, readNumber, readString } from "../shared/record";
import {
  type Builder,
  numberField,
  phaseOf,
  reasonOf,
  safe,
  statusWord,
  stringField,
  stringList,
  toTaskStatus,
} from "./build-common";
import type { LimeFacts } from "./facts";
import { lookupTable } from "@agent-ui/contracts";

/** Task status per class; `undefined` means "the payload's own status, if it states one". */
const TASK_STATUS_BY_CLASS: Readonly<Record<string, string>> = lookupTable({
  "task.created": "queued",
  "task.accepted": "accepted",
  "task.queued": "queued",
  "task.started": "running",
  "task.progress": "running",
  "task.blocked": "blocked",
  "task.paused": "paused",
  "task.resumed": "running",
  "task.retrying": "retrying",
  "task.cancel_requested": "cancelling",
  "task.cancelled": "cancelled",
  "task.timed_out": "timed_out",
  "task.failed": "failed",
  "task.lost": "lost",
  "task.completed": "completed",
  "task.archived": "archived",
  "task.attempt.started": "running",
  "task.attempt.failed": "failed",
  "routing.not_possible": "blocked",
  "quota.blocked": "blocked",
  "job.created": "queued",
  "job.started": "running",
  "job.progress": "running",
  "job.completed": "completed",
  "job.failed": "failed",
  "job.cancelled": "cancelled",
});

const WAITING_ON: Readonly<Record<string, string>> = lookupTable({
  input: "waiting_input",
  user: "waiting_input",
  permission: "waiting_permission",
  approval: "waiting_permission",
  resource: "waiting_resource",
});

function taskStatus(f: LimeFacts): string | undefined {
  const own = toTaskStatus(statusWord(f));
  if (f.type === "task.waiting") {
    const on = stringField(f, "waitingOn", "waiting_on", "waitingFor", "reason");
    // Without a stated cause, the honest capsule state is the `blocked` fallback with a reason (§E-12).
    return own ?? (on !== undefined ? WAITING_ON[on] : undefined) ?? "blocked";
  }
  if (f.type === "task.updated" || f.type === "task.attempt.completed") return own;
  return TASK_STATUS_BY_CLASS[f.type] ?? own;
}

const ATTEMPT_STATUS: Readonly<Record<string, string>> = lookupTable({
  "task.attempt.started": "running",
  "task.attempt.completed": "completed",
  "task.attempt.failed": "failed",
});

function attemptOf(f: LimeFacts) {
  if (f.ids.attemptId === undefined && !f.type.startsWith("task.attempt.") && f.type !== "task.retrying")
    return undefined;
  const status = ATTEMPT_STATUS[f.type] ?? (f.type === "task.retrying" ? "retrying" : statusWord(f));
  if (status === undefined) return undefined;
  return compact({
    attemptId: f.ids.attemptId,
    runId: f.ids.runId,
    status,
    reason: stringField(f, "failureCategory", "failure_category", "reason"),
  });
}

export const taskChanged: Builder = (f, ctx) => {
  const taskId = f.ids.taskId ?? (f.type.startsWith("job.") ? f.extraIds.jobId : undefined);
  if (taskId === undefined) return null;
  const status = taskStatus(f);
  const progressMessage = stringField(f, "progressMessage", "message");
  const ratio = numberField(f, "ratio", "progress", "percent");
  const delegatedTo = stringField(f, "delegatedTo", "agentId", "assignee", "subagentId") ?? f.ids.subagentId;
  return {
    taskId,
    phase: phaseOf(status),
    ...(f.type.startsWith("job.") ? { runtimeEntity: f.shape.runtimeEntity ?? "automation_job" } : {}),
    payload: compact({
      status,
      title: stringField(f, "title", "objective", "name"),
      reason: status === "blocked" || status === "failed" || status === "timed_out" ? reasonOf(f) : undefined,
      attempt: attemptOf(f),
      progress:
        progressMessage !== undefined || ratio !== undefined
          ? compact({ message: progressMessage, ratio })
          : undefined,
      parentTaskId: f.extraIds.parentTaskId ?? stringField(f, "parentTaskId", "parent_task_id"),
      queuePosition: numberField(f, "queuePosition", "queue_position", "position"),
      retryable: readBoolean(f.payload, "retryable"),
      nextAttemptPolicy: stringField(f, "nextAttemptPolicy", "next_attempt_policy"),
      failureCategory: stringField(f, "failureCategory", "failure_category"),
      artifactIds: stringList(f.payload.artifactIds ?? f.payload.artifactRefs),
      evidenceIds: stringList(f.payload.evidenceIds ?? f.payload.evidenceRefs),
      delegation: f.type === "task.delegated" ? compact({ to: delegatedTo, reason: reasonOf(f) }) : undefined,
      dependencies:
        f.type === "task.dependency.updated" ? safe(ctx, f.payload.dependencies ?? f.payload) : undefined,
      job: f.type.startsWith("job.") ? jobCounts(f) : undefined,
    }),
  };
};

function jobCounts(f: LimeFacts) {
  const counts = compact({
    jobItemId: f.extraIds.jobItemId,
    itemStatus: f.type.startsWith("job.item.") ? f.type.slice("job.item.".length) : undefined,
    total: numberField(f, "total", "totalItems"),
    completed: numberField(f, "completed", "completedItems"),
    failed: numberField(f, "failed", "failedItems"),
    retryable: f.type === "job.item.failed" ? readBoolean(f.payload, "retryable") : undefined,
    attempts: f.type.startsWith("job.item.")
      ? numberField(f, "attemptCount", "attempts", "attempt")
      : undefined,
    error: f.type === "job.item.failed" ? stringField(f, "error", "lastError", "message") : undefined,
  });
  return Object.keys(counts).length > 0 ? counts : undefined;
}

/** `queue.changed`: the runtime's full queue, copied item by item with previews only. */
export const queueChanged: Builder = (f) => {
  const items = readArray(f.payload, "items", "queuedTurns", "queued_turns", "queue") ?? [];
  const steers = readArray(f.payload, "steers", "pendingSteers") ?? [];
  return {
    ...(f.shape.queuedTurnCount === undefined ? { queuedTurnCount: items.length } : {}),
    payload: {
      items: items.flatMap((item, position) => {
        const id = readString(item, "id", "queuedTurnId", "queued_turn_id", "turnId");
        return id === undefined
          ? []
          : [
              compact({
                id,
                preview: readString(item, "preview", "text", "summary"),
                status: readString(item, "status"),
                position: readNumber(item, "position") ?? position,
                targetId: readString(item, "targetId", "threadId"),
                createdAt: readString(item, "createdAt", "created_at"),
              }),
            ];
      }),
      steers: steers.flatMap((steer) => {
        const id = readString(steer, "id", "steerId");
        return id === undefined
          ? []
          : [
              compact({
                id,
                preview: readString(steer, "preview", "text"),
                status: readString(steer, "status"),
                targetTurnId: readString(steer, "targetTurnId", "turnId"),
                reason: readString(steer, "reason"),
              }),
            ];
      }),
    },
  };
};
