// What an upstream connector can carry over when it resumes a session after a gateway restart. Only
// facts the gateway stored: the redacted config (so a config that held secrets cannot be re-sent) and the
// projection (so the conversation is the projected text of user and assistant messages — tool calls and
// their approvals are not rebuilt, and the resume reason says so).
import { type ProjectionState, REDACTION_MARKER_PREFIX } from "@agent-ui/contracts";

/** Why a stored config cannot drive the upstream again, if it cannot: redaction replaced a secret. */
export function redactedConfigRefusal(config: Record<string, unknown>): string | undefined {
  return JSON.stringify(config).includes(REDACTION_MARKER_PREFIX)
    ? "its upstream config held secrets (headers, keys) that were redacted before storage and cannot be re-sent; create a new session"
    : undefined;
}

export interface TextTurn {
  id: string;
  role: "user" | "assistant";
  text: string;
}

/** User and assistant messages of the projection as plain text, in order (empty ones left out). */
export function projectedTextHistory(state: ProjectionState): TextTurn[] {
  const turns: TextTurn[] = [];
  for (const message of state.messages) {
    if (message.role !== "user" && message.role !== "assistant") continue;
    const text = message.parts
      .filter(
        (part) =>
          (part.kind === "user_text" || part.kind === "assistant_text") && typeof part.text === "string",
      )
      .map((part) => part.text)
      .join("");
    if (text !== "") turns.push({ id: message.id, role: message.role, text });
  }
  return turns;
}
