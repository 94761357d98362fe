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

/** `publish` brings the snapshot up to date (what `getState()` does, O(changes)); each read then looks the
 * entity up in its table's published views. */
export function entityReads(store: Store, publish: () => void): EntityReads {
  return {
    selectMessage(messageId) {
      publish();
      const key = store.messageKeyById.get(messageId);
      return key === undefined ? undefined : store.messages.publishedView(key);
    },
    selectTool(toolCallId) {
      publish();
      return store.tools.publishedView(toolCallId);
    },
    selectAction(actionId) {
      publish();
      return store.actions.publishedView(actionId);
    },
    selectTask(taskId) {
      publish();
      return store.tasks.publishedView(taskId);
    },
    selectAgent(agentId) {
      publish();
      return store.agents.publishedView(agentId);
    },
    selectArtifact(artifactId) {
      publish();
      return store.artifacts.publishedView(artifactId);
    },
    selectEvidenceRecord(evidenceId) {
      publish();
      return store.evidence.publishedView(evidenceId);
    },
    selectTimelineEntry(entryId) {
      publish();
      return store.timeline.publishedView(entryId);
    },
  };
}
