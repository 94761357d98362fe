// Shared message/part operations: which message a fact lands in, and part bookkeeping. Parts keep event
// order within a turn (PROC-01) because every fact appends to the current message of its lane.
import type { MessageRole, PartKind } from "@agent-ui/contracts";
import { type MessageState, type PartState, newPart } from "./internal/message-state";
import { joinWaitingDelegations } from "./families/agent-task-parts";
import { delegatedOwnerOf } from "./families/delegation";
import { joinWaitingUsage } from "./families/turn-usage";
import type { EventContext, Store } from "./store";

/** A lane is one author within one turn: the coordinator and each teammate write separately (TEAM-05). */
export function laneOf(ctx: EventContext): string {
  const agentId = typeof ctx.event.agentId === "string" ? ctx.event.agentId : "";
  return `${ctx.turnKey}|${agentId}`;
}

export function findMessage(store: Store, id: string): MessageState | undefined {
  const key = store.messageKeyById.get(id);
  return key === undefined ? undefined : store.messages.get(key);
}

export function createMessage(
  store: Store,
  id: string,
  role: MessageRole,
  ctx: EventContext,
  options: { optimistic?: boolean; key?: string } = {},
): MessageState {
  const key = options.key ?? `m${store.messageCounter++}`;
  const message: MessageState = { key, id, role, parts: [], partsById: new Map(), source: ctx.source };
  const { event } = ctx;
  if (typeof event.agentId === "string") message.agentId = event.agentId;
  if (typeof event.turnId === "string") message.turnId = event.turnId;
  else if (ctx.turnKey !== "default") message.turnId = ctx.turnKey;
  if (typeof event.runId === "string") message.runId = event.runId;
  if (options.optimistic) message.optimistic = true;
  stampCreatedAt(message, ctx);
  store.messages.set(key, message);
  store.messageKeyById.set(id, key);
  let turn = store.turnMessages.get(ctx.turnKey);
  if (turn === undefined) {
    turn = [];
    store.turnMessages.set(ctx.turnKey, turn);
  }
  turn.push(message);
  if (message.agentId !== undefined) addToTranscript(store, message.agentId, id);
  // Delegations made before their coordinator wrote anything in the turn join its first message.
  if (role === "assistant") {
    joinWaitingDelegations(store, message);
    if (store.waitingTurnUsage.size > 0) joinWaitingUsage(store, message, ctx.turnKey);
  }
  return message;
}

/** Removes a message the source's authoritative list no longer holds (AG-UI MESSAGES_SNAPSHOT), with
 * every index that points at it. Linear in the indexes; removals are rare (one per dropped message). */
export function removeMessage(store: Store, id: string): boolean {
  const message = findMessage(store, id);
  if (message === undefined) return false;
  store.messages.delete(message.key);
  store.messageKeyById.delete(id);
  for (const list of store.turnMessages.values()) {
    const at = list.indexOf(message);
    if (at >= 0) list.splice(at, 1);
  }
  for (const [lane, current] of store.laneMessage) if (current === message) store.laneMessage.delete(lane);
  // The one-entry cache of the previous fact's message: its id streamed again makes a new message.
  if (store.lastMessage?.message === message) store.lastMessage = null;
  for (const [toolCallId, place] of store.toolPlaces)
    if (place.message === message) {
      store.toolPlaces.delete(toolCallId);
      // Its part is gone, not the tool: it keeps its turn, where it runs (STAT-03), is retried and is
      // closed when the run ends, open or not yet.
      store.unplacedTools.set(toolCallId, place.turnKey);
    }
  for (const [key, card] of store.cards) if (card.message === message) store.cards.delete(key);
  const agentId = message.agentId;
  const agent = agentId !== undefined ? store.agents.get(agentId) : undefined;
  if (agentId !== undefined && agent?.transcript.includes(id)) {
    agent.transcript = agent.transcript.filter((entry) => entry !== id);
    store.agents.touch(agentId);
  }
  return true;
}

/** The message's time is the first timestamp among its events; later events never move it. */
export function stampCreatedAt(message: MessageState, ctx: EventContext): void {
  if (message.createdAt === undefined && typeof ctx.event.timestamp === "string")
    message.createdAt = ctx.event.timestamp;
}

/** Bounded teammate transcript (TEAM-09): the most recent message ids per known agent. */
export function addToTranscript(store: Store, agentId: string, messageId: string): void {
  const agent = store.agents.get(agentId);
  if (agent === undefined || agent.transcript.includes(messageId)) return;
  agent.transcript.push(messageId);
  if (agent.transcript.length > store.options.transcriptLimit) agent.transcript.shift();
  store.agents.touch(agentId);
}

/** The assistant message a model/process fact belongs to: its explicit messageId, else the current
 * message of its lane, else a new one. Never joined by text or timing. */
export function assistantMessage(
  store: Store,
  factCtx: EventContext,
  role: MessageRole = "assistant",
): MessageState {
  const ctx = withTaskOwner(store, factCtx);
  const messageId = ctx.event.messageId;
  // Fast path for streams: consecutive facts of the same message skip the lane bookkeeping.
  const last = store.lastMessage;
  if (
    last !== null &&
    typeof messageId === "string" &&
    last.messageId === messageId &&
    last.turnKey === ctx.turnKey &&
    last.agentId === ctx.event.agentId &&
    last.message.id === messageId
  ) {
    if (last.message.createdAt === undefined) stampCreatedAt(last.message, ctx);
    return last.message;
  }
  const message = resolveAssistantMessage(store, ctx, role);
  stampCreatedAt(message, ctx);
  if (typeof messageId === "string")
    store.lastMessage = { messageId, turnKey: ctx.turnKey, agentId: ctx.event.agentId, message };
  return message;
}

/** Text or reasoning that names a delegated task but no agent was written by that task's worker: it goes
 * to the worker's lane, never into the coordinator's answer (TASK-02, TEAM-04/05). Only authored content
 * is rerouted (a coordinator's tool call may well name the child task it starts). The envelope copy is
 * shallow and only made on this rare path. */
function withTaskOwner(store: Store, ctx: EventContext): EventContext {
  const { event } = ctx;
  if (event.agentId !== undefined || typeof event.taskId !== "string") return ctx;
  if (!event.type.startsWith("text.") && !event.type.startsWith("reasoning.")) return ctx;
  const owner = delegatedOwnerOf(store, ctx.event.taskId);
  return owner === undefined ? ctx : { ...ctx, event: { ...ctx.event, agentId: owner } };
}

function resolveAssistantMessage(store: Store, ctx: EventContext, role: MessageRole): MessageState {
  const lane = laneOf(ctx);
  const messageId = ctx.event.messageId;
  if (typeof messageId === "string") {
    const existing = findMessage(store, messageId);
    if (existing !== undefined) {
      store.laneMessage.set(lane, existing);
      return existing;
    }
    const created = createMessage(store, messageId, role, ctx);
    store.laneMessage.set(lane, created);
    return created;
  }
  const current = store.laneMessage.get(lane);
  if (current !== undefined) return current;
  const agentId = typeof ctx.event.agentId === "string" ? `${ctx.event.agentId}:` : "";
  const created = createMessage(store, `${ctx.turnKey}:${agentId}${role}`, role, ctx);
  store.laneMessage.set(lane, created);
  return created;
}

export function lastPart(message: MessageState): PartState | undefined {
  return message.parts[message.parts.length - 1];
}

export function addPart(
  store: Store,
  message: MessageState,
  id: string,
  kind: PartKind,
  ctx: EventContext,
): PartState {
  const part = newPart(id, kind, ctx.source);
  stampCreatedAt(message, ctx);
  message.parts.push(part);
  message.partsById.set(id, part);
  store.messages.touch(message.key);
  return part;
}

/** Records an in-place change of a part so only its view is rebuilt. */
export function touchPart(store: Store, message: MessageState, part: PartState): void {
  part.rev++;
  store.messages.touch(message.key);
}

/** Finds the part for a fact id in the message, or appends it. */
export function partFor(
  store: Store,
  message: MessageState,
  id: string,
  kind: PartKind,
  ctx: EventContext,
): PartState {
  return message.partsById.get(id) ?? addPart(store, message, id, kind, ctx);
}

/** A unique part id within a message for facts without their own id. An id once handed out is never
 * handed out again, even after its part was removed: a retried step is a new fact with its own timeline
 * entry, and the discarded one keeps saying so (PROC-09). */
export function nextPartId(message: MessageState, prefix: string): string {
  let index = Math.max(message.parts.length, message.partFloor ?? 0);
  while (message.partsById.has(`${message.id}:${prefix}:${index}`)) index++;
  message.partFloor = index + 1;
  return `${message.id}:${prefix}:${index}`;
}

/** Takes a part out of its message (a part the source discarded): no empty part is left behind. */
export function removePart(store: Store, message: MessageState, part: PartState): void {
  const index = message.parts.indexOf(part);
  if (index >= 0) message.parts.splice(index, 1);
  if (message.partsById.get(part.id) === part) message.partsById.delete(part.id);
  store.messages.touch(message.key);
}
