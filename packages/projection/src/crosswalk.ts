// Status vocabularies (requirements §D.4): runtime/envelope/thread/task words onto the runtime-status row,
// the task capsule and the teammate roster, with the attention levels of STAT-03/04 and TASK-03/04.
import type { Attention, RuntimeStatus, TaskCapsuleState, TeammateStatus } from "@agent-ui/contracts";
import { RUNTIME_STATUSES, TASK_CAPSULE_STATES, TEAMMATE_STATUSES, isMember } from "@agent-ui/contracts";
import { lookupTable } from "@agent-ui/contracts";

const RUNTIME_ATTENTION: Record<RuntimeStatus, Attention> = lookupTable({
  idle: "low",
  submitted: "low",
  accepted: "low",
  queued: "medium",
  routing: "low",
  preparing: "low",
  waiting_provider: "medium",
  streaming: "low",
  tool_running: "medium",
  waiting: "medium",
  action_required: "high",
  blocked: "high",
  retrying: "medium",
  failed: "high",
  completed: "low",
  cancelled: "low",
  interrupted: "low",
  unknown: "medium",
});

export function runtimeAttention(status: RuntimeStatus): Attention {
  return RUNTIME_ATTENTION[status];
}

/** Words from the envelope (`runtimeStatus`), the thread read model and task statuses that are not
 * runtime-status states themselves. `running` is resolved by the caller (streaming vs tool_running). */
const RUNTIME_ALIASES: Record<string, RuntimeStatus | "running"> = lookupTable({
  running: "running",
  needs_input: "action_required",
  plan_ready: "action_required",
  waiting_input: "action_required",
  waiting_permission: "action_required",
  permission_required: "action_required",
  waiting_resource: "blocked",
  aborted: "cancelled",
  canceled: "cancelled",
  timed_out: "failed",
  lost: "unknown",
  stale: "unknown",
  not_found: "unknown",
  unavailable: "unknown",
  // Snapshot honesty (FALL-03): stated, so known words — never a success, never a taxonomy warning.
  not_applicable: "unknown",
  repairing: "unknown",
  degraded: "unknown",
  closed: "idle",
  draft: "submitted",
  success: "completed",
  succeeded: "completed",
});

/** Maps a status word to the runtime-status row, or `undefined` when the word is not known. */
export function toRuntimeStatus(word: unknown): RuntimeStatus | "running" | undefined {
  if (typeof word !== "string") return undefined;
  if (isMember(RUNTIME_STATUSES, word)) return word;
  return RUNTIME_ALIASES[word];
}

export interface CapsuleState {
  state: TaskCapsuleState;
  /** A reason implied by the runtime status itself (e.g. `timed_out`, `lost`). */
  impliedReason?: string;
}

/** D.4: runtime task status → capsule state. `lost` is never success (TASK-10). */
const TASK_CROSSWALK: Record<string, CapsuleState> = lookupTable({
  draft: { state: "queued" },
  accepted: { state: "queued" },
  created: { state: "queued" },
  submitted: { state: "queued" },
  queued: { state: "queued" },
  preparing: { state: "running" },
  running: { state: "running" },
  started: { state: "running" },
  streaming: { state: "running" },
  waiting_input: { state: "needs_input" },
  waiting_permission: { state: "permission_required" },
  waiting_resource: { state: "blocked", impliedReason: "waiting_resource" },
  blocked: { state: "blocked" },
  paused: { state: "paused" },
  retrying: { state: "retrying" },
  cancelling: { state: "cancelling" },
  cancelled: { state: "cancelled" },
  canceled: { state: "cancelled" },
  timed_out: { state: "failed", impliedReason: "timed_out" },
  failed: { state: "failed" },
  lost: { state: "stale", impliedReason: "lost" },
  completed: { state: "completed" },
  archived: { state: "archived" },
  stale: { state: "stale" },
  unknown: { state: "unknown" },
  unavailable: { state: "unknown" },
  idle: { state: "queued" },
});

export function toCapsuleState(word: unknown): CapsuleState | undefined {
  if (typeof word !== "string") return undefined;
  const mapped = TASK_CROSSWALK[word];
  if (mapped !== undefined) return mapped;
  if (isMember(TASK_CAPSULE_STATES, word)) return { state: word };
  return undefined;
}

const HIGH_ATTENTION: ReadonlySet<TaskCapsuleState> = new Set<TaskCapsuleState>([
  "needs_input",
  "plan_ready",
  "permission_required",
  "failed",
  "blocked",
]);
const LOW_ATTENTION: ReadonlySet<TaskCapsuleState> = new Set<TaskCapsuleState>([
  "running",
  "cancelled",
  "completed",
  "archived",
]);

export function capsuleAttention(state: TaskCapsuleState): Attention {
  if (HIGH_ATTENTION.has(state)) return "high";
  if (LOW_ATTENTION.has(state)) return "low";
  return "medium";
}

const TEAMMATE_ALIASES: Record<string, TeammateStatus> = lookupTable({
  spawned: "spawning",
  started: "running",
  active: "running",
  streaming: "running",
  waiting_input: "needs_input",
  input_required: "needs_input",
  auth_required: "needs_input",
  blocked: "waiting",
  queued: "waiting",
  succeeded: "completed",
  success: "completed",
  done: "completed",
  cancelled: "killed",
  canceled: "killed",
  terminated: "killed",
  error: "failed",
});

export function toTeammateStatus(word: unknown): TeammateStatus | undefined {
  if (typeof word !== "string") return undefined;
  if (isMember(TEAMMATE_STATUSES, word)) return word;
  return TEAMMATE_ALIASES[word];
}

/** Task capsule state → work board entry status (TASK-01 work item vocabulary `open, claimed, running,
 * blocked, reviewing, done`). States the board vocabulary lacks stay honest (`failed`, `cancelled`,
 * `stale`, `unknown`) instead of being folded into `done` or `blocked`. */
const WORK_ITEM_CROSSWALK: Record<TaskCapsuleState, string> = lookupTable({
  queued: "open",
  steering: "running",
  running: "running",
  retrying: "running",
  needs_input: "blocked",
  plan_ready: "blocked",
  permission_required: "blocked",
  blocked: "blocked",
  paused: "blocked",
  cancelling: "cancelled",
  cancelled: "cancelled",
  failed: "failed",
  completed: "done",
  archived: "done",
  stale: "stale",
  unknown: "unknown",
});

export function toWorkItemStatus(state: TaskCapsuleState): string {
  return WORK_ITEM_CROSSWALK[state] ?? "unknown";
}
