// `evidence_ref` message parts (D.6, EVID-01/02/03/08): when an evidence fact belongs to a message or
// turn, the conversation carries a compact part that points at the evidenceId. The part never copies the
// evidence body (status, refs, verification): every surface reads the one `evidence` record, so the part,
// the evidence panel and the replay/review lanes cannot disagree. Only the sources it cites ride along
// (`citations`, titled by the first source) so a message renders its citation list. No part without an
// evidence fact or a review that cites one (EVID-01: citations only when source facts exist).
import type { EvidenceRecord } from "@agent-ui/contracts";
import type { MessageState, PartState } from "../internal/message-state";
import { addPart, assistantMessage, findMessage, lastPart, touchPart } from "../message-ops";
import type { EventContext, Store } from "../store";

/** evidenceId → key of the message that holds its part, so later updates of the same fact (pending →
 * exported, maybe in another turn) never add a second citation for it. */
const placedEvidence = new WeakMap<Store, Map<string, string>>();

function placements(store: Store): Map<string, string> {
  let map = placedEvidence.get(store);
  if (map === undefined) {
    map = new Map();
    placedEvidence.set(store, map);
  }
  return map;
}

/** The message an evidence fact belongs to: its explicit messageId, else the message of a tool it
 * names, else the current message of its turn's lane. Session-level evidence (no turn, no message)
 * stays in the evidence lane only: nothing is joined by proximity (PROSE-03). */
function messageFor(
  store: Store,
  ctx: EventContext,
  toolCallIds: readonly string[],
): MessageState | undefined {
  const messageId = ctx.event.messageId;
  if (typeof messageId === "string") return findMessage(store, messageId) ?? assistantMessage(store, ctx);
  for (const toolCallId of toolCallIds) {
    const place = store.toolPlaces.get(toolCallId);
    if (place !== undefined) return place.message;
  }
  if (ctx.turnKey === "default") return undefined;
  return assistantMessage(store, ctx);
}

/** The answer text a run of trailing citations follows. A citation that arrives while the answer streams
 * (export runs in the background, EVID-04) sits behind that text, and the next delta keeps growing the
 * same text part instead of splitting the answer around the chip. */
const textBeforeCitations = new WeakMap<MessageState, PartState>();

/** The streaming text part hidden behind the message's trailing citations, if any (used by text.ts). */
export function textBehindCitations(message: MessageState): PartState | undefined {
  return lastPart(message)?.kind === "evidence_ref" ? textBeforeCitations.get(message) : undefined;
}

function rememberText(message: MessageState): void {
  const last = lastPart(message);
  if (last === undefined) textBeforeCitations.delete(message);
  else if (last.kind !== "evidence_ref") {
    if (last.chunks !== null && last.status === "streaming") textBeforeCitations.set(message, last);
    else textBeforeCitations.delete(message);
  }
}

/** Records where a restored citation sits (families/restored-part.ts), so a later update of its evidence
 * fact (in any turn) refreshes that part instead of citing the evidence a second time (ARCH-04). */
export function adoptEvidencePart(store: Store, message: MessageState, part: PartState): void {
  const placed = placements(store);
  if (part.evidenceId !== undefined && !placed.has(part.evidenceId)) placed.set(part.evidenceId, message.key);
}

/** A restated citation (a snapshot's) lists the sources its evidence record holds, as the live part does. */
export function showRestoredCitation(store: Store, message: MessageState, part: PartState): void {
  const record = part.evidenceId === undefined ? undefined : store.evidence.get(part.evidenceId);
  if (record !== undefined && syncCitations(part, record)) touchPart(store, message, part);
}

/** Adds the citation part to the message; undefined when the message already cites this evidence. */
function addRef(
  store: Store,
  message: MessageState,
  evidenceId: string,
  ctx: EventContext,
): PartState | undefined {
  const id = `evidence:${evidenceId}`;
  if (message.partsById.has(id)) return undefined;
  rememberText(message);
  const part = addPart(store, message, id, "evidence_ref", ctx);
  part.evidenceId = evidenceId;
  part.status = "done";
  part.title = "Evidence";
  return part;
}

/** Copies the evidence's source refs onto its part (and the first source's title as the part title). */
function syncCitations(part: PartState, record: EvidenceRecord): boolean {
  const citations = record.citations;
  if (citations === undefined || citations.length === 0) return false;
  if (JSON.stringify(part.citations) === JSON.stringify(citations)) return false;
  part.citations = citations.map((ref) => ({ ...ref }));
  part.title = citations[0]?.title ?? citations[0]?.url ?? part.title;
  return true;
}

/** `evidence.changed`: one part per evidence fact, placed where the fact first appeared; a later update
 * of the fact refreshes the part's citations wherever it sits. */
export function citeEvidence(
  store: Store,
  record: EvidenceRecord,
  ctx: EventContext,
  toolCallIds: readonly string[],
): void {
  const { evidenceId } = record;
  const placed = placements(store);
  const placedKey = placed.get(evidenceId);
  if (placedKey !== undefined) {
    const message = store.messages.get(placedKey);
    const part = message?.partsById.get(`evidence:${evidenceId}`);
    if (message !== undefined && part !== undefined && syncCitations(part, record))
      touchPart(store, message, part);
    return;
  }
  const message = messageFor(store, ctx, toolCallIds);
  if (message === undefined) return;
  const added = addRef(store, message, evidenceId, ctx);
  if (added !== undefined) syncCitations(added, record);
  else {
    // The message already holds the part (restored by a snapshot or a stored projection): it cites now.
    const restored = message.partsById.get(`evidence:${evidenceId}`);
    if (restored !== undefined && syncCitations(restored, record)) touchPart(store, message, restored);
  }
  placed.set(evidenceId, message.key);
}

/** `review.*` with evidence refs: the reviewed message cites the evidence behind the verdict
 * (TEAM-08, EVID-08 "review decision → evidence pack"). The review id rides along so the part links
 * to the review lane; the verdict itself stays in the review record. */
export function citeReviewEvidence(
  store: Store,
  reviewId: string,
  evidenceIds: readonly string[],
  ctx: EventContext,
): void {
  if (evidenceIds.length === 0) return;
  const message = messageFor(store, ctx, []);
  if (message === undefined) return;
  const placed = placements(store);
  for (const evidenceId of evidenceIds) {
    const part = addRef(store, message, evidenceId, ctx);
    if (part === undefined) continue;
    part.data = { reviewId };
    if (!placed.has(evidenceId)) placed.set(evidenceId, message.key);
  }
}
