// The user's own message as a fact of the session. Upstream protocols (AG-UI runs, AI SDK UI message
// streams) carry only the agent's side, so the connector that sent the message stores it: every client
// shows it before the reply, and a restart can rebuild the conversation from it.
import type { AgentUiEvent } from "@agent-ui/contracts";

export function userMessageFact(messageId: string, text: string, threadId?: string): Partial<AgentUiEvent> {
  return {
    type: "text.final",
    owner: "session",
    scope: "part",
    surface: "message_parts",
    persistence: "transcript",
    messageId,
    ...(threadId !== undefined ? { threadId } : {}),
    payload: { role: "user", text },
  };
}
