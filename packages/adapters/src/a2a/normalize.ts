// A2A has three encodings of the same stream: the JS SDK's client objects (`{$case, value}` unions,
// enums as numbers or `"n:NAME"`), the JSON-RPC/SSE wire (proto-JSON: `TASK_STATE_*` strings, parts
// `{text}`), and the v0.3 JSON (`kind: "status-update"`, `"input-required"`). This file folds all three
// into one small shape so the adapter maps facts once.
import { REMOTE_TASK_STATUSES } from "@agent-ui/contracts";
import { type JsonObject, asRecord, isRecord, readArray, readBoolean, readString } from "../shared/record";
import { lookupTable } from "@agent-ui/contracts";

export type RemoteState = (typeof REMOTE_TASK_STATUSES)[number];

export interface A2aPart {
  text?: string;
  mediaType?: string;
  /** `file`, `data`, … for a part that is not text (never stringified into text). */
  otherKind?: string;
  filename?: string;
  /** A `data` part's JSON value. */
  data?: unknown;
  /** A `url` part (1.0) or a `file` part's `uri` (0.3). */
  url?: string;
  /** The part carried file bytes inline (`raw`, 0.3 `file.bytes`): never copied, only noted. */
  inlineBytes?: boolean;
}

export interface A2aMessage {
  messageId?: string;
  role: "user" | "agent" | "unknown";
  parts: A2aPart[];
  taskId?: string;
  contextId?: string;
}

export interface A2aArtifact {
  artifactId?: string;
  name?: string;
  description?: string;
  parts: A2aPart[];
}

export type A2aRecord =
  | {
      kind: "task";
      taskId?: string;
      contextId?: string;
      state: RemoteState;
      message?: A2aMessage;
      history: A2aMessage[];
      artifacts: A2aArtifact[];
      timestamp?: string;
    }
  | {
      kind: "status";
      taskId?: string;
      contextId?: string;
      state: RemoteState;
      message?: A2aMessage;
      timestamp?: string;
    }
  | {
      kind: "artifact";
      taskId?: string;
      contextId?: string;
      artifact: A2aArtifact;
      append: boolean;
      lastChunk: boolean;
    }
  | { kind: "message"; message: A2aMessage }
  | { kind: "rpc-error"; code?: number; message?: string }
  | { kind: "unknown" };

/** Proto enum numbers of `TaskState` (A2A 1.0). */
const STATE_BY_NUMBER: Readonly<Record<number, RemoteState>> = lookupTable({
  1: "submitted",
  2: "working",
  3: "completed",
  4: "failed",
  5: "canceled",
  6: "input_required",
  7: "rejected",
  8: "auth_required",
});

/** `"6:TASK_STATE_INPUT_REQUIRED"`, `"TASK_STATE_INPUT_REQUIRED"`, `"input-required"`, `6` → `input_required`. */
export function normalizeState(value: unknown): RemoteState {
  if (typeof value === "number") return STATE_BY_NUMBER[value] ?? "unknown";
  if (typeof value !== "string") return "unknown";
  const name = value
    .replace(/^\d+:/, "")
    .replace(/^TASK_STATE_/i, "")
    .toLowerCase()
    .replace(/-/g, "_");
  const state = name === "cancelled" ? "canceled" : name;
  return (REMOTE_TASK_STATUSES as readonly string[]).includes(state) ? (state as RemoteState) : "unknown";
}

function normalizeRole(value: unknown): A2aMessage["role"] {
  const name =
    typeof value === "number" ? (value === 1 ? "user" : value === 2 ? "agent" : "") : String(value ?? "");
  const role = name
    .replace(/^\d+:/, "")
    .replace(/^ROLE_/i, "")
    .toLowerCase();
  return role === "user" || role === "agent" ? role : "unknown";
}

function normalizePart(raw: unknown): A2aPart {
  const part: A2aPart = {};
  const mediaType = readString(raw, "mediaType", "mimeType");
  if (mediaType !== undefined) part.mediaType = mediaType;
  const filename = readString(raw, "filename", "name");
  if (filename !== undefined) part.filename = filename;
  const record = asRecord(raw);
  const content = asRecord(record?.content);
  const kind = readString(content, "$case") ?? readString(raw, "kind");
  if (kind === "text" && typeof content?.value === "string") part.text = content.value;
  else if (typeof record?.text === "string") part.text = record.text;
  else {
    part.otherKind = kind ?? (isRecord(raw) ? bodyKey(raw) : "unknown");
    readOtherContent(part, record, content);
  }
  return part;
}

/** The keys that hold a proto-JSON or v0.3 part's body; `filename`, `mediaType` and `metadata` only
 * describe it and may come first (JSON key order is the writer's). */
const BODY_KEYS = ["data", "url", "raw", "file"];

/** The body key of a part without `$case` or `kind`; any other key names no body a reader shows. */
function bodyKey(raw: JsonObject): string {
  return BODY_KEYS.find((key) => Object.hasOwn(raw, key)) ?? "unknown";
}

/** The body of a data, url or file part in any of the three encodings (`{$case, value}`, proto-JSON
 * `{data}` / `{url}` / `{raw}`, 0.3 `{kind:"data", data}` / `{kind:"file", file:{uri|bytes}}`). */
function readOtherContent(
  part: A2aPart,
  record: JsonObject | undefined,
  content: JsonObject | undefined,
): void {
  const kind = part.otherKind;
  if (content !== undefined && "value" in content) {
    if (kind === "data") part.data = content.value;
    else if (kind === "url" && typeof content.value === "string") part.url = content.value;
    else if (kind === "raw") part.inlineBytes = true;
    return;
  }
  if (record === undefined) return;
  if (kind === "data" && "data" in record) part.data = record.data;
  else if (kind === "url" && typeof record.url === "string") part.url = record.url;
  else if (kind === "raw" && record.raw !== undefined) part.inlineBytes = true;
  else if (kind === "file") {
    const file = asRecord(record.file);
    const uri = readString(file, "uri", "url");
    if (uri !== undefined) part.url = uri;
    else if (file?.bytes !== undefined) part.inlineBytes = true;
    part.filename ??= readString(file, "name", "filename");
    part.mediaType ??= readString(file, "mimeType", "mediaType");
  }
}

function normalizeMessage(raw: unknown): A2aMessage | undefined {
  if (!isRecord(raw)) return undefined;
  const message: A2aMessage = {
    role: normalizeRole(raw.role),
    parts: (readArray(raw, "parts") ?? []).map(normalizePart),
  };
  const messageId = readString(raw, "messageId", "message_id");
  if (messageId !== undefined) message.messageId = messageId;
  const taskId = readString(raw, "taskId", "task_id");
  if (taskId !== undefined) message.taskId = taskId;
  const contextId = readString(raw, "contextId", "context_id");
  if (contextId !== undefined) message.contextId = contextId;
  return message;
}

function normalizeArtifact(raw: unknown): A2aArtifact {
  const artifact: A2aArtifact = { parts: (readArray(raw, "parts") ?? []).map(normalizePart) };
  const artifactId = readString(raw, "artifactId", "artifact_id");
  if (artifactId !== undefined) artifact.artifactId = artifactId;
  const name = readString(raw, "name");
  if (name !== undefined) artifact.name = name;
  const description = readString(raw, "description");
  if (description !== undefined) artifact.description = description;
  return artifact;
}

function statusOf(value: JsonObject): { state: RemoteState; message?: A2aMessage; timestamp?: string } {
  const status = asRecord(value.status);
  const result: { state: RemoteState; message?: A2aMessage; timestamp?: string } = {
    state: normalizeState(status?.state),
  };
  const message = normalizeMessage(status?.message);
  if (message !== undefined) result.message = message;
  const timestamp = readString(status, "timestamp");
  if (timestamp !== undefined) result.timestamp = timestamp;
  return result;
}

function taskRecord(value: JsonObject): A2aRecord {
  return {
    kind: "task",
    taskId: readString(value, "id", "taskId"),
    contextId: readString(value, "contextId", "context_id"),
    ...statusOf(value),
    history: (readArray(value, "history") ?? []).flatMap((m) => normalizeMessage(m) ?? []),
    artifacts: (readArray(value, "artifacts") ?? []).map(normalizeArtifact),
  };
}

function statusRecord(value: JsonObject): A2aRecord {
  return {
    kind: "status",
    taskId: readString(value, "taskId", "task_id"),
    contextId: readString(value, "contextId", "context_id"),
    ...statusOf(value),
  };
}

function artifactRecord(value: JsonObject): A2aRecord {
  return {
    kind: "artifact",
    taskId: readString(value, "taskId", "task_id"),
    contextId: readString(value, "contextId", "context_id"),
    artifact: normalizeArtifact(value.artifact),
    append: readBoolean(value, "append") ?? false,
    lastChunk: readBoolean(value, "lastChunk", "last_chunk") ?? false,
  };
}

/** The `$case` / result key / v0.3 `kind` naming which union member a record carries. */
const CASES: Readonly<Record<string, (value: JsonObject) => A2aRecord>> = lookupTable({
  task: taskRecord,
  statusUpdate: statusRecord,
  "status-update": statusRecord,
  artifactUpdate: artifactRecord,
  "artifact-update": artifactRecord,
  message: (value) => {
    const message = normalizeMessage(value);
    return message !== undefined ? { kind: "message", message } : { kind: "unknown" };
  },
});

function fromUnion(value: unknown): A2aRecord | undefined {
  if (!isRecord(value)) return undefined;
  const tagged = readString(value, "$case");
  if (tagged !== undefined && CASES[tagged] !== undefined && isRecord(value.value))
    return CASES[tagged](value.value);
  const kind = readString(value, "kind");
  if (kind !== undefined && CASES[kind] !== undefined) return CASES[kind](value);
  for (const key of ["task", "statusUpdate", "artifactUpdate", "message"]) {
    if (isRecord(value[key])) return CASES[key](value[key] as JsonObject);
  }
  if (readString(value, "id") !== undefined && isRecord(value.status) && "contextId" in value)
    return taskRecord(value);
  return undefined;
}

/** Any of the three encodings (client `{payload:{$case}}`, JSON-RPC `{result}`, bare object) → one shape. */
export function normalizeRecord(record: unknown): A2aRecord {
  if (!isRecord(record)) return { kind: "unknown" };
  if (isRecord(record.payload)) return fromUnion(record.payload) ?? { kind: "unknown" };
  if (record.jsonrpc !== undefined) {
    const error = asRecord(record.error);
    if (error !== undefined) {
      const code = typeof error.code === "number" ? error.code : undefined;
      return { kind: "rpc-error", code, message: readString(error, "message") };
    }
    const params = asRecord(record.params);
    if (params !== undefined && isRecord(params.message)) return CASES.message(params.message as JsonObject);
    return fromUnion(record.result) ?? { kind: "unknown" };
  }
  return fromUnion(record) ?? { kind: "unknown" };
}

/** Plain text of a message's or artifact's text parts, in order; non-text parts are counted, not stringified. */
export function textOf(parts: A2aPart[]): { text: string; otherParts: number } {
  let text = "";
  let otherParts = 0;
  for (const part of parts) {
    if (part.text !== undefined) text += part.text;
    else otherParts++;
  }
  return { text, otherParts };
}
