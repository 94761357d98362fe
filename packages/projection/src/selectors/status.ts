// Status-row, HITL, capsule, chip and diagnostics selectors.
import type { ActionRecord, Attention, Diagnostic, ProjectionState, TaskRecord } from "@agent-ui/contracts";
import { memoByInput } from "./memo";
import { lookupTable } from "@agent-ui/contracts";

export interface StatusView {
  status: ProjectionState["runtime"]["status"];
  attention: Attention;
  label?: string;
  reason?: string;
  model: ProjectionState["runtime"]["model"];
  limits: ProjectionState["runtime"]["limits"];
  queuedTurnCount: number;
  pendingActionCount: number;
  stale: boolean;
}

const statusView = memoByInput((state: ProjectionState): StatusView => {
  const runtime = state.runtime;
  const view: StatusView = {
    status: runtime.status,
    attention: runtime.attention,
    model: runtime.model,
    limits: runtime.limits,
    queuedTurnCount:
      runtime.queuedTurnCount ?? state.queue.items.filter((item) => item.status === "queued").length,
    pendingActionCount: selectPendingActions(state).length,
    stale: state.cursor.stale,
  };
  if (runtime.label !== undefined) view.label = runtime.label;
  if (runtime.reason !== undefined) view.reason = runtime.reason;
  return view;
});

export function selectStatus(state: ProjectionState): StatusView {
  return statusView(state);
}

const pendingActions = memoByInput((actions: Record<string, ActionRecord>) =>
  Object.values(actions)
    .filter(
      (action) => action.status === "pending" || action.status === "responding" || action.status === "stale",
    )
    .sort((a, b) => (a.source?.sequence ?? 0) - (b.source?.sequence ?? 0)),
);

/** Actions waiting for the runtime's decision fact (stale ones included, flagged by their status). */
export function selectPendingActions(state: ProjectionState): ActionRecord[] {
  return pendingActions(state.actions);
}

/** Resolved actions with their audit summaries (HITL-10). */
export const selectActionAudit = (state: ProjectionState): ActionRecord[] => resolvedActions(state.actions);
const resolvedActions = memoByInput((actions: Record<string, ActionRecord>) =>
  Object.values(actions).filter(
    (action) => action.status === "resolved" || action.status === "expired" || action.status === "cancelled",
  ),
);

const ATTENTION_RANK: Record<string, number> = lookupTable({
  needs_input: 0,
  plan_ready: 0,
  permission_required: 0,
  failed: 0,
  blocked: 1,
  stale: 2,
  retrying: 2,
  steering: 2,
  queued: 3,
  cancelling: 3,
  paused: 3,
  running: 4,
  unknown: 4,
  completed: 5,
  cancelled: 5,
  archived: 6,
});

// Array.prototype.sort is stable: tasks of one rank keep their first-seen order.
const capsules = memoByInput((tasks: Record<string, TaskRecord>) =>
  Object.values(tasks).sort((a, b) => (ATTENTION_RANK[a.status] ?? 4) - (ATTENTION_RANK[b.status] ?? 4)),
);

/** Task capsules, attention-sorted: needs_input / plan_ready / permission_required / failed above running
 * (TASK-04); stable within one rank. */
export function selectCapsules(state: ProjectionState): TaskRecord[] {
  return capsules(state.tasks);
}

export interface ContextChips {
  model: ProjectionState["runtime"]["model"];
  limits: ProjectionState["runtime"]["limits"];
  refs: ProjectionState["context"]["refs"];
  budget: ProjectionState["context"]["budget"];
  missing: ProjectionState["context"]["missing"];
  permissionMode: ProjectionState["permissions"]["mode"];
  sandbox: ProjectionState["permissions"]["sandbox"];
  riskLevel?: string;
}

const chips = memoByInput((state: ProjectionState): ContextChips => {
  const view: ContextChips = {
    model: state.runtime.model,
    limits: state.runtime.limits,
    refs: state.context.refs,
    budget: state.context.budget,
    missing: state.context.missing,
    permissionMode: state.permissions.mode,
    sandbox: state.permissions.sandbox,
  };
  if (state.permissions.riskLevel !== undefined) view.riskLevel = state.permissions.riskLevel;
  return view;
});

/** Composer/status chips from facts only (CTX-02/03, PERM-*, ROUTE-*). */
export function selectContextChips(state: ProjectionState): ContextChips {
  return chips(state);
}

export interface DiagnosticsView {
  diagnostics: Diagnostic[];
  metrics: Record<string, number>;
  bySeverity: Record<"error" | "warning" | "info", number>;
}

const diagnosticsView = memoByInput((state: ProjectionState): DiagnosticsView => {
  const bySeverity = { error: 0, warning: 0, info: 0 };
  for (const item of state.diagnostics) bySeverity[item.severity]++;
  return { diagnostics: state.diagnostics, metrics: state.metrics, bySeverity };
});

/** The diagnostics surface: hidden from the transcript, inspectable (DIAG-01). */
export function selectDiagnostics(state: ProjectionState): DiagnosticsView {
  return diagnosticsView(state);
}
