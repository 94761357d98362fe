// The inline `tool_call` part of a tool record (D.6, PROC-02/03): where it lives, the open-tool index of
// its turn, and how it mirrors the record (expanded while active, collapsed once terminal). Shared by the
// live tool reducer and read-model hydration, so a hydrated tool looks and behaves like a live one.
import type { ToolRecord, ToolState } from "@agent-ui/contracts";
import { TOOL_TERMINAL_STATES } from "@agent-ui/contracts";
import type { MessageState, PartState } from "../internal/message-state";
import { addPart, touchPart } from "../message-ops";
import type { EventContext, Store } from "../store";

/** A tool record with nothing known yet: name and state `unknown` until facts arrive (FALL-01). */
export function newToolRecord(
  toolCallId: string,
  ctx: EventContext,
  status: ToolState = "unknown",
): ToolRecord {
  return {
    toolCallId,
    name: "unknown",
    status,
    attempts: [{ attempt: 1, status, source: ctx.source }],
    artifactIds: [],
    evidenceIds: [],
    source: ctx.source,
  };
}

export function isTerminal(status: ToolState): boolean {
  return TOOL_TERMINAL_STATES.includes(status);
}

export function toolTitle(tool: ToolRecord): string {
  return tool.name === "unknown" ? "Tool call" : tool.name;
}

/** Adds the tool's part to a message, at the end or before `before` (not indexed yet). */
export function insertToolPart(
  store: Store,
  message: MessageState,
  toolCallId: string,
  ctx: EventContext,
  before?: PartState,
): PartState {
  const part = addPart(store, message, `tool:${toolCallId}`, "tool_call", ctx);
  part.toolCallId = toolCallId;
  part.expanded = true;
  const at = before === undefined ? -1 : message.parts.indexOf(before);
  if (at >= 0) {
    message.parts.pop();
    message.parts.splice(at, 0, part);
  }
  return part;
}

/** Adds the tool's part at the end of a message and indexes its place (live tool events). */
export function placeToolPart(
  store: Store,
  message: MessageState,
  toolCallId: string,
  turnKey: string,
  ctx: EventContext,
): PartState {
  const part = insertToolPart(store, message, toolCallId, ctx);
  store.toolPlaces.set(toolCallId, { turnKey, message, part });
  return part;
}

/** Indexes a `tool_call` part that arrived inside a message snapshot or read-model window, so the tool
 * record and its part stay one fact: later tool events update this part and a run end closes it, as for
 * a live part (HYD-09, PROC-04: one part per tool). A tool already shown in another message moves here:
 * the snapshot is the runtime's word on where the call belongs. */
export function adoptToolPart(
  store: Store,
  message: MessageState,
  part: PartState,
  ctx: EventContext,
  nameHint?: string,
): void {
  const toolCallId = part.toolCallId;
  if (toolCallId === undefined) return;
  const previous = store.toolPlaces.get(toolCallId);
  if (previous !== undefined && previous.part !== part) {
    const old = previous.message;
    old.parts = old.parts.filter((item) => item !== previous.part);
    if (old.partsById.get(previous.part.id) === previous.part) old.partsById.delete(previous.part.id);
    store.messages.touch(old.key);
  }
  let tool = store.tools.get(toolCallId);
  if (tool === undefined) {
    tool = newToolRecord(toolCallId, ctx);
    store.tools.set(toolCallId, tool);
  }
  if (tool.name === "unknown" && nameHint !== undefined) tool.name = nameHint;
  tool.messageId = message.id;
  if (message.turnId !== undefined) tool.turnId ??= message.turnId;
  store.tools.touch(toolCallId);
  store.toolPlaces.set(toolCallId, { turnKey: message.turnId ?? "default", message, part });
  trackOpenTool(store, tool);
  syncToolPart(store, tool);
}

/** Keeps the turn's open-tool set in step with the tool's state (a run end closes what is still open). */
export function trackOpenTool(store: Store, tool: ToolRecord): void {
  const turnKey = store.toolPlaces.get(tool.toolCallId)?.turnKey ?? store.unplacedTools.get(tool.toolCallId);
  if (turnKey === undefined) return;
  const open = store.openTools.get(turnKey) ?? new Set<string>();
  if (isTerminal(tool.status) || tool.status === "unknown") open.delete(tool.toolCallId);
  else open.add(tool.toolCallId);
  store.openTools.set(turnKey, open);
}

/** The part mirrors the record: expanded while active, collapsed once terminal (PROC-02). */
export function syncToolPart(store: Store, tool: ToolRecord): void {
  const place = store.toolPlaces.get(tool.toolCallId);
  if (place === undefined) return;
  const { part, message } = place;
  const active = !isTerminal(tool.status) && tool.status !== "unknown";
  part.status = active ? "streaming" : "done";
  part.expanded = active;
  part.title = toolTitle(tool);
  if (tool.actionId !== undefined) part.actionId = tool.actionId;
  part.data = toolPartData(tool);
  touchPart(store, message, part);
}

/** The data a tool part mirrors from its record. */
export function toolPartData(tool: ToolRecord): Record<string, unknown> {
  const data: Record<string, unknown> = { state: tool.status };
  if (tool.inputSummary !== undefined) data.inputSummary = tool.inputSummary;
  if (tool.outputPreview !== undefined) data.outputPreview = tool.outputPreview;
  if (tool.outputRef !== undefined) data.outputRef = tool.outputRef;
  return data;
}

/** Places a tool part restored from storage (a stored projection, a cut message made whole): status
 * changes reach it in O(1), the data a hydration window leaves out is rebuilt from the tool's record, and
 * a tool still running is closed by its run's end, as a live one is. Unlike `adoptToolPart` (a snapshot's
 * word on where a call belongs), the stored tool record is left as it is. */
export function placeStoredToolPart(
  store: Store,
  turnKey: string,
  message: MessageState,
  part: PartState,
): void {
  const toolCallId = part.toolCallId as string;
  store.toolPlaces.set(toolCallId, { turnKey, message, part });
  const tool = store.tools.get(toolCallId);
  if (tool === undefined) return;
  if (part.data === undefined) part.data = toolPartData(tool);
  trackOpenTool(store, tool);
}
