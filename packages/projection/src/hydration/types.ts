import type {
  EvidencePack,
  ProjectionState,
  RuntimeSessionSnapshot,
  TaskSnapshot,
  ThreadReadModel,
} from "@agent-ui/contracts";

/** Per-stream last applied sequence covered by a snapshot: events at or below it are not re-applied. */
export type StreamCursor = Record<string, number>;

/** What `hydrate()` accepts: a runtime read model, or a stored projection to resume from (HYD-09). */
export type HydrationInput =
  | { kind: "runtime-session"; snapshot: RuntimeSessionSnapshot; cursor?: StreamCursor }
  | { kind: "thread"; thread: ThreadReadModel; sessionId?: string; cursor?: StreamCursor }
  | { kind: "task"; task: TaskSnapshot; cursor?: StreamCursor }
  | { kind: "evidence-pack"; pack: EvidencePack; cursor?: StreamCursor }
  | { kind: "projection"; state: ProjectionState };
