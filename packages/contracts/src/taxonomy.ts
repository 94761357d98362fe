// Taxonomies of the Agent UI standard (seed 001 "全流程与分类", Agent UI v0.6.1).
// Each is a const array (for validation and iteration) plus its union type.

/** Who writes a fact. The UI may render it but never becomes its writer (ARCH-01). */
export const OWNERS = [
  "runtime",
  "model",
  "tool",
  "action",
  "artifact",
  "evidence",
  "context",
  "policy",
  "task",
  "agent",
  "team",
  "user",
  "session",
  "diagnostics",
  "ui_projection",
] as const;
export type Owner = (typeof OWNERS)[number];

/** The smallest stable entity a fact affects. */
export const SCOPES = [
  "application",
  "workspace",
  "team",
  "session",
  "thread",
  "run",
  "turn",
  "step",
  "message",
  "part",
  "task",
  "agent",
  "tool_call",
  "action_request",
  "artifact",
  "evidence",
] as const;
export type Scope = (typeof SCOPES)[number];

/** Where a fact sits in the run lifecycle. */
export const PHASES = [
  "draft",
  "submitted",
  "accepted",
  "queued",
  "routing",
  "preparing",
  "planning",
  "reasoning",
  "acting",
  "waiting",
  "reviewing",
  "producing",
  "reconciling",
  "completed",
  "failed",
  "cancelled",
  "interrupted",
  "archived",
  "hydrating",
] as const;
export type Phase = (typeof PHASES)[number];

/** Rendering destination, never an owner. */
export const SURFACES = [
  "composer",
  "conversation",
  "message_parts",
  "inline_process",
  "runtime_status",
  "tool_ui",
  "hitl",
  "task_capsule",
  "artifact_workspace",
  "timeline_evidence",
  "session_tabs",
  "diagnostics",
  "team_roster",
  "work_board",
  "delegation_graph",
  "handoff_lane",
  "worker_notifications",
  "review_lane",
  "teammate_transcript",
  "background_teammate",
  "remote_teammate",
  "team_policy",
  "context_chips",
] as const;
export type Surface = (typeof SURFACES)[number];

export const PERSISTENCES = [
  "ephemeral_live",
  "transcript",
  "snapshot",
  "archive",
  "artifact_store",
  "evidence_pack",
  "diagnostics_log",
  "ui_local",
  "runtime_store",
] as const;
export type Persistence = (typeof PERSISTENCES)[number];

/** User controls; each maps to a write boundary owned by a runtime or service (CTRL-01). */
export const CONTROLS = [
  "send",
  "queue",
  "steer",
  "interrupt",
  "delegate",
  "assign",
  "continue_agent",
  "wait",
  "stop",
  "close",
  "request_review",
  "approve",
  "reject",
  "answer",
  "edit",
  "retry",
  "rollback",
  "export",
  "open_detail",
  "remove_queued",
  "promote_queued",
] as const;
export type Control = (typeof CONTROLS)[number];

export const TOPOLOGIES = [
  "solo_run",
  "coordinator_team",
  "parallel_workers",
  "specialist_handoff",
  "review_team",
  "human_agent_board",
  "background_teammate",
  "remote_teammate",
  "unknown",
] as const;
export type Topology = (typeof TOPOLOGIES)[number];

/** The 52 standard Agent UI event classes (agentui v0.6.1). The list is open to extension: an unknown
 * class is legal on the wire but flagged with `unknown_event_class` (ENV-09, §E-2). */
export const EVENT_CLASSES = [
  "session.opened",
  "session.hydrated",
  "session.updated",
  "session.closed",
  "run.started",
  "run.status",
  "run.finished",
  "run.failed",
  "plan.delta",
  "plan.final",
  "text.delta",
  "text.final",
  "reasoning.delta",
  "reasoning.summary",
  "tool.started",
  "tool.args",
  "tool.progress",
  "tool.output.delta",
  "tool.result",
  "tool.failed",
  "action.required",
  "action.resolved",
  "queue.changed",
  "task.changed",
  "agent.changed",
  "context.changed",
  "context.compaction.started",
  "context.compaction.completed",
  "permission.changed",
  "artifact.created",
  "artifact.updated",
  "artifact.preview.ready",
  "artifact.version.created",
  "artifact.diff.ready",
  "artifact.export.started",
  "artifact.export.completed",
  "artifact.failed",
  "artifact.deleted",
  "artifact.changed",
  "evidence.changed",
  "state.snapshot",
  "state.delta",
  "messages.snapshot",
  "diagnostic.changed",
  "metric.changed",
  "agent.spawned",
  "agent.completed",
  "agent.handoff",
  "team.changed",
  "worker.notification",
  "review.requested",
  "review.completed",
] as const;
export type EventClass = (typeof EVENT_CLASSES)[number];

/** The reducer dispatches by family: the part of the class before the first dot, with a few merges. */
export const EVENT_FAMILIES = [
  "session",
  "run",
  "plan",
  "text",
  "reasoning",
  "tool",
  "action",
  "queue",
  "task",
  "agent",
  "team",
  "context",
  "permission",
  "artifact",
  "evidence",
  "state",
  "messages",
  "diagnostic",
  "metric",
  "worker",
  "review",
] as const;
export type EventFamily = (typeof EVENT_FAMILIES)[number];

export const MESSAGE_ROLES = ["user", "assistant", "system", "notification"] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** Ordered message part kinds (seed 001 §Message part taxonomy). */
export const PART_KINDS = [
  "user_text",
  "assistant_text",
  "reasoning_summary",
  "reasoning_detail",
  "plan",
  "runtime_status",
  "tool_call",
  "tool_result",
  "action_required",
  "artifact_ref",
  "evidence_ref",
  "context_event",
  "agent_task",
  "agent_roster",
  "agent_handoff",
  "worker_notification",
  "remote_agent_status",
  "file_change",
  "error",
  "diagnostic",
] as const;
export type PartKind = (typeof PART_KINDS)[number];

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

/** Runtime status shown on the status row before and during a run (issue 3 snapshot format). */
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

export const SEVERITIES = ["error", "warning", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Membership test for any of the const taxonomies above. */
export function isMember<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}
