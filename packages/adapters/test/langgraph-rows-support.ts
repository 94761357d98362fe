// LangGraph v1 records through one adapter: every event of a record list and its end (`adapt`), each event
// as a row of `[record index or "end", type, phase, actionId]`, and the rows of a pause and of an end with no
// outcome.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { langgraphAdapter } from "../src";

/** One stream part as `[namespace, mode, payload]`. */
export type Tuple = [string[], string, unknown];
/** Each event as `[record index or "end", type, phase, actionId]`, the fields the pause rules decide. */
export type Row = [number | "end", string, string | undefined, string | undefined];

/** Every event of `records` pushed in order into one adapter, then those of its `finish()`. */
export function adapt(records: unknown[]): AgentUiEvent[] {
  const adapter = langgraphAdapter.create();
  return [...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
}

export function rows(records: unknown[]): Row[] {
  const adapter = langgraphAdapter.create();
  const row =
    (at: number | "end") =>
    (e: AgentUiEvent): Row => [at, e.type, e.phase, e.actionId];
  return [...records.flatMap((r, i) => adapter.push(r, i).map(row(i))), ...adapter.finish().map(row("end"))];
}

export const ask = (id: string) => ({ __interrupt__: [{ id, value: `${id}?` }] });
export const root = (mode: string, payload: unknown): Tuple => [[], mode, payload];
/** A pause on interrupt `id` at record `at`. */
export const paused = (at: number, id: string): Row[] => [
  [at, "action.required", "waiting", id],
  [at, "run.finished", "interrupted", undefined],
];
/** The end of input with no outcome known. */
export const unknownEnd: Row[] = [
  ["end", "run.status", undefined, undefined],
  ["end", "diagnostic.changed", undefined, undefined],
];
