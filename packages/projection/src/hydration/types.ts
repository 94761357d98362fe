import type {
  EvidencePack,
  ProjectionState,
  RuntimeSessionSnapshot,
  TaskSnapshot,
  ThreadReadModel,
} from "@agent-ui/contracts";

/** Per-stream last applied sequence covered by a snapshot: events at or below it are not re-applied. */
export type StreamCursor = Record<string, number>;

/** Where a read-model snapshot stands in the event log. `eventCount`: how many events it reflects, when
 * its provider counts them (a stored projection carries its own `cursor.eventCount`); without it the
 * snapshot's events are not counted, since nothing says how many there were. */
interface SnapshotPosition {
  cursor?: StreamCursor;
  eventCount?: number;
}

/** What `hydrate()` accepts: a runtime read model, or a stored projection to resume from (HYD-09). */
export type HydrationInput =
  | ({ kind: "runtime-session"; snapshot: RuntimeSessionSnapshot } & SnapshotPosition)
  | ({ kind: "thread"; thread: ThreadReadModel; sessionId?: string } & SnapshotPosition)
  | ({ kind: "task"; task: TaskSnapshot } & SnapshotPosition)
  | ({ kind: "evidence-pack"; pack: EvidencePack } & SnapshotPosition)
  | { kind: "projection"; state: ProjectionState };
