// Navigation between surfaces by the ids facts share (AS-TL-02, AS-TU-05): a timeline row names the tool,
// action, artifact, evidence, task, agent or message it concerns, and the host opens the surface that owns
// that fact at that fact. Only UI state changes (a panel, a focus); nothing is written.
import type { Message } from "@agent-ui/contracts";

/** The ref keys a timeline entry may carry that name an openable fact, with the word a link shows. */
export const LINKED_REFS = {
  toolCallId: "tool",
  actionId: "action",
  artifactId: "artifact",
  evidenceId: "evidence",
  taskId: "task",
  agentId: "agent",
  messageId: "message",
} as const;
export type LinkedRef = keyof typeof LINKED_REFS;

/** The host's openers by ref key; a ref without one is shown as plain text, never as a dead button. */
export type FactLinks = Partial<Record<LinkedRef, (id: string) => void>>;

export function isLinkedRef(key: string): key is LinkedRef {
  return Object.hasOwn(LINKED_REFS, key);
}

/** The message whose parts show a tool call or an action (or the message itself): where the conversation
 * scrolls to open it. One pass over the messages; `undefined` when no loaded message shows it. */
export function messageOfFact(messages: readonly Message[], key: LinkedRef, id: string): string | undefined {
  if (key === "messageId") return messages.some((m) => m.id === id) ? id : undefined;
  if (key !== "toolCallId" && key !== "actionId") return undefined;
  for (const message of messages) if (message.parts.some((part) => part[key] === id)) return message.id;
  return undefined;
}
