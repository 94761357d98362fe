// TASK-11 / TEAM-15: the tasks a task waits on, as the runtime states them (`task.dependency.updated`
// through its adapter, a task fact's `dependencies`, or a TaskSnapshot's dependency edges). The stated list
// replaces the held one — a runtime that drops a dependency is believed — and a task never depends on itself.
import { asString, isRecord } from "../internal/json";

const MAX_DEPENDENCIES = 256;
const LIST_KEYS = ["dependsOn", "depends_on", "blockedBy", "blocked_by", "upstream", "taskIds"] as const;

function idOf(item: unknown): string | undefined {
  if (typeof item === "string") return item;
  if (isRecord(item)) return asString(item.taskId) ?? asString(item.dependsOn) ?? asString(item.id);
  return undefined;
}

/** The task ids `value` names as dependencies of `taskId`, or `undefined` when it states none. */
export function dependencyIds(taskId: string, value: unknown): string[] | undefined {
  let list: unknown = value;
  if (isRecord(value)) {
    const key = LIST_KEYS.find((name) => Array.isArray(value[name]));
    if (key === undefined) return undefined;
    list = value[key];
  }
  if (!Array.isArray(list)) return undefined;
  const ids: string[] = [];
  for (const item of list) {
    const id = idOf(item);
    if (id === undefined || id === taskId || ids.includes(id)) continue;
    ids.push(id);
    if (ids.length === MAX_DEPENDENCIES) break;
  }
  return ids;
}
