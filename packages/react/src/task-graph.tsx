// TaskGraph: which task waits on which (TASK-11, TEAM-15), from the runtime's dependency edges. Each task
// that depends on others lists them with their own status; a dependency the projection has no task for
// reads `unknown`. A list, not a drawing: readable by screen readers and at any width.
import type { TaskRecord } from "@agent-ui/contracts";
import { Badge } from "./honest";

export interface TaskGraphProps {
  tasks: Record<string, TaskRecord>;
  onOpenTask?: (taskId: string) => void;
}

const titleOf = (tasks: Record<string, TaskRecord>, id: string): string => tasks[id]?.title ?? id;

export function TaskGraph({ tasks, onOpenTask }: TaskGraphProps) {
  const dependents = Object.values(tasks).filter((task) => (task.dependsOn?.length ?? 0) > 0);
  if (dependents.length === 0) return null;
  return (
    <section className="aui-task-graph" aria-label="Task dependencies">
      <h3>Dependencies</h3>
      <ul>
        {dependents.map((task) => (
          <li key={task.taskId} data-status={task.status}>
            {onOpenTask ? (
              <button
                type="button"
                className="aui-button aui-button-quiet"
                onClick={() => onOpenTask(task.taskId)}
              >
                {titleOf(tasks, task.taskId)}
              </button>
            ) : (
              <strong>{titleOf(tasks, task.taskId)}</strong>
            )}{" "}
            <Badge value={task.status} /> <span className="aui-hint">waits on</span>
            <ul aria-label={`${titleOf(tasks, task.taskId)} waits on`}>
              {(task.dependsOn ?? []).map((id) => (
                <li key={id} data-status={tasks[id]?.status ?? "unknown"}>
                  {titleOf(tasks, id)} <Badge value={tasks[id]?.status ?? "unknown"} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
