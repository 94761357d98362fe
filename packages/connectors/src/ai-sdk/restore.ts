// The AI SDK conversation of a session resumed after a gateway restart, rebuilt from the projection the
// gateway stored (FALL-01, HYD-09): user and assistant messages with their text, in the projection's part
// order, and the tool calls the assistant made as the SDK's tool parts (`tool-<name>`) carrying the stored
// input and the stored outcome — `output-available` with the output, or `output-error` with the error.
// Only outcomes the projection holds are carried: a call still waiting (for input, an approval, or a run
// cut by the restart) has no state the SDK could be given without inventing one, so it is left out — a
// tool part without a result would also make the upstream's model call fail — and the note counts it.
import {
  type Message,
  type ProjectionState,
  REDACTION_MARKER_PREFIX,
  type ToolRecord,
} from "@agent-ui/contracts";
import type { UiMessage, UiPart } from "./messages";
import {
  type ProjectedToolCall,
  type ProjectedTurn,
  projectedConversation,
} from "../conversation/resume-support";

export interface RestoredAiSdkConversation {
  messages: UiMessage[];
  /** What was carried and what was not, for the session's resume reason. */
  note: string;
  /** Approvals pending before the restart whose requests were not carried over: nobody can answer them
   * through this session any more, and their calls cannot run (an AI SDK call waiting for approval runs
   * only when the client posts the answer with the approval's id, which the projection does not hold). */
  unanswerable: { actionId: string; toolCallId: string }[];
}

interface Counts {
  texts: number;
  tools: number;
  /** Left out by the projection's own reading (name or complete input not stored). */
  notStored: number;
  /** Left out here: no outcome stored (still running, cut, waiting). */
  noOutcome: number;
  /** …of which were waiting for an approval, which can no longer be answered. */
  pendingApprovals: { actionId: string; toolCallId: string }[];
  previews: number;
  redactedInputs: number;
}

/** The UI messages to post after a restart, and the note saying what they hold. */
export function restoredAiSdkConversation(state: ProjectionState): RestoredAiSdkConversation {
  const conversation = projectedConversation(state);
  const turns = new Map<string, ProjectedTurn>(conversation.turns.map((turn) => [turn.id, turn]));
  const counts: Counts = {
    texts: 0,
    tools: 0,
    notStored: conversation.omittedToolCalls,
    noOutcome: 0,
    pendingApprovals: [],
    previews: 0,
    redactedInputs: 0,
  };
  const messages: UiMessage[] = [];
  for (const message of state.messages) {
    const turn = turns.get(message.id);
    if (turn === undefined) continue;
    const parts = partsOf(message, turn, state, counts);
    if (parts.length === 0) continue;
    if (parts.some((part) => part.type === "text")) counts.texts += 1;
    messages.push({ id: turn.id, role: turn.role, parts });
  }
  return { messages, note: noteOf(counts), unanswerable: counts.pendingApprovals };
}

/** The message's text and tool parts in the projection's order. Consecutive texts are one part; a text
 * after a tool's outcome starts a new step (the model wrote it after seeing the result), which is how the
 * SDK's own messages separate them (`step-start`) and how it rebuilds the prompt's turns. */
function partsOf(message: Message, turn: ProjectedTurn, state: ProjectionState, counts: Counts): UiPart[] {
  const calls = new Map<string, ProjectedToolCall>(turn.toolCalls.map((call) => [call.toolCallId, call]));
  const parts: UiPart[] = [];
  let text: UiPart | undefined;
  for (const part of message.parts) {
    if ((part.kind === "user_text" || part.kind === "assistant_text") && typeof part.text === "string") {
      if (part.text === "") continue;
      if (text !== undefined) {
        text.text = `${String(text.text)}${part.text}`;
        continue;
      }
      if (parts.length > 0 && parts[parts.length - 1].type !== "step-start")
        parts.push({ type: "step-start" });
      text = { type: "text", text: part.text };
      parts.push(text);
      continue;
    }
    if (part.kind !== "tool_call" || part.toolCallId === undefined) continue;
    // Not in the turn: the projection's reading already counted it as not stored.
    const call = calls.get(part.toolCallId);
    if (call === undefined) continue;
    const tool = state.tools[call.toolCallId];
    const toolPart = toolPartOf(call, tool);
    if (toolPart === undefined) {
      counts.noOutcome += 1;
      const actionId = tool?.actionId;
      if (tool?.status === "approval-requested" && actionId !== undefined)
        if (state.actions[actionId]?.status === "pending")
          counts.pendingApprovals.push({ actionId, toolCallId: call.toolCallId });
      continue;
    }
    counts.tools += 1;
    if (call.result?.preview === true) counts.previews += 1;
    // A secret in the input was replaced before storage: the marker goes upstream, never the secret.
    if (call.input.includes(REDACTION_MARKER_PREFIX)) counts.redactedInputs += 1;
    parts.push(toolPart);
    text = undefined;
  }
  return parts;
}

/** The SDK tool part of a call whose outcome the projection holds; undefined when it holds none. */
function toolPartOf(call: ProjectedToolCall, tool: ToolRecord | undefined): UiPart | undefined {
  // No stored input is not an empty input: the SDK's part needs the call's arguments.
  if (call.input === "" || tool === undefined) return undefined;
  const base = { type: `tool-${call.name}`, toolCallId: call.toolCallId, input: JSON.parse(call.input) };
  if (tool.status === "output-available" && call.result !== undefined)
    return { ...base, state: "output-available", output: outputOf(call.result.text) };
  if (tool.status === "output-error") {
    // A denied or failed call: its error as stored (a denial is a failed call in the projection).
    const errorText = call.result?.error ?? tool.error?.message ?? call.result?.text;
    if (errorText !== undefined) return { ...base, state: "output-error", errorText };
  }
  return undefined;
}

/** The stored output preview: the JSON value it holds, or the text itself (a plain or cut output). */
function outputOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function noteOf(c: Counts): string {
  const gaps = [
    c.previews > 0 ? `${c.previews} tool output(s) carried as their stored preview, which may be cut` : "",
    c.redactedInputs > 0 ? `${c.redactedInputs} tool input(s) carry redaction markers` : "",
    c.notStored > 0 ? `${c.notStored} tool call(s) left out (name or complete input not stored)` : "",
    c.noOutcome > 0
      ? `${c.noOutcome} tool call(s) left out (no outcome stored` +
        (c.pendingApprovals.length > 0
          ? `; ${c.pendingApprovals.length} waited for an approval, which expired unanswered)`
          : ")")
      : "",
  ].filter((gap) => gap !== "");
  return (
    `the conversation was rebuilt from the projection: ${c.texts} text message(s), ${c.tools} tool ` +
    `call(s) with their outcome` +
    (gaps.length > 0 ? ` (${gaps.join("; ")})` : "") +
    "; a response in flight before the restart is not resumed"
  );
}
