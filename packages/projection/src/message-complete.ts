// A message the hydration window (or an older page) sent cut to its byte budget, completed with the whole
// message once the client fetched it (HYD-13). What the cut left out is added; what the projection holds
// is kept as it is — it may already hold live deltas the fetched copy lacks (or the fetched copy deltas
// the projection will still apply), so nothing held is replaced and no delta is lost or applied twice:
// the parts before the held ones come from the whole message, and the held part whose text was cut to its
// tail gets the head it lacks, only while its text still starts with that tail (a final that replaced
// the text already made it whole).
import type { Message, MessageCut } from "@agent-ui/contracts";
import { adoptRestoredPart } from "./families/restored-part";
import { partState } from "./hydration/projection";
import { type PartState, partText } from "./internal/message-state";
import { findMessage } from "./message-ops";
import type { Store } from "./store";

/** Whether `whole` completed the held message (false: not held, or its cut text changed since). */
export function completeMessage(store: Store, whole: Message, cut: MessageCut): boolean {
  const held = findMessage(store, whole.id);
  if (held === undefined || !Array.isArray(whole.parts)) return false;
  let textDone = true;
  if (cut.text !== undefined) {
    const part = held.partsById.get(cut.text.partId);
    const full = whole.parts.find((p) => p.id === cut.text?.partId)?.text;
    if (part !== undefined && typeof full === "string") {
      const headLength = cut.text.total - cut.text.included;
      const tail = full.slice(headLength, cut.text.total);
      // A part held without text reads as an empty one: a window may leave an empty tail out.
      const current = partText(part);
      if (current.startsWith(tail) && current !== full) {
        // A new array: the part's incremental redaction restarts over the whole text.
        part.chunks = [full.slice(0, headLength), current];
        part.rev++;
      } else textDone = current === full;
    }
  }
  const first = whole.parts.findIndex((p) => held.partsById.has(p.id));
  const missing = (first < 0 ? whole.parts : whole.parts.slice(0, first)).filter(
    (p) => !held.partsById.has(p.id),
  );
  const added: PartState[] = missing.map(partState);
  for (const part of added) held.partsById.set(part.id, part);
  if (added.length > 0) held.parts = [...added, ...held.parts];
  for (const part of added) adoptRestoredPart(store, held, part);
  store.messages.touch(held.key);
  return textDone;
}
