// A message part restored rather than projected from its facts (HYD-09, HYD-13, ARCH-04): loaded with a
// stored projection, added when a cut message is made whole, or carried by a `messages.snapshot` or a
// read-model window. Whatever its kind, the part is indexed where live projection indexes the part it
// made, so later facts about its tool, worker, task, evidence, artifact or action update this part (one
// part per fact) instead of leaving it stale or adding a second one. Every restore path goes through
// `adoptRestoredPart`: what one path indexes, all do.
import type { MessageState, PartState } from "../internal/message-state";
import type { EventContext, Store } from "../store";
import { showActionCard } from "./action";
import { adoptAgentTaskPart, showRestoredAgentTask } from "./agent-task-parts";
import { showArtifactCard } from "./artifact";
import { adoptEvidencePart, showRestoredCitation } from "./evidence-parts";
import { adoptToolPart, placeStoredToolPart } from "./tool-part";

/** A part the runtime restated (a snapshot, a read-model window). A snapshot states where a part sits,
 * not how far its fact got: the part then shows its record as it stands, and a restated tool part moves
 * its tool there (`adoptToolPart`); `toolName` names a tool its record does not know yet. */
export interface Restated {
  ctx: EventContext;
  toolName?: string;
  /** The part as the runtime restated it: what a part shows when its fact was never seen. */
  stated: Record<string, unknown>;
}

/** Indexes a restored part (see the file comment). A stored part never displaces the place an earlier
 * part of the same fact already holds, and keeps what it shows. */
export function adoptRestoredPart(
  store: Store,
  message: MessageState,
  part: PartState,
  restated?: Restated,
): void {
  switch (part.kind) {
    case "tool_call":
      if (part.toolCallId === undefined) return;
      if (restated !== undefined) adoptToolPart(store, message, part, restated.ctx, restated.toolName);
      else if (!store.toolPlaces.has(part.toolCallId))
        placeStoredToolPart(store, message.turnId ?? "default", message, part);
      return;
    case "artifact_ref": {
      if (part.artifactId === undefined) return;
      adoptCard(store, `artifact:${part.artifactId}`, message, part);
      const record = store.artifacts.get(part.artifactId);
      if (restated !== undefined && record !== undefined) showArtifactCard(store, record, message, part);
      return;
    }
    case "action_required": {
      if (part.actionId === undefined) return;
      adoptCard(store, `action:${part.actionId}`, message, part);
      const record = store.actions.get(part.actionId);
      if (restated !== undefined && record !== undefined) showActionCard(store, record, message, part);
      return;
    }
    case "agent_task":
      adoptAgentTaskPart(store, message, part);
      if (restated !== undefined) showRestoredAgentTask(store, message, part, restated.stated);
      return;
    case "evidence_ref":
      adoptEvidencePart(store, message, part);
      if (restated !== undefined) showRestoredCitation(store, message, part);
      return;
  }
}

function adoptCard(store: Store, key: string, message: MessageState, part: PartState): void {
  if (!store.cards.has(key)) store.cards.set(key, { message, part });
}
