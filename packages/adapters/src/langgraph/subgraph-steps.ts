// Where a subgraph's step ends, so that an interrupt raised inside a subgraph resolves when the resumed
// run leaves that subgraph's step, not only when the root step around it ends (HITL-03). LangGraph
// streams, per namespace, the subgraph's state after each of its steps (`values`) and a checkpoint per
// step (`checkpoints`, `debug`). A resumed subgraph opens with the state it paused in: its first `values`
// in the run, and a checkpoint restating the paused one (the same checkpoint id). A later state, or a
// checkpoint with a new id, ends a step.
//
// Bounded (shared/bounded): at most MAX_NAMESPACES namespaces are followed per run; a namespace beyond
// that is not followed, and its interrupts resolve when the root step ends, as they would without this.
// One `source_limit_exceeded` warning names the table that was full.
import { BoundedTable, type LimitNotices } from "../shared/bounded";
import { readString, asRecord } from "../shared/record";
import { interruptsOnly } from "./interrupts";
import { MAX_NAMESPACES } from "./namespaces";
import type { Chunk } from "./normalize";

export class SubgraphSteps {
  /** Namespaces whose `values` the current run streamed (their opening state was seen). */
  private readonly opened: BoundedTable<true>;
  /** Namespace → the latest checkpoint id it streamed; kept across a pause (the resume restates it). */
  private readonly checkpoints: BoundedTable<string>;

  constructor(notices: LimitNotices) {
    const consequence =
      "a subgraph beyond it is not followed: the interrupts it raises resolve when the root step ends";
    const cap = MAX_NAMESPACES;
    this.opened = new BoundedTable({ table: "subgraph state", cap, consequence }, notices);
    this.checkpoints = new BoundedTable({ table: "subgraph checkpoint", cap, consequence }, notices);
  }

  /** A run opens; `resuming`: it resumes a pause, whose subgraphs restate their checkpoints. */
  startRun(resuming: boolean): void {
    this.opened.clear();
    if (!resuming) this.checkpoints.clear();
  }

  /** Whether `chunk` (of a subgraph namespace) ends a step of that subgraph. */
  ended(chunk: Chunk): boolean {
    if (chunk.namespace.length === 0) return false;
    const key = chunk.namespace.join("|");
    if (chunk.mode === "values" && interruptsOnly(chunk) === undefined) {
      if (this.opened.has(key)) return true;
      this.opened.add(key);
      return false;
    }
    if (chunk.mode !== "checkpoints") return false;
    const config = asRecord(asRecord(asRecord(chunk.payload)?.config)?.configurable);
    const id = readString(config, "checkpoint_id");
    if (id === undefined) return false;
    const before = this.checkpoints.get(key);
    if (!this.checkpoints.set(key, id)) return false;
    return before !== undefined && before !== id;
  }
}
