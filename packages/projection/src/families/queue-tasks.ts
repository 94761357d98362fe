// Queued turns as task capsules (QUEUE-06/07, TASK-01/03, D.6 `agent_task` ← `queue.changed`, seed 001:
// "a queued turn is a task shown in the task capsule"). Each item of the runtime's queue snapshot is
// reflected where tasks are shown, without prose and without guessing:
//
// - A queued turn with no task of its id gets a capsule of its own (`runtimeEntity: agent_turn`,
//   `queuedTurnId`), whose state is the queue's word: queued / promoted → queued, started → running,
//   removed → cancelled, failed → failed. It lives while the queue lists the turn: a snapshot that no
//   longer lists it removes the capsule (the queue said it is no longer queued, not what became of it;
//   the turn's own run facts show that). Its timeline entry stays.
// - A task the runtime already reports (task.changed) keeps its status: task facts own it (TASK-06), so
//   queued stays queued until a task fact moves it. The queue only sets its position while listed, and
//   its `agent_task` part and capsule show that position.
// The cost is O(queue size) per queue.changed; no other task is visited.
import type { QueueItem, TaskRecord } from "@agent-ui/contracts";
import type { EventContext, Store } from "../store";
import { trackTaskPart } from "./agent-task-parts";
import { applyTaskStatus } from "./task";
import { lookupTable } from "@agent-ui/contracts";

/** Queued-turn status (TASK-01) → the runtime task word the D.4 crosswalk maps to a capsule state. */
const TASK_WORD: Record<QueueItem["status"], string> = lookupTable({
  queued: "queued",
  promoted: "queued",
  started: "started",
  removed: "cancelled",
  failed: "failed",
});

function queuedTurnCapsule(item: QueueItem, ctx: EventContext): TaskRecord {
  return {
    taskId: item.id,
    status: "unknown",
    attention: "medium",
    attempts: [],
    artifactIds: [],
    evidenceIds: [],
    runtimeEntity: "agent_turn",
    queuedTurnId: item.id,
    source: ctx.source,
  };
}

function reflect(store: Store, item: QueueItem, ctx: EventContext): void {
  let task = store.tasks.get(item.id);
  if (task === undefined) task = store.tasks.set(item.id, queuedTurnCapsule(item, ctx));
  if (task.queuedTurnId !== undefined) {
    // The queue speaks for its own capsule.
    applyTaskStatus(store, task, TASK_WORD[item.status], undefined, ctx);
    task.runtimeStatus = item.status;
    task.title = item.preview ?? task.title ?? "Queued turn";
    task.source = ctx.source;
  }
  task.queuePosition = item.position;
  store.tasks.touch(item.id);
  trackTaskPart(store, task, ctx);
  store.timelineEntry(`queue:${item.id}`, "task", `Queued: ${task.title ?? item.id}`, ctx, {
    status: item.status,
    refs: { taskId: item.id },
  });
}

/** A turn the queue no longer lists: its own capsule goes, a runtime task just loses its position. */
function unlist(store: Store, id: string, ctx: EventContext): void {
  const task = store.tasks.get(id);
  if (task?.queuedTurnId !== undefined) store.tasks.delete(id);
  else if (task?.queuePosition !== undefined) {
    delete task.queuePosition;
    store.tasks.touch(id);
    trackTaskPart(store, task, ctx);
  }
  if (store.timeline.has(`queue:${id}`))
    store.timelineEntry(`queue:${id}`, "task", `Queued: ${task?.title ?? id}`, ctx, {
      status: "left_queue",
      refs: { taskId: id },
    });
}

/** Reflects a new queue snapshot (`items`) on the task capsules; `before` is the previous snapshot. */
export function syncQueuedTasks(
  store: Store,
  before: readonly QueueItem[],
  items: readonly QueueItem[],
  ctx: EventContext,
): void {
  const listed = new Set<string>();
  for (const item of items) {
    listed.add(item.id);
    reflect(store, item, ctx);
  }
  for (const item of before) if (!listed.has(item.id)) unlist(store, item.id, ctx);
}
