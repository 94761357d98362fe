// A message heavier than the hydration window's byte budget (HYD-13): the window holds its newest parts
// that fit, the oldest of them cut to the tail of its text when that part alone is too heavy, and says so
// (`window.cut`); the whole message is one request away (`GET /api/sessions/:id/messages/:messageId`). So
// the window stays bounded whatever one message weighs, and a live delta appended to the held tail still
// reads right.
import type { Message, MessageCut, MessagePart } from "@agent-ui/contracts";
import { jsonSize } from "./window-rows";

/** `message` cut to at most `budget` bytes of JSON (`bytes` its whole size), with what was left out. */
export function cutMessage(
  message: Message,
  bytes: number,
  budget: number,
): { message: Message; cut: MessageCut } {
  let room = budget - jsonSize({ ...message, parts: [] });
  const parts: MessagePart[] = [];
  let text: MessageCut["text"];
  for (let i = message.parts.length - 1; i >= 0 && room > 0; i--) {
    const part = message.parts[i];
    // One more element costs its JSON and a comma.
    const size = jsonSize(part) + 1;
    if (size <= room) {
      parts.push(part);
      room -= size;
      continue;
    }
    const tail = typeof part.text === "string" ? textTail(part, room - 1) : undefined;
    if (tail !== undefined) {
      parts.push(tail);
      text = { partId: part.id, total: part.text?.length ?? 0, included: tail.text?.length ?? 0 };
    }
    break;
  }
  parts.reverse();
  const cut: MessageCut = {
    messageId: message.id,
    bytes,
    parts: { total: message.parts.length, included: parts.length },
  };
  if (text !== undefined) cut.text = text;
  return { message: { ...message, parts }, cut };
}

/** The part with only the tail of its text, so its JSON fits `room`; undefined when not even its other
 * fields fit. Escaped characters weigh more than one, so the tail shrinks until it fits. */
function textTail(part: MessagePart, room: number): MessagePart | undefined {
  const whole = part.text ?? "";
  if (jsonSize({ ...part, text: "" }) > room) return undefined;
  let keep = Math.max(0, room - jsonSize({ ...part, text: "" }));
  for (;;) {
    let start = whole.length - Math.min(keep, whole.length);
    // Never start inside a surrogate pair.
    if (start > 0 && isLowSurrogate(whole.charCodeAt(start))) start++;
    const candidate = { ...part, text: whole.slice(start) };
    const over = jsonSize(candidate) - room;
    if (over <= 0) return candidate;
    keep = Math.max(0, whole.length - start - over);
  }
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
