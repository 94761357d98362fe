// queue.changed (QUEUE-*): the runtime's queue snapshot. Queue and steer stay distinct lists; queue events
// never create messages (QUEUE-06) and only the runtime's fact adds or removes an item (QUEUE-08). Queued
// turns are also reflected on the task capsules (queue-tasks.ts).
import type { QueueItem, QueuedTurnStatus, SteerItem, SteerStatus } from "@agent-ui/contracts";
import { QUEUED_TURN_STATUSES, STEER_STATUSES, isMember } from "@agent-ui/contracts";
import { asNumber, asString, boundText, isRecord } from "../internal/json";
import { safeText } from "../internal/safety";
import type { EventContext, Store } from "../store";
import { syncQueuedTasks } from "./queue-tasks";

const PREVIEW_LIMIT = 200;

export function queueItemsFrom(store: Store, entries: unknown[], ctx: EventContext): QueueItem[] {
  const items: QueueItem[] = [];
  for (const entry of entries) {
    if (!isRecord(entry)) continue;
    const id = asString(entry.id) ?? asString(entry.queuedTurnId) ?? asString(entry.turnId);
    if (id === undefined) {
      store.diag("missing_correlation", "info", "queued item without id", ctx.event);
      continue;
    }
    const status = entry.status ?? "queued";
    if (!isMember(QUEUED_TURN_STATUSES, status))
      store.diag(
        "unknown_taxonomy_value",
        "info",
        `queued turn status "${String(status)}" is not known`,
        ctx.event,
      );
    const item: QueueItem = {
      id,
      position: asNumber(entry.position) ?? items.length + 1,
      status: isMember(QUEUED_TURN_STATUSES, status) ? (status as QueuedTurnStatus) : "queued",
      source: ctx.source,
    };
    const preview = asString(entry.preview) ?? asString(entry.input);
    if (preview !== undefined) item.preview = boundText(safeText(preview), PREVIEW_LIMIT);
    const targetId = asString(entry.targetId);
    if (targetId !== undefined) item.targetId = targetId;
    const createdAt = asString(entry.createdAt);
    if (createdAt !== undefined) item.createdAt = createdAt;
    items.push(item);
  }
  return items.sort((a, b) => a.position - b.position);
}

function steersFrom(store: Store, entries: unknown[], ctx: EventContext): SteerItem[] {
  const steers: SteerItem[] = [];
  for (const entry of entries) {
    if (!isRecord(entry) || typeof entry.id !== "string") continue;
    const status = entry.status ?? "pending";
    if (!isMember(STEER_STATUSES, status))
      store.diag(
        "unknown_taxonomy_value",
        "info",
        `steer status "${String(status)}" is not known`,
        ctx.event,
      );
    const steer: SteerItem = {
      id: entry.id,
      status: isMember(STEER_STATUSES, status) ? (status as SteerStatus) : "pending",
      source: ctx.source,
    };
    const preview = asString(entry.preview);
    if (preview !== undefined) steer.preview = boundText(safeText(preview), PREVIEW_LIMIT);
    const target = asString(entry.targetTurnId);
    if (target !== undefined) steer.targetTurnId = target;
    const reason = asString(entry.reason);
    if (reason !== undefined) steer.reason = reason;
    steers.push(steer);
  }
  return steers;
}

function queueChanged(store: Store, ctx: EventContext): void {
  const { payload, event } = ctx;
  const queue = store.queue.value;
  if (Array.isArray(payload.items)) {
    const before = queue.items;
    queue.items = queueItemsFrom(store, payload.items, ctx);
    syncQueuedTasks(store, before, queue.items, ctx);
  }
  if (Array.isArray(payload.steers)) queue.steers = steersFrom(store, payload.steers, ctx);
  store.queue.touch();
  const runtime = store.runtime.value;
  const count =
    asNumber(event.queuedTurnCount) ?? queue.items.filter((item) => item.status === "queued").length;
  if (runtime.queuedTurnCount !== count) {
    runtime.queuedTurnCount = count;
    store.runtime.touch();
  }
}

export const queueHandlers = {
  "queue.changed": queueChanged,
} as const;
