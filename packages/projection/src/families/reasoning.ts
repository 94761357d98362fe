// reasoning.* and plan.* (TEXT-06/07/10, PROC-01/02/05): process parts in event order, expanded while
// running and collapsed once complete; never answer text. Titles are stable labels, never partial tokens.
import type { PartKind } from "@agent-ui/contracts";
import { asString, copyPlain } from "../internal/json";
import type { MessageState, PartState } from "../internal/message-state";
import { addPart, assistantMessage, lastPart, nextPartId, partFor, touchPart } from "../message-ops";
import type { EventContext, Store } from "../store";
import { discardPart, isDiscarded } from "./discarded-parts";

const REASONING_KINDS = new Set<PartKind>(["reasoning_summary", "reasoning_detail"]);
const TITLE_LIMIT = 80;

/** A stable title from a complete summary: its first line, bounded at a word boundary. */
export function stableTitle(text: string, fallback: string): string {
  const line = text.trim().split("\n", 1)[0]?.trim() ?? "";
  if (line.length === 0) return fallback;
  if (line.length <= TITLE_LIMIT) return line;
  const cut = line.slice(0, TITLE_LIMIT);
  const space = cut.lastIndexOf(" ");
  return `${space > 20 ? cut.slice(0, space) : cut}…`;
}

function currentReasoning(message: MessageState, ctx: EventContext): PartState | undefined {
  const partId = ctx.event.partId;
  if (typeof partId === "string") return message.partsById.get(partId);
  const last = lastPart(message);
  return last !== undefined && REASONING_KINDS.has(last.kind) && last.status === "streaming"
    ? last
    : undefined;
}

function reasoningDelta(store: Store, ctx: EventContext): void {
  const delta = ctx.payload.delta;
  if (typeof delta !== "string") {
    store.diag("schema_mismatch", "warning", "reasoning.delta without a string payload.delta", ctx.event);
    return;
  }
  const detail = ctx.payload.visibility === "detail";
  const kind: PartKind = detail ? "reasoning_detail" : "reasoning_summary";
  const message = assistantMessage(store, ctx);
  let part = currentReasoning(message, ctx);
  if (part === undefined) {
    const id = asString(ctx.event.partId) ?? nextPartId(message, "reasoning");
    part = addPart(store, message, id, kind, ctx);
    part.title = detail ? "Thinking" : "Reasoning";
    part.expanded = true;
    store.timelineEntry(`reasoning:${part.id}`, "reasoning", part.title, ctx, {
      status: "running",
      refs: { messageId: message.id, partId: part.id },
    });
  }
  if (detail && !store.options.showReasoningDetail) part.hidden = true;
  if (part.chunks === null) part.chunks = [delta];
  else part.chunks.push(delta);
  touchPart(store, message, part);
}

function reasoningSummary(store: Store, ctx: EventContext): void {
  if (isDiscarded(ctx)) {
    discardPart(store, ctx, REASONING_KINDS);
    return;
  }
  const text = ctx.payload.text;
  if (typeof text !== "string") {
    store.diag("schema_mismatch", "warning", "reasoning.summary without a string payload.text", ctx.event);
    return;
  }
  const message = assistantMessage(store, ctx);
  let part = currentReasoning(message, ctx);
  if (part === undefined) {
    const id = asString(ctx.event.partId) ?? nextPartId(message, "reasoning");
    part = partFor(store, message, id, "reasoning_summary", ctx);
  }
  part.kind = "reasoning_summary";
  part.chunks = [text];
  part.hidden = false;
  part.status = "done";
  part.expanded = false;
  part.title = stableTitle(text, "Reasoning");
  touchPart(store, message, part);
  store.timelineEntry(`reasoning:${part.id}`, "reasoning", part.title, ctx, {
    status: "completed",
    refs: { messageId: message.id, partId: part.id },
  });
}

function planPart(store: Store, ctx: EventContext): { message: MessageState; part: PartState } {
  const message = assistantMessage(store, ctx);
  const id = asString(ctx.event.partId) ?? `${message.id}:plan`;
  const existing = message.partsById.get(id);
  if (existing !== undefined) return { message, part: existing };
  const part = addPart(store, message, id, "plan", ctx);
  part.title = "Plan";
  part.expanded = true;
  return { message, part };
}

function applyPlan(store: Store, ctx: EventContext, final: boolean): void {
  const { message, part } = planPart(store, ctx);
  const { payload } = ctx;
  if (!final && part.status === "done") {
    // A delta behind its plan's final (a late or replayed fact): the final plan stands, nothing reopens.
    store.diag(
      "out_of_order",
      "warning",
      `plan.delta after plan ${part.id} was final; the final plan is kept`,
      ctx.event,
    );
    return;
  }
  if (typeof payload.text === "string") part.chunks = [payload.text];
  else if (typeof payload.delta === "string") {
    if (part.chunks === null) part.chunks = [payload.delta];
    else part.chunks.push(payload.delta);
  }
  if (Array.isArray(payload.steps)) {
    const steps = payload.steps
      .filter((step): step is Record<string, unknown> => step !== null && typeof step === "object")
      .map((step) => copyPlain(step));
    part.data = { ...(part.data ?? {}), steps };
    part.title = `Plan (${steps.length} steps)`;
  }
  if (final) {
    part.status = "done";
    part.expanded = false;
  }
  touchPart(store, message, part);
  store.timelineEntry(`plan:${part.id}`, "plan", part.title ?? "Plan", ctx, {
    status: final ? "completed" : "running",
    refs: { messageId: message.id, partId: part.id },
  });
}

export const reasoningHandlers = {
  "reasoning.delta": reasoningDelta,
  "reasoning.summary": reasoningSummary,
  "plan.delta": (store: Store, ctx: EventContext) => applyPlan(store, ctx, false),
  "plan.final": (store: Store, ctx: EventContext) => applyPlan(store, ctx, true),
} as const;
