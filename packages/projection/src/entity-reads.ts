// Single-entity reads (`projector.selectTool(id)`, …): one entity of the current snapshot in O(1), without
// building its table. `getState()` publishes O(changes) but a large changed table is only an accessor until
// someone reads it (view.ts); a surface that shows one tool card or one message need not pay O(table) for
// it. Each read returns the very object `getState()` exposes for that entity (structural sharing), so
// `selectTool(id) === getState().tools[id]` and the identity survives events that do not touch it.
import type {
  ActionRecord,
  AgentRecord,
  ArtifactRecord,
  EvidenceRecord,
  Message,
  TaskRecord,
  TimelineEntry,
  ToolRecord,
} from "@agent-ui/contracts";
import type { Store } from "./store";

export interface EntityReads {
  /** The message with this id (a runtime id, or the client id of an optimistic message until reconciled). */
  selectMessage(messageId: string): Message | undefined;
  selectTool(toolCallId: string): ToolRecord | undefined;
  selectAction(actionId: string): ActionRecord | undefined;
  selectTask(taskId: string): TaskRecord | undefined;
  selectAgent(agentId: string): AgentRecord | undefined;
  selectArtifact(artifactId: string): ArtifactRecord | undefined;
  /** One evidence record (the `selectEvidence(state)` selector lists them all). */
  selectEvidenceRecord(evidenceId: string): EvidenceRecord | undefined;
  selectTimelineEntry(entryId: string): TimelineEntry | undefined;
}

/** Each read publishes only its own table (O(changes) in it; the handle is the one the next `getState()`
 * reuses) and looks the entity up in the published views. */
export function entityReads(store: Store): EntityReads {
  return {
    selectMessage(messageId) {
      const key = store.messageKeyById.get(messageId);
      return key === undefined ? undefined : store.messages.viewNow(key, "list");
    },
    selectTool: (toolCallId) => store.tools.viewNow(toolCallId, "record"),
    selectAction: (actionId) => store.actions.viewNow(actionId, "record"),
    selectTask: (taskId) => store.tasks.viewNow(taskId, "record"),
    selectAgent: (agentId) => store.agents.viewNow(agentId, "record"),
    selectArtifact: (artifactId) => store.artifacts.viewNow(artifactId, "record"),
    selectEvidenceRecord: (evidenceId) => store.evidence.viewNow(evidenceId, "record"),
    selectTimelineEntry: (entryId) => store.timeline.viewNow(entryId, "list"),
  };
}
