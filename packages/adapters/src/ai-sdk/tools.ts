// tool-* chunks: input streaming → input available → (approval requested, ./approvals) → output available /
// error / denied. An outcome also resolves the approval that gated the call.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { compact, readBoolean, readString } from "../shared/record";
import { previewOf, safeText, safeValue } from "../shared/safe-payload";
import { resolveApproval } from "./approvals";
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
  ctx.state.addStepItem({ kind: "tool", toolCallId });
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
  ctx.state.finishTool(toolCallId);
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

export function outputAvailable(ctx: AiSdkContext): AgentUiEvent[] {
  const toolCallId = toolCallIdOf(ctx);
  if (toolCallId === undefined) return [ctx.unsupported("tool-output-available without toolCallId")];
  const output = ctx.record.output;
  if (readBoolean(ctx.record, "preliminary") === true)
    return [
      ctx.emit("tool.progress", { toolCallId, phase: "acting", payload: { message: previewOf(output) } }),
    ];
  // A continuation stream may deliver the output of a call announced in an earlier stream: no restart.
  const resolved = resolveApproval(ctx, toolCallId, {
    reason: "the tool ran after the approval request; the stream does not state the decision",
  });
  ctx.state.finishTool(toolCallId);
  return [
    ...resolved,
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
  // An approved call that then failed (or failed its re-validation) answered its approval all the same.
  const resolved = resolveApproval(ctx, toolCallId, {
    reason: "the tool was run after the approval request and failed; the stream does not state the decision",
  });
  ctx.state.finishTool(toolCallId);
  return [
    ...resolved,
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
  // Only a denied approval produces this chunk, wherever it arrives.
  const resolved = resolveApproval(
    ctx,
    toolCallId,
    { decision: "reject", reason: "tool execution denied" },
    true,
  );
  ctx.state.finishTool(toolCallId);
  return [
    ...resolved,
    ctx.emit("tool.failed", {
      toolCallId,
      phase: "failed",
      payload: { denied: true, error: "denied by user" },
    }),
  ];
}
