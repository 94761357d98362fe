// Normalizes a source's message list (history window, MESSAGES_SNAPSHOT, thread messages) into the
// `messages.snapshot` payload shape. Text is taken only from explicit text fields; anything else a
// message carries (tool calls, binary content) becomes typed parts or is left out, never stringified
// into answer text (TEXT-08).
import type { MessagesSnapshotPayload } from "@agent-ui/contracts";
import { isRecord, readArray, readString } from "./record";
import { lookupTable } from "@agent-ui/contracts";

type SnapshotMessage = MessagesSnapshotPayload["messages"][number];
type SnapshotPart = NonNullable<SnapshotMessage["parts"]>[number];

const ROLE_ALIASES: Readonly<Record<string, SnapshotMessage["role"]>> = lookupTable({
  user: "user",
  human: "user",
  assistant: "assistant",
  ai: "assistant",
  model: "assistant",
  system: "system",
  developer: "system",
  notification: "notification",
});

/** Messages with an id and a known role; returns how many were skipped so callers can diagnose. */
export function normalizeMessages(source: unknown): { messages: SnapshotMessage[]; skipped: number } {
  const messages: SnapshotMessage[] = [];
  let skipped = 0;
  if (!Array.isArray(source)) return { messages, skipped };
  for (const item of source) {
    const id = readString(item, "id", "messageId", "message_id");
    const role = ROLE_ALIASES[readString(item, "role") ?? ""];
    if (id === undefined || role === undefined) {
      skipped++;
      continue;
    }
    const message: SnapshotMessage = { id, role };
    const agentId = readString(item, "agentId", "agent_id", "subagentId", "subagent_id", "subagentRunId");
    if (agentId !== undefined) message.agentId = agentId;
    const text = textOf(item);
    if (text !== undefined) message.text = text;
    const parts = toolCallParts(item);
    if (parts.length > 0) message.parts = parts;
    messages.push(message);
  }
  return { messages, skipped };
}

function textOf(item: unknown): string | undefined {
  if (!isRecord(item)) return undefined;
  const direct = readString(item, "text", "content");
  if (direct !== undefined) return direct;
  const content = readArray(item, "content", "parts");
  if (content === undefined) return undefined;
  const texts: string[] = [];
  for (const part of content) {
    const type = readString(part, "type");
    const text = readString(part, "text");
    if (text !== undefined && (type === undefined || type === "text" || type === "output_text"))
      texts.push(text);
  }
  return texts.length > 0 ? texts.join("") : undefined;
}

function toolCallParts(item: unknown): SnapshotPart[] {
  const calls = readArray(item, "toolCalls", "tool_calls");
  if (calls === undefined) return [];
  const parts: SnapshotPart[] = [];
  for (const call of calls) {
    const toolCallId = readString(call, "id", "toolCallId");
    if (toolCallId !== undefined) parts.push({ kind: "tool_call", toolCallId });
  }
  return parts;
}
