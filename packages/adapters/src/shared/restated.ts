// Restated facts. A snapshot-like record (LangGraph `values`, an A2A task object, a resumed OpenAI Agents
// stream) repeats facts an earlier stream may already have delivered. Such an event keeps its stable fact
// id (so a projector that has the fact drops it as a duplicate) but takes no position in the stream's
// sequence: a dropped duplicate must not leave a hole that holds every later event behind a gap.
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { Emitter, EventFields, SourceInfo } from "./emitter";

export function restatedEvent(
  emitter: Emitter,
  type: string,
  fields: EventFields,
  info: SourceInfo,
): AgentUiEvent {
  // `sequence: 0` keeps the emitter's counter where it is; the position is then removed.
  const event = emitter.event(type, { ...fields, sequence: 0 }, info);
  delete event.sequence;
  return event;
}
