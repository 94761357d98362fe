// TaskGraph: which task waits on which (TASK-11, TEAM-15), from the runtime's dependency edges. Each task
// that depends on others lists them with their own status; a dependency the projection has no task for
// reads `unknown`. A list, not a drawing: readable by screen readers and at any width; windowed when long.
import type { TaskRecord } from "@agent-ui/contracts";
import { Badge } from "./honest";
import { WindowedList } from "./windowed-list";

export interface TaskGraphProps {
  tasks: Record<string, TaskRecord>;
  onOpenTask?: (taskId: string) => void;
}

const titleOf = (tasks: Record<string, TaskRecord>, id: string): string => tasks[id]?.title ?? id;

/** Dependents up to this many render as one plain list; more as a windowed list (PERF-04). */
const WINDOW_FROM = 60;

export function TaskGraph({ tasks, onOpenTask }: TaskGraphProps) {
  const dependents = Object.values(tasks).filter((task) => (task.dependsOn?.length ?? 0) > 0);
  if (dependents.length === 0) return null;
  const row = (task: TaskRecord) => (
    <>
      {onOpenTask ? (
        <button type="button" className="aui-button aui-button-quiet" onClick={() => onOpenTask(task.taskId)}>
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
    </>
  );
  return (
    <section className="aui-task-graph" aria-label="Task dependencies">
      <h3>Dependencies</h3>
      {dependents.length > WINDOW_FROM ? (
        <WindowedList
          label="Tasks that wait"
          items={dependents}
          getKey={(task) => task.taskId}
          estimateHeight={64}
          threshold={WINDOW_FROM}
          renderItem={(task) => <div data-status={task.status}>{row(task)}</div>}
        />
      ) : (
        <ul>
          {dependents.map((task) => (
            <li key={task.taskId} data-status={task.status}>
              {row(task)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
