// Default taxonomy classification per Agent UI event class (ENV-05). The class alone already says who
// owns the fact, what it scopes, where it renders and how it persists; an adapter overrides any of these
// when its source says more (e.g. a delegated approval owned by `policy`). Phase is left to the adapter,
// because it depends on the source status.
import type { Owner, Persistence, Scope, Surface } from "@agent-ui/contracts";
import { lookupTable } from "@agent-ui/contracts";

export interface Classification {
  owner: Owner;
  scope: Scope;
  surface: Surface;
  persistence: Persistence;
}

const c = (owner: Owner, scope: Scope, surface: Surface, persistence: Persistence): Classification => ({
  owner,
  scope,
  surface,
  persistence,
});

export const DEFAULT_CLASSIFICATION: Readonly<Record<string, Classification>> = lookupTable({
  "session.opened": c("session", "session", "session_tabs", "runtime_store"),
  "session.hydrated": c("session", "session", "session_tabs", "snapshot"),
  "session.updated": c("session", "session", "session_tabs", "runtime_store"),
  "session.closed": c("session", "session", "session_tabs", "runtime_store"),
  "run.started": c("runtime", "run", "runtime_status", "transcript"),
  "run.status": c("runtime", "run", "runtime_status", "ephemeral_live"),
  "run.finished": c("runtime", "run", "runtime_status", "transcript"),
  "run.failed": c("runtime", "run", "runtime_status", "transcript"),
  "plan.delta": c("model", "part", "inline_process", "ephemeral_live"),
  "plan.final": c("model", "part", "inline_process", "transcript"),
  "text.delta": c("model", "part", "message_parts", "ephemeral_live"),
  "text.final": c("model", "part", "message_parts", "transcript"),
  "reasoning.delta": c("model", "part", "inline_process", "ephemeral_live"),
  "reasoning.summary": c("model", "part", "inline_process", "transcript"),
  "tool.started": c("tool", "tool_call", "tool_ui", "transcript"),
  "tool.args": c("tool", "tool_call", "tool_ui", "ephemeral_live"),
  "tool.progress": c("tool", "tool_call", "tool_ui", "ephemeral_live"),
  "tool.output.delta": c("tool", "tool_call", "tool_ui", "ephemeral_live"),
  "tool.result": c("tool", "tool_call", "tool_ui", "transcript"),
  "tool.failed": c("tool", "tool_call", "tool_ui", "transcript"),
  "action.required": c("action", "action_request", "hitl", "runtime_store"),
  "action.resolved": c("action", "action_request", "hitl", "runtime_store"),
  "queue.changed": c("runtime", "session", "task_capsule", "runtime_store"),
  "task.changed": c("task", "task", "task_capsule", "runtime_store"),
  "agent.changed": c("agent", "agent", "team_roster", "runtime_store"),
  "context.changed": c("context", "turn", "context_chips", "runtime_store"),
  "context.compaction.started": c("context", "thread", "inline_process", "transcript"),
  "context.compaction.completed": c("context", "thread", "inline_process", "transcript"),
  "permission.changed": c("policy", "session", "runtime_status", "runtime_store"),
  "artifact.created": c("artifact", "artifact", "artifact_workspace", "artifact_store"),
  "artifact.updated": c("artifact", "artifact", "artifact_workspace", "artifact_store"),
  "artifact.preview.ready": c("artifact", "artifact", "artifact_workspace", "artifact_store"),
  "artifact.version.created": c("artifact", "artifact", "artifact_workspace", "artifact_store"),
  "artifact.diff.ready": c("artifact", "artifact", "artifact_workspace", "artifact_store"),
  "artifact.export.started": c("artifact", "artifact", "artifact_workspace", "artifact_store"),
  "artifact.export.completed": c("artifact", "artifact", "artifact_workspace", "artifact_store"),
  "artifact.failed": c("artifact", "artifact", "artifact_workspace", "artifact_store"),
  "artifact.deleted": c("artifact", "artifact", "artifact_workspace", "artifact_store"),
  "artifact.changed": c("artifact", "artifact", "artifact_workspace", "artifact_store"),
  "evidence.changed": c("evidence", "evidence", "timeline_evidence", "evidence_pack"),
  "state.snapshot": c("runtime", "session", "session_tabs", "snapshot"),
  "state.delta": c("runtime", "session", "session_tabs", "snapshot"),
  "messages.snapshot": c("session", "thread", "conversation", "transcript"),
  "diagnostic.changed": c("diagnostics", "session", "diagnostics", "diagnostics_log"),
  "metric.changed": c("diagnostics", "session", "diagnostics", "diagnostics_log"),
  "agent.spawned": c("agent", "agent", "team_roster", "runtime_store"),
  "agent.completed": c("agent", "agent", "team_roster", "runtime_store"),
  "agent.handoff": c("agent", "agent", "handoff_lane", "runtime_store"),
  "team.changed": c("team", "team", "team_roster", "runtime_store"),
  "worker.notification": c("agent", "agent", "worker_notifications", "transcript"),
  "review.requested": c("evidence", "evidence", "review_lane", "evidence_pack"),
  "review.completed": c("evidence", "evidence", "review_lane", "evidence_pack"),
});

/** The default classification of an Agent UI class; `undefined` for a class outside the catalogue. */
export function classificationOf(type: string): Classification | undefined {
  return DEFAULT_CLASSIFICATION[type];
}
