// What an upstream connector can carry over when it resumes a session after a gateway restart. Only
// facts the gateway stored: the redacted config (so a config that held secrets cannot be re-sent) and the
// projection: user and assistant messages with their text and, where the projection holds them, the tool
// calls they made and the results those calls returned (as stored: redacted, bounded previews). What the
// projection cannot give back exactly is left out or marked, never filled in, and the counts say so.
import {
  type Message,
  type ProjectionState,
  REDACTION_MARKER_PREFIX,
  type ToolRecord,
} from "@agent-ui/contracts";

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

/** A tool call as the projection holds it. */
export interface ProjectedToolCall {
  toolCallId: string;
  name: string;
  /** The call's input as stored: JSON text (redacted), `""` when the call had none. */
  input: string;
  /** What the call returned, when the projection holds its output (`error` when the call failed). */
  result?: {
    /** The result message's own id, when the projection kept it. */
    messageId?: string;
    text: string;
    error?: string;
    /** The stored text is a preview that may be cut: the projection keeps bounded previews and does not
     * always know the output's full size (`false` only when it provably holds the whole output). */
    preview: boolean;
  };
}

export interface ProjectedTurn extends TextTurn {
  /** The agent the message belongs to, when the runtime said (a subagent's run id). */
  agentId?: string;
  toolCalls: ProjectedToolCall[];
}

export interface ProjectedConversation {
  turns: ProjectedTurn[];
  /** Tool calls left out: the projection did not hold their name or their complete input (an input
   * over the preview bound is kept only as a cut preview, which is not the call's arguments). */
  omittedToolCalls: number;
  /** Tool results carried as a stored preview that may be cut. */
  previewResults: number;
}

/** User and assistant messages of the projection, in order, with the tool calls each made (messages with
 * neither text nor a carried call are left out). */
export function projectedConversation(state: ProjectionState): ProjectedConversation {
  const conversation: ProjectedConversation = { turns: [], omittedToolCalls: 0, previewResults: 0 };
  for (const message of state.messages) {
    if (message.role !== "user" && message.role !== "assistant") continue;
    const turn: ProjectedTurn = { id: message.id, role: message.role, text: textOf(message), toolCalls: [] };
    if (message.agentId !== undefined) turn.agentId = message.agentId;
    for (const part of message.parts) {
      if (part.kind !== "tool_call" || part.toolCallId === undefined) continue;
      const tool = state.tools[part.toolCallId];
      const call = tool ? projectedCall(tool) : undefined;
      if (call === undefined) {
        conversation.omittedToolCalls += 1;
        continue;
      }
      if (call.result?.preview) conversation.previewResults += 1;
      turn.toolCalls.push(call);
    }
    if (turn.text !== "" || turn.toolCalls.length > 0) conversation.turns.push(turn);
  }
  return conversation;
}

function textOf(message: Message): string {
  let text = "";
  for (const part of message.parts)
    if ((part.kind === "user_text" || part.kind === "assistant_text") && typeof part.text === "string")
      text += part.text;
  return text;
}

function projectedCall(tool: ToolRecord): ProjectedToolCall | undefined {
  if (tool.name === "unknown") return undefined;
  const input = tool.inputSummary ?? "";
  if (input !== "" && !isJson(input)) return undefined;
  const call: ProjectedToolCall = { toolCallId: tool.toolCallId, name: tool.name, input };
  // A result is carried only when the call returned output: a call that ended without one (a run that
  // failed or was cut around it) has no result message, as the agent never sent one.
  // The whole output when the projection kept it (`outputText`), else the display preview.
  const output = tool.outputText ?? tool.outputPreview;
  if ((tool.status === "output-available" || tool.status === "output-error") && output !== undefined) {
    call.result = {
      text: output,
      preview: tool.outputText === undefined && !holdsWholeOutput(tool, output),
    };
    if (tool.resultMessageId !== undefined) call.result.messageId = tool.resultMessageId;
    if (tool.status === "output-error" && tool.error !== undefined) call.result.error = tool.error.message;
  }
  return call;
}

/** The preview is the whole output only when the projection knows the output's size and the preview has
 * all of it, and no detail ref holds a longer body. */
function holdsWholeOutput(tool: ToolRecord, preview: string): boolean {
  if (tool.outputRef !== undefined || tool.outputBytes === undefined) return false;
  return tool.outputBytes <= new TextEncoder().encode(preview).length;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
