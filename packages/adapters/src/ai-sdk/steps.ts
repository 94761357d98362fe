// Step boundaries and `reset-step` (AI SDK 7). A step is one model call; `reset-step` "removes all message
// parts received since the most recent start-step" — a streamed step is retried and the failed attempt's
// partial output is invalidated before the replacement arrives (stream protocol docs; WorkflowAgent sends
// it on retries). The taxonomy has no part removal, so each discarded fact is ended by what it now is:
// text and reasoning of the attempt end empty (the replacement streams as new parts, never appended to the
// discarded text: TEXT-04), a tool call the attempt opened ends cancelled (TOOL-11: never running forever)
// and its pending approval is cancelled with it, a file it produced is superseded, and the run shows
// `retrying` (STAT-03) until the retried step streams. Sources and data parts it added cannot be retracted
// here: a warning names them instead of silently keeping them as if they were current.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { compact } from "../shared/record";
import { type AiSdkContext, type OpenPart, STEP_ITEMS_LIMIT } from "./context";

/** What the current step added to the message, in arrival order. */
export type StepItem =
  | { kind: "part"; part: OpenPart }
  | { kind: "tool"; toolCallId: string }
  | { kind: "artifact"; artifactId: string }
  | { kind: "source"; id: string }
  | { kind: "data"; key: string };

const RESET_REASON = "reset-step: the step was retried; its partial output was discarded";

/** `start-step`: a new model call; what the previous step added is no longer resettable. */
export function startStep(ctx: AiSdkContext): AgentUiEvent[] {
  ctx.state.clearStep();
  ctx.state.stepsInStream++;
  return [];
}

export function resetStep(ctx: AiSdkContext): AgentUiEvent[] {
  const state = ctx.state;
  const out: AgentUiEvent[] = [];
  const kept: string[] = [];
  // Items past the cap cannot be taken back: the warning says so only when a reset needs them.
  if (state.untrackedStepItems > 0) state.limits.report(STEP_ITEMS_LIMIT);
  for (const item of state.stepItems) {
    if (item.kind === "part") out.push(...discardPart(ctx, item.part));
    else if (item.kind === "tool") out.push(...discardTool(ctx, item.toolCallId, kept));
    else if (item.kind === "artifact")
      out.push(
        ctx.emit("artifact.updated", {
          artifactId: item.artifactId,
          artifactStatus: "superseded",
          payload: { reason: RESET_REASON },
        }),
      );
    else kept.push(item.kind === "source" ? `source ${item.id}` : `data ${item.key}`);
  }
  state.clearStep();
  state.resets++;
  state.retrying = true;
  out.push(
    ctx.emit("run.status", {
      phase: "preparing",
      payload: { status: "retrying", label: "retrying step", reason: "reset-step", retryCount: state.resets },
    }),
  );
  if (kept.length > 0)
    out.push(
      ctx.diagnostic(
        "runtime_info",
        "warning",
        `reset-step discarded ${kept.length} part(s) that cannot be retracted here; they stay visible`,
        { kept: kept.slice(0, 20) },
      ),
    );
  return out;
}

/** A text or reasoning part of the discarded attempt ends empty; an open one is closed without its text. */
function discardPart(ctx: AiSdkContext, part: OpenPart): AgentUiEvent[] {
  for (const [sourceId, open] of ctx.state.parts) if (open === part) ctx.state.parts.delete(sourceId);
  // A part that never streamed a delta was never shown: nothing to take back.
  part.text.release();
  if (!part.shown) return [];
  const payload = { text: "", discarded: true, reason: RESET_REASON };
  return [
    part.kind === "text"
      ? ctx.emit("text.final", { partId: part.partId, payload })
      : ctx.emit("reasoning.summary", { partId: part.partId, payload }),
  ];
}

/** A call the discarded attempt opened never runs: it ends cancelled, and so does its pending approval. */
function discardTool(ctx: AiSdkContext, toolCallId: string, kept: string[]): AgentUiEvent[] {
  const state = ctx.state;
  if (state.finishedTools.has(toolCallId)) {
    // Its outcome (a provider-executed result) was already stated; a fact that happened is not undone.
    kept.push(`tool ${toolCallId}`);
    return [];
  }
  state.finishTool(toolCallId);
  const out: AgentUiEvent[] = [];
  const actionId = state.pendingApprovals.get(toolCallId);
  if (actionId !== undefined) {
    state.pendingApprovals.delete(toolCallId);
    out.push(
      ctx.emit("action.resolved", {
        actionId,
        toolCallId,
        payload: { outcome: "cancelled", reason: RESET_REASON },
      }),
    );
  }
  out.push(
    ctx.emit("tool.failed", {
      toolCallId,
      phase: "cancelled",
      payload: compact({ cancelled: true, reason: RESET_REASON, name: state.toolNames.get(toolCallId) }),
    }),
  );
  return out;
}
