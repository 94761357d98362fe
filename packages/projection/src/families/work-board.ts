// The team work board (TEAM-12/15, TASK-01/06): entries come from `team.changed` boards and `task.changed`
// work items; an entry linked to a runtime task moves with that task's status facts (running → done or
// failed), so the board never lags behind the capsule or claims done from prose. Links are explicit:
// a `taskId` on the board entry, a `workItemId` on the task fact, or a task whose runtimeEntity is
// `work_item` (the task is the work item). Nothing is matched by title.
import type { TaskRecord, WorkItem } from "@agent-ui/contracts";
import { toWorkItemStatus } from "../crosswalk";
import { type Followed, follow } from "../internal/follow";
import { asString } from "../internal/json";
import type { EventContext, Store } from "../store";

/** taskId → ids of the board entries it drives. The board stays the one truth: the links follow it by
 * identity and length (an entry's own `taskId` links it), so a board loaded from a stored projection or
 * grown by an older page follows its tasks too; a board replaced wholesale is linked anew, once. */
const taskLinks = new WeakMap<Store, Followed<Map<string, Set<string>>>>();

function addLink(links: Map<string, Set<string>>, taskId: string, workItemId: string): void {
  let items = links.get(taskId);
  if (items === undefined) {
    items = new Set();
    links.set(taskId, items);
  }
  items.add(workItemId);
}

function linksOf(store: Store): Map<string, Set<string>> {
  let followed = taskLinks.get(store);
  if (followed === undefined) {
    followed = { list: null, indexed: 0, value: new Map() };
    taskLinks.set(store, followed);
  }
  return follow(
    followed,
    store.team.value.workBoard,
    () => new Map<string, Set<string>>(),
    (links, entry) => {
      const item = entry as Partial<WorkItem>;
      if (typeof item.taskId === "string" && typeof item.workItemId === "string")
        addLink(links, item.taskId, item.workItemId);
    },
  );
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
  if (item.taskId !== undefined) addLink(linksOf(store), item.taskId, id);
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
    // An entry moved to another task since it was linked follows that task only.
    if (item === undefined || id === except || item.taskId !== task.taskId) continue;
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
