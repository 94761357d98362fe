// text.* (TEXT-01..05, STAT-08): deltas append verbatim into the assistant_text part keyed by
// messageId/partId; a final replaces the streamed text (never appended) and marks `reconciled` only when
// it differed. A text final never completes the run: only run.finished / run.failed do.
import type { PartKind } from "@agent-ui/contracts";
import { asString } from "../internal/json";
import type { MessageState, PartState } from "../internal/message-state";
import { partText } from "../internal/message-state";
import { addPart, assistantMessage, lastPart, nextPartId, partFor, touchPart } from "../message-ops";
import type { EventContext, Store } from "../store";
import { discardPart, isDiscarded } from "./discarded-parts";
import { textBehindCitations } from "./evidence-parts";
import { setRuntimeStatus } from "./run";

const PRE_TEXT_STATUSES = new Set([
  "idle",
  "submitted",
  "accepted",
  "queued",
  "routing",
  "preparing",
  "waiting_provider",
]);

const USER_TEXT = { kind: "user_text", role: "user" } as const;
const SYSTEM_TEXT = { kind: "assistant_text", role: "system" } as const;
const ASSISTANT_TEXT = { kind: "assistant_text", role: "assistant" } as const;

function textKind(ctx: EventContext): { kind: PartKind; role: "assistant" | "user" | "system" } {
  const role = ctx.payload.role;
  if (role === "user") return USER_TEXT;
  if (role === "system") return SYSTEM_TEXT;
  return ASSISTANT_TEXT;
}

/** The text part a delta continues: its partId, else the message's last part while it is streaming text
 * of the same kind (looking past citations that arrived mid-stream), else a new part (so text after a tool or reasoning step keeps event order, PROC-01). */
function streamingPart(store: Store, message: MessageState, kind: PartKind, ctx: EventContext): PartState {
  const partId = ctx.event.partId;
  if (typeof partId === "string") return partFor(store, message, partId, kind, ctx);
  const last = lastPart(message);
  if (last !== undefined && last.kind === kind && last.status === "streaming") return last;
  // A citation that arrived mid-stream does not split the answer (EVID-04).
  const cited = textBehindCitations(message);
  if (cited !== undefined && cited.kind === kind && cited.status === "streaming") return cited;
  return addPart(store, message, nextPartId(message, "text"), kind, ctx);
}

function textDelta(store: Store, ctx: EventContext): void {
  const delta = ctx.payload.delta;
  if (typeof delta !== "string") {
    store.diag(
      "schema_mismatch",
      "warning",
      "text.delta without a string payload.delta",
      ctx.event,
      "/payload/delta",
    );
    return;
  }
  const { kind, role } = textKind(ctx);
  const message = assistantMessage(store, ctx, role);
  const part = streamingPart(store, message, kind, ctx);
  if (part.chunks === null) part.chunks = [delta];
  else part.chunks.push(delta);
  part.status = "streaming";
  touchPart(store, message, part);
  if (store.terminalTurns.has(ctx.turnKey)) {
    // Flagged once per turn: a late stream must not flood the diagnostics surface.
    if (!store.lateTextTurns.has(ctx.turnKey)) {
      store.lateTextTurns.add(ctx.turnKey);
      store.diag("execution_after_turn_terminal", "info", `text after turn ${ctx.turnKey} ended`, ctx.event);
    }
  } else if (role === "assistant" && PRE_TEXT_STATUSES.has(store.runtime.value.status))
    setRuntimeStatus(store, "streaming", ctx);
}

const TEXT_KINDS: ReadonlySet<PartKind> = new Set(["assistant_text", "user_text"]);

function textFinal(store: Store, ctx: EventContext): void {
  if (isDiscarded(ctx)) {
    discardPart(store, ctx, TEXT_KINDS);
    return;
  }
  const text = ctx.payload.text;
  if (typeof text !== "string") {
    store.diag(
      "schema_mismatch",
      "warning",
      "text.final without a string payload.text",
      ctx.event,
      "/payload/text",
    );
    return;
  }
  const { kind, role } = textKind(ctx);
  const message = assistantMessage(store, ctx, role);
  const partId = asString(ctx.event.partId);
  if (partId !== undefined) {
    reconcilePart(store, message, partFor(store, message, partId, kind, ctx), text);
    return;
  }
  const textParts = message.parts.filter((part) => part.kind === kind);
  if (textParts.length === 0) {
    reconcilePart(store, message, addPart(store, message, nextPartId(message, "text"), kind, ctx), text);
    return;
  }
  const streamed = textParts.map(partText).join("");
  if (streamed === text) {
    for (const part of textParts) finishPart(store, message, part);
    return;
  }
  // The final differs from the concatenated stream: it replaces the streamed text in the first text part's
  // position; the other streamed fragments are superseded (one answer, never duplicated, TEXT-04).
  const [first, ...rest] = textParts;
  if (rest.length > 0) {
    const superseded = new Set(rest);
    message.parts = message.parts.filter((part) => !superseded.has(part));
    for (const part of rest) message.partsById.delete(part.id);
  }
  reconcilePart(store, message, first, text);
}

function reconcilePart(store: Store, message: MessageState, part: PartState, text: string): void {
  const streamed = part.chunks === null ? null : partText(part);
  if (streamed !== null && streamed.length > 0 && streamed !== text) part.reconciled = true;
  part.chunks = [text];
  finishPart(store, message, part);
}

function finishPart(store: Store, message: MessageState, part: PartState): void {
  part.status = "done";
  touchPart(store, message, part);
}

export const textHandlers = {
  "text.delta": textDelta,
  "text.final": textFinal,
} as const;
