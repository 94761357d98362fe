import { isRecord, readString } from "../shared/record";
import type { AdapterModule } from "../types";
import { ASSISTANT_STREAM_FORMAT, AssistantStreamAdapter } from "./chunks";
import { DATA_STREAM_CODES, DATA_STREAM_FORMAT, DataStreamAdapter, parseDataStreamLine } from "./data-stream";

const CHUNK_TYPES: ReadonlySet<string> = new Set([
  "part-start",
  "part-finish",
  "text-delta",
  "tool-call-args-text-finish",
  "tool-call-approval",
  "result",
  "step-start",
  "step-finish",
  "message-finish",
  "annotations",
  "data",
  "error",
  "update-state",
]);

/** assistant-stream chunks are `{type, path: number[], …}`: the numeric `path` is what no other wire has. */
export function detectAssistantStream(record: unknown): number {
  if (!isRecord(record)) return 0;
  const type = readString(record, "type");
  if (type === undefined || !CHUNK_TYPES.has(type)) return 0;
  if (!Array.isArray(record.path) || !record.path.every((n) => typeof n === "number")) return 0;
  return type === "part-start" && isRecord(record.part) ? 0.98 : 0.95;
}

/** Data stream lines read as `{type: code, value}` (exactly those keys) or as bare `code:JSON` strings. */
export function detectDataStream(record: unknown): number {
  if (typeof record === "string") return parseDataStreamLine(record) !== undefined ? 0.9 : 0;
  if (!isRecord(record)) return 0;
  const type = readString(record, "type");
  if (type === undefined || !DATA_STREAM_CODES.has(type) || !("value" in record)) return 0;
  return Object.keys(record).length === 2 ? 0.95 : 0.4;
}

export const assistantStreamAdapter: AdapterModule = {
  format: ASSISTANT_STREAM_FORMAT,
  description:
    "assistant-ui assistant-stream chunks (and AssistantTransportEncoder SSE): path-addressed text, reasoning, tools with streamed args, approvals, results, sources, data, subagent parts (parentId)",
  create: (options) => new AssistantStreamAdapter(options),
  detect: detectAssistantStream,
};

export const dataStreamAdapter: AdapterModule = {
  format: DATA_STREAM_FORMAT,
  description:
    "AI SDK 4 data stream protocol (code:JSON lines, also assistant-stream's DataStreamEncoder with aui-* lines): text, reasoning, tools, sources, data, steps, errors",
  create: (options) => new DataStreamAdapter(options),
  detect: detectDataStream,
};

export { AssistantStreamAdapter, ASSISTANT_STREAM_FORMAT } from "./chunks";
export { DataStreamAdapter, DATA_STREAM_FORMAT, parseDataStreamLine } from "./data-stream";
