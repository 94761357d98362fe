// LangGraph arrives in three shapes: in-process `graph.stream()` chunks (`[namespace[], mode, payload]`
// with subgraphs, `[mode, payload]` without), Agent Server SDK chunks (`{event, data, id}` where the
// event is `mode|ns1|ns2`), and raw SSE frames (event and id in the frame metadata). LangChain messages
// are serialized as `{_type, …}`, as API dicts `{type: "ai", …}` or as `{lc, type:"constructor", id, kwargs}`.
// This file folds them into one chunk shape and one message shape.
import type { RecordMeta } from "@agent-ui/contracts";
import { type JsonObject, asRecord, isRecord, readArray, readString } from "../shared/record";
import { lookupTable } from "@agent-ui/contracts";

export const STREAM_MODES = new Set([
  "values",
  "updates",
  "messages",
  "messages-tuple",
  "messages/partial",
  "messages/complete",
  "messages/metadata",
  "custom",
  "tasks",
  "checkpoints",
  "debug",
  "events",
  "metadata",
  "end",
  "error",
  "feedback",
]);

export interface Chunk {
  namespace: string[];
  mode: string;
  payload: unknown;
  /** SSE event id (Agent Server): the replay key. */
  sseId?: string;
}

/** An SSE event name `updates|research:<id>` → mode and namespace. */
function fromEventName(event: string, payload: unknown, id: string | undefined): Chunk | undefined {
  const [mode, ...namespace] = event.split("|");
  if (!STREAM_MODES.has(mode)) return undefined;
  return id !== undefined ? { namespace, mode, payload, sseId: id } : { namespace, mode, payload };
}

export function normalizeChunk(record: unknown, meta?: RecordMeta): Chunk | undefined {
  const chunk = readChunk(record, meta);
  return chunk?.mode === "debug" ? unwrapDebug(chunk) : chunk;
}

/** `debug` mode wraps the `checkpoints` and `tasks` payloads (`{type: "checkpoint"|"task"|"task_result",
 * payload}`): unwrapped, they map once, like those modes (and dedupe against them when both are on). */
function unwrapDebug(chunk: Chunk): Chunk {
  const body = asRecord(chunk.payload);
  const type = readString(body, "type");
  const mode =
    type === "checkpoint" ? "checkpoints" : type === "task" || type === "task_result" ? "tasks" : undefined;
  return mode === undefined || body === undefined ? chunk : { ...chunk, mode, payload: body.payload };
}

function readChunk(record: unknown, meta?: RecordMeta): Chunk | undefined {
  if (meta?.sseEvent !== undefined) return fromEventName(meta.sseEvent, record, meta.sseId);
  if (Array.isArray(record)) {
    if (
      record.length === 3 &&
      Array.isArray(record[0]) &&
      typeof record[1] === "string" &&
      STREAM_MODES.has(record[1])
    )
      return {
        namespace: record[0].filter((s): s is string => typeof s === "string"),
        mode: record[1],
        payload: record[2],
      };
    if (record.length === 2 && typeof record[0] === "string" && STREAM_MODES.has(record[0]))
      return { namespace: [], mode: record[0], payload: record[1] };
    return undefined;
  }
  if (isRecord(record) && typeof record.event === "string" && "data" in record)
    return fromEventName(record.event, record.data, readString(record, "id") ?? meta?.sseId);
  return undefined;
}

export type MessageKind = "ai" | "human" | "tool" | "system" | "unknown";

export interface LcMessage {
  kind: MessageKind;
  chunk: boolean;
  /** False for an API dict (`type: "ai"`): a streamed token and a whole message look the same. */
  chunkKnown: boolean;
  id?: string;
  text: string;
  name?: string;
  toolCalls: { id?: string; name?: string; args: unknown }[];
  toolCallChunks: { id?: string; name?: string; args?: string; index?: number }[];
  toolCallId?: string;
  status?: string;
}

const KINDS: Readonly<Record<string, [MessageKind, boolean]>> = lookupTable({
  AIMessageChunk: ["ai", true],
  AIMessage: ["ai", false],
  ai: ["ai", false],
  HumanMessage: ["human", false],
  HumanMessageChunk: ["human", true],
  human: ["human", false],
  user: ["human", false],
  ToolMessage: ["tool", false],
  ToolMessageChunk: ["tool", true],
  tool: ["tool", false],
  SystemMessage: ["system", false],
  system: ["system", false],
});

/** Text of a LangChain content value: a string, or the text blocks of a block list (others are skipped). */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  let text = "";
  for (const block of readArray({ content }, "content") ?? []) {
    if (typeof block === "string") text += block;
    else if (readString(block, "type") === "text") text += readString(block, "text") ?? "";
  }
  return text;
}

export function normalizeMessage(raw: unknown): LcMessage | undefined {
  let body = asRecord(raw);
  if (body === undefined) return undefined;
  let className = readString(body, "_type");
  let typeName = className ?? readString(body, "type");
  if (body.lc !== undefined && typeName === "constructor") {
    const path = readArray(body, "id") ?? [];
    typeName = typeof path[path.length - 1] === "string" ? (path[path.length - 1] as string) : undefined;
    className = typeName;
    body = asRecord(body.kwargs) ?? {};
  }
  // Every `…Chunk` class of a kind that is read is in KINDS; other kinds are skipped whole.
  const [kind, chunk] = KINDS[typeName ?? ""] ?? ["unknown", false];
  const message: LcMessage = {
    kind,
    chunk,
    chunkKnown: className !== undefined || typeName?.endsWith("Chunk") === true,
    text: contentText(body.content),
    toolCalls: (readArray(body, "tool_calls") ?? []).map((c) => ({
      id: readString(c, "id"),
      name: readString(c, "name"),
      args: asRecord(c)?.args,
    })),
    toolCallChunks: (readArray(body, "tool_call_chunks") ?? []).map((c) => ({
      id: readString(c, "id"),
      name: readString(c, "name"),
      args: readString(c, "args"),
      index: typeof asRecord(c)?.index === "number" ? (asRecord(c)?.index as number) : undefined,
    })),
  };
  const id = readString(body, "id");
  if (id !== undefined) message.id = id;
  const name = readString(body, "name");
  if (name !== undefined) message.name = name;
  const toolCallId = readString(body, "tool_call_id");
  if (toolCallId !== undefined) message.toolCallId = toolCallId;
  const status = readString(body, "status");
  if (status !== undefined) message.status = status;
  return message;
}

/** Messages carried by a state value or node update: `{messages: [...]}` or `{messages: msg}`. */
export function messagesIn(value: unknown): unknown[] {
  const messages = asRecord(value)?.messages;
  if (Array.isArray(messages)) return messages;
  return messages !== undefined && messages !== null ? [messages] : [];
}

/** A `StateSnapshot` (`{values, next, tasks, config}`), as `graph.getState()` and the Agent Server return it. */
export function isThreadState(record: unknown): record is JsonObject {
  const body = asRecord(record);
  return (
    body !== undefined &&
    Array.isArray(body.next) &&
    Array.isArray(body.tasks) &&
    ("config" in body || "values" in body)
  );
}

/** The run's input: the newest human message of the state a root run starts from (`values`, or the
 * `checkpoints` snapshot when that mode is on and comes first), unless `humans` already holds it. */
export function runInputOf(
  chunk: Chunk,
  humans: { has(id: string): boolean; add(id: string): unknown },
): JsonObject {
  const payload: JsonObject = {};
  const state =
    chunk.namespace.length > 0
      ? undefined
      : chunk.mode === "values"
        ? chunk.payload
        : chunk.mode === "checkpoints"
          ? asRecord(chunk.payload)?.values
          : undefined;
  if (state === undefined) return payload;
  const last = normalizeMessage(messagesIn(state).at(-1));
  if (last?.kind === "human" && (last.id === undefined || !humans.has(last.id))) {
    payload.input = last.text;
    if (last.id !== undefined) {
      payload.userMessageId = last.id;
      humans.add(last.id);
    }
  }
  return payload;
}
