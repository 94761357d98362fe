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

/** `{type: "event", method, params: {namespace: [], data}}`: the protocol's event envelope. */
export function detectLangGraphV2(record: unknown): number {
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
