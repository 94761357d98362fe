// The contract between the live-producer tests: each real peer package is driven, offline and in
// process (or on loopback), through one shared scenario, and hands back what its client saw.
//
// The shared scenario (cross-protocol equivalence): the user asks to delete
// /workspace/demo/x; the agent says "Let me delete it." and calls the tool `delete_file` with
// {"path":"/workspace/demo/x"}, which needs approval; the run stops waiting for the user; the user
// approves; the tool runs and returns "deleted /workspace/demo/x"; the agent answers "Deleted.".

/** Text and tool facts every producer of the shared scenario uses, so their projections can be compared. */
export const SHARED_SCENARIO = {
  prompt: "Delete /workspace/demo/x",
  preamble: "Let me delete it.",
  toolName: "delete_file",
  toolInput: { path: "/workspace/demo/x" },
  toolOutput: "deleted /workspace/demo/x",
  answer: "Deleted.",
} as const;

export interface LiveProduction {
  /** The adapter format (`--from` name) these records are written in. */
  format: string;
  /** Records exactly as the peer's client delivered them, in order: the interrupted run, then the resume. */
  records: unknown[];
  /** How many of `records` belong to the first (interrupted) run. */
  interruptedRunLength: number;
  /**
   * The approval decision the records themselves state, if they state one (AG-UI echoes the resume
   * entry `{approved}` in RUN_STARTED.input). Absent when the decision stays with the caller (an AI SDK
   * continuation stream, a LangGraph `Command({resume})`, OpenAI Agents' `state.approve()`): then the
   * projection must leave the approval's `decision` unset, never infer it from the tool running.
   */
  statedDecision?: "approve" | "reject";
}

export type LiveProducer = () => Promise<LiveProduction>;
