// What a hydration window sends of each row: enough to paint the first screen, with the rest one
// request away. A tool row is a preview (no `outputText`, attempts without their repeated preview and
// source: the whole row is `GET /api/sessions/:id/tables/tools/:toolCallId`); a tool part in a message
// leaves out the data that mirrors its tool record when that record is in the window (a projector
// rebuilds it at hydration).
import type { Message, MessagePart, ToolRecord } from "@agent-ui/contracts";

/** Fields a window's tool row leaves out (listed in `window.previews.tools`). */
export const TOOL_PREVIEW_OMITS = ["outputText", "attempts.outputPreview", "attempts.source"] as const;

/** A tool row as the window sends it. */
export function toolPreview(tool: ToolRecord): ToolRecord {
  const { outputText: _whole, attempts, ...rest } = tool;
  return {
    ...rest,
    attempts: attempts.map(({ outputPreview: _preview, source: _source, ...attempt }) => attempt),
  };
}

/** Tool rows of a window, as previews. */
export function toolPreviews(tools: Record<string, ToolRecord>): Record<string, ToolRecord> {
  const out: Record<string, ToolRecord> = {};
  for (const [id, tool] of Object.entries(tools)) out[id] = toolPreview(tool);
  return out;
}

/** Messages whose tool parts leave out the data their tool record in the window already holds. */
export function withoutMirroredToolData(
  messages: readonly Message[],
  tools: Readonly<Record<string, unknown>>,
): Message[] {
  return messages.map((message) => {
    let parts: MessagePart[] | undefined;
    message.parts.forEach((part, index) => {
      if (part.kind !== "tool_call" || part.toolCallId === undefined || part.data === undefined) return;
      if (tools[part.toolCallId] === undefined) return;
      parts ??= message.parts.slice();
      const { data: _mirrored, ...rest } = part;
      parts[index] = rest;
    });
    return parts === undefined ? message : { ...message, parts };
  });
}

/** Approximate JSON size of a value in bytes (UTF-16 length of its JSON: exact for ASCII). */
export function jsonSize(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}
