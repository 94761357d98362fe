// TaskCapsules: long-running and queued work apart from the transcript (TASK-01). Attention states come
// first (TASK-04); retrying shows the attempt history (TASK-07); blocked shows its reason, never an endless
// spinner (TASK-08); queued turns are runtime-owned, removed/promoted through the runtime (QUEUE-03/08).
// The projection mirrors each queued turn as a capsule (`queuedTurnId`, QUEUE-06); that capsule and the
// queue item are one row, never two, and a runtime task the queue lists is one capsule with its position.
import type { QueueItem, QueueSlice, TaskRecord } from "@agent-ui/contracts";
import { Fragment, useId, useState } from "react";
import type { Dispatch } from "./commands";
import { Badge, clip } from "./honest";
import { JobItemList, JobSummary } from "./job-items";
import { QueueControls, QueuedTurn, type QueuedTurnView, queuedTurnView } from "./queued-turn";
import type { OlderPages } from "./older-pages";
import { reasonText } from "./reason-text";
import { WindowedList } from "./windowed-list";

export interface TaskCapsulesProps {
  tasks: Record<string, TaskRecord>;
  queue: QueueSlice;
  dispatch?: Dispatch;
  onOpenTask?: (taskId: string) => void;
  /** Older tasks still on the gateway, paged in as the user scrolls (HYD-02). */
  older?: OlderPages;
  /** The task a link elsewhere (a timeline row) opened: marked current and scrolled into view. */
  focusId?: string;
}

/** Scrolls the focused capsule into view once it is rendered. */
const revealOnMount = (el: HTMLElement | null) => el?.scrollIntoView?.({ block: "nearest" });

const ATTENTION_RANK = { high: 0, medium: 1, low: 2 } as const;
const CTA_STATES = new Set(["needs_input", "plan_ready", "permission_required", "failed", "blocked"]);

export function orderCapsules(tasks: Record<string, TaskRecord>): TaskRecord[] {
  return Object.values(tasks).sort((a, b) => ATTENTION_RANK[a.attention] - ATTENTION_RANK[b.attention]);
}

/** Splits the capsules into runtime tasks and queued-turn rows (queue items merged with their capsules,
 * by position). One pass over the tasks and one over the queue. */
export function splitCapsules(
  tasks: Record<string, TaskRecord>,
  queue: QueueSlice,
): { runtimeTasks: TaskRecord[]; queuedTurns: QueuedTurnView[]; queueItemOf: Map<string, QueueItem> } {
  const queueItemOf = new Map(queue.items.map((item) => [item.id, item]));
  const turnCapsules = new Map<string, TaskRecord>();
  const runtime: Record<string, TaskRecord> = {};
  for (const task of Object.values(tasks)) {
    if (task.queuedTurnId !== undefined) turnCapsules.set(task.queuedTurnId, task);
    else runtime[task.taskId] = task;
  }
  const queuedTurns: QueuedTurnView[] = [];
  for (const item of queue.items) {
    if (item.id in runtime) continue; // shown on the runtime task's own capsule
    const capsule = turnCapsules.get(item.id);
    // A bare queue item (no capsule) is listed only while still queued, as before capsules existed.
    if (capsule || item.status === "queued" || item.status === "promoted")
      queuedTurns.push(queuedTurnView(item, capsule));
  }
  for (const [id, capsule] of turnCapsules)
    if (!queueItemOf.has(id)) queuedTurns.push(queuedTurnView(undefined, capsule));
  queuedTurns.sort(
    (a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER),
  );
  return { runtimeTasks: orderCapsules(runtime), queuedTurns, queueItemOf };
}

/** Runtime tasks up to this many render as one plain list; more as a windowed list (PERF-04). */
const WINDOW_FROM = 60;

export function TaskCapsules({ tasks, queue, dispatch, onOpenTask, older, focusId }: TaskCapsulesProps) {
  const { runtimeTasks: ordered, queuedTurns: queued, queueItemOf } = splitCapsules(tasks, queue);
  const steers = queue.steers.filter((s) => s.status !== "accepted");
  const hasOlder = older?.has("tasks") ?? false;
  const windowed = ordered.length > WINDOW_FROM || hasOlder;
  const capsule = (task: TaskRecord, Row: "li" | "div") => (
    <Row
      key={task.taskId}
      className={`aui-capsule aui-attention-${task.attention}`}
      data-state={task.status}
      aria-current={task.taskId === focusId ? "true" : undefined}
      ref={task.taskId === focusId ? revealOnMount : undefined}
    >
      <TaskCapsuleBody
        task={task}
        dispatch={dispatch}
        onOpenTask={onOpenTask}
        item={queueItemOf.get(task.taskId)}
      />
    </Row>
  );
  return (
    <section className="aui-capsules" aria-label="Tasks">
      {ordered.length + queued.length + steers.length === 0 ? <p className="aui-hint">No tasks.</p> : null}
      {windowed ? (
        <WindowedList
          className="aui-capsule-list"
          label="Task capsules"
          items={ordered}
          getKey={(task) => task.taskId}
          estimateHeight={48}
          threshold={WINDOW_FROM}
          scrollToIndex={focusId ? ordered.findIndex((t) => t.taskId === focusId) : undefined}
          hasOlder={hasOlder}
          onLoadOlder={older ? () => older.load("tasks") : undefined}
          renderItem={(task) => capsule(task, "div")}
        />
      ) : null}
      <ul className="aui-capsule-list">
        {windowed ? null : ordered.map((task) => capsule(task, "li"))}
        {queued.map((item) => (
          <QueuedTurn key={`queued:${item.id}`} item={item} dispatch={dispatch} />
        ))}
        {steers.map((steer) => (
          <li key={steer.id} className="aui-capsule aui-attention-medium" data-state="steering">
            <span className="aui-capsule-title">Steer for the current run</span>
            <Badge value={steer.status} />
            <span className="aui-hint">{clip(steer.preview, 60)}</span>
            {steer.reason ? <span className="aui-capsule-reason">{reasonText(steer.reason)}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TaskCapsuleBody(props: {
  task: TaskRecord;
  dispatch?: Dispatch;
  onOpenTask?: (taskId: string) => void;
  item: QueueItem | undefined;
}) {
  const { task, dispatch, onOpenTask } = props;
  return (
    <>
      <span className="aui-capsule-title">{task.title ?? task.taskId}</span>
      <Badge value={task.status} />
      {task.queuePosition !== undefined ? (
        <Badge label="position" value={String(task.queuePosition)} />
      ) : null}
      {task.status === "blocked" ? (
        <span className="aui-capsule-reason">{reasonText(task.reason) ?? "reason: unknown"}</span>
      ) : null}
      {task.status !== "blocked" && task.reason ? (
        <span className="aui-capsule-reason" title={task.reason}>
          {clip(reasonText(task.reason) ?? "", 80)}
        </span>
      ) : null}
      {task.progress?.message ? <span className="aui-hint">{clip(task.progress.message, 60)}</span> : null}
      {task.job ? <JobSummary job={task.job} name={task.title ?? task.taskId} /> : null}
      {task.attempts.length > 0 ? (
        <ol className="aui-attempts" aria-label={`Attempts of ${task.title ?? task.taskId}`}>
          {task.attempts.map((a, i) => (
            <li key={a.attemptId ?? i}>
              attempt {i + 1}: {a.status}
              {a.reason ? ` (${reasonText(a.reason)})` : ""}
            </li>
          ))}
        </ol>
      ) : null}
      {CTA_STATES.has(task.status) && onOpenTask ? (
        <button type="button" className="aui-button" onClick={() => onOpenTask(task.taskId)}>
          Open
        </button>
      ) : null}
      {dispatch ? <ListedTaskControls dispatch={dispatch} task={task} item={props.item} /> : null}
      {task.status === "failed" && dispatch ? (
        <button
          type="button"
          className="aui-button"
          onClick={() => dispatch({ kind: "retry", taskId: task.taskId })}
        >
          Retry
        </button>
      ) : null}
      <TaskDetails task={task} />
    </>
  );
}

/** The capsule's details, opened in place (the capsule stays where it is): the whole reason and progress
 * line, who runs it, the run, and the artifacts and evidence it produced — each as the runtime stated it. */
function TaskDetails({ task }: { task: TaskRecord }) {
  const [open, setOpen] = useState(false);
  const name = task.title ?? task.taskId;
  const id = useId();
  const rows: [string, string | undefined][] = [
    ["task", task.taskId],
    ["runtime status", task.runtimeStatus],
    ["agent", task.agentId],
    ["run", task.currentRunId],
    ["parent task", task.parentTaskId],
    ["reason", reasonText(task.reason)],
    ["progress", task.progress?.message],
    ["artifacts", task.artifactIds.join(", ") || undefined],
    ["evidence", task.evidenceIds.join(", ") || undefined],
  ];
  return (
    <>
      <button
        type="button"
        className="aui-button aui-button-quiet"
        aria-expanded={open}
        aria-controls={id}
        aria-label={`Details of ${name}`}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? "Hide details" : "Details"}
      </button>
      {open ? (
        <dl id={id} className="aui-kv aui-capsule-details" aria-label={`Task ${name}`}>
          {rows
            .filter((row): row is [string, string] => row[1] !== undefined && row[1] !== "")
            .map(([key, value]) => (
              <Fragment key={key}>
                <dt>{key}</dt>
                <dd>{value}</dd>
              </Fragment>
            ))}
        </dl>
      ) : null}
      {open && task.job ? <JobItemList job={task.job} name={name} /> : null}
    </>
  );
}

/** A runtime task the queue lists: promote / remove go through the queue with the listed id (QUEUE-08). */
function ListedTaskControls(props: { dispatch: Dispatch; task: TaskRecord; item: QueueItem | undefined }) {
  const { dispatch, task, item } = props;
  if (!item || (item.status !== "queued" && item.status !== "promoted")) return null;
  return (
    <QueueControls
      dispatch={dispatch}
      queuedId={item.id}
      fact={`${item.status}:${item.position}`}
      label={task.title ?? task.taskId}
    />
  );
}
