// Read-only views over a ProjectionState that checks share. They read the public snapshot format only, so a
// case asserts what any surface would render, independent of how the projection is built.
import type { AgentRecord, MessagePart, ProjectionState, TimelineEntry } from "@agent-ui/contracts";

/** Every part in message order, with the message's role and author. */
export function allParts(state: ProjectionState): (MessagePart & { role: string; author?: string })[] {
  return state.messages.flatMap((message) =>
    message.parts.map((part) => ({ ...part, role: message.role, author: message.agentId })),
  );
}

/** The final answer prose: `assistant_text` parts of assistant messages, optionally of one author only. */
export function answerText(state: ProjectionState, agentId?: string): string {
  return state.messages
    .filter((m) => m.role === "assistant" && (agentId === undefined || m.agentId === agentId))
    .flatMap((m) => m.parts.filter((p) => p.kind === "assistant_text").map((p) => p.text ?? ""))
    .join("");
}

/** All prose the conversation surface shows: user and assistant text parts. */
export function conversationText(state: ProjectionState): string {
  return allParts(state)
    .filter((p) => p.kind === "assistant_text" || p.kind === "user_text")
    .map((p) => p.text ?? "")
    .join("\n");
}

/** Part kinds in render order, optionally only within one turn. */
export function partKinds(state: ProjectionState, turnId?: string): string[] {
  return state.messages
    .filter((m) => turnId === undefined || m.turnId === turnId)
    .flatMap((m) => m.parts.map((p) => p.kind));
}

/** Part kinds with consecutive repeats folded (`a a b a` → `a b a`): the order a reader sees blocks in. */
export function partSequence(state: ProjectionState): string[] {
  const kinds = partKinds(state);
  return kinds.filter((kind, i) => i === 0 || kinds[i - 1] !== kind);
}

/** Timeline entries that concern a fact id (in refs or as the turn). */
export function timelineFor(state: ProjectionState, id: string): TimelineEntry[] {
  return state.timeline.filter((e) => e.turnId === id || Object.values(e.refs).includes(id));
}

/** The agent record for an agent or subagent id. */
export function findAgent(state: ProjectionState, id: string): AgentRecord | undefined {
  return state.agents[id] ?? Object.values(state.agents).find((a) => a.subagentId === id || a.agentId === id);
}

export function pendingActionIds(state: ProjectionState): string[] {
  return Object.values(state.actions)
    .filter((a) => a.status === "pending" || a.status === "responding")
    .map((a) => a.actionId);
}

/** Serialized size of a value: bounded-state checks (large payloads stay refs, ARCH-03). */
export function jsonSize(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

/** Whether any string anywhere inside `value` contains `needle` (secret and fabrication checks). */
export function containsString(value: unknown, needle: string): boolean {
  if (typeof value === "string") return value.includes(needle);
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => containsString(item, needle));
  return Object.entries(value as Record<string, unknown>).some(
    ([key, item]) => key.includes(needle) || containsString(item, needle),
  );
}

/** Runtime statuses that mean work is under way but not finished. */
export const ACTIVE_STATUSES = [
  "accepted",
  "routing",
  "preparing",
  "waiting_provider",
  "streaming",
  "tool_running",
] as const;

/** Runtime statuses that claim an outcome. */
export const TERMINAL_STATUSES = ["completed", "failed", "cancelled", "interrupted"] as const;
