// The team work board (TEAM-12/15, TASK-01/06): entries come from `team.changed` boards and `task.changed`
// work items; an entry linked to a runtime task moves with that task's status facts (running → done or
// failed), so the board never lags behind the capsule or claims done from prose. Links are explicit:
// a `taskId` on the board entry, a `workItemId` on the task fact, or a task whose runtimeEntity is
// `work_item` (the task is the work item). Nothing is matched by title.
import type { TaskRecord, WorkItem } from "@agent-ui/contracts";
import { toWorkItemStatus } from "../crosswalk";
import { asString } from "../internal/json";
import type { EventContext, Store } from "../store";

/** taskId → ids of the board entries it drives. */
const taskLinks = new WeakMap<Store, Map<string, Set<string>>>();

function linksOf(store: Store): Map<string, Set<string>> {
  let links = taskLinks.get(store);
  if (links === undefined) {
    links = new Map();
    taskLinks.set(store, links);
  }
  return links;
}

function link(store: Store, taskId: string, workItemId: string): void {
  const links = linksOf(store);
  let items = links.get(taskId);
  if (items === undefined) {
    items = new Set();
    links.set(taskId, items);
  }
  items.add(workItemId);
}

/** Adds or updates one board entry by workItemId; the fields given win over what the entry had. */
export function mergeWorkItem(store: Store, fields: Record<string, unknown>, ctx: EventContext): WorkItem {
  const board = store.team.value.workBoard;
  const id = fields.workItemId as string;
  let item = store.teamIndex.get(store.team.value, "workBoard", id);
  if (item === undefined) {
    item = { workItemId: id, status: "unknown" };
    board.push(item);
  }
  for (const key of ["title", "assignee", "status", "blocker", "taskId"] as const) {
    const value = asString(fields[key]);
    if (value !== undefined) item[key] = value;
  }
  if (item.taskId !== undefined) link(store, item.taskId, id);
  item.source = ctx.source;
  store.team.touchEntry("workBoard", item);
  return item;
}

/** A task status fact moves every board entry linked to the task (TEAM-15). `except` is an entry whose
 * status the same event stated explicitly: the board's own word wins there. */
export function followTask(store: Store, task: TaskRecord, ctx: EventContext, except?: string): void {
  const ids = linksOf(store).get(task.taskId);
  if (ids === undefined) return;
  const status = toWorkItemStatus(task.status);
  let changed = false;
  for (const id of ids) {
    const item = store.teamIndex.get(store.team.value, "workBoard", id);
    if (item === undefined || id === except) continue;
    item.status = status;
    if (status === "blocked") item.blocker = task.reason ?? task.status;
    else delete item.blocker;
    if (item.title === undefined && task.title !== undefined) item.title = task.title;
    item.source = ctx.source;
    store.team.touchEntry("workBoard", item);
    changed = true;
  }
  if (changed) store.team.touch();
}
