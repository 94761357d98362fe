// The protocol-neutral summary of the approval-gated tool scenario: one story — a tool
// gated by an approval, the run interrupted, then resumed and answered — reduced to its shape, so
// projections of different protocols (captured or produced live) can be compared for equality.
// Used by cross-protocol.test.ts (captures) and live/equivalence.live.test.ts (live producers).
import type { ProjectionState } from "@agent-ui/contracts";
import { errorDiagnostics } from "./peers-support";

/** The text of every assistant_text part of every assistant message, in order. */
export function assistantTextParts(state: ProjectionState): string[] {
  return state.messages
    .filter((message) => message.role === "assistant")
    .flatMap((message) => message.parts.filter((part) => part.kind === "assistant_text"))
    .map((part) => part.text ?? "");
}

export function countParts(state: ProjectionState, kind: string): number {
  return state.messages.reduce(
    (sum, message) => sum + message.parts.filter((part) => part.kind === kind).length,
    0,
  );
}

/**
 * The protocol-neutral shape of a projection (shape, not names: tool names and ids differ between
 * captures). The approval `decision` is deliberately not part of it: a decision is recorded only when
 * the source states it (AG-UI's resume entry does; the AI SDK continuation stream, LangGraph's resume
 * stream and the OpenAI Agents resume stream do not), so it differs by protocol without the scenario
 * differing. The resolved status and the tool's outcome are compared instead.
 */
export function summarizeScenario(state: ProjectionState) {
  const tools = Object.values(state.tools);
  const approvals = Object.values(state.actions).filter((action) => action.type === "tool_approval");
  const texts = assistantTextParts(state);
  const answer = texts.at(-1);
  return {
    tools: tools.map((tool) => ({ status: tool.status, gated: tool.actionId !== undefined })),
    approvals: approvals.map((action) => ({
      status: action.status,
      // The approval names a tool that exists, and that tool points back at the approval.
      linked: action.toolCallId !== "unknown" && state.tools[action.toolCallId]?.actionId === action.actionId,
    })),
    pendingApprovals: approvals.filter((action) => action.status === "pending").length,
    toolCallParts: countParts(state, "tool_call"),
    approvalParts: countParts(state, "action_required"),
    hasAnswer: answer !== undefined && answer.trim().length > 0,
    answerTextOnce: answer !== undefined && texts.filter((text) => text === answer).length === 1,
    runStatus: state.runtime.status,
    errors: errorDiagnostics(state).map((diagnostic) => diagnostic.code),
  };
}

export type ScenarioSummary = ReturnType<typeof summarizeScenario>;

/** The summary every protocol's approval-gated tool run must reach after the resume. */
export const RESUMED_APPROVAL_SUMMARY: ScenarioSummary = {
  tools: [{ status: "output-available", gated: true }],
  approvals: [{ status: "resolved", linked: true }],
  pendingApprovals: 0,
  toolCallParts: 1,
  approvalParts: 1,
  hasAnswer: true,
  answerTextOnce: true,
  runStatus: "completed",
  errors: [],
};
