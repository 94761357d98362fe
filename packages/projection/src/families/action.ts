// action.* (HITL-01..14): a card per actionId, pending until the runtime's own terminal fact. Never
// resolved by prose or a client click; `toolCallId` is `unknown` when the source did not name the tool
// (HITL-06, §E-6); delegated requests keep who asked (HITL-09); after resolution the card leaves the
// pending set with an audit summary (HITL-10). A reject never creates a tool result (HITL-04).
import type { ActionRecord, ActionStatus, ActionType, AgentUiEvent } from "@agent-ui/contracts";
import { ACTION_TYPES, PAIRING_SEVERITY, isMember } from "@agent-ui/contracts";
import { asString, asStringArray, boundText, copyPlain, isRecord } from "../internal/json";
import type { MessageState, PartState } from "../internal/message-state";
import { safeText, safeValue } from "../internal/safety";
import { addPart, assistantMessage, touchPart } from "../message-ops";
import { repairSection } from "../hydration/repair";
import type { EventContext, Store } from "../store";
import { setRuntimeStatus } from "./run";
import { setTaskAttention } from "./task";
import { markAwaitingApproval } from "./tool";
import { lookupTable } from "@agent-ui/contracts";

/** Source vocabularies mapped onto the taxonomy (§E-5, HITL-08); anything else is `unknown`. */
const ACTION_TYPE_ALIASES: Record<string, ActionType> = lookupTable({
  tool_permission: "tool_approval",
  approval: "tool_approval",
  permission: "permission_grant",
  plan_review: "plan_decision",
  elicitation: "structured_input",
  credential_needed: "credential_request",
  user_input: "structured_input",
  question: "clarification",
});

const DECISION_KINDS: Record<string, string[]> = lookupTable({
  allow_or_deny: ["allow", "deny"],
  approve_or_reject: ["approve", "reject"],
});

export function toActionType(value: unknown): ActionType {
  if (isMember(ACTION_TYPES, value)) return value;
  return (typeof value === "string" ? ACTION_TYPE_ALIASES[value] : undefined) ?? "unknown";
}

function actionStatusFor(outcome: unknown): ActionStatus | undefined {
  if (outcome === "resolved" || outcome === "expired" || outcome === "cancelled") return outcome;
  if (outcome === "canceled") return "cancelled";
  return undefined;
}

/** Creates or refreshes a pending action from a request (event or read-model pending request). */
export function upsertPendingAction(
  store: Store,
  actionId: string,
  fields: Record<string, unknown>,
  ctx: EventContext,
): ActionRecord {
  const { event } = ctx;
  const existing = store.actions.get(actionId);
  const rawType = fields.actionType ?? fields.type ?? fields.kind;
  const record: ActionRecord = existing ?? {
    actionId,
    status: "pending",
    type: toActionType(rawType),
    availableDecisions: "unknown",
    toolCallId: "unknown",
  };
  if (existing !== undefined && existing.status !== "pending" && existing.status !== "stale") {
    store.diag(
      "action_required_already_active",
      "info",
      `action ${actionId} requested again after resolution`,
      event,
    );
    return existing;
  }
  record.status = "pending";
  if (rawType !== undefined) record.type = toActionType(rawType);
  if (typeof rawType === "string" && !isMember(ACTION_TYPES, rawType)) record.sourceType = rawType;
  const sourceType = asString(fields.sourceType);
  if (sourceType !== undefined) record.sourceType = sourceType;
  for (const key of ["title", "prompt", "toolName", "severity", "expiresAt"] as const) {
    const value = asString(fields[key]);
    if (value !== undefined)
      record[key] =
        key === "prompt" || key === "title" ? boundText(safeText(value), store.options.previewBytes) : value;
  }
  if (isRecord(fields.schema)) record.schema = copyPlain(safeValue(fields.schema).value);
  if (isRecord(fields.scope)) record.scope = copyPlain(safeValue(fields.scope).value);
  const decisions = asStringArray(fields.availableDecisions);
  if (decisions.length > 0) record.availableDecisions = decisions;
  else if (typeof fields.decisionKind === "string" && DECISION_KINDS[fields.decisionKind] !== undefined)
    record.availableDecisions = [...DECISION_KINDS[fields.decisionKind]];
  const requestedBy = isRecord(fields.requestedBy) ? fields.requestedBy : {};
  const who: NonNullable<ActionRecord["requestedBy"]> = {};
  const agentId = asString(requestedBy.agentId) ?? asString(event.agentId);
  const subagentId = asString(requestedBy.subagentId) ?? asString(event.subagentId);
  const name = asString(requestedBy.name);
  if (agentId !== undefined) who.agentId = agentId;
  if (subagentId !== undefined) who.subagentId = subagentId;
  if (name !== undefined) who.name = name;
  if (Object.keys(who).length > 0) record.requestedBy = who;
  const toolCallId = asString(fields.toolCallId) ?? asString(event.toolCallId);
  if (toolCallId !== undefined) record.toolCallId = toolCallId;
  const turnId = asString(fields.turnId) ?? asString(event.turnId);
  if (turnId !== undefined) record.turnId = turnId;
  const taskId = asString(fields.taskId) ?? asString(event.taskId);
  if (taskId !== undefined) record.taskId = taskId;
  record.source = ctx.source;
  store.actions.set(actionId, record);
  store.pendingActions.add(actionId);
  if (record.toolCallId !== "unknown") markAwaitingApproval(store, record.toolCallId, actionId, ctx);
  if (record.taskId !== undefined)
    setTaskAttention(
      store,
      record.taskId,
      record.type === "tool_approval" ||
        record.type === "permission_grant" ||
        record.type === "delegated_permission"
        ? "permission_required"
        : record.type === "plan_decision" || record.type === "teammate_plan_decision"
          ? "plan_ready"
          : "needs_input",
      ctx,
    );
  store.timelineEntry(
    `action:${actionId}`,
    "action",
    record.title ?? record.toolName ?? "Action required",
    ctx,
    {
      status: "pending",
      refs: actionRefs(record),
    },
  );
  return record;
}

function actionRefs(record: ActionRecord): Record<string, string> {
  const refs: Record<string, string> = { actionId: record.actionId };
  if (record.toolCallId !== "unknown") refs.toolCallId = record.toolCallId;
  if (record.taskId !== undefined) refs.taskId = record.taskId;
  if (record.requestedBy?.agentId !== undefined) refs.agentId = record.requestedBy.agentId;
  return refs;
}

function actionRequired(store: Store, ctx: EventContext): void {
  const { event, payload } = ctx;
  const actionId = event.actionId;
  if (typeof actionId !== "string") {
    store.diag(
      "missing_correlation",
      "warning",
      "action.required without actionId: no card can be answered",
      event,
    );
    return;
  }
  const isNew = !store.actions.has(actionId);
  const record = upsertPendingAction(store, actionId, payload, ctx);
  if (record.status !== "pending") return;
  if (isNew) {
    const message = assistantMessage(store, ctx);
    const part = addPart(store, message, `action:${actionId}`, "action_required", ctx);
    part.actionId = actionId;
    part.expanded = true;
    part.title = record.title ?? record.toolName ?? "Action required";
    if (record.toolCallId !== "unknown") part.toolCallId = record.toolCallId;
    store.cards.set(part.id, { message, part });
    touchPart(store, message, part);
  }
  if (!store.terminalTurns.has(ctx.turnKey)) setRuntimeStatus(store, "action_required", ctx);
}

function actionResolved(store: Store, ctx: EventContext): void {
  const { event, payload } = ctx;
  const actionId = event.actionId;
  if (typeof actionId !== "string") {
    store.diag("missing_correlation", "warning", `${event.type} without actionId`, event);
    return;
  }
  const aliasOutcome =
    event.type === "action.expired" ? "expired" : event.type === "action.resolved" ? undefined : "cancelled";
  const status = actionStatusFor(aliasOutcome ?? payload.outcome) ?? "resolved";
  if (aliasOutcome === undefined && actionStatusFor(payload.outcome) === undefined)
    store.diag(
      "unknown_taxonomy_value",
      "info",
      "action.resolved without a standard outcome; treated as resolved",
      event,
    );
  let record = store.actions.get(actionId);
  if (record === undefined) {
    store.diag(
      "action_resolved_without_request",
      PAIRING_SEVERITY.action_resolved_without_request,
      `action ${actionId} resolved without a request`,
      event,
    );
    record = {
      actionId,
      status,
      type: "unknown",
      availableDecisions: "unknown",
      toolCallId: asString(event.toolCallId) ?? "unknown",
    };
    store.actions.set(actionId, record);
  } else if (record.resolvedBy !== undefined) {
    // HITL-05: a second terminal fact never creates a second resolution.
    laterResolution(store, record, status, ctx);
    return;
  }
  record.status = status;
  store.pendingActions.delete(actionId);
  const decision = asString(payload.decision);
  if (decision !== undefined) record.decision = decision;
  if (isRecord(payload.response)) record.response = copyPlain(safeValue(payload.response).value);
  record.auditSummary = auditSummary(decision ?? status, payload);
  record.resolvedBy = ctx.source;
  store.actions.touch(actionId);
  showResolution(store, record);
  store.timelineEntry(`action:${actionId}`, "action", record.title ?? record.toolName ?? "Action", ctx, {
    status,
    refs: actionRefs(record),
  });
  if (record.taskId !== undefined) setTaskAttention(store, record.taskId, null, ctx);
  if (
    store.pendingActions.size === 0 &&
    store.runtime.value.status === "action_required" &&
    !store.terminalTurns.has(ctx.turnKey)
  )
    setRuntimeStatus(
      store,
      (store.openTools.get(ctx.turnKey)?.size ?? 0) > 0 ? "tool_running" : "waiting",
      ctx,
    );
}

function auditSummary(what: string, payload: Record<string, unknown>): string {
  const by = asString(payload.decidedBy);
  const reason = asString(payload.reason);
  return `${what}${by ? ` by ${by}` : ""}${reason ? `: ${safeText(reason)}` : ""}`;
}

/** The action's inline card shows its resolution (and the decision, once stated), wherever the request put
 * it: a resolution may come without a turn id or stamped with the turn that resumed the run. */
function showResolution(store: Store, record: ActionRecord): void {
  const id = `action:${record.actionId}`;
  const message = store.cards.get(id)?.message;
  const part = message?.partsById.get(id);
  if (message === undefined || part === undefined) return;
  showActionCard(store, record, message, part);
}

/** A card of a pending action stays open; a resolved one is closed and shows the resolution. Also used
 * for a restated card (a snapshot's), which shows the action as it stands. */
export function showActionCard(
  store: Store,
  record: ActionRecord,
  message: MessageState,
  part: PartState,
): void {
  if (record.status === "pending" || record.status === "stale") {
    part.status = "streaming";
    part.expanded = true;
    touchPart(store, message, part);
    return;
  }
  const { status, decision } = record;
  part.status = "done";
  part.expanded = false;
  part.data = { status, ...(decision ? { decision } : {}) };
  touchPart(store, message, part);
}

/** A copy of an action's resolution (the same fact id, so the gate drops it as a duplicate) that states
 * the decision the applied copy lacked: a stream's "resumed past the call" and a RunState's recorded
 * approval of the same call share the id. Only such a copy gets past the gate (to `laterResolution`). */
export function statesMissingDecision(store: Store, event: AgentUiEvent): boolean {
  if (event.type !== "action.resolved" || typeof event.actionId !== "string") return false;
  const payload = event.payload as Record<string, unknown> | undefined;
  if (typeof payload?.decision !== "string") return false;
  const record = store.actions.get(event.actionId);
  return record !== undefined && record.resolvedBy !== undefined && record.decision === undefined;
}

/** A terminal fact about an action already resolved (HITL-04/05). A stream may state the resolution
 * without the decision ("the run resumed past the call") before a restatement (a RunState, a read model)
 * states what was decided: the decision is then merged into the one resolution, not dropped. A decision
 * already stated is never overwritten by a different one — that contradiction is reported. */
function laterResolution(store: Store, record: ActionRecord, status: string, ctx: EventContext): void {
  const { event, payload } = ctx;
  const decision = asString(payload.decision);
  const sameOutcome = status === record.status;
  if (decision !== undefined && record.decision === undefined && sameOutcome) {
    record.decision = decision;
    if (record.response === undefined && isRecord(payload.response))
      record.response = copyPlain(safeValue(payload.response).value);
    record.auditSummary = auditSummary(decision, payload);
    store.actions.touch(record.actionId);
    showResolution(store, record);
    return;
  }
  if (decision !== undefined && decision !== record.decision) {
    const kept = record.decision ?? record.status;
    store.diag(
      "duplicate_event",
      "warning",
      `action ${record.actionId} already resolved (${kept}); a later fact states ${sameOutcome ? "" : `${status}, `}${decision}: kept ${kept}`,
      event,
      "/payload/decision",
    );
    return;
  }
  store.diag("duplicate_event", "info", `action ${record.actionId} already resolved`, event);
}

/** Actions a snapshot lacked were kept `stale` (ORD-03); once the tail re-requested or resolved every
 * one of them, the actions section is repaired (HYD-10). */
function repairsActions(handler: (store: Store, ctx: EventContext) => void) {
  return (store: Store, ctx: EventContext): void => {
    handler(store, ctx);
    if (!store.gate.staleSections.has("actions")) return;
    for (const actionId of store.pendingActions) if (store.actions.get(actionId)?.status === "stale") return;
    repairSection(store, "actions");
  };
}

export const actionHandlers = {
  "action.required": repairsActions(actionRequired),
  "action.resolved": repairsActions(actionResolved),
  // Lime terminal aliases (HITL-14).
  "action.cancelled": repairsActions(actionResolved),
  "action.canceled": repairsActions(actionResolved),
  "action.expired": repairsActions(actionResolved),
} as const;
