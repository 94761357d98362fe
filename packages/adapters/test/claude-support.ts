// Shared by the Claude Agent SDK tests: SDK messages in through the adapter, out its envelope events, and
// builders of the messages every test file sends (`system`, `result`, `user`) for one session.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { claudeAgentSdkAdapter } from "../src/claude-agent-sdk";

/** The events the adapter emits for the records, one `push` each, without `finish()`. */
export function pushEach(records: unknown[]): AgentUiEvent[] {
  const adapter = claudeAgentSdkAdapter.create();
  return records.flatMap((r, i) => adapter.push(r, i));
}

/** Every event the adapter emits for the records, `finish()` included. */
export function adapt(records: unknown[]): AgentUiEvent[] {
  const adapter = claudeAgentSdkAdapter.create();
  return [...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
}

export const of = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);

/** `system`, `result` and `user` messages of the session `sessionId`. */
export function sessionRecords(sessionId: string) {
  return {
    sys: (subtype: string, extra: Record<string, unknown> = {}) => ({
      type: "system",
      subtype,
      session_id: sessionId,
      ...extra,
    }),
    result: (extra: Record<string, unknown> = {}) => ({
      type: "result",
      subtype: "success",
      is_error: false,
      session_id: sessionId,
      ...extra,
    }),
    user: (content: unknown, extra: Record<string, unknown> = {}) => ({
      type: "user",
      session_id: sessionId,
      parent_tool_use_id: null,
      message: { role: "user", content },
      ...extra,
    }),
  };
}
