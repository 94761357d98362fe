// What a fresh demo runtime needs to re-attach to a session whose runtime died with the previous gateway
// process (CTRL-06 `resume_thread`: rehydrate, repair, emit recovery facts, then continue). Derived only
// from the gateway's projection of the stored log — the one durable record — never from memory:
// - where numbering continues (turn, sequence, write, queue and steer numbers), so the resumed runtime
//   mints no id and no sequence the store already holds (ORD-01/02, ENV ids);
// - what was still open and can no longer go on (the run in flight, its pending approvals, teammates and
//   tasks): the runtime closes each with one honest recovery fact instead of leaving it `running` forever;
// - what is carried over (queued turns whose full text the facts hold, detail refs) and what is not
//   (the team, artifact write history), named in the resume reason (FALL-01: never shown live when it isn't).
import { OPEN_TASK_CAPSULE_STATES, type ProjectionState } from "@agent-ui/contracts";
import type { TurnRecord } from "./read-model";

/** Where the resumed runtime's numbering continues: each is the highest number the store already holds. */
export interface DemoResumePoint {
  turnNo: number;
  sequence: number;
  /** `w01`-style numbers minted by team and artifact writes. */
  writeNo: number;
  queuedNo: number;
  steerNo: number;
}

/** Scope ids of a fact the previous process left open. */
export interface OpenFact {
  id: string;
  turnId?: string;
  taskId?: string;
  agentId?: string;
  toolCallId?: string;
}

export interface CarriedQueuedTurn {
  id: string;
  text: string;
  createdAt?: string;
}

/** Ids the previous runtime process knew: a write naming one gets a reason, not "unknown id". */
export interface InheritedIds {
  actions: Set<string>;
  agents: Set<string>;
  /** Teammate display names, lower-case (team writes may name a teammate). */
  agentNames: Set<string>;
  tasks: Set<string>;
  artifacts: Set<string>;
  evidence: Set<string>;
  turns: Set<string>;
  /** Detail refs handed out before the restart: the gateway still serves their bodies (`open_detail`). */
  refs: Set<string>;
}

export interface DemoResumePlan {
  point: DemoResumePoint;
  /** The run in flight when the previous process ended: it is not continued (its outcome is unknown). */
  deadRun?: { turnId: string; runId?: string; status: string };
  pendingActions: OpenFact[];
  openTasks: OpenFact[];
  /** Teammates still open (working or idle): the team is not carried over, so each is closed. */
  openAgents: OpenFact[];
  /** Queued turns kept in the runtime's queue (their full text is in the facts). */
  carriedQueue: CarriedQueuedTurn[];
  /** Queued turns whose text the facts hold only as a truncated preview: removed, and named. */
  droppedQueue: string[];
  /** Steers aimed at the dead run: rejected. */
  pendingSteers: { id: string; targetTurnId?: string; preview?: string }[];
  inherited: InheritedIds;
  /** The thread's turns so far, for the runtime's read model (status from each turn's terminal fact). */
  turns: TurnRecord[];
  /** One line for the session's `live` reason: what was carried over and what was not. */
  reason: string;
}

const TERMINAL_RUN = new Set(["completed", "failed", "cancelled", "interrupted"]);
/** Runtime statuses of a session with no run in progress. */
const SETTLED_RUNTIME = new Set(["idle", ...TERMINAL_RUN]);
const CLOSED_AGENT_STATES = new Set(["failed", "completed", "killed", "closed", "unknown"]);
/** The ellipsis the demo's `preview()` ends a truncated text with. */
const TRUNCATED = "…";

/** Highest `<prefix><digits>` number among `ids` (0 when none matches). */
function highest(ids: Iterable<string | undefined>, pattern: RegExp): number {
  let max = 0;
  for (const id of ids) {
    if (id === undefined) continue;
    for (const match of id.matchAll(pattern)) max = Math.max(max, Number(match[1]));
  }
  return max;
}

function* turnIdsOf(state: ProjectionState): Generator<string | undefined> {
  yield state.runtime.turnId;
  for (const message of state.messages) {
    yield message.turnId;
    yield message.id;
  }
  for (const tool of Object.values(state.tools)) yield tool.turnId;
  for (const action of Object.values(state.actions)) yield action.turnId;
  for (const artifact of Object.values(state.artifacts)) yield artifact.turnId;
}

function* writeIdsOf(state: ProjectionState): Generator<string | undefined> {
  yield* Object.keys(state.agents);
  yield* Object.keys(state.tasks);
  yield* Object.keys(state.evidence);
  for (const artifact of Object.values(state.artifacts)) yield artifact.export.exportId;
  for (const review of state.team.reviews) yield review.reviewId;
}

function* queueIdsOf(state: ProjectionState): Generator<string> {
  for (const item of state.queue.items) yield item.id;
  for (const steer of state.queue.steers) yield steer.id;
  for (const entry of state.timeline) yield entry.id;
  for (const message of state.messages) yield message.id;
  yield* Object.keys(state.tasks);
}

function refsOf(state: ProjectionState): Set<string> {
  const refs = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === "string" && value !== "unknown" && value !== "unavailable") refs.add(value);
  };
  for (const tool of Object.values(state.tools)) add(tool.outputRef);
  for (const artifact of Object.values(state.artifacts)) {
    add(artifact.readRef);
    add(artifact.diffRef);
    add(artifact.export.ref);
  }
  for (const evidence of Object.values(state.evidence)) {
    add(evidence.packRef);
    add(evidence.replayRef);
    add(evidence.reviewRef);
  }
  for (const note of state.team.notifications) add(note.resultRef);
  return refs;
}

/** Each ended turn's terminal status, from its `run:<turnId>` timeline entry (the run's start writes it
 * as `accepted`, its terminal fact overwrites it). One pass over the timeline. */
function endedTurns(state: ProjectionState): Map<string, string> {
  const ended = new Map<string, string>();
  for (const entry of state.timeline) {
    const turnId = entry.id.startsWith("run:") ? entry.id.slice("run:".length) : undefined;
    if (turnId !== undefined && !turnId.includes(":") && TERMINAL_RUN.has(entry.status ?? ""))
      ended.set(turnId, entry.status as string);
  }
  return ended;
}

function highestSequence(state: ProjectionState): number {
  let max = state.cursor.lastSequence ?? 0;
  for (const last of Object.values(state.cursor.streams)) max = Math.max(max, last);
  // Events held behind a gap are stored too: their sequences are taken.
  for (const gap of state.cursor.gaps) max = Math.max(max, gap.to + 1);
  return max;
}

export function planDemoResume(state: ProjectionState): DemoResumePlan {
  const sequence = highestSequence(state);
  const point: DemoResumePoint = {
    turnNo: highest(turnIdsOf(state), /(?:^|_)(?:turn|msg)_(\d+)/g),
    sequence,
    writeNo: highest(writeIdsOf(state), /_w(\d+)_/g),
    // The projection forgets queued turns and steers once the queue stops listing them, but every one of
    // them was announced by its own stored `queue.changed` fact: numbering after the stored sequence
    // cannot meet an id the store holds. Ids still listed are kept as they are (carried over).
    queuedNo: Math.max(sequence, highest(queueIdsOf(state), /queued_(\d+)/g)),
    steerNo: Math.max(sequence, highest(queueIdsOf(state), /steer_(\d+)/g)),
  };
  const ended = endedTurns(state);
  const { runtime } = state;
  // In flight: the latest turn has no terminal fact, whatever it was doing (streaming, waiting on the user,
  // blocked on a quota or a retry gate).
  const deadRun =
    runtime.turnId !== undefined && !ended.has(runtime.turnId) && !SETTLED_RUNTIME.has(runtime.status)
      ? { turnId: runtime.turnId, runId: runtime.runId, status: runtime.status }
      : undefined;
  const pendingActions = Object.values(state.actions)
    .filter((a) => a.status === "pending" || a.status === "responding")
    .map((a) => ({
      id: a.actionId,
      turnId: a.turnId,
      taskId: a.taskId,
      agentId: a.requestedBy?.subagentId ?? a.requestedBy?.agentId,
      toolCallId: a.toolCallId === "unknown" || a.toolCallId === "unavailable" ? undefined : a.toolCallId,
    }));
  const openTasks = Object.values(state.tasks)
    // A queued turn's own capsule is the queue's (carried over or dropped below), not a runtime task.
    .filter((t) => t.queuedTurnId === undefined && OPEN_TASK_CAPSULE_STATES.has(t.status))
    .map((t) => ({ id: t.taskId, agentId: t.agentId }));
  const openAgents = Object.values(state.agents)
    .filter((a) => !CLOSED_AGENT_STATES.has(a.status))
    .map((a) => ({ id: a.agentId, taskId: a.taskId }));
  const carriedQueue: CarriedQueuedTurn[] = [];
  const droppedQueue: string[] = [];
  for (const item of [...state.queue.items].sort((a, b) => a.position - b.position)) {
    if (item.status !== "queued" && item.status !== "promoted") continue;
    const text = item.preview?.trim() ?? "";
    if (text === "" || text.endsWith(TRUNCATED)) droppedQueue.push(item.id);
    else carriedQueue.push({ id: item.id, text, ...(item.createdAt ? { createdAt: item.createdAt } : {}) });
  }
  const pendingSteers = state.queue.steers
    .filter((s) => s.status === "pending")
    .map((s) => ({ id: s.id, targetTurnId: s.targetTurnId, preview: s.preview }));
  const inherited: InheritedIds = {
    actions: new Set(Object.keys(state.actions)),
    agents: new Set(Object.keys(state.agents)),
    agentNames: new Set(
      Object.values(state.agents)
        .map((a) => a.name)
        .filter((name) => name !== "unknown" && name !== "unavailable")
        .map((name) => name.toLowerCase()),
    ),
    tasks: new Set(Object.keys(state.tasks)),
    artifacts: new Set(Object.keys(state.artifacts)),
    evidence: new Set(Object.keys(state.evidence)),
    turns: new Set([...turnIdsOf(state)].filter((id): id is string => /^turn_\d+$/.test(id ?? ""))),
    refs: refsOf(state),
  };
  const turnNumber = (id: string) => Number(id.slice("turn_".length));
  const turns = [...inherited.turns]
    .sort((a, b) => turnNumber(a) - turnNumber(b))
    .map((turnId) => ({
      turnId,
      runId: `run_${turnId.slice("turn_".length)}`,
      status: turnId === deadRun?.turnId ? "running" : (ended.get(turnId) ?? "unknown"),
    }));
  const plan = {
    point,
    turns,
    deadRun,
    pendingActions,
    openTasks,
    openAgents,
    carriedQueue,
    droppedQueue,
    pendingSteers,
    inherited,
  };
  return { ...plan, reason: describeResume(plan) };
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The resume reason: numbering, the dead run, and every kind of state carried over or not. */
export function describeResume(plan: Omit<DemoResumePlan, "reason">): string {
  const parts = [
    `demo runtime resumed at turn ${plan.point.turnNo + 1} (sequence ${plan.point.sequence + 1})`,
  ];
  if (plan.deadRun)
    parts.push(
      `${plan.deadRun.runId ?? plan.deadRun.turnId} was in flight and is not continued (outcome unknown; recorded as failed: runtime_lost)`,
    );
  if (plan.pendingActions.length > 0)
    parts.push(
      `${count(plan.pendingActions.length, "pending action")} expired (${plan.pendingActions.map((a) => a.id).join(", ")}); answers to them are rejected`,
    );
  if (plan.carriedQueue.length > 0)
    parts.push(`${count(plan.carriedQueue.length, "queued turn")} carried over (run after the next turn)`);
  if (plan.droppedQueue.length > 0)
    parts.push(
      `${count(plan.droppedQueue.length, "queued turn")} not carried over (only a truncated preview was stored: ${plan.droppedQueue.join(", ")}); send again`,
    );
  if (plan.pendingSteers.length > 0)
    parts.push(`${count(plan.pendingSteers.length, "pending steer")} rejected (the run they targeted ended)`);
  if (plan.inherited.agents.size > 0)
    parts.push(`team not carried over: ${count(plan.openAgents.length, "open teammate")} closed`);
  if (plan.openTasks.length > 0)
    parts.push(`${count(plan.openTasks.length, "open task")} lost (outcome unknown)`);
  if (plan.inherited.artifacts.size > 0)
    parts.push(
      `${count(plan.inherited.artifacts.size, "artifact")} kept as history (readable, not editable: their versions were not carried over)`,
    );
  return parts.join("; ");
}
