// How a LangGraph run ended, when the stream itself does not say (STAT-08, FALL-01). `graph.stream()`
// tuples (`[mode, chunk]` / `[namespace, mode, chunk]`) have no end marker: the iterator just stops, so
// a stream cut mid-run looks exactly like a finished one. `values` is the state after each step and
// `updates` a node's output; neither says "no node runs next". Positive evidence of completion is:
// - an Agent Server `end` event (handled by the adapter: it closes the run where it arrives);
// - a root checkpoint (`checkpoints` mode, or `debug` `checkpoint`) or a thread state (`getState()`)
//   whose `next` is empty and which has no pending interrupt: the graph reached END, nothing runs next.
// Any execution after that evidence (a node's update, a token, a task, a subgraph checkpoint) means
// the graph ran again, so the evidence no longer describes the end of the input.
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { Emitter, EventFields, SourceInfo } from "../shared/emitter";
import { asRecord, readArray } from "../shared/record";
import type { InterruptBook } from "./interrupts";
import type { Chunk } from "./normalize";

const UNKNOWN_REASON =
  "stream ended without an end event or a final checkpoint; the run's outcome is not known";

/** The run's end where the source shows it: paused on its pending interrupts, or finished. */
export function closedRun(
  emit: Emitter,
  fields: EventFields,
  interrupts: InterruptBook,
  info: SourceInfo,
): AgentUiEvent {
  const interrupted = interrupts.waiting;
  const payload = interrupted
    ? { outcome: "interrupted", reason: `waiting on interrupt ${interrupts.waitingOn()}` }
    : { outcome: "success" };
  const phase = interrupted ? "interrupted" : "completed";
  return emit.event("run.finished", { ...fields, phase, payload }, info);
}

/** The end of an open run nothing confirmed: its status is `unknown` (not terminal: the run may still
 * be going on upstream), with a diagnostic saying why. */
export function unknownOutcome(emit: Emitter, fields: EventFields): AgentUiEvent[] {
  return [
    emit.event("run.status", { ...fields, payload: { status: "unknown", reason: UNKNOWN_REASON } }),
    emit.diagnostic("transport_unavailable", "info", `langgraph ${UNKNOWN_REASON}`, {}, fields),
  ];
}

/** Modes that restate state without anything having run: they neither give nor void evidence. */
const RESTATING_MODES = new Set(["values", "metadata", "messages/metadata", "feedback"]);

export class CompletionEvidence {
  private seen = false;

  /** Whether the run may be called completed at end of input: the latest root checkpoint, or a thread
   * state read since, has no next node (and nothing ran after it). */
  get confirmed(): boolean {
    return this.seen;
  }

  /** A new run starts on the stream: the previous run's evidence says nothing about it. */
  reset(): void {
    this.seen = false;
  }

  observe(chunk: Chunk): void {
    if (RESTATING_MODES.has(chunk.mode)) return;
    this.seen = chunk.mode === "checkpoints" && chunk.namespace.length === 0 && isFinalState(chunk.payload);
  }

  /** A `getState()` record between or after runs: final when nothing runs next and nothing is pending. */
  observeThreadState(state: unknown): void {
    if (isFinalState(state)) this.seen = true;
  }
}

/** A checkpoint / thread state with `next: []` and no task waiting on an interrupt. */
function isFinalState(state: unknown): boolean {
  const body = asRecord(state);
  const next = readArray(body, "next");
  if (next === undefined || next.length > 0) return false;
  for (const task of readArray(body, "tasks") ?? [])
    if ((readArray(asRecord(task), "interrupts") ?? []).length > 0) return false;
  return true;
}
