// Conversation selectors: answer text (TEXT-01: only assistant_text), the inline process of a turn
// (PROC-02: running parts expanded, completed collapsed) and the timeline archive (PROC-03/04/07).
import type { Message, MessagePart, ProjectionState, TimelineEntry } from "@agent-ui/contracts";
import { memoByInput } from "./memo";

const PROCESS_KINDS = new Set([
  "reasoning_summary",
  "reasoning_detail",
  "plan",
  "tool_call",
  "tool_result",
  "action_required",
  "context_event",
  "agent_task",
  "agent_handoff",
  "file_change",
]);

function lastAssistant(messages: Message[]): Message | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === "assistant") return messages[i];
  return undefined;
}

/** The answer of one message (default: the latest assistant message): its assistant_text parts only. */
export function selectAnswerText(state: ProjectionState, messageId?: string): string {
  const message =
    messageId === undefined ? lastAssistant(state.messages) : state.messages.find((m) => m.id === messageId);
  if (message === undefined) return "";
  // Text of a later step (after a tool call) that the runtime did not space from the earlier text is a
  // new paragraph: a blank line keeps the steps' sentences apart instead of gluing the last word of one to
  // the next. Text split only by a citation, a reasoning summary or a delegation chip, or already spaced,
  // joins as streamed.
  let text = "";
  let stepEnded = false;
  for (const part of message.parts) {
    if (part.kind === "tool_call" || part.kind === "tool_result") stepEnded = true;
    if (part.kind !== "assistant_text" || part.text === undefined || part.text === "") continue;
    const glued = text !== "" && !/\s$/.test(text) && !/^\s/.test(part.text);
    text += (stepEnded && glued ? "\n\n" : "") + part.text;
    stepEnded = false;
  }
  return text;
}

/** Messages as a user sees them (user, assistant and notification roles, in order). */
export function selectMessages(state: ProjectionState): Message[] {
  return state.messages;
}

/** User messages only (worker notifications are never counted as user speech, TEAM-04). */
export const selectUserMessages = memoByInput((messages: Message[]) =>
  messages.filter((m) => m.role === "user"),
);

export interface InlineProcessItem {
  messageId: string;
  part: MessagePart;
  /** Running/active parts are expanded, completed parts collapsed (PROC-02). */
  expanded: boolean;
}

function inlineProcess(messages: Message[], turnId: string): InlineProcessItem[] {
  const items: InlineProcessItem[] = [];
  const scoped = turnId === "" ? latestTurn(messages) : turnId;
  for (const message of messages) {
    if (scoped !== undefined && message.turnId !== scoped) continue;
    for (const part of message.parts) {
      if (!PROCESS_KINDS.has(part.kind)) continue;
      items.push({ messageId: message.id, part, expanded: part.expanded ?? part.status === "streaming" });
    }
  }
  return items;
}

/** The inline process of each turn asked for ("" = the latest turn), kept per messages array. */
const processByTurn = memoByInput((_messages: Message[]) => new Map<string, InlineProcessItem[]>());

function latestTurn(messages: Message[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--)
    if (messages[i].turnId !== undefined) return messages[i].turnId;
  return undefined;
}

/** Process parts of a turn (default: the latest turn) in event order. */
export function selectInlineProcess(state: ProjectionState, turnId?: string): InlineProcessItem[] {
  const key = turnId ?? "";
  const byTurn = processByTurn(state.messages);
  let items = byTurn.get(key);
  if (items === undefined) {
    items = inlineProcess(state.messages, key);
    byTurn.set(key, items);
  }
  return items;
}

export interface TimelineItem extends TimelineEntry {
  /** The timeline shows a collapsed summary; while the fact is expanded inline it is only a placeholder
   * (PROC-04: one expanded rendering per fact). */
  placeholder: boolean;
}

/** Fact keys a message's expanded parts stand for; a message view never changes, so this is kept. */
const expandedKeysOf = new WeakMap<Message, readonly string[]>();
const NO_KEYS: readonly string[] = [];

function expandedKeys(message: Message): readonly string[] {
  const known = expandedKeysOf.get(message);
  if (known !== undefined) return known;
  let keys: string[] | undefined;
  for (const part of message.parts) {
    if (part.expanded !== true) continue;
    keys ??= [];
    keys.push(factKey(part));
    // A delegation part stands for both its task and its agent timeline entries.
    if (part.kind === "agent_task") {
      if (part.taskId !== undefined) keys.push(`task:${part.taskId}`);
      if (part.agentId !== undefined) keys.push(`agent:${part.agentId}`);
    }
  }
  const result = keys ?? NO_KEYS;
  expandedKeysOf.set(message, result);
  return result;
}

/** What the timeline view was last built from, per session (keyed by the session slice, which keeps its
 * identity for the life of a live session; a first message would not: it changes with every delta of the
 * first turn). */
interface TimelineMemo {
  messages: readonly Message[];
  timeline: readonly TimelineEntry[];
  /** Fact key → how many expanded parts stand for it. */
  expanded: Map<string, number>;
  items: TimelineItem[];
}

const timelineMemos = new WeakMap<object, TimelineMemo>();
/** What a fresh memo was built from: no message, no row (never a state's own array). */
const NOTHING: never[] = [];
const itemOf = new WeakMap<TimelineEntry, TimelineItem>();

function item(entry: TimelineEntry, placeholder: boolean): TimelineItem {
  const known = itemOf.get(entry);
  if (known !== undefined && known.placeholder === placeholder) return known;
  const made = { ...entry, placeholder };
  itemOf.set(entry, made);
  return made;
}

/** Counts `keys` up or down; `was` keeps, per key touched, whether it stood for an expanded part before. */
function count(
  expanded: Map<string, number>,
  keys: readonly string[],
  by: 1 | -1,
  was: Map<string, boolean>,
): void {
  for (const key of keys) {
    const before = expanded.get(key) ?? 0;
    if (!was.has(key)) was.set(key, before !== 0);
    const after = before + by;
    if (after === 0) expanded.delete(key);
    else expanded.set(key, after);
  }
}

/** Brings a memo from the state it was built for to `messages` / `timeline`. Unchanged slices keep their
 * views' identity, so comparing positions finds exactly what changed: the cost is a pointer comparison
 * per row plus the changed messages' parts, never a walk over every part of the history. A changed
 * message whose expanded parts stand for the same facts as before flips no row. */
function advance(memo: TimelineMemo, messages: readonly Message[], timeline: readonly TimelineEntry[]): void {
  const flipped = new Set<string>();
  if (memo.messages !== messages) {
    const before = memo.messages;
    const length = Math.max(before.length, messages.length);
    const was = new Map<string, boolean>();
    for (let i = 0; i < length; i++) {
      if (before[i] === messages[i]) continue;
      if (before[i] !== undefined) count(memo.expanded, expandedKeys(before[i]), -1, was);
      if (messages[i] !== undefined) count(memo.expanded, expandedKeys(messages[i]), 1, was);
    }
    for (const [key, expanded] of was) if (expanded !== memo.expanded.has(key)) flipped.add(key);
    memo.messages = messages;
  }
  if (memo.timeline === timeline && flipped.size === 0) return;
  const previous = memo.timeline;
  const previousItems = memo.items;
  memo.items = timeline.map((entry, i) =>
    previous[i] === entry && !flipped.has(entry.id)
      ? previousItems[i]
      : item(entry, memo.expanded.has(entry.id)),
  );
  memo.timeline = timeline;
}

function timelineView(state: ProjectionState): TimelineItem[] {
  let memo = timelineMemos.get(state.session);
  if (memo === undefined) {
    memo = { messages: NOTHING, timeline: NOTHING, expanded: new Map(), items: NOTHING };
    timelineMemos.set(state.session, memo);
  }
  advance(memo, state.messages, state.timeline);
  return memo.items;
}

function factKey(part: MessagePart): string {
  if (part.toolCallId !== undefined && part.kind === "tool_call") return `tool:${part.toolCallId}`;
  if (part.actionId !== undefined && part.kind === "action_required") return `action:${part.actionId}`;
  if (part.kind === "reasoning_summary" || part.kind === "reasoning_detail") return `reasoning:${part.id}`;
  if (part.kind === "plan") return `plan:${part.id}`;
  return part.id;
}

/** The timeline archive: one collapsed entry per fact, diagnostics excluded (PROC-07). */
export function selectTimeline(state: ProjectionState): TimelineItem[] {
  return timelineView(state);
}
