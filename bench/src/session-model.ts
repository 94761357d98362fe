// The protocol-neutral description of a generated agent session: an ordered list of facts. Each encoder
// (ours, AG-UI, AI SDK) turns the same facts into its own wire events, so every reducer does equivalent
// work. Facts are small and flat on purpose: an encoder is a switch, not an interpreter.

export type SessionFact =
  | { kind: "run.start"; turn: number; runId: string; turnId: string; messageId: string; input: string }
  | { kind: "run.finish"; turn: number; runId: string; turnId: string; messageId: string }
  | { kind: "reasoning.start"; id: string; messageId: string }
  | { kind: "reasoning.delta"; id: string; messageId: string; delta: string }
  | { kind: "reasoning.end"; id: string; messageId: string; text: string }
  /** `messageId` is the message the text belongs to in our projection (the turn's assistant message, or
   * the subagent's own message); `id` is the text segment (AG-UI message id, AI SDK text part id). */
  | { kind: "text.start"; id: string; messageId: string; agentId?: string }
  | { kind: "text.delta"; id: string; messageId: string; agentId?: string; delta: string }
  | { kind: "text.end"; id: string; messageId: string; agentId?: string; text: string }
  | { kind: "tool.start"; toolCallId: string; name: string; messageId: string; segmentId: string }
  | { kind: "tool.args"; toolCallId: string; delta: string }
  | { kind: "tool.input"; toolCallId: string; name: string; input: Record<string, unknown> }
  | { kind: "approval.request"; actionId: string; toolCallId: string; toolName: string; messageId: string }
  | { kind: "approval.resolve"; actionId: string; toolCallId: string }
  | { kind: "tool.result"; toolCallId: string; resultId: string; output: Record<string, unknown> }
  | { kind: "tool.error"; toolCallId: string; resultId: string; error: string }
  /** A model-request retry after a failure, then back to running. */
  | { kind: "status"; status: "retrying" | "running"; retryCount: number }
  | {
      kind: "subagent.start";
      agentId: string;
      name: string;
      parentToolCallId: string;
      parentMessageId: string;
    }
  | { kind: "subagent.finish"; agentId: string; name: string }
  | {
      kind: "artifact";
      artifactId: string;
      title: string;
      version: number;
      created: boolean;
      preview: string;
    }
  | { kind: "evidence"; evidenceId: string; url: string; title: string; messageId: string };

export type FactKind = SessionFact["kind"];

export interface Session {
  seed: number;
  sessionId: string;
  threadId: string;
  facts: SessionFact[];
  /** How many of our envelope events the facts encode to (the size the benchmark reports). */
  envelopeEvents: number;
  turns: number;
}

/** Facts that open a stream in the peers' protocols; our envelope needs no start event for them. */
const NO_ENVELOPE_EVENT: ReadonlySet<FactKind> = new Set<FactKind>(["text.start", "reasoning.start"]);

/** How many envelope events one fact becomes (0 or 1): the generator sizes sessions with it. */
export function envelopeEventsOf(fact: SessionFact): number {
  return NO_ENVELOPE_EVENT.has(fact.kind) ? 0 : 1;
}
