// messages.snapshot and read-model message windows (TEXT-06, HYD-09): messages upserted by id; their
// answer text replaces streamed text (never appended); reasoning and tool parts come back collapsed as
// process, never as answer text.
import type { MessageRole, PartKind } from "@agent-ui/contracts";
import { MESSAGE_ROLES, PART_KINDS, isMember } from "@agent-ui/contracts";
import { asString, isRecord } from "../internal/json";
import { safeText } from "../internal/safety";
import type { MessageState } from "../internal/message-state";
import { PROCESS_KINDS } from "../internal/message-state";
import { addPart, createMessage, findMessage, partFor, removeMessage, touchPart } from "../message-ops";
import type { EventContext, Store } from "../store";
import { adoptRestoredPart } from "./restored-part";
import { lookupTable } from "@agent-ui/contracts";

const PART_ALIASES: Record<string, PartKind> = lookupTable({
  text: "assistant_text",
  reasoning: "reasoning_summary",
  thinking: "reasoning_summary",
  tool: "tool_call",
  "tool-call": "tool_call",
});

/** The ids a snapshot part may carry of the fact it shows (its worker, task, evidence, artifact, action):
 * kept on the part so later facts about that entity find it. */
const REFERENCE_KEYS = ["agentId", "taskId", "evidenceId", "artifactId", "actionId"] as const;

function textKindFor(role: MessageRole): PartKind {
  if (role === "user") return "user_text";
  if (role === "notification") return "worker_notification";
  return "assistant_text";
}

function setText(
  store: Store,
  message: MessageState,
  id: string,
  kind: PartKind,
  text: string,
  ctx: EventContext,
): void {
  const part = partFor(store, message, id, kind, ctx);
  part.chunks = [safeText(text)];
  part.status = "done";
  if (PROCESS_KINDS.has(kind)) part.expanded = false;
  touchPart(store, message, part);
}

/** A window message carries its own turn/run: it is created in that turn (so a run end archives its
 * process), not in the turn of the snapshot that delivered it. */
function scopedContext(store: Store, entry: Record<string, unknown>, ctx: EventContext): EventContext {
  const turnId = asString(entry.turnId);
  const runId = asString(entry.runId);
  if (turnId === undefined && runId === undefined) return ctx;
  const event = { ...ctx.event };
  // A message naming only its run belongs to that run's turn, not to the turn of the delivering event.
  if (turnId !== undefined) event.turnId = turnId;
  else delete event.turnId;
  if (runId !== undefined) event.runId = runId;
  // A message naming another turn than the delivering event's is no part of that event's run.
  else if (turnId !== ctx.turnKey) delete event.runId;
  return { ...ctx, event, turnKey: turnId ?? store.runToTurn.get(runId as string) ?? (runId as string) };
}

export function applyMessageWindow(store: Store, messages: unknown[], ctx: EventContext): void {
  for (const entry of messages) {
    if (!isRecord(entry)) continue;
    const id = asString(entry.id) ?? asString(entry.messageId);
    if (id === undefined) {
      store.diag("missing_correlation", "info", "snapshot message without id", ctx.event);
      continue;
    }
    const role: MessageRole = isMember(MESSAGE_ROLES, entry.role) ? entry.role : "assistant";
    const message =
      findMessage(store, id) ?? createMessage(store, id, role, scopedContext(store, entry, ctx));
    const agentId = asString(entry.agentId);
    if (agentId !== undefined) message.agentId = agentId;
    message.optimistic = false;
    const textKind = textKindFor(role);
    const text = asString(entry.text);
    if (Array.isArray(entry.parts)) applyParts(store, message, entry.parts, textKind, ctx);
    else if (text !== undefined) {
      // One answer per message: the snapshot text supersedes streamed fragments (TEXT-04).
      const textParts = message.parts.filter((part) => part.kind === textKind);
      const keep = textParts[0];
      if (textParts.length > 1) {
        const drop = new Set(textParts.slice(1));
        message.parts = message.parts.filter((part) => !drop.has(part));
        for (const part of drop) message.partsById.delete(part.id);
      }
      setText(store, message, keep?.id ?? `${message.key}:text`, textKind, text, ctx);
    }
    store.messages.touch(message.key);
  }
}

function applyParts(
  store: Store,
  message: MessageState,
  parts: unknown[],
  textKind: PartKind,
  ctx: EventContext,
): void {
  parts.forEach((raw, index) => {
    if (!isRecord(raw)) return;
    const word = asString(raw.kind) ?? asString(raw.type);
    const kind = word === undefined ? undefined : isMember(PART_KINDS, word) ? word : PART_ALIASES[word];
    if (kind === undefined) {
      store.diag(
        "unknown_taxonomy_value",
        "info",
        `snapshot part kind "${String(word)}" is not known`,
        ctx.event,
      );
      return;
    }
    const resolved = kind === "assistant_text" ? textKind : kind;
    const toolCallId = asString(raw.toolCallId);
    const id =
      asString(raw.id) ??
      (toolCallId !== undefined ? `tool:${toolCallId}` : `${message.key}:snapshot:${index}`);
    const text = asString(raw.text);
    if (text !== undefined) setText(store, message, id, resolved, text, ctx);
    else {
      const part = message.partsById.get(id) ?? addPart(store, message, id, resolved, ctx);
      part.status = "done";
      if (PROCESS_KINDS.has(resolved)) part.expanded = false;
      if (toolCallId !== undefined) part.toolCallId = toolCallId;
      for (const key of REFERENCE_KEYS) {
        const ref = asString(raw[key]);
        if (ref !== undefined) part[key] = ref;
      }
      touchPart(store, message, part);
      // The part and the fact it shows stay one, as in live projection (HYD-09).
      adoptRestoredPart(store, message, part, {
        ctx,
        toolName: asString(raw.toolName) ?? asString(raw.name),
        stated: raw,
      });
    }
  });
}

export const messagesSnapshotHandlers = {
  "messages.snapshot": (store: Store, ctx: EventContext) => {
    const messages = ctx.payload.messages;
    if (!Array.isArray(messages)) {
      store.diag("schema_mismatch", "warning", "messages.snapshot without payload.messages[]", ctx.event);
      return;
    }
    // An authoritative list (AG-UI) says which earlier messages are gone: the source's reducer drops them.
    const removed = ctx.payload.removedMessageIds;
    if (Array.isArray(removed))
      for (const id of removed) if (typeof id === "string") removeMessage(store, id);
    applyMessageWindow(store, messages, ctx);
  },
} as const;
