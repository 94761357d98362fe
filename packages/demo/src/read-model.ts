// The runtime's durable read model, published as `snapshot.updated` when a turn ends (STAT-07: turn
// terminal + snapshot → completed and archived; HYD-09: a client can hydrate from it). It is built from
// the runtime's own records, never from the UI: the thread's turns, pending requests, queued turns and
// evidence refs.
import {
  LIME_PROFILE_SCHEMA_VERSION,
  type RuntimeEvent,
  type RuntimeSessionSnapshot,
} from "@agent-ui/contracts";
import type { TurnQueue } from "./queue";
import { preview } from "./text";

export interface TurnRecord {
  turnId: string;
  runId: string;
  status: string;
}

export class ReadModel {
  readonly turns: TurnRecord[] = [];
  readonly evidenceRefs: string[] = [];
  readonly pendingActions = new Map<string, { actionId: string; turnId?: string; toolCallId?: string }>();

  /** Resuming after a restart: the thread's earlier turns, as the stored facts give them. */
  seed(turns: readonly TurnRecord[]): void {
    this.turns.push(...turns);
  }

  observe(event: RuntimeEvent): void {
    if (event.type === "turn.submitted" && event.turnId)
      this.turns.push({ turnId: event.turnId, runId: `run_${event.turnId.slice(5)}`, status: "running" });
    else if (event.type === "turn.completed" || event.type === "turn.failed") {
      const turn = this.turns.find((t) => t.turnId === event.turnId);
      if (turn) turn.status = event.status ?? (event.type === "turn.failed" ? "failed" : "completed");
    } else if (event.type === "evidence.changed" && event.evidenceId)
      this.evidenceRefs.push(event.evidenceId);
    else if (event.type === "action.required" && event.actionId)
      this.pendingActions.set(event.actionId, {
        actionId: event.actionId,
        turnId: event.turnId,
        toolCallId: event.toolCallId,
      });
    else if (event.type === "action.resolved" && event.actionId) this.pendingActions.delete(event.actionId);
  }

  snapshot(
    ids: { runtimeId: string; sessionId: string; threadId: string },
    updatedAt: string,
    queue: TurnQueue,
  ): RuntimeSessionSnapshot {
    const last = this.turns.at(-1);
    const threadStatus = last?.status ?? "idle";
    return {
      schemaVersion: LIME_PROFILE_SCHEMA_VERSION,
      runtimeId: ids.runtimeId,
      sessionId: ids.sessionId,
      updatedAt,
      threads: [
        {
          threadId: ids.threadId,
          status: threadStatus === "cancelled" ? "cancelled" : (threadStatus as "completed"),
          ...(last ? { activeTurnId: last.turnId } : {}),
          turns: this.turns.map((t) => ({ ...t })),
          pendingRequests: [...this.pendingActions.values()].map((a) => ({ ...a })),
          queuedTurns: queue.items.map((item, index) => ({
            queuedTurnId: item.id,
            preview: preview(item.text),
            position: index + 1,
            createdAt: item.createdAt,
          })),
          incidents: [],
          evidenceSummary: { evidenceRefs: [...this.evidenceRefs] },
        },
      ],
      evidenceRefs: [...this.evidenceRefs],
    };
  }
}
