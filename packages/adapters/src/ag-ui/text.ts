// TEXT_MESSAGE_* / REASONING_* (1.0) and TEXT_MESSAGE_CHUNK / THINKING_* (0.0.x) → text and reasoning parts.
// A message's final text is emitted once at its END (the same text its deltas built), which closes the
// part without duplicating it (TEXT-04). Reasoning is a separate reasoning message, never answer text.
import { clip } from "@agent-ui/contracts";
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { EventFields } from "../shared/emitter";
import { readString } from "../shared/record";
import { endOldestWhenFull } from "../shared/bounded";
import { partText } from "../shared/part-text";
import { type AguiContext, OPEN_MESSAGES_LIMIT, type OpenMessage, subagentOf } from "./context";

/** Whose message it is: the agent it was opened (or ended) for — never the agent of whatever record
 * happens to close it (a chunk of another message, the run's end). */
function attribution(open: OpenMessage) {
  return open.agentId !== undefined ? { agentId: open.agentId, subagentId: open.agentId } : {};
}

export function messageStart(ctx: AguiContext, kind: OpenMessage["kind"]): AgentUiEvent[] {
  const messageId = readString(ctx.record, "messageId");
  if (messageId === undefined) return [ctx.unsupported("message start without messageId")];
  const open: OpenMessage = {
    kind,
    started: true,
    role: readString(ctx.record, "role"),
    agentId: subagentOf(ctx.record)?.agentId,
    text: partText(ctx.state.limits, ctx.state.textBudget),
  };
  return openMessage(ctx, messageId, open);
}

/** Tracks a newly open message; past `OPEN_MESSAGES_LIMIT` the one opened longest ago ends first. */
function openMessage(ctx: AguiContext, messageId: string, open: OpenMessage): AgentUiEvent[] {
  const messages = ctx.state.messages;
  const ended = endOldestWhenFull(messages, messageId, OPEN_MESSAGES_LIMIT, ctx.state.limits, (id) =>
    closeMessage(ctx, id),
  );
  messages.set(messageId, open);
  return ended;
}

export function messageContent(ctx: AguiContext, kind: OpenMessage["kind"], chunked = false): AgentUiEvent[] {
  const messageId = readString(ctx.record, "messageId") ?? ctx.state.lastChunkMessageId;
  const delta = readString(ctx.record, "delta");
  if (messageId === undefined) return [ctx.unsupported("content without messageId")];
  if (delta === undefined) return [];
  let open = ctx.state.messages.get(messageId);
  const events: AgentUiEvent[] = [];
  if (open === undefined) {
    // Content without START is a protocol violation (AG-UI verifyEvents rejects it); the text is kept.
    if (!chunked)
      events.push(
        ctx.diagnostic(
          "out_of_order",
          "warning",
          `content for message ${clip(messageId, 80)} without its START`,
        ),
      );
    // Content without START (or a CHUNK that opens the message): accepted, the message opens here.
    open = {
      kind,
      role: readString(ctx.record, "role"),
      agentId: readString(ctx.record, "subagentRunId"),
      text: partText(ctx.state.limits, ctx.state.textBudget),
    };
    for (const event of openMessage(ctx, messageId, open)) events.push(event);
  }
  open.text.append(delta);
  events.push(deltaEvent(ctx, messageId, open, delta));
  return events;
}

/** The event for one delta, the most frequent of all: its fields are written into one object (the
 * key order `{ messageId, ...attribution, phase, payload }` gives), with no attribution object to spread. */
function deltaEvent(ctx: AguiContext, messageId: string, open: OpenMessage, delta: string): AgentUiEvent {
  const fields: EventFields = { messageId };
  const agentId = subagentOf(ctx.record)?.agentId ?? open.agentId;
  if (agentId !== undefined) {
    fields.agentId = agentId;
    fields.subagentId = agentId;
  }
  if (open.kind === "reasoning") {
    fields.payload = { delta, visibility: "summary" };
    return ctx.emit("reasoning.delta", fields);
  }
  const role = open.role === "user" || open.role === "system" ? open.role : "assistant";
  fields.phase = "producing";
  fields.payload = { delta, role };
  return ctx.emit("text.delta", fields);
}

export function messageEnd(ctx: AguiContext): AgentUiEvent[] {
  const messageId = readString(ctx.record, "messageId");
  if (messageId === undefined) return [ctx.unsupported("message end without messageId")];
  // An END that names the subagent attributes a message its START did not.
  const open = ctx.state.messages.get(messageId);
  if (open !== undefined) open.agentId ??= subagentOf(ctx.record)?.agentId;
  return closeMessage(ctx, messageId);
}

/** Emits the final text of an open message once and forgets it. A text cut at the open parts' budget
 * states no final (it would replace the streamed text with the cut one): the run's end completes it. */
export function closeMessage(ctx: AguiContext, messageId: string): AgentUiEvent[] {
  const open = ctx.state.messages.get(messageId);
  if (open === undefined) return [];
  ctx.state.messages.delete(messageId);
  if (!open.text.received) return [];
  if (open.text.cut) {
    open.text.release();
    return [];
  }
  const text = open.text.take();
  if (open.kind === "reasoning")
    return [ctx.emit("reasoning.summary", { messageId, ...attribution(open), payload: { text } })];
  return [ctx.emit("text.final", { messageId, ...attribution(open), payload: { text } })];
}

/** `*_CHUNK` events: the first chunk of a message names it; later ones may omit the id. */
export function messageChunk(ctx: AguiContext, kind: OpenMessage["kind"]): AgentUiEvent[] {
  const named = readString(ctx.record, "messageId");
  if (named !== undefined && named !== ctx.state.lastChunkMessageId) {
    const previous = ctx.state.lastChunkMessageId;
    ctx.state.lastChunkMessageId = named;
    const closed = previous !== undefined ? closeMessage(ctx, previous) : [];
    return [...closed, ...messageContent(ctx, kind, true)];
  }
  return messageContent(ctx, kind, true);
}

/** Every message still open when the run ends is complete: close it once. A message opened by START
 * but never ENDed is also a protocol violation (reported, text kept). */
export function closeAllMessages(ctx: AguiContext): AgentUiEvent[] {
  ctx.state.lastChunkMessageId = undefined;
  const unended = [...ctx.state.messages].filter(([, m]) => m.started).map(([id]) => id);
  const report =
    unended.length > 0
      ? [
          ctx.diagnostic(
            "out_of_order",
            "warning",
            `run finished while message(s) ${clip(unended.join(", "), 200)} were still open`,
          ),
        ]
      : [];
  return [...report, ...[...ctx.state.messages.keys()].flatMap((id) => closeMessage(ctx, id))];
}
