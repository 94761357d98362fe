// What the bounds tests read from an adapter's output: its `source_limit_exceeded` warnings (the table
// and cap each names) and the events of one type; and a stream pushed record by record.
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { SourceAdapter } from "../src/types";

interface LimitWarning {
  summary: { table: string; cap: number };
  message: string;
}

/** The payload of every `source_limit_exceeded` warning, in order. */
const limitWarnings = (events: AgentUiEvent[]): LimitWarning[] =>
  events
    .filter((e) => (e.payload as { code?: string } | undefined)?.code === "source_limit_exceeded")
    .map((e) => e.payload as unknown as LimitWarning);

/** The table and cap of every `source_limit_exceeded` warning, in order. */
export const limits = (events: AgentUiEvent[]) => limitWarnings(events).map((p) => p.summary);

/** The message of each `source_limit_exceeded` warning, by the table it names. */
export const limitMessages = (events: AgentUiEvent[]): Record<string, string> =>
  Object.fromEntries(limitWarnings(events).map((p) => [p.summary.table, p.message]));

export const ofType = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);

/** Every event of `records` pushed in order, and those of the last record. */
export function pushEach(
  adapter: Pick<SourceAdapter, "push">,
  records: unknown[],
): { all: AgentUiEvent[]; last: AgentUiEvent[] } {
  const all: AgentUiEvent[] = [];
  let last: AgentUiEvent[] = [];
  for (const [i, r] of records.entries()) {
    last = adapter.push(r, i);
    all.push(...last);
  }
  return { all, last };
}
