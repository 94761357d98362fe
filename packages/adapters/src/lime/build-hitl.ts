// Builders for human-in-the-loop actions and the permission / sandbox / policy / hook facts (§E-5, §E-6).
import type { ActionType } from "@agent-ui/contracts";
import { toActionType } from "../shared/action-types";
import { compact, readRecord, readString } from "../shared/record";
import { type Builder, messageOf, reasonOf, safe, stringField, stringList } from "./build-common";
import type { LimeFacts } from "./facts";
import { lookupTable } from "@agent-ui/contracts";

/** Decisions only from what the runtime declared: an explicit list or a known `decisionKind` (HITL-07). */
const DECISIONS_BY_KIND: Readonly<Record<string, string[]>> = lookupTable({
  allow_or_deny: ["allow", "deny"],
  approve_or_reject: ["approve", "reject"],
  yes_or_no: ["yes", "no"],
  accept_or_decline: ["accept", "decline"],
});

function availableDecisions(f: LimeFacts): string[] | undefined {
  const explicit = stringList(
    f.payload.availableDecisions ?? f.payload.available_decisions ?? f.payload.decisions,
  );
  if (explicit !== undefined) return explicit;
  const kind = stringField(f, "decisionKind", "decision_kind");
  return kind !== undefined ? DECISIONS_BY_KIND[kind] : undefined;
}

/** `action.required` (and forwarded permissions). The tool link is only what the source names (§E-6). */
export function actionRequired(forcedType?: ActionType): Builder {
  return (f, ctx) => {
    const actionId = f.ids.actionId ?? stringField(f, "actionId", "action_id", "requestId");
    if (actionId === undefined) return null;
    const sourceType = stringField(f, "actionType", "action_type", "type", "kind");
    const toolCallId = f.ids.toolCallId ?? stringField(f, "toolCallId", "tool_call_id");
    const schema = readRecord(f.payload, "schema", "requestedSchema", "responseSchema");
    const scope = readRecord(f.payload, "scope");
    return {
      actionId,
      ...(toolCallId !== undefined ? { toolCallId } : {}),
      phase: "waiting",
      payload: compact({
        actionType: forcedType ?? toActionType(sourceType),
        sourceType,
        title: stringField(f, "title"),
        prompt: stringField(f, "prompt", "message", "question"),
        schema: schema !== undefined ? safe(ctx, schema) : undefined,
        availableDecisions: availableDecisions(f),
        decisionKind: stringField(f, "decisionKind", "decision_kind"),
        toolName: stringField(f, "toolName", "tool_name"),
        scope: scope !== undefined ? safe(ctx, scope) : undefined,
        severity: stringField(f, "severity", "riskLevel", "risk"),
        expiresAt: stringField(f, "expiresAt", "expires_at", "timeoutAt"),
        requestedBy: requestedBy(f),
      }),
    };
  };
}

function requestedBy(f: LimeFacts) {
  const by = compact({
    agentId:
      stringField(f, "agentId", "requestedByAgentId", "subagentId") ?? f.ids.agentId ?? f.ids.subagentId,
    subagentId: f.ids.subagentId,
    name: stringField(f, "requestedBy", "agentName", "peer", "peerName"),
  });
  return Object.keys(by).length > 0 ? by : undefined;
}

const OUTCOMES = new Set(["resolved", "expired", "cancelled"]);

export function actionResolved(fixedOutcome?: "resolved" | "expired" | "cancelled"): Builder {
  return (f, ctx) => {
    const actionId = f.ids.actionId ?? stringField(f, "actionId", "action_id", "requestId");
    if (actionId === undefined) return null;
    const own = stringField(f, "outcome", "status");
    const response = readRecord(f.payload, "response");
    return {
      actionId,
      ...(f.ids.toolCallId !== undefined ? { toolCallId: f.ids.toolCallId } : {}),
      payload: compact({
        outcome: fixedOutcome ?? (own !== undefined && OUTCOMES.has(own) ? own : "resolved"),
        decision: stringField(f, "decision") ?? readString(response, "decision"),
        response: response !== undefined ? safe(ctx, response) : undefined,
        decidedBy: stringField(f, "decidedBy", "decided_by", "source"),
        reason: reasonOf(f),
      }),
    };
  };
}

/** permission.* / sandbox.* / policy.changed → `permission.changed`; `approvalActionId` links the card. */
export function permissionFact(
  kind: "decision" | "requested" | "sandbox" | "violation" | "policy" | "hook",
): Builder {
  return (f, ctx) => {
    const linked = stringField(f, "approvalActionId", "approval_action_id");
    const fields = { ...(linked !== undefined && f.ids.actionId === undefined ? { actionId: linked } : {}) };
    const decisionWord = stringField(f, "decision", "permissionDecision", "result");
    let payload: Record<string, unknown>;
    switch (kind) {
      case "decision":
        payload = {
          decision: compact({
            id: linked,
            decision: decisionWord ?? "unknown",
            source: stringField(f, "source", "decisionSource"),
            reason: reasonOf(f),
            expiresAt: stringField(f, "expiresAt"),
          }),
          riskLevel: stringField(f, "riskLevel", "risk"),
        };
        break;
      case "requested":
        payload = { decision: compact({ id: linked, decision: "requested", reason: reasonOf(f) }) };
        break;
      case "sandbox":
        payload = { mode: stringField(f, "mode", "accessMode", "profile"), sandbox: safe(ctx, f.payload) };
        break;
      case "violation":
        payload = { violation: compact({ id: stringField(f, "violationId", "id"), reason: reasonOf(f) }) };
        break;
      case "policy":
        payload = { mode: stringField(f, "mode", "permissionMode"), policy: safe(ctx, f.payload) };
        break;
      case "hook":
        payload = {
          hook: compact({
            status: f.type.slice("hook.".length),
            decision: decisionWord,
            reason: reasonOf(f),
            name: stringField(f, "hookName", "name"),
          }),
        };
        break;
    }
    return { ...fields, payload: compact(payload) };
  };
}

/** A hook run (started/completed/failed) as a diagnostic line; failures are warnings. */
export const hookDiagnostic: Builder = (f) => ({
  payload: {
    code: f.type === "hook.failed" ? "runtime_warning" : "runtime_info",
    severity: f.type === "hook.failed" ? "warning" : "info",
    message: `${f.type}${stringField(f, "hookName", "name") ? `: ${stringField(f, "hookName", "name")}` : ""}${
      messageOf(f) ? ` (${messageOf(f)})` : ""
    }`,
  },
});

/** `channel.permission_returned`: the peer's decision on a forwarded request. */
export const channelPermissionReturned: Builder = (f, ctx) => {
  const resolved = actionResolved()(f, ctx);
  if (resolved === null) return null;
  const peer = stringField(f, "peer", "peerName", "channel");
  if (peer !== undefined) (resolved.payload as Record<string, unknown>).decidedBy ??= peer;
  return resolved;
};

/** Delegated approvals name the peer that asks (acceptance scenario 10). */
export const channelPermissionForwarded: Builder = (f, ctx) => {
  const required = actionRequired("delegated_permission")(f, ctx);
  if (required === null) return null;
  const peer = stringField(f, "peer", "peerName") ?? f.extraIds.channelId;
  const payload = required.payload as Record<string, unknown>;
  if (peer !== undefined && payload.requestedBy === undefined) payload.requestedBy = { name: peer };
  return { ...required, owner: "policy" };
};
