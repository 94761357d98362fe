import type { RecordMeta } from "@agent-ui/contracts";
import { isRecord, readRecord, readString } from "../shared/record";
import type { AdapterModule } from "../types";
import { LANGGRAPH_V2_FORMAT, LangGraphV2Adapter } from "./adapter";

const METHODS: ReadonlySet<string> = new Set([
  "lifecycle",
  "values",
  "updates",
  "messages",
  "tools",
  "custom",
  "tasks",
  "checkpoints",
  "input.requested",
  "input.answered",
]);

/** `messages` data events of the protocol (content blocks), which v1 message payloads never are. */
const MESSAGE_EVENTS: ReadonlySet<string> = new Set([
  "message-start",
  "content-block-start",
  "content-block-delta",
  "content-block-finish",
  "message-finish",
]);

/** An SSE frame of `streamEvents(…, {version: "v3", encoding: "text/event-stream"})`: `event:
 * method|ns…` with the event's `data`. Methods only v2 has score high; the names v1 shares score on the
 * v2 payload shape (`updates` as `{node, values}`, checkpoints without values, `custom` as `{payload}`). */
function sseScore(event: string, data: unknown): number {
  const method = event.split("|")[0];
  if (method === "lifecycle" || method === "tools" || method.startsWith("input.")) return 0.98;
  if (method === "messages") return MESSAGE_EVENTS.has(readString(data, "event") ?? "") ? 0.95 : 0;
  if (method === "updates")
    return isRecord(data) && typeof data.node === "string" && "values" in data ? 0.8 : 0;
  if (method === "checkpoints") return isRecord(data) && !("values" in data) ? 0.8 : 0;
  if (method === "custom") return isRecord(data) && "payload" in data ? 0.8 : 0;
  return method === "values" || method === "tasks" ? 0.7 : 0;
}

/** `{type: "event", method, params: {namespace: [], data}}`: the protocol's event envelope; or one of its
 * SSE frames, known by the frame's event name. */
export function detectLangGraphV2(record: unknown, meta?: RecordMeta): number {
  if (meta?.sseEvent !== undefined) return sseScore(meta.sseEvent, record);
  if (!isRecord(record) || record.type !== "event") return 0;
  const method = readString(record, "method");
  const params = readRecord(record, "params");
  if (method === undefined || params === undefined || !Array.isArray(params.namespace)) return 0;
  return METHODS.has(method) || method.startsWith("custom:") ? 0.98 : 0.6;
}

export const langgraphV2Adapter: AdapterModule = {
  format: LANGGRAPH_V2_FORMAT,
  description:
    "LangGraph / LangChain streaming protocol v2 events (type:event, method, params.namespace/data): lifecycle, content-block messages, tools, interrupts, subgraphs",
  create: (options) => new LangGraphV2Adapter(options),
  detect: detectLangGraphV2,
};

export { LangGraphV2Adapter, LANGGRAPH_V2_FORMAT } from "./adapter";
