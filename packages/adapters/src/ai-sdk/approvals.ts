// Tool approvals (HITL-01..05): `tool-approval-request` opens an action linked to its tool call; it resolves
// on the stream's own facts only — a `tool-approval-response`, or the call's outcome in the continuation
// stream the client's answer started (output: it ran; `tool-output-denied`: rejected).
//
// The continuation is often read by a separate adapter instance (one per HTTP response), which never saw
// the request. What the AI SDK writes there is known from `streamText`: before the continuation's first
// step it executes the answered approvals and streams their outcomes (`tool-output-available` /
// `tool-output-error` for approved calls, `tool-output-denied` for denied ones), with no approval id on the
// wire. So an outcome for a call this instance never saw started, arriving before any `start-step` (or any
// `tool-output-denied`, which only an approval produces), is the resolution of that call's approval. By
// default (`toolApprovalIds: "tool-call"`) both the request and this resolution are keyed by the call's id
// — the one key both streams carry — so a projection fed both responses resolves the card it showed; the
// SDK's approval id stays in the request's payload for the write path. With `"source"` approval ids the
// resolution cannot name the action (its id is not on this wire); stating it under another id would put a
// second, phantom approval beside the pending one, so it is not.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { compact, readBoolean, readString } from "../shared/record";
import type { AiSdkContext } from "./context";

export interface Resolution {
  /** Only when the stream states it (`tool-approval-response.approved`, `tool-output-denied`). */
  decision?: "approve" | "reject";
  reason: string;
  decidedBy?: string;
}

/** The action id of `approvalId` gating `toolCallId`, by the adapter's `toolApprovalIds` option. */
function actionIdOf(ctx: AiSdkContext, toolCallId: string, approvalId: string): string {
  return ctx.state.toolApprovalIds === "tool-call" ? toolCallId : approvalId;
}

/**
 * The approval gating `toolCallId` resolves, when the stream's facts say it did: the pending one this
 * instance saw requested, or — in a continuation read on its own — the one the call's outcome answers.
 * Call it before the outcome marks the call finished. The decision is recorded only when the stream states
 * it: an approved call's continuation carries just its output, so "the tool ran" resolves the request
 * without inventing a decision (the approval itself is in the client's message, not on the wire).
 */
export function resolveApproval(
  ctx: AiSdkContext,
  toolCallId: string,
  resolution: Resolution,
  outcomeOnlyAnApprovalProduces = false,
): AgentUiEvent[] {
  const state = ctx.state;
  let actionId = state.pendingApprovals.get(toolCallId);
  if (actionId !== undefined) state.pendingApprovals.delete(toolCallId);
  else if (answersUnseenApproval(ctx, toolCallId, outcomeOnlyAnApprovalProduces)) actionId = toolCallId;
  else return [];
  return [
    ctx.emit("action.resolved", {
      actionId,
      toolCallId,
      payload: compact({ outcome: "resolved", ...resolution }),
    }),
  ];
}

/** An outcome that can only be an answered approval's, for a call this instance never saw. */
function answersUnseenApproval(ctx: AiSdkContext, toolCallId: string, approvalOnly: boolean): boolean {
  const state = ctx.state;
  // Only the call's own id can name the approval here (see the top of this file).
  if (state.toolApprovalIds !== "tool-call") return false;
  // A call this stream started and never gated, or whose outcome was already stated, had no open approval.
  if (state.startedTools.has(toolCallId) || state.finishedTools.has(toolCallId)) return false;
  // Inside a step, an unseen call's output is an ordinary tool result (no approval is implied).
  return approvalOnly || state.stepsInStream === 0;
}

/** `tool-approval-request`: a pending tool approval; the tool waits in approval-requested. */
export function approvalRequest(ctx: AiSdkContext): AgentUiEvent[] {
  const toolCallId = readString(ctx.record, "toolCallId");
  const approvalId = readString(ctx.record, "approvalId");
  if (toolCallId === undefined || approvalId === undefined)
    return [ctx.unsupported("tool-approval-request without approvalId or toolCallId")];
  const actionId = actionIdOf(ctx, toolCallId, approvalId);
  ctx.state.pendingApprovals.set(toolCallId, actionId);
  ctx.state.approvalTools.set(approvalId, toolCallId);
  // An automatic request was decided by the tool's approval policy; its response follows at once.
  if (readBoolean(ctx.record, "isAutomatic") === true) ctx.state.automaticApprovals.add(approvalId);
  return [
    ctx.emit("action.required", {
      actionId,
      toolCallId,
      phase: "waiting",
      payload: compact({
        actionType: "tool_approval",
        sourceType: "tool-approval-request",
        toolName: ctx.state.toolNames.get(toolCallId) ?? readString(ctx.record, "toolName"),
        reason: readString(ctx.record, "reason"),
        // What the SDK's write path answers (`addToolApprovalResponse({ id })`), whatever the action id.
        approvalId,
        // The protocol's approval response is approved: true | false.
        availableDecisions: ["approve", "reject"],
      }),
    }),
    ctx.emit("tool.progress", { toolCallId, phase: "waiting", payload: { awaitingActionId: actionId } }),
  ];
}

/**
 * `tool-approval-response` (AI SDK 7): the stream states the decision (`approved`), e.g. for an
 * approval the tool's policy decided automatically. A denial is followed by `tool-output-denied`.
 */
export function approvalResponse(ctx: AiSdkContext): AgentUiEvent[] {
  const approvalId = readString(ctx.record, "approvalId");
  const approved = readBoolean(ctx.record, "approved");
  if (approvalId === undefined || approved === undefined)
    return [ctx.unsupported("tool-approval-response without approvalId or approved")];
  const resolution: Resolution = {
    decision: approved ? "approve" : "reject",
    reason: readString(ctx.record, "reason") ?? (approved ? "approved" : "denied"),
  };
  if (ctx.state.automaticApprovals.has(approvalId)) resolution.decidedBy = "policy";
  const toolCallId = ctx.state.approvalTools.get(approvalId);
  ctx.state.approvalTools.close(approvalId);
  ctx.state.automaticApprovals.close(approvalId);
  if (toolCallId !== undefined) {
    const pending = ctx.state.pendingApprovals.get(toolCallId) === actionIdOf(ctx, toolCallId, approvalId);
    // Already resolved: one resolution per approval (HITL-05).
    return pending ? resolveApproval(ctx, toolCallId, resolution) : [];
  }
  // A response to a request this instance never saw, and the chunk names no tool call: the approval id
  // is the only key (the projection reports the missing request); the decision is the source's own fact.
  return [
    ctx.emit("action.resolved", {
      actionId: approvalId,
      payload: compact({ outcome: "resolved", ...resolution }),
    }),
  ];
}
