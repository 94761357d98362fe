// Status vocabularies of the Agent UI standard (seed 001 lifecycles, surfaces and the D.4 crosswalk):
// what a tool, action, runtime, task, teammate, queue item or artifact can be, plus the honest fallbacks.

/** Tool lifecycle states (seed 001 §Tool lifecycle) plus the honest fallback. */
export const TOOL_STATES = [
  "input-streaming",
  "input-available",
  "approval-requested",
  "running",
  "output-available",
  "output-error",
  "cancelled",
  "unknown",
] as const;
export type ToolState = (typeof TOOL_STATES)[number];
export const TOOL_TERMINAL_STATES: readonly ToolState[] = ["output-available", "output-error", "cancelled"];

/** Human-in-the-loop action types (taxonomy) — adapters map source vocabularies onto these (§E-5). */
export const ACTION_TYPES = [
  "tool_approval",
  "plan_decision",
  "teammate_plan_decision",
  "structured_input",
  "clarification",
  "permission_grant",
  "delegated_permission",
  "credential_request",
  "artifact_review",
  "unknown",
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const ACTION_STATUSES = [
  "pending",
  "responding",
  "resolved",
  "expired",
  "cancelled",
  "stale",
] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

/** Runtime status shown on the status row before and during a run. */
export const RUNTIME_STATUSES = [
  "idle",
  "submitted",
  "accepted",
  "queued",
  "routing",
  "preparing",
  "waiting_provider",
  "streaming",
  "tool_running",
  "waiting",
  "action_required",
  "blocked",
  "retrying",
  "failed",
  "completed",
  "cancelled",
  "interrupted",
  "unknown",
] as const;
export type RuntimeStatus = (typeof RUNTIME_STATUSES)[number];

/** Statuses of a run still in progress: the composer offers queue and steer, interrupt is available. */
export const ACTIVE_RUNTIME_STATUSES: ReadonlySet<RuntimeStatus> = new Set<RuntimeStatus>([
  "submitted",
  "accepted",
  "queued",
  "routing",
  "preparing",
  "waiting_provider",
  "streaming",
  "tool_running",
  "waiting",
  "action_required",
  "retrying",
]);

export function isRuntimeActive(status: RuntimeStatus): boolean {
  return ACTIVE_RUNTIME_STATUSES.has(status);
}

/** Agent UI schema `runtimeStatus` / `latestTurnStatus` vocabulary (envelope field). */
export const ENVELOPE_RUNTIME_STATUSES = [
  "idle",
  "queued",
  "submitted",
  "accepted",
  "preparing",
  "running",
  "waiting",
  "needs_input",
  "plan_ready",
  "completed",
  "failed",
  "aborted",
  "cancelled",
  "closed",
  "not_found",
  "unknown",
] as const;
export type EnvelopeRuntimeStatus = (typeof ENVELOPE_RUNTIME_STATUSES)[number];

/** Runtime task statuses (agent-task contract, 20 values). */
export const RUNTIME_TASK_STATUSES = [
  "draft",
  "accepted",
  "queued",
  "preparing",
  "running",
  "waiting_input",
  "waiting_permission",
  "waiting_resource",
  "blocked",
  "paused",
  "retrying",
  "cancelling",
  "cancelled",
  "timed_out",
  "failed",
  "lost",
  "completed",
  "archived",
  "stale",
  "unknown",
] as const;
export type RuntimeTaskStatus = (typeof RUNTIME_TASK_STATUSES)[number];

/** Task capsule states (surfaces/task-capsule.md) plus fallbacks used by the D.4 crosswalk. */
export const TASK_CAPSULE_STATES = [
  "running",
  "queued",
  "steering",
  "needs_input",
  "plan_ready",
  "permission_required",
  "retrying",
  "cancelling",
  "paused",
  "blocked",
  "failed",
  "cancelled",
  "completed",
  "archived",
  "stale",
  "unknown",
] as const;
export type TaskCapsuleState = (typeof TASK_CAPSULE_STATES)[number];
/** Capsule states of a task that is still open: not ended, and not a fallback that says nothing is known. */
export const OPEN_TASK_CAPSULE_STATES: ReadonlySet<string> = new Set<string>(
  TASK_CAPSULE_STATES.filter(
    (state) => !["failed", "cancelled", "completed", "archived", "stale", "unknown"].includes(state),
  ),
);

export const TEAMMATE_STATUSES = [
  "spawning",
  "running",
  "waiting",
  "needs_input",
  "plan_ready",
  "idle",
  "shutdown_requested",
  "failed",
  "completed",
  "killed",
  "closed",
  "unknown",
] as const;
export type TeammateStatus = (typeof TEAMMATE_STATUSES)[number];

export const TEAM_PHASES = ["forming", "active", "waiting", "merging", "done", "unknown"] as const;
export type TeamPhase = (typeof TEAM_PHASES)[number];

export const WORK_ITEM_STATUSES = ["open", "claimed", "running", "blocked", "reviewing", "done"] as const;
export const BACKGROUND_JOB_STATUSES = [
  "scheduled",
  "sleeping",
  "waking",
  "running",
  "blocked",
  "paused",
  "failed",
  "completed",
] as const;
export const HANDOFF_STATUSES = ["handoff_requested", "accepted", "active", "returned", "resumed"] as const;
export const REVIEW_STATUSES = ["requested", "reviewing", "passed", "changes_requested", "failed"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const QUEUED_TURN_STATUSES = ["queued", "promoted", "removed", "started", "failed"] as const;
export type QueuedTurnStatus = (typeof QUEUED_TURN_STATUSES)[number];
export const STEER_STATUSES = ["pending", "accepted", "rejected", "cancelled"] as const;
export type SteerStatus = (typeof STEER_STATUSES)[number];
export const REMOTE_TASK_STATUSES = [
  "submitted",
  "working",
  "input_required",
  "auth_required",
  "completed",
  "failed",
  "canceled",
  "rejected",
  "unknown",
] as const;

/** Runtime entity kinds (seed 001 §Runtime execution alignment). */
export const RUNTIME_ENTITIES = [
  "agent_turn",
  "subagent_turn",
  "automation_job",
  "external_task",
  "work_item",
] as const;
export type RuntimeEntity = (typeof RUNTIME_ENTITIES)[number];

export const ARTIFACT_KINDS = [
  "document",
  "code",
  "image",
  "table",
  "canvas",
  "diff",
  "report",
  "dataset",
  "browser_snapshot",
  "bundle",
  "custom",
  "unknown",
] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

export const ARTIFACT_STATUSES = [
  "creating",
  "ready",
  "updating",
  "failed",
  "stale",
  "superseded",
  "deleted",
  "unknown",
] as const;
export type ArtifactStatus = (typeof ARTIFACT_STATUSES)[number];

/** Honest fallback states (FALL-01, FALL-03). Rendered instead of guessed facts. */
export const FALLBACK_STATES = [
  "loading",
  "unknown",
  "unavailable",
  "stale",
  "blocked",
  "needs-input",
  "failed",
  "disputed",
  "not_applicable",
  "repairing",
  "degraded",
] as const;
export type FallbackState = (typeof FALLBACK_STATES)[number];
