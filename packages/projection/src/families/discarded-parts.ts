// A part the source discarded (TEXT-04, PROC-01). The AI SDK's `reset-step` invalidates what a retried
// step streamed; the adapter ends each such text or reasoning part with a `text.final` /
// `reasoning.summary` carrying `payload.discarded: true` and empty text. The SDK's own reducer removes the
// part, so the projection removes it too — no empty part is left in the message, and the retried step
// streams into new parts. A reasoning step's timeline entry stays (one entry per fact) and says
// `discarded`, so the timeline tells a retraction from an empty answer.
import type { PartKind } from "@agent-ui/contracts";
import { asString } from "../internal/json";
import type { MessageState, PartState } from "../internal/message-state";
import { assistantMessage, lastPart, removePart } from "../message-ops";
import type { EventContext, Store } from "../store";

export function isDiscarded(ctx: EventContext): boolean {
  return ctx.payload.discarded === true;
}

/** The part the discarded fact names: its partId, else the message's last part of those kinds while it
 * is still streaming (a finished part without an id cannot be told apart: it is not guessed at). */
function discardedPart(message: MessageState, kinds: ReadonlySet<PartKind>, ctx: EventContext) {
  const partId = asString(ctx.event.partId);
  const part: PartState | undefined =
    partId !== undefined ? message.partsById.get(partId) : lastPart(message);
  if (part === undefined || !kinds.has(part.kind)) return undefined;
  if (partId === undefined && part.status !== "streaming") return undefined;
  return part;
}

/** Removes the discarded part; a part never shown leaves nothing to take back. */
export function discardPart(store: Store, ctx: EventContext, kinds: ReadonlySet<PartKind>): void {
  const message = assistantMessage(store, ctx);
  const part = discardedPart(message, kinds, ctx);
  if (part === undefined) return;
  removePart(store, message, part);
  const entryId = `reasoning:${part.id}`;
  const entry = store.timeline.get(entryId);
  if (entry !== undefined)
    store.timelineEntry(entryId, entry.kind, entry.title, ctx, { status: "discarded" });
}
