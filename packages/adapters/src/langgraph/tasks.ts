// `tasks` mode bookkeeping: the tasks that completed, so a resumed run restating them is not read as a
// new execution. LangGraph task ids are deterministic per step and node; on resume the paused step is
// restated — a task that had finished replays its cached write (`updates` with `__metadata__.cached`)
// and is announced again with no result, because it does not run again (TASK-06: the capsule's status
// comes from what the runtime did). A task that failed or paused on `interrupt()` does run again.
//
// Memory is bounded: the most recent `MAX_COMPLETED_TASKS` completions are kept. Only the paused step's
// tasks are restated, and they are the most recent ones (a task id names one task of one step, so an
// older id never comes back).
export const MAX_COMPLETED_TASKS = 1024;

export class TaskBook {
  private readonly completed = new Set<string>();

  /** Records a task's status; returns false for a restated start of a task that already completed. */
  admit(taskId: string, status: unknown): boolean {
    if (status === "running") return !this.completed.has(taskId);
    if (status === "completed") {
      this.completed.delete(taskId);
      this.completed.add(taskId);
      if (this.completed.size > MAX_COMPLETED_TASKS)
        this.completed.delete(this.completed.values().next().value as string);
    } else this.completed.delete(taskId);
    return true;
  }
}
