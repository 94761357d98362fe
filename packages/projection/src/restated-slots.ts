// A restated fact (a snapshot-style source's fact: stable id, no sequence) may be applied before the live
// stream replays the events that precede it. When the stream then delivers the same id at its sequence,
// the gate fills the slot without applying the fact again (ORD-02: a tool result applied twice would be
// a second attempt, a request applied twice a second card). Two kinds of fact are last-writer-wins
// setters whose position matters and whose second application changes nothing else:
// - the run row (run.status / run.finished / run.failed): the stream's earlier run.started moved the row
//   back to accepted after the restated end, so the end is stated again where the stream states it — but
//   only when something else set the row since (re-stating a row the fact still owns would only repeat a
//   terminal's timeline entry, or flag a status after the end);
// - a final text (text.final): it replaces the streamed text, so a stream that re-streams the answer
//   after the restated final ends with the answer once, done, as the stream alone would (TEXT-04).
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { Store } from "./store";

const RUN_ROW_SETTERS: ReadonlySet<string> = new Set(["run.status", "run.finished", "run.failed"]);

/** Whether the sequenced copy of an already applied restated fact is applied again at its slot. */
export function replaysAtSlot(store: Store, event: AgentUiEvent): boolean {
  if (event.type === "text.final") return true;
  if (RUN_ROW_SETTERS.has(event.type)) return store.runtime.value.source?.eventId !== event.eventId;
  return false;
}
