// PROF-02: the PermissionSandboxSummary read model hydrates the permission slice — mode, sandbox, risk,
// the runtime's decisions and violations — from the same facts `permission.changed` carries. A summary that
// does not apply (`"not_applicable"`, or `status: "not_applicable"`) is shown as such, never as a gap; an
// absent summary leaves the slice as it is (the runtime omitted the signal). Older snapshots carry the same
// facts as `permissionState` / `sandboxState`; both shapes are read.
import type { PermissionSlice, RuntimeSessionSnapshot } from "@agent-ui/contracts";
import { asString, isRecord } from "../internal/json";
import { safeText, safeValue } from "../internal/safety";
import type { EventContext, Store } from "../store";
import { upsertDecision } from "../families/permission";

const NOT_APPLICABLE = "not_applicable";

/** The summary under any of the names runtimes give it. */
function summaryOf(snapshot: RuntimeSessionSnapshot): unknown {
  return snapshot.permissionSandboxSummary ?? snapshot.permissionSummary;
}

export function hydratePermissionSummary(
  store: Store,
  snapshot: RuntimeSessionSnapshot,
  ctx: EventContext,
): void {
  const permissions = store.permissions.value;
  let touched = false;
  if (isRecord(snapshot.permissionState)) {
    const mode = asString(snapshot.permissionState.mode);
    if (mode !== undefined) permissions.mode = mode;
    touched = true;
  }
  if (isRecord(snapshot.sandboxState)) {
    permissions.sandbox = safeValue(snapshot.sandboxState).value;
    touched = true;
  }
  const summary = summaryOf(snapshot);
  if (summary === NOT_APPLICABLE || (isRecord(summary) && summary.status === NOT_APPLICABLE)) {
    permissions.mode = NOT_APPLICABLE;
    permissions.source = ctx.source;
    store.permissions.touch();
    return;
  }
  if (isRecord(summary)) {
    applySummary(store, permissions, summary, ctx);
    touched = true;
  }
  if (touched) {
    permissions.source = ctx.source;
    store.permissions.touch();
  }
}

function applySummary(
  store: Store,
  permissions: PermissionSlice,
  summary: Record<string, unknown>,
  ctx: EventContext,
): void {
  const mode = asString(summary.mode) ?? asString(summary.permissionMode);
  if (mode !== undefined) permissions.mode = mode;
  const sandbox = summary.sandbox ?? summary.sandboxProfile;
  if (isRecord(sandbox)) permissions.sandbox = safeValue(sandbox).value;
  else if (sandbox === NOT_APPLICABLE) permissions.sandbox = { status: NOT_APPLICABLE };
  const risk = asString(summary.riskLevel);
  if (risk !== undefined) permissions.riskLevel = risk;
  if (Array.isArray(summary.decisions))
    for (const item of summary.decisions) {
      if (!isRecord(item) || typeof item.decision !== "string") continue;
      const id = asString(item.id) ?? `decision:${permissions.decisions.length}`;
      const decision: PermissionSlice["decisions"][number] = {
        id,
        decision: safeText(item.decision),
        fact: ctx.source,
      };
      for (const key of ["source", "reason", "expiresAt", "actionId"] as const) {
        const value = asString(item[key]);
        if (value !== undefined) decision[key] = safeText(value);
      }
      upsertDecision(store, decision);
    }
  if (Array.isArray(summary.violations))
    for (const item of summary.violations) {
      if (!isRecord(item)) continue;
      const id = asString(item.id) ?? `violation:${permissions.violations.length}`;
      if (store.violationsById.get(permissions.violations, id) !== undefined) continue;
      const reason = asString(item.reason);
      const toolCallId = asString(item.toolCallId);
      permissions.violations.push({
        id,
        ...(reason !== undefined ? { reason: safeText(reason) } : {}),
        ...(toolCallId !== undefined ? { toolCallId } : {}),
        source: ctx.source,
      });
    }
}
