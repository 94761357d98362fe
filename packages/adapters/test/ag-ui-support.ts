// Shared by the AG-UI rule tests: AG-UI records in through the adapter's public module, out the envelope
// events as a reader compares them (the stamped classification, sequence and source reference left out).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { aguiAdapter } from "../src/ag-ui";

/** Every event the adapter emits for the records, `finish()` included. */
export function adapt(records: unknown[]): AgentUiEvent[] {
  const adapter = aguiAdapter.create();
  return [...records.flatMap((record, index) => adapter.push(record, index)), ...adapter.finish()];
}

/** An event as its facts: type, ids, phase and payload (no classification, order or provenance). */
export type Fact = Record<string, unknown> & { type: string };

const STAMPED = new Set(["eventId", "sequence", "owner", "scope", "surface", "persistence", "source"]);

/** The facts of the events; `threadId`/`runId` are dropped too unless `ids` is set. */
export function facts(events: AgentUiEvent[], ids = false): Fact[] {
  return events.map((event) => {
    const fact: Fact = { type: event.type };
    for (const [key, value] of Object.entries(event)) {
      if (key === "type" || STAMPED.has(key)) continue;
      if (!ids && (key === "threadId" || key === "runId")) continue;
      fact[key] = value;
    }
    return fact;
  });
}

/** The facts of the records after the opening RUN_STARTED (the run's own start event left out). */
export function factsAfterStart(records: unknown[]): Fact[] {
  return facts(adapt([{ type: "RUN_STARTED", threadId: "t1", runId: "r1" }, ...records]).slice(1));
}

/** A diagnostic as a reader sees it. */
export function diagnostic(code: string, severity: string, message: string, summary?: unknown): Fact {
  return {
    type: "diagnostic.changed",
    payload: summary === undefined ? { code, severity, message } : { code, severity, message, summary },
  };
}
