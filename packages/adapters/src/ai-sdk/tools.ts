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

/** The runtime decided an approval when it ran (or denied) the tool: the pending action resolves. */
function resolveApproval(
  ctx: AiSdkContext,
  toolCallId: string,
  decision: "approve" | "reject",
): AgentUiEvent[] {
  const actionId = ctx.state.pendingApprovals.get(toolCallId);
  if (actionId === undefined) return [];
  ctx.state.pendingApprovals.delete(toolCallId);
  const reason = decision === "approve" ? "tool executed after approval" : "tool execution denied";
  return [
    ctx.emit("action.resolved", { actionId, toolCallId, payload: { outcome: "resolved", decision, reason } }),
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
  return [
    ...resolveApproval(ctx, toolCallId, "approve"),
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
  return [
    ...resolveApproval(ctx, toolCallId, "reject"),
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
  return [
    ctx.emit("action.required", {
      actionId,
      toolCallId,
      phase: "waiting",
      payload: compact({
        actionType: "tool_approval",
        sourceType: "tool-approval-request",
        toolName: ctx.state.toolNames.get(toolCallId) ?? readString(ctx.record, "toolName"),
        // The protocol's approval response is approved: true | false.
        availableDecisions: ["approve", "reject"],
      }),
    }),
    ctx.emit("tool.progress", { toolCallId, phase: "waiting", payload: { awaitingActionId: actionId } }),
  ];
}
