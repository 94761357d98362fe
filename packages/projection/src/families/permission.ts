// permission.changed (PERM-*): mode, sandbox, decisions and violations from runtime facts only; a decision
// never resolves an action by itself (PERM-01). Hook and sandbox facts annotate the tool row (PERM-04/05).
import type { PermissionSlice } from "@agent-ui/contracts";
import { asString, isRecord } from "../internal/json";
import { safeValue } from "../internal/safety";
import type { EventContext, Store } from "../store";
import { annotateTool } from "./tool";

type Decision = PermissionSlice["decisions"][number];

/** A decision with a held id replaces the held one (in place: its view is copied again on the next
 * read, O(1)); a new id is appended. */
export function upsertDecision(store: Store, decision: Decision): void {
  const decisions = store.permissions.value.decisions;
  const held = store.decisionsById.get(decisions, decision.id);
  if (held === undefined) {
    decisions.push(decision);
    return;
  }
  for (const key of Object.keys(held)) delete (held as Partial<Decision>)[key as keyof Decision];
  Object.assign(held, decision);
  store.permissions.touchEntry("decisions", held);
}

function permissionChanged(store: Store, ctx: EventContext): void {
  const { payload, event } = ctx;
  const permissions = store.permissions.value;
  const mode = asString(payload.mode);
  if (mode !== undefined) permissions.mode = mode;
  if (isRecord(payload.sandbox)) permissions.sandbox = safeValue(payload.sandbox).value;
  const risk = asString(payload.riskLevel);
  if (risk !== undefined) permissions.riskLevel = risk;
  const toolCallId = asString(event.toolCallId);
  if (isRecord(payload.decision) && typeof payload.decision.decision === "string") {
    const id =
      asString(payload.decision.id) ?? asString(event.eventId) ?? `decision:${permissions.decisions.length}`;
    const decision: PermissionSlice["decisions"][number] = {
      id,
      decision: payload.decision.decision,
      fact: ctx.source,
    };
    for (const key of ["source", "reason", "expiresAt"] as const) {
      const value = asString(payload.decision[key]);
      if (value !== undefined) decision[key] = value;
    }
    const actionId = asString(event.actionId);
    if (actionId !== undefined) decision.actionId = actionId;
    upsertDecision(store, decision);
    store.timelineEntry(`permission:${id}`, "permission", `Permission ${decision.decision}`, ctx, {
      status: decision.decision,
      refs: { ...(actionId ? { actionId } : {}), ...(toolCallId ? { toolCallId } : {}) },
    });
  }
  if (isRecord(payload.violation)) {
    const id =
      asString(payload.violation.id) ??
      asString(event.eventId) ??
      `violation:${permissions.violations.length}`;
    const reason = asString(payload.violation.reason);
    permissions.violations.push({
      id,
      ...(reason ? { reason } : {}),
      ...(toolCallId ? { toolCallId } : {}),
      source: ctx.source,
    });
    if (toolCallId !== undefined)
      annotateTool(store, toolCallId, (tool) => (tool.sandboxViolation = reason ?? "violation"));
    store.timelineEntry(`permission:${id}`, "permission", "Sandbox violation", ctx, {
      status: "violation",
      refs: toolCallId ? { toolCallId } : {},
    });
  }
  if (isRecord(payload.hook) && typeof payload.hook.status === "string" && toolCallId !== undefined) {
    const hook = payload.hook;
    annotateTool(store, toolCallId, (tool) => {
      tool.hook = { status: hook.status as string };
      if (typeof hook.decision === "string") tool.hook.decision = hook.decision;
      if (typeof hook.reason === "string") tool.hook.reason = hook.reason;
    });
  }
  permissions.source = ctx.source;
  store.permissions.touch();
}

export const permissionHandlers = {
  "permission.changed": permissionChanged,
} as const;
