// Read-model tool calls placed on their messages (HYD-09, D.6): a ThreadReadModel names the message of a
// tool call in `toolCalls[].messageId`, or a window message lists its `toolCallIds`. The tool then gets
// its `tool_call` part in that message, exactly as live projection would have put it there, instead of
// only a row in `tools`. A message outside the loaded window gets no part (nothing is invented); the
// record keeps the messageId so the part appears with the message when an older page loads.
import type { ThreadReadModel } from "@agent-ui/contracts";
import { adoptRestoredPart } from "../families/restored-part";
import { insertToolPart } from "../families/tool-part";
import { asString, asStringArray, isRecord } from "../internal/json";
import { findMessage } from "../message-ops";
import type { EventContext, Store } from "../store";

/** messageId → toolCallIds in the order the read model lists them. */
function toolCallsByMessage(thread: ThreadReadModel): Map<string, string[]> {
  const byMessage = new Map<string, string[]>();
  const add = (messageId: string, toolCallId: string): void => {
    const list = byMessage.get(messageId) ?? [];
    if (!list.includes(toolCallId)) list.push(toolCallId);
    byMessage.set(messageId, list);
  };
  for (const call of Array.isArray(thread.toolCalls) ? thread.toolCalls : []) {
    if (!isRecord(call) || typeof call.toolCallId !== "string") continue;
    const messageId = asString(call.messageId);
    if (messageId !== undefined) add(messageId, call.toolCallId);
  }
  for (const entry of Array.isArray(thread.messages) ? thread.messages : []) {
    if (!isRecord(entry)) continue;
    const messageId = asString(entry.id) ?? asString(entry.messageId);
    if (messageId === undefined) continue;
    for (const toolCallId of asStringArray(entry.toolCallIds)) add(messageId, toolCallId);
  }
  return byMessage;
}

/** Runs after the message window is applied. Tool parts go before the message's answer text: the
 * process that produced an answer precedes it (the read model gives no finer order). */
export function attachToolCalls(store: Store, thread: ThreadReadModel, ctx: EventContext): void {
  for (const [messageId, toolCallIds] of toolCallsByMessage(thread)) {
    const message = findMessage(store, messageId);
    if (message === undefined) {
      for (const toolCallId of toolCallIds) {
        const tool = store.tools.get(toolCallId);
        if (tool !== undefined && tool.messageId === undefined) {
          tool.messageId = messageId;
          store.tools.touch(toolCallId);
        }
      }
      continue;
    }
    const answer = message.parts.find((part) => part.kind === "assistant_text");
    for (const toolCallId of toolCallIds) {
      const part =
        message.partsById.get(`tool:${toolCallId}`) ??
        insertToolPart(store, message, toolCallId, ctx, answer);
      adoptRestoredPart(store, message, part, { ctx, stated: { toolCallId } });
    }
  }
}
