// RUN_STARTED (+ resume input), RUN_FINISHED (success / interrupt outcome), RUN_ERROR and STEP_*.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { compact, isRecord, readArray, readBoolean, readRecord, readString } from "../shared/record";
import { safeValue } from "../shared/safe-payload";
import { toActionType } from "../shared/action-types";
import type { AguiContext } from "./context";
import { closeAllMessages } from "./text";
import { completeAllArgs } from "./tools";

export function runStarted(ctx: AguiContext): AgentUiEvent[] {
  const threadId = readString(ctx.record, "threadId");
  const runId = readString(ctx.record, "runId");
  if (threadId !== undefined) ctx.state.threadId = threadId;
  if (runId !== undefined) ctx.state.runId = runId;
  ctx.state.runEventCount = 0;
  const input = readRecord(ctx.record, "input");
  const lastUser = lastUserMessage(input);
  const parentRunId = readString(ctx.record, "parentRunId");
  return [
    ctx.emit("run.started", {
      phase: "submitted",
      runtimeEntity: "agent_turn",
      payload: compact({ input: lastUser?.text, userMessageId: lastUser?.id, parentRunId }),
    }),
    ...resumeDecisions(ctx, input),
  ];
}

/** The newest user message of the run input, when it is the last message (a new user turn). */
function lastUserMessage(
  input: Record<string, unknown> | undefined,
): { id?: string; text?: string } | undefined {
  const messages = readArray(input, "messages");
  const last = messages?.[messages.length - 1];
  if (!isRecord(last) || last.role !== "user") return undefined;
  return { id: readString(last, "id"), text: readString(last, "content") };
}

/** `input.resume` answers pending interrupts: each entry resolves its action (HITL-02). */
function resumeDecisions(ctx: AguiContext, input: Record<string, unknown> | undefined): AgentUiEvent[] {
  const resume = readArray(input, "resume") ?? [];
  return resume.flatMap((entry) => {
    const actionId = readString(entry, "interruptId");
    if (actionId === undefined) return [ctx.unsupported("resume entry without interruptId")];
    const status = readString(entry, "status");
    const response = readRecord(entry, "payload");
    const approved = readBoolean(response, "approved", "approve", "allow");
    const toolCallId = ctx.state.interruptTools.get(actionId);
    const gatedTool =
      toolCallId === undefined ? [] : closeGatedTool(ctx, toolCallId, status === "cancelled", approved);
    return [
      ctx.emit("action.resolved", {
        actionId,
        ...(toolCallId !== undefined ? { toolCallId } : {}),
        payload: compact({
          outcome: status === "cancelled" ? "cancelled" : "resolved",
          decision:
            approved === true
              ? "approve"
              : approved === false
                ? "reject"
                : status === "cancelled"
                  ? undefined
                  : "answer",
          response:
            response !== undefined ? (safeValue(response, ctx.safe) as Record<string, unknown>) : undefined,
          decidedBy: "user",
        }),
      }),
      ...gatedTool,
    ];
  });
}

/**
 * HITL-04: the interrupt gates a tool call (an AG-UI interrupt names its `toolCallId` only for a tool
 * approval). Rejected or abandoned, the tool does not run: it ends denied / cancelled on the resume
 * entry that says so, instead of staying `approval-requested` forever. An approval leaves it open for
 * its TOOL_CALL_RESULT.
 */
function closeGatedTool(
  ctx: AguiContext,
  toolCallId: string,
  cancelled: boolean,
  approved: boolean | undefined,
): AgentUiEvent[] {
  if (cancelled)
    return [
      ctx.emit("tool.failed", {
        toolCallId,
        phase: "cancelled",
        payload: { cancelled: true, error: "approval abandoned" },
      }),
    ];
  if (approved === false)
    return [
      ctx.emit("tool.failed", {
        toolCallId,
        phase: "failed",
        payload: { denied: true, error: "rejected by user" },
      }),
    ];
  return [];
}

export function runFinished(ctx: AguiContext): AgentUiEvent[] {
  const outcome = readRecord(ctx.record, "outcome");
  const outcomeType = readString(outcome, "type") ?? "success";
  const result = ctx.record.result;
  const finishReason = readString(ctx.record, "finishReason");
  if (outcomeType === "cancelled")
    // AG-UI 1.0: stopped by whoever ran it, not failed, nothing pending: never read as success.
    return [
      ...completeAllArgs(ctx),
      ...closeAllMessages(ctx),
      ctx.emit("run.finished", {
        phase: "cancelled",
        payload: { outcome: "cancelled", reason: "cancelled" },
      }),
    ];
  if (outcomeType === "interrupt") {
    const interrupts = readArray(outcome, "interrupts") ?? [];
    return [
      ...completeAllArgs(ctx),
      ...closeAllMessages(ctx),
      ...interrupts.flatMap((interrupt) => interruptAction(ctx, interrupt)),
      ctx.emit("run.finished", {
        phase: "interrupted",
        payload: { outcome: "interrupted", reason: "interrupt" },
      }),
    ];
  }
  return [
    ...completeAllArgs(ctx),
    ...closeAllMessages(ctx),
    ctx.emit("run.finished", {
      phase: "completed",
      payload: compact({
        outcome: "success",
        reason: finishReason,
        result: result !== undefined ? safeValue(result, ctx.safe) : undefined,
        // AG-UI 1.0: frontend tool calls the run left for the application to answer (kept, not lost).
        pendingToolCallIds: readArray(outcome, "pendingToolCallIds")?.filter(
          (id): id is string => typeof id === "string",
        ),
      }),
    }),
  ];
}

/** An interrupt is a pending action; its tool (when named) waits on it in `approval-requested`. */
function interruptAction(ctx: AguiContext, interrupt: unknown): AgentUiEvent[] {
  const actionId = readString(interrupt, "id", "interruptId");
  if (actionId === undefined) return [ctx.unsupported("interrupt without id")];
  // CopilotKit's 0.0.x dialect uses the gated tool call's own id as the interrupt id.
  const toolCallId =
    readString(interrupt, "toolCallId") ?? (ctx.state.toolCalls.has(actionId) ? actionId : undefined);
  if (toolCallId !== undefined) ctx.state.interruptTools.set(actionId, toolCallId);
  const reason = readString(interrupt, "reason");
  const schema = readRecord(interrupt, "responseSchema", "schema");
  const tool = toolCallId !== undefined ? ctx.state.toolCalls.get(toolCallId) : undefined;
  const events = [
    ctx.emit("action.required", {
      actionId,
      ...(toolCallId !== undefined ? { toolCallId } : {}),
      phase: "waiting",
      payload: compact({
        actionType: toActionType(reason),
        sourceType: reason,
        prompt: readString(interrupt, "message", "prompt"),
        schema: schema !== undefined ? (safeValue(schema, ctx.safe) as Record<string, unknown>) : undefined,
        availableDecisions: decisionsOf(schema),
        toolName: tool?.name,
        expiresAt: readString(interrupt, "expiresAt"),
      }),
    }),
  ];
  if (toolCallId !== undefined)
    events.push(
      ctx.emit("tool.progress", { toolCallId, phase: "waiting", payload: { awaitingActionId: actionId } }),
    );
  return events;
}

/**
 * The answers an interrupt accepts, when its response schema states them: `{approved: boolean}` is
 * approve or reject. Otherwise unset (the projection shows the decisions as unknown, never guessed).
 */
function decisionsOf(schema: Record<string, unknown> | undefined): string[] | undefined {
  const approved = readRecord(readRecord(schema, "properties"), "approved");
  return readString(approved, "type") === "boolean" ? ["approve", "reject"] : undefined;
}

export function runError(ctx: AguiContext): AgentUiEvent[] {
  return [
    ctx.emit("run.failed", {
      phase: "failed",
      payload: compact({
        message: readString(ctx.record, "message"),
        category: readString(ctx.record, "code"),
      }),
    }),
  ];
}

/** STEP_STARTED is a stage label on the status row; STEP_FINISHED only bounds it. */
export function stepStarted(ctx: AguiContext): AgentUiEvent[] {
  const stepName = readString(ctx.record, "stepName");
  return [
    ctx.emit("run.status", {
      ...(stepName !== undefined ? { stepId: stepName } : {}),
      phase: "preparing",
      payload: compact({ status: "preparing", label: stepName }),
    }),
  ];
}
