// Session facts → our Agent UI envelope events (what an adapter hands the projector): stable eventId,
// per-session sequence, correlation ids top-level, fact body in the payload (contracts/payloads.ts).
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { Session, SessionFact } from "../session-model";

const BASE_TIME = Date.UTC(2026, 0, 1);

type Body = Partial<AgentUiEvent> & { type: string };

function bodyOf(
  fact: SessionFact,
  lineage: Record<string, string>,
  sessionId: string,
  threadId: string,
): Body | null {
  switch (fact.kind) {
    case "run.start":
      return { type: "run.started", payload: { input: fact.input, userMessageId: `user-${fact.turn}` } };
    case "run.finish":
      return { type: "run.finished", payload: { outcome: "success" } };
    case "reasoning.start":
    case "text.start":
      return null;
    case "reasoning.delta":
      return {
        type: "reasoning.delta",
        messageId: fact.messageId,
        partId: fact.id,
        payload: { delta: fact.delta, visibility: "summary" },
      };
    case "reasoning.end":
      return {
        type: "reasoning.summary",
        messageId: fact.messageId,
        partId: fact.id,
        payload: { text: fact.text },
      };
    case "text.delta":
      return {
        type: "text.delta",
        messageId: fact.messageId,
        partId: fact.id,
        ...lineage,
        payload: { delta: fact.delta, role: "assistant" },
      };
    case "text.end":
      return {
        type: "text.final",
        messageId: fact.messageId,
        partId: fact.id,
        ...lineage,
        payload: { text: fact.text },
      };
    case "tool.start":
      return {
        type: "tool.started",
        toolCallId: fact.toolCallId,
        messageId: fact.messageId,
        payload: { name: fact.name },
      };
    case "tool.args":
      return { type: "tool.args", toolCallId: fact.toolCallId, payload: { argsDelta: fact.delta } };
    case "tool.input":
      return {
        type: "tool.args",
        toolCallId: fact.toolCallId,
        payload: { input: fact.input, complete: true },
      };
    case "approval.request":
      return {
        type: "action.required",
        actionId: fact.actionId,
        toolCallId: fact.toolCallId,
        messageId: fact.messageId,
        payload: { actionType: "tool_approval", toolName: fact.toolName, title: `Run ${fact.toolName}?` },
      };
    case "approval.resolve":
      return {
        type: "action.resolved",
        actionId: fact.actionId,
        toolCallId: fact.toolCallId,
        payload: { outcome: "resolved", decision: "approve" },
      };
    case "tool.result":
      return { type: "tool.result", toolCallId: fact.toolCallId, payload: { output: fact.output } };
    case "tool.error":
      return {
        type: "tool.failed",
        toolCallId: fact.toolCallId,
        payload: { error: fact.error, retryable: true },
      };
    case "status":
      return { type: "run.status", payload: { status: fact.status, retryCount: fact.retryCount } };
    case "subagent.start":
      return {
        type: "agent.spawned",
        agentId: fact.agentId,
        subagentId: fact.agentId,
        parentSessionId: sessionId,
        parentThreadId: threadId,
        payload: {
          agentName: fact.name,
          status: "running",
          parentToolCallId: fact.parentToolCallId,
          parentMessageId: fact.parentMessageId,
        },
      };
    case "subagent.finish":
      return {
        type: "agent.completed",
        agentId: fact.agentId,
        subagentId: fact.agentId,
        payload: { agentName: fact.name, status: "completed" },
      };
    case "artifact":
      return {
        type: fact.created ? "artifact.created" : "artifact.updated",
        artifactId: fact.artifactId,
        artifactKind: "report",
        artifactVersionId: `${fact.artifactId}@${fact.version}`,
        payload: { title: fact.title, preview: fact.preview },
      };
    case "evidence":
      return {
        type: "evidence.changed",
        evidenceId: fact.evidenceId,
        messageId: fact.messageId,
        payload: { citations: [{ id: fact.evidenceId, title: fact.title, url: fact.url }] },
      };
  }
}

export function toEnvelopeEvents(session: Session): AgentUiEvent[] {
  const events: AgentUiEvent[] = [];
  let runId = "";
  let turnId = "";
  for (const fact of session.facts) {
    if (fact.kind === "run.start") {
      runId = fact.runId;
      turnId = fact.turnId;
    }
    const lineage: Record<string, string> =
      "agentId" in fact && typeof fact.agentId === "string" ? { agentId: fact.agentId } : {};
    const body = bodyOf(fact, lineage, session.sessionId, session.threadId);
    if (body === null) continue;
    const sequence = events.length + 1;
    events.push({
      eventId: `${session.sessionId}:${sequence}`,
      sequence,
      sessionId: session.sessionId,
      threadId: session.threadId,
      runId,
      turnId,
      timestamp: new Date(BASE_TIME + sequence * 5).toISOString(),
      ...body,
    } as AgentUiEvent);
  }
  return events;
}
