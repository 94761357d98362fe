// `agent_task` message parts (D.6, TEAM-02/04/05/18, TASK-02): when the coordinator delegates work (a
// subagent or teammate spawned, a child task assigned), the coordinator's message in that turn carries a
// compact part naming the agentId/taskId with its lineage. The worker's own text, reasoning and tools
// stay in the worker's lane (its own message); nothing of the worker is flattened into the coordinator's
// answer. No message is invented for it: a delegation seen before the coordinator wrote anything in the
// turn waits and joins the coordinator's first message (team facts never make assistant prose). The part
// holds ids, a stable label and the current state; lineage the runtime did not state is `unknown`,
// never a fabricated parent (TEAM-18).
import type { AgentRecord, TaskRecord } from "@agent-ui/contracts";
import { TASK_CAPSULE_STATES, TEAMMATE_STATUSES, isMember } from "@agent-ui/contracts";
import { asString, boundText, isRecord } from "../internal/json";
import type { MessageState, PartState } from "../internal/message-state";
import { safeText } from "../internal/safety";
import { addPart } from "../message-ops";
import type { EventContext, Store } from "../store";
import { DELEGATED_ENTITIES, isDelegatedTask } from "./delegation";

interface Placed {
  message: MessageState;
  part: PartState;
}

/** A delegation waiting for its coordinator's message in the turn. */
interface Waiting {
  agentId?: string;
  taskId?: string;
  parentAgentId?: string;
  ctx: EventContext;
  /** Position in its turn's queue. */
  at: number;
}

/** A turn's delegations not yet shown, in order, and (once more than a few) keyed by `task:<id>` /
 * `agent:<id>`. */
interface WaitingQueue {
  list: Waiting[];
  byKey: Map<string, Waiting> | null;
}

interface PartIndex {
  byTask: Map<string, Placed>;
  byAgent: Map<string, Placed>;
  /** turnKey → delegations not yet shown. */
  waiting: Map<string, WaitingQueue>;
}

const indexes = new WeakMap<Store, PartIndex>();

function indexOf(store: Store): PartIndex {
  let index = indexes.get(store);
  if (index === undefined) {
    index = { byTask: new Map(), byAgent: new Map(), waiting: new Map() };
    indexes.set(store, index);
  }
  return index;
}

const TERMINAL_TASK: ReadonlySet<string> = new Set(["completed", "failed", "cancelled", "archived"]);
const TERMINAL_AGENT: ReadonlySet<string> = new Set(["completed", "failed", "killed", "closed"]);

/** Whether a message's author is the one who delegated: the named parent agent, or (for the turn's main,
 * unattributed lane) a parent that is not itself a delegated child, i.e. the root coordinator. */
function writtenByParent(
  store: Store,
  author: string | undefined,
  parentAgentId: string | undefined,
): boolean {
  if (author !== undefined) return author === parentAgentId;
  return parentAgentId === undefined || store.agents.get(parentAgentId)?.lineage !== "known";
}

/** The coordinator's existing message in the fact's turn, if it wrote one. */
function coordinatorMessage(
  store: Store,
  turnKey: string,
  parentAgentId: string | undefined,
): MessageState | undefined {
  if (parentAgentId !== undefined) {
    const parentLane = store.laneMessage.get(`${turnKey}|${parentAgentId}`);
    if (parentLane !== undefined) return parentLane;
  }
  const mainLane = store.laneMessage.get(`${turnKey}|`);
  return mainLane !== undefined && writtenByParent(store, undefined, parentAgentId) ? mainLane : undefined;
}

function find(store: Store, agentId: string | undefined, taskId: string | undefined): Placed | undefined {
  const index = indexOf(store);
  return (
    (taskId === undefined ? undefined : index.byTask.get(taskId)) ??
    (agentId === undefined ? undefined : index.byAgent.get(agentId))
  );
}

function addTaskPart(
  store: Store,
  message: MessageState,
  agentId: string | undefined,
  taskId: string | undefined,
  ctx: EventContext,
): Placed {
  const id = taskId !== undefined ? `agent_task:${taskId}` : `agent_task:agent:${agentId}`;
  const part = message.partsById.get(id) ?? addPart(store, message, id, "agent_task", ctx);
  return indexPart(store, message, part, agentId, taskId);
}

function indexPart(
  store: Store,
  message: MessageState,
  part: PartState,
  agentId: string | undefined,
  taskId: string | undefined,
): Placed {
  const placed = { message, part };
  const index = indexOf(store);
  if (taskId !== undefined) index.byTask.set(taskId, placed);
  if (agentId !== undefined) index.byAgent.set(agentId, placed);
  return placed;
}

/** Indexes a restored `agent_task` part (families/restored-part.ts), so later facts about its worker or
 * its task update it as they update a live one (ARCH-04); a worker or task already shown keeps its part. */
export function adoptAgentTaskPart(store: Store, message: MessageState, part: PartState): void {
  const index = indexOf(store);
  const placed = { message, part };
  if (part.taskId !== undefined && !index.byTask.has(part.taskId)) index.byTask.set(part.taskId, placed);
  if (part.agentId !== undefined && !index.byAgent.has(part.agentId)) index.byAgent.set(part.agentId, placed);
}

/** A restated `agent_task` part (a snapshot's) shows its worker and task as their records stand, as the
 * live part does (a snapshot states where the part sits, not how far the work got). A part whose worker
 * and task this projector never saw shows what the snapshot stated of it (`stated`, the snapshot's part). */
export function showRestoredAgentTask(
  store: Store,
  message: MessageState,
  part: PartState,
  stated: Record<string, unknown>,
): void {
  const agent = part.agentId === undefined ? undefined : store.agents.get(part.agentId);
  const task = part.taskId === undefined ? undefined : store.tasks.get(part.taskId);
  if (agent !== undefined || task !== undefined) sync(store, { message, part }, agent, task);
  else showStated(store, part, stated);
}

const STATED_PARENTS = ["parentAgentId", "parentThreadId", "parentSessionId", "parentTaskId"] as const;

/** TEAM-18 for work known only through a snapshot: a stable label (the snapshot's title, else the ids)
 * and the state it stated, else `unknown`. The snapshot's part is restored done and collapsed, until a
 * fact about its worker or task arrives; lineage is what the snapshot stated, never guessed. */
function showStated(store: Store, part: PartState, stated: Record<string, unknown>): void {
  const said = isRecord(stated.data) ? stated.data : {};
  const word = asString(said.state);
  const known =
    word !== undefined && (isMember(TASK_CAPSULE_STATES, word) || isMember(TEAMMATE_STATUSES, word));
  const data: Record<string, unknown> = { state: known ? word : "unknown", lineage: "unknown" };
  for (const key of STATED_PARENTS) {
    const id = asString(said[key]);
    if (id === undefined) continue;
    data[key] = id;
    data.lineage = "known";
  }
  const title = asString(stated.title);
  part.title =
    title === undefined
      ? (part.agentId ?? part.taskId ?? "Delegated task")
      : boundText(safeText(title), store.options.previewBytes);
  part.data = data;
}

/** Shows the delegation in the coordinator's message now, or queues it for the coordinator's first
 * message of the turn. Delegation outside any turn (hydrated rosters, session-level facts) stays on the
 * team surfaces only. */
function place(store: Store, ctx: EventContext, entry: Omit<Waiting, "ctx" | "at">): Placed | undefined {
  if (ctx.turnKey === "default") return undefined;
  const message = coordinatorMessage(store, ctx.turnKey, entry.parentAgentId);
  if (message !== undefined) return addTaskPart(store, message, entry.agentId, entry.taskId, ctx);
  const waiting = indexOf(store).waiting;
  let queue = waiting.get(ctx.turnKey);
  if (queue === undefined) {
    queue = { list: [], byKey: null };
    waiting.set(ctx.turnKey, queue);
  }
  const same = queued(queue, entry);
  if (same !== undefined) {
    same.agentId ??= entry.agentId;
    same.taskId ??= entry.taskId;
    same.parentAgentId ??= entry.parentAgentId;
    keyWaiting(queue, same);
  } else {
    const item = { ...entry, ctx, at: queue.list.length };
    queue.list.push(item);
    if (queue.byKey === null && queue.list.length > SCANNED_QUEUE) {
      queue.byKey = new Map();
      for (const held of queue.list) keyWaiting(queue, held);
    } else keyWaiting(queue, item);
  }
  return undefined;
}

/** Up to this many queued delegations a turn's queue is scanned; beyond it, looked up by key. */
const SCANNED_QUEUE = 8;

/** The first queued delegation of the same task or agent: O(1) however many wait in the turn. */
function queued(queue: WaitingQueue, entry: Omit<Waiting, "ctx" | "at">): Waiting | undefined {
  const { byKey } = queue;
  if (byKey === null)
    return queue.list.find(
      (item) =>
        (entry.taskId !== undefined && item.taskId === entry.taskId) ||
        (entry.agentId !== undefined && item.agentId === entry.agentId),
    );
  const byTask = entry.taskId === undefined ? undefined : byKey.get(`task:${entry.taskId}`);
  const byAgent = entry.agentId === undefined ? undefined : byKey.get(`agent:${entry.agentId}`);
  if (byTask === undefined) return byAgent;
  return byAgent === undefined || byTask.at < byAgent.at ? byTask : byAgent;
}

/** Keys a queued delegation by its task and agent: a key names the earliest queued item that has it. */
function keyWaiting(queue: WaitingQueue, item: Waiting): void {
  if (queue.byKey === null) return;
  for (const key of [
    item.taskId === undefined ? undefined : `task:${item.taskId}`,
    item.agentId === undefined ? undefined : `agent:${item.agentId}`,
  ]) {
    if (key === undefined) continue;
    const held = queue.byKey.get(key);
    if (held === undefined || held.at > item.at) queue.byKey.set(key, item);
  }
}

/** Called when an assistant message is created: the turn's waiting delegations made by its author join
 * it, before the author's first words (the delegation happened first). */
export function joinWaitingDelegations(store: Store, message: MessageState): void {
  const index = indexes.get(store);
  const turnKey = message.turnId ?? "default";
  const queue = index?.waiting.get(turnKey);
  if (index === undefined || queue === undefined) return;
  const rest: WaitingQueue = { list: [], byKey: queue.list.length > SCANNED_QUEUE ? new Map() : null };
  for (const item of queue.list) {
    // Shown meanwhile through another fact about the same work (its agent or its task): nothing to add.
    if (find(store, item.agentId, item.taskId) !== undefined) continue;
    if (!writtenByParent(store, message.agentId, item.parentAgentId)) {
      item.at = rest.list.length;
      rest.list.push(item);
      keyWaiting(rest, item);
      continue;
    }
    const placed = addTaskPart(store, message, item.agentId, item.taskId, item.ctx);
    const task = item.taskId === undefined ? undefined : store.tasks.get(item.taskId);
    const agentId = item.agentId ?? task?.agentId;
    sync(store, placed, agentId === undefined ? undefined : store.agents.get(agentId), task);
  }
  if (rest.list.length > 0) index.waiting.set(turnKey, rest);
  else index.waiting.delete(turnKey);
}

function sync(
  store: Store,
  placed: Placed,
  agent: AgentRecord | undefined,
  task: TaskRecord | undefined,
): void {
  const { part, message } = placed;
  const agentId = agent?.agentId ?? task?.agentId;
  const taskId = task?.taskId ?? agent?.taskId;
  if (agentId !== undefined) part.agentId = agentId;
  if (taskId !== undefined) part.taskId = taskId;
  const byTask = task !== undefined && task.status !== "unknown";
  const state = byTask ? task.status : (agent?.status ?? "unknown");
  const finished = byTask ? TERMINAL_TASK.has(state) : TERMINAL_AGENT.has(state);
  const active = !finished && state !== "unknown";
  part.status = active ? "streaming" : "done";
  part.expanded = active;
  const agentName = agent !== undefined && agent.name !== "unknown" ? agent.name : undefined;
  part.title = task?.title ?? agentName ?? agentId ?? taskId ?? "Delegated task";
  // A child task's parent task is lineage the runtime stated, even before its worker is known.
  const lineage = agent?.lineage ?? (task?.parentTaskId !== undefined ? "known" : "unknown");
  const data: Record<string, unknown> = { state, lineage };
  if (agent?.parentAgentId !== undefined) data.parentAgentId = agent.parentAgentId;
  if (agent?.parentThreadId !== undefined) data.parentThreadId = agent.parentThreadId;
  if (agent?.parentSessionId !== undefined) data.parentSessionId = agent.parentSessionId;
  if (task?.parentTaskId !== undefined) data.parentTaskId = task.parentTaskId;
  // The runtime's queue lists the task (queue.changed, D.6): its place in line, while listed.
  if (task?.queuePosition !== undefined) data.queuePosition = task.queuePosition;
  const entity = task?.runtimeEntity ?? agent?.runtimeEntity;
  if (entity !== undefined) data.runtimeEntity = entity;
  part.data = data;
  part.rev++;
  store.messages.touch(message.key);
}

/** An agent fact: a spawned child (or any child with known lineage or a delegated execution shape) is
 * shown in the coordinator's message; later facts about it update that one part. */
export function trackAgentTask(store: Store, agent: AgentRecord, ctx: EventContext, spawned: boolean): void {
  let placed = find(store, agent.agentId, agent.taskId);
  if (placed === undefined) {
    const delegated =
      spawned ||
      agent.lineage === "known" ||
      (agent.runtimeEntity !== undefined && DELEGATED_ENTITIES.has(agent.runtimeEntity));
    if (!delegated) return;
    placed = place(store, ctx, {
      agentId: agent.agentId,
      taskId: agent.taskId,
      parentAgentId: agent.parentAgentId,
    });
    if (placed === undefined) return;
  }
  indexOf(store).byAgent.set(agent.agentId, placed);
  if (agent.taskId !== undefined) indexOf(store).byTask.set(agent.taskId, placed);
  const task = agent.taskId === undefined ? undefined : store.tasks.get(agent.taskId);
  sync(store, placed, agent, task);
}

/** A task fact: a delegated task is shown in the coordinator's message (D.6: agent_task ← task.changed). */
export function trackTaskPart(store: Store, task: TaskRecord, ctx: EventContext): void {
  const agent = task.agentId === undefined ? undefined : store.agents.get(task.agentId);
  let placed = find(store, task.agentId, task.taskId);
  if (placed === undefined) {
    if (!isDelegatedTask(store, task)) return;
    // The delegating agent: the worker's parent, else the owner of the parent task.
    const parentTask = task.parentTaskId === undefined ? undefined : store.tasks.get(task.parentTaskId);
    placed = place(store, ctx, {
      agentId: task.agentId,
      taskId: task.taskId,
      parentAgentId: agent?.parentAgentId ?? parentTask?.agentId,
    });
    if (placed === undefined) return;
  }
  if (task.agentId !== undefined) indexOf(store).byAgent.set(task.agentId, placed);
  indexOf(store).byTask.set(task.taskId, placed);
  sync(store, placed, agent, task);
}
