import type { AgentUiEvent } from "@agent-ui/contracts";

/**
 * Time travel: the events of a stream up to and including `sequence`. An event's position is its envelope
 * `sequence`, else the source record's (`source.sequence`, set on the extra events an adapter derives from
 * one record), else the position of the event before it — so derived and unnumbered events travel with the
 * record they belong to.
 */
export function eventsUpTo(events: readonly AgentUiEvent[], sequence: number): AgentUiEvent[] {
  const kept: AgentUiEvent[] = [];
  let position = Number.NEGATIVE_INFINITY;
  for (const event of events) {
    const own = event.sequence ?? event.source?.sequence;
    if (typeof own === "number") position = own;
    if (position <= sequence) kept.push(event);
  }
  return kept;
}
