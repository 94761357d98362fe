import type { AgentUiEvent } from "@agent-ui/contracts";
import { OrderingGate } from "../src/ordering";

/** Builds one stream of events with stable ids and consecutive sequences (from 1). */
export function stream(defaults: Partial<AgentUiEvent> = {}, streamId = "s1") {
  let sequence = 0;
  return (type: string, fields: Partial<AgentUiEvent> = {}): AgentUiEvent => {
    sequence += 1;
    return {
      eventId: `${streamId}-${sequence}`,
      sequence,
      streamId,
      ...defaults,
      ...fields,
      type,
    } as AgentUiEvent;
  };
}

export function codes(state: { diagnostics: { code: string }[] }): string[] {
  return state.diagnostics.map((d) => d.code);
}

/** An ordering gate whose applied and late events are logged, in order, as `[what, eventId, kind?]`. */
export function loggedGate(expectStreamStart: number | undefined) {
  const log: [string, string | undefined, string?][] = [];
  const g = new OrderingGate(
    {
      apply: (event) => log.push(["apply", event.eventId]),
      late: (event, kind) => log.push(["late", event.eventId, kind]),
    },
    expectStreamStart,
  );
  return { g, log };
}
