import { isRecord, readString } from "../shared/record";
import type { AdapterModule } from "../types";
import { LANGGRAPH_FORMAT, createLangGraphAdapter } from "./adapter";
import { STREAM_MODES, isThreadState } from "./normalize";

/** `[namespace[], mode, payload]` tuples and `{event: "mode|ns", data}` chunks name a LangGraph stream mode. */
function detect(record: unknown): number {
  if (Array.isArray(record)) {
    if (record.length === 3 && Array.isArray(record[0]) && STREAM_MODES.has(String(record[1]))) return 0.97;
    if (record.length === 2 && typeof record[0] === "string" && STREAM_MODES.has(record[0])) return 0.7;
    return 0;
  }
  if (isThreadState(record)) return 0.9;
  if (isRecord(record) && "data" in record) {
    const event = readString(record, "event");
    if (event !== undefined && STREAM_MODES.has(event.split("|")[0]))
      return event === "metadata" || event.includes("|") ? 0.9 : 0.75;
  }
  return 0;
}

export const langgraphAdapter: AdapterModule = {
  format: LANGGRAPH_FORMAT,
  description:
    "LangGraph stream chunks (graph.stream tuples, Agent Server SDK chunks and SSE) → runs, streamed text reconciled per message id, tool rows, subgraph subagents, interrupts as actions, replay-safe ids",
  create: createLangGraphAdapter,
  detect,
};
