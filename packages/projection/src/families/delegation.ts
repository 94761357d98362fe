// Which work is delegated (TEAM-12, TASK-02): only what the runtime states — a parent task, a delegated
// execution shape, or an owner that is a child agent with known lineage. Shared by the agent_task parts
// and by message routing, so a worker's facts never land in the coordinator's answer.
import type { TaskRecord } from "@agent-ui/contracts";
import type { Store } from "../store";

/** Execution shapes that are delegated work by definition (TEAM-12); `agent_turn` is the coordinator's. */
export const DELEGATED_ENTITIES: ReadonlySet<string> = new Set([
  "subagent_turn",
  "automation_job",
  "external_task",
]);

/** A task is delegated when the runtime says so: a parent task, a delegated execution shape, or an
 * owner that is a child agent with known lineage. */
export function isDelegatedTask(store: Store, task: TaskRecord): boolean {
  if (task.parentTaskId !== undefined) return true;
  if (task.runtimeEntity !== undefined && DELEGATED_ENTITIES.has(task.runtimeEntity)) return true;
  const owner = task.agentId === undefined ? undefined : store.agents.get(task.agentId);
  return owner !== undefined && owner.lineage === "known";
}

/** The agent a fact belongs to when it names only its task (no agentId): the owner of a delegated task.
 * Used to keep a worker's text in the worker's lane (TASK-02, TEAM-05). */
export function delegatedOwnerOf(store: Store, taskId: unknown): string | undefined {
  if (typeof taskId !== "string") return undefined;
  const task = store.tasks.get(taskId);
  if (task?.agentId === undefined || !isDelegatedTask(store, task)) return undefined;
  return task.agentId;
}
