// Automation jobs (TASK-12): a job's counts and its items' statuses are kept apart from the job's own
// status. An item is keyed by its id; a retry of one item updates only that item, and its last error and
// attempt count stay until the runtime states new ones.
import type { JobItem, TaskRecord } from "@agent-ui/contracts";
import { asNumber, asString } from "../internal/json";
import type { EventContext } from "../store";

/** Items by id, built once per item list (a restored state brings a new list): O(1) per item fact. */
const byId = new WeakMap<JobItem[], Map<string, JobItem>>();
function itemsById(items: JobItem[]): Map<string, JobItem> {
  let index = byId.get(items);
  if (index === undefined) {
    index = new Map(items.map((item) => [item.itemId, item]));
    byId.set(items, index);
  }
  return index;
}

export function applyJob(task: TaskRecord, job: Record<string, unknown>, ctx: EventContext): void {
  if (task.job === undefined) task.job = { items: [] };
  const state = task.job;
  for (const key of ["total", "completed", "failed"] as const) {
    const count = asNumber(job[key]);
    if (count !== undefined) state[key] = count;
  }
  const itemId = asString(job.jobItemId);
  const status = asString(job.itemStatus);
  if (itemId === undefined || status === undefined) return;
  const index = itemsById(state.items);
  let item = index.get(itemId);
  if (item === undefined) {
    item = { itemId, status } satisfies JobItem;
    state.items.push(item);
    index.set(itemId, item);
  }
  item.status = status;
  const attempts = asNumber(job.attempts);
  if (attempts !== undefined) item.attempts = attempts;
  const error = asString(job.error);
  if (error !== undefined) item.lastError = error;
  if (typeof job.retryable === "boolean") item.retryable = job.retryable;
  item.source = ctx.source;
}
