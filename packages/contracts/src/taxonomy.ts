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

export const SEVERITIES = ["error", "warning", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Membership test for any of the const taxonomies above. */
export function isMember<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}

export * from "./statuses";
