// RUN_STARTED (+ resume input), RUN_FINISHED (success / interrupt outcome), RUN_ERROR and STEP_*.
import type { AgentUiEvent } from "@agent-ui/contracts";
import {
  compact,
  isRecord,
  readArray,
  readBoolean,
  readNumber,
  readRecord,
  readString,
} from "../shared/record";
import { previewOf, safeValue } from "../shared/safe-payload";
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
    ctx.state.interruptTools.close(actionId);
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

/** The RUN_FINISHED outcome as one word: AG-UI 1.0's `{type}` object, the pre-1.0 draft's bare string
 * (`outcome: "interrupt"` with `interrupts` beside it), or absent (success); anything else `unknown`. */
function outcomeOf(record: Record<string, unknown>): {
  type: "success" | "cancelled" | "interrupt" | "unknown";
  interrupts: unknown[];
  shape?: string;
} {
  const raw = record.outcome;
  if (raw === undefined || raw === null) return { type: "success", interrupts: [] };
  const word = typeof raw === "string" ? raw : readString(raw, "type");
  const interrupts =
    readArray(raw, "interrupts") ??
    (typeof raw === "string" ? readArray(record, "interrupts") : undefined) ??
    [];
  if (word === "success" || word === "cancelled" || word === "interrupt") return { type: word, interrupts };
  return { type: "unknown", interrupts, shape: previewOf(raw, 120) };
}

export function runFinished(ctx: AguiContext): AgentUiEvent[] {
  const outcome = readRecord(ctx.record, "outcome");
  const read = outcomeOf(ctx.record);
  const result = ctx.record.result;
  const finishReason = readString(ctx.record, "finishReason");
  const closing = [...completeAllArgs(ctx), ...closeAllMessages(ctx), ...usageMetrics(ctx)];
  if (read.type === "cancelled")
    // AG-UI 1.0: stopped by whoever ran it, not failed, nothing pending: never read as success.
    return [
      ...closing,
      ctx.emit("run.finished", {
        phase: "cancelled",
        payload: { outcome: "cancelled", reason: "cancelled" },
      }),
    ];
  if (read.type === "interrupt")
    return [
      ...closing,
      ...read.interrupts.flatMap((interrupt) => interruptAction(ctx, interrupt)),
      ctx.emit("run.finished", {
        phase: "interrupted",
        payload: { outcome: "interrupted", reason: "interrupt" },
      }),
    ];
  if (read.type === "unknown")
    // An outcome in a shape this adapter does not know is never read as success: the run ended, how is
    // unknown, and the shape is named so the gap can be closed.
    return [
      ...closing,
      ctx.diagnostic("unknown_taxonomy_value", "warning", "RUN_FINISHED outcome in an unknown shape", {
        outcome: read.shape ?? "unknown",
      }),
      ctx.emit("run.finished", { payload: { outcome: "unknown", reason: "unknown outcome" } }),
    ];
  return [
    ...closing,
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

/** `usage` (AG-UI 1.0 TokenUsage[] on RUN_FINISHED / RUN_ERROR): the stream's running token totals,
 * summed over providers and runs like the SDK's own aggregate (input and output are totals; the
 * reasoning and cache counts are parts of them, never added). */
function usageMetrics(ctx: AguiContext): AgentUiEvent[] {
  const entries = readArray(ctx.record, "usage");
  if (entries === undefined || entries.length === 0) return [];
  const totals = ctx.state.usage;
  let seen = false;
  for (const entry of entries)
    for (const [field, metric] of USAGE_FIELDS) {
      const value = readNumber(entry, field);
      if (value === undefined || value < 0) continue;
      totals[metric] = (totals[metric] ?? 0) + value;
      seen = true;
    }
  if (!seen) return [];
  return USAGE_FIELDS.filter(([, metric]) => totals[metric] !== undefined).map(([, metricName]) =>
    ctx.emit("metric.changed", { metricName, payload: { value: totals[metricName], unit: "tokens" } }),
  );
}

const USAGE_FIELDS = [
  ["inputTokens", "tokens.input"],
  ["outputTokens", "tokens.output"],
  ["reasoningTokens", "tokens.reasoning"],
  ["cachedInputTokens", "tokens.cached_input"],
] as const;

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
  const message = readString(ctx.record, "message");
  return [
    ...completeAllArgs(ctx),
    ...closeAllMessages(ctx),
    ...failOpenTools(ctx, message),
    ...usageMetrics(ctx),
    ctx.emit("run.failed", {
      phase: "failed",
      payload: compact({
        message: readString(ctx.record, "message"),
        category: readString(ctx.record, "code"),
      }),
    }),
  ];
}

/** RUN_ERROR: a call of this run still waiting for its result never gets one — it ends failed with the
 * run's error, so no tool row stays running after the run is over. */
function failOpenTools(ctx: AguiContext, message: string | undefined): AgentUiEvent[] {
  const out: AgentUiEvent[] = [];
  for (const [toolCallId, call] of ctx.state.toolCalls.entriesInOrder()) {
    if (call.runId !== ctx.state.runId) continue;
    ctx.state.toolCalls.delete(toolCallId);
    out.push(
      ctx.emit("tool.failed", {
        toolCallId,
        phase: "failed",
        payload: { error: `run failed before the tool returned${message ? `: ${message}` : ""}` },
      }),
    );
  }
  return out;
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
