// `tasks` mode bookkeeping: the tasks that completed, so a resumed run restating them is not read as a
// new execution. LangGraph task ids are deterministic per step and node; on resume the paused step is
// restated — a task that had finished replays its cached write (`updates` with `__metadata__.cached`)
// and is announced again with no result, because it does not run again (TASK-06: the capsule's status
// comes from what the runtime did). A task that failed or paused on `interrupt()` does run again.
//
// Memory is bounded (shared/bounded): the most recent `MAX_COMPLETED_TASKS` completions are kept, the
// one completed longest ago is forgotten first, and one `source_limit_exceeded` warning names the table
// when it first is. Only the paused step's tasks are restated, and they are the most recent ones.
import { BoundedTable, type LimitNotices } from "../shared/bounded";

export const MAX_COMPLETED_TASKS = 4096;

export class TaskBook {
  private readonly completed: BoundedTable<true>;

  constructor(notices: LimitNotices) {
    const consequence =
      "the one completed longest ago is forgotten; a resumed run restating it would show it running again";
    const limit = { table: "completed task", cap: MAX_COMPLETED_TASKS, consequence };
    this.completed = new BoundedTable(limit, notices, true);
  }

  /** Records a task's status; returns false for a restated start of a task that already completed. */
  admit(taskId: string, status: unknown): boolean {
    if (status === "running") return !this.completed.has(taskId);
    if (status === "completed") this.completed.add(taskId);
    else this.completed.delete(taskId);
    return true;
  }
}
