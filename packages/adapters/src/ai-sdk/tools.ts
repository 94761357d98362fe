// tool-* chunks: input streaming → input available → (approval requested) → output available / error /
// denied. Approvals are actions keyed by the SDK's approval id and linked to the tool call.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { compact, readBoolean, readString } from "../shared/record";
import { previewOf, safeText, safeValue } from "../shared/safe-payload";
import type { AiSdkContext } from "./context";

function toolCallIdOf(ctx: AiSdkContext): string | undefined {
  return readString(ctx.record, "toolCallId");
}

/** `tool.started` once per call, whichever chunk announces it first. */
function ensureStarted(ctx: AiSdkContext, toolCallId: string): AgentUiEvent[] {
  const name = readString(ctx.record, "toolName") ?? ctx.state.toolNames.get(toolCallId);
  if (name !== undefined) ctx.state.toolNames.set(toolCallId, name);
  if (ctx.state.startedTools.has(toolCallId)) return [];
  ctx.state.startedTools.add(toolCallId);
  ctx.state.stepItems.push({ kind: "tool", toolCallId });
  return [
    ctx.emit("tool.started", {
      toolCallId,
      phase: "acting",
      payload: compact({
        name,
        title: readString(ctx.record, "title"),
        providerExecuted: readBoolean(ctx.record, "providerExecuted"),
        dynamic: readBoolean(ctx.record, "dynamic"),
      }),
    }),
  ];
}

export function inputStart(ctx: AiSdkContext): AgentUiEvent[] {
  const toolCallId = toolCallIdOf(ctx);
  if (toolCallId === undefined) return [ctx.unsupported("tool-input-start without toolCallId")];
  return ensureStarted(ctx, toolCallId);
}

export function inputDelta(ctx: AiSdkContext): AgentUiEvent[] {
  const toolCallId = toolCallIdOf(ctx);
  const delta = readString(ctx.record, "inputTextDelta", "delta");
  if (toolCallId === undefined) return [ctx.unsupported("tool-input-delta without toolCallId")];
  if (delta === undefined) return [];
  return [
    ...ensureStarted(ctx, toolCallId),
    ctx.emit("tool.args", { toolCallId, phase: "acting", payload: { argsDelta: safeText(delta) } }),
  ];
}

export function inputAvailable(ctx: AiSdkContext): AgentUiEvent[] {
  const toolCallId = toolCallIdOf(ctx);
  if (toolCallId === undefined) return [ctx.unsupported("tool-input-available without toolCallId")];
  return [
    ...ensureStarted(ctx, toolCallId),
    ctx.emit("tool.args", {
      toolCallId,
      phase: "acting",
      payload: { input: safeValue(ctx.record.input, ctx.safe), complete: true },
    }),
  ];
}

export function inputError(ctx: AiSdkContext): AgentUiEvent[] {
  const toolCallId = toolCallIdOf(ctx);
  if (toolCallId === undefined) return [ctx.unsupported("tool-input-error without toolCallId")];
  ctx.state.finishedTools.add(toolCallId);
  return [
    ...ensureStarted(ctx, toolCallId),
    ctx.emit("tool.failed", {
      toolCallId,
      phase: "failed",
      payload: compact({
        error: previewOf(readString(ctx.record, "errorText"), 500),
        category: "invalid_input",
      }),
    }),
  ];
}

interface Resolution {
  /** Only when the chunk states it (`tool-approval-response.approved`, `tool-output-denied`). */
  decision?: "approve" | "reject";
  reason: string;
  decidedBy?: string;
}

/**
 * The pending approval of a call resolves. The decision is recorded only when the stream states it:
 * a continuation stream after a user approval carries just the tool's output (the approval itself is in
 * the client's message, not on the wire), so "the tool ran" resolves the request without inventing a
 * decision.
 */
function resolveApproval(ctx: AiSdkContext, toolCallId: string, resolution: Resolution): AgentUiEvent[] {
  const actionId = ctx.state.pendingApprovals.get(toolCallId);
  if (actionId === undefined) return [];
  ctx.state.pendingApprovals.delete(toolCallId);
  return [
    ctx.emit("action.resolved", {
      actionId,
      toolCallId,
      payload: compact({ outcome: "resolved", ...resolution }),
    }),
  ];
}

export function outputAvailable(ctx: AiSdkContext): AgentUiEvent[] {
  const toolCallId = toolCallIdOf(ctx);
  if (toolCallId === undefined) return [ctx.unsupported("tool-output-available without toolCallId")];
  const output = ctx.record.output;
  if (readBoolean(ctx.record, "preliminary") === true)
    return [
      ctx.emit("tool.progress", { toolCallId, phase: "acting", payload: { message: previewOf(output) } }),
    ];
  // A continuation stream may deliver the output of a call announced in an earlier stream: no restart.
  ctx.state.finishedTools.add(toolCallId);
  return [
    ...resolveApproval(ctx, toolCallId, {
      reason: "the tool ran after the approval request; the stream does not state the decision",
    }),
    ctx.emit("tool.result", {
      toolCallId,
      phase: "acting",
      payload: { output: safeValue(output, ctx.safe), outputPreview: previewOf(output) },
    }),
  ];
}

export function outputError(ctx: AiSdkContext): AgentUiEvent[] {
  const toolCallId = toolCallIdOf(ctx);
  if (toolCallId === undefined) return [ctx.unsupported("tool-output-error without toolCallId")];
  ctx.state.finishedTools.add(toolCallId);
  return [
    ctx.emit("tool.failed", {
      toolCallId,
      phase: "failed",
      payload: compact({ error: previewOf(readString(ctx.record, "errorText"), 500) }),
    }),
  ];
}

/** HITL-04: a denied tool never runs; it ends as a denied failure, and its approval resolves as reject. */
export function outputDenied(ctx: AiSdkContext): AgentUiEvent[] {
  const toolCallId = toolCallIdOf(ctx);
  if (toolCallId === undefined) return [ctx.unsupported("tool-output-denied without toolCallId")];
  ctx.state.finishedTools.add(toolCallId);
  return [
    ...resolveApproval(ctx, toolCallId, { decision: "reject", reason: "tool execution denied" }),
    ctx.emit("tool.failed", {
      toolCallId,
      phase: "failed",
      payload: { denied: true, error: "denied by user" },
    }),
  ];
}

/** `tool-approval-request`: a pending tool approval; the tool waits in approval-requested. */
export function approvalRequest(ctx: AiSdkContext): AgentUiEvent[] {
  const toolCallId = toolCallIdOf(ctx);
  const actionId = readString(ctx.record, "approvalId");
  if (toolCallId === undefined || actionId === undefined)
    return [ctx.unsupported("tool-approval-request without approvalId or toolCallId")];
  ctx.state.pendingApprovals.set(toolCallId, actionId);
  ctx.state.approvalTools.set(actionId, toolCallId);
  // An automatic request was decided by the tool's approval policy; its response follows at once.
  if (readBoolean(ctx.record, "isAutomatic") === true) ctx.state.automaticApprovals.add(actionId);
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
  const actionId = readString(ctx.record, "approvalId");
  const approved = readBoolean(ctx.record, "approved");
  if (actionId === undefined || approved === undefined)
    return [ctx.unsupported("tool-approval-response without approvalId or approved")];
  const resolution: Resolution = {
    decision: approved ? "approve" : "reject",
    reason: readString(ctx.record, "reason") ?? (approved ? "approved" : "denied"),
  };
  if (ctx.state.automaticApprovals.has(actionId)) resolution.decidedBy = "policy";
  const toolCallId = ctx.state.approvalTools.get(actionId);
  if (toolCallId !== undefined && ctx.state.pendingApprovals.get(toolCallId) === actionId)
    return resolveApproval(ctx, toolCallId, resolution);
  if (toolCallId !== undefined) return []; // already resolved: one resolution per approval (HITL-05)
  // A response to a request this stream never showed (a continuation read on its own): the
  // projection reports the missing request; the decision is still the source's own fact.
  return [
    ctx.emit("action.resolved", { actionId, payload: compact({ outcome: "resolved", ...resolution }) }),
  ];
}
