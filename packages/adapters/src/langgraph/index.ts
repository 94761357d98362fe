import type { RecordMeta } from "@agent-ui/contracts";
import { isRecord, readString } from "../shared/record";
import type { AdapterModule } from "../types";
import { LANGGRAPH_FORMAT, createLangGraphAdapter } from "./adapter";
import { STREAM_MODES, isThreadState } from "./normalize";

/** An event name `mode|ns1|…` (SDK chunk or SSE frame): namespaced, `metadata` and `messages*` names are
 * LangGraph's own; `values`/`updates`/… are likely; `end`/`error` are names any SSE stream may use. */
function eventNameScore(event: string): number {
  const [mode, ...namespace] = event.split("|");
  if (!STREAM_MODES.has(mode)) return 0;
  if (namespace.length > 0 || mode === "metadata" || mode.startsWith("messages")) return 0.9;
  return mode === "end" || mode === "error" ? 0.5 : 0.75;
}

/** `[namespace[], mode, payload]` tuples, `{event: "mode|ns", data}` chunks and raw Agent Server SSE
 * frames (`event: values`, known only by the frame's event name) name a LangGraph stream mode. */
function detect(record: unknown, meta?: RecordMeta): number {
  if (meta?.sseEvent !== undefined) return eventNameScore(meta.sseEvent);
  if (Array.isArray(record)) {
    if (record.length === 3 && Array.isArray(record[0]) && STREAM_MODES.has(String(record[1]))) return 0.97;
    if (record.length === 2 && typeof record[0] === "string" && STREAM_MODES.has(record[0])) return 0.7;
    return 0;
  }
  if (isThreadState(record)) return 0.9;
  if (isRecord(record) && "data" in record) {
    const event = readString(record, "event");
    if (event !== undefined) return eventNameScore(event);
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
