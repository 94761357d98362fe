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

const inlineProcess = memoByInput((messages: Message[], turnId: string): InlineProcessItem[] => {
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
});

function latestTurn(messages: Message[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--)
    if (messages[i].turnId !== undefined) return messages[i].turnId;
  return undefined;
}

/** Process parts of a turn (default: the latest turn) in event order. */
export function selectInlineProcess(state: ProjectionState, turnId?: string): InlineProcessItem[] {
  return inlineProcess(state.messages, turnId ?? "");
}

export interface TimelineItem extends TimelineEntry {
  /** The timeline shows a collapsed summary; while the fact is expanded inline it is only a placeholder
   * (PROC-04: one expanded rendering per fact). */
  placeholder: boolean;
}

/** Fact keys of the parts currently expanded inline; recomputed only when messages change. */
const expandedFacts = memoByInput((messages: Message[]): Set<string> => {
  const expanded = new Set<string>();
  for (const message of messages)
    for (const part of message.parts) {
      if (part.expanded !== true) continue;
      expanded.add(factKey(part));
      // A delegation part stands for both its task and its agent timeline entries.
      if (part.kind === "agent_task") {
        if (part.taskId !== undefined) expanded.add(`task:${part.taskId}`);
        if (part.agentId !== undefined) expanded.add(`agent:${part.agentId}`);
      }
    }
  return expanded;
});

const timelineCache = new WeakMap<TimelineEntry[], { expanded: Set<string>; items: TimelineItem[] }>();

function timelineView(state: ProjectionState): TimelineItem[] {
  const expanded = expandedFacts(state.messages);
  const cached = timelineCache.get(state.timeline);
  if (cached !== undefined && cached.expanded === expanded) return cached.items;
  const items = state.timeline.map((entry) => ({ ...entry, placeholder: expanded.has(entry.id) }));
  timelineCache.set(state.timeline, { expanded, items });
  return items;
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
