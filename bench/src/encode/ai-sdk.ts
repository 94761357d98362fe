// Session facts → AI SDK UI message chunks, one stream per turn (one assistant message per request, as
// `useChat` does). Facts the UI stream has no chunk for (retries, subagents, artifacts) travel as data
// parts with an id, which the SDK replaces in place; citations as source-url parts.
import type { UIMessageChunk } from "ai";
import type { Session, SessionFact } from "../session-model";

export interface AiSdkTurn {
  messageId: string;
  input: string;
  chunks: UIMessageChunk[];
}

function chunksOf(fact: SessionFact): UIMessageChunk[] {
  switch (fact.kind) {
    case "run.start":
      return [{ type: "start", messageId: fact.messageId }];
    case "run.finish":
      return [{ type: "finish", finishReason: "stop" }];
    case "reasoning.start":
      return [{ type: "reasoning-start", id: fact.id }];
    case "reasoning.delta":
      return [{ type: "reasoning-delta", id: fact.id, delta: fact.delta }];
    case "reasoning.end":
      return [{ type: "reasoning-end", id: fact.id }];
    case "text.start":
      return [{ type: "text-start", id: fact.id }];
    case "text.delta":
      return [{ type: "text-delta", id: fact.id, delta: fact.delta }];
    case "text.end":
      return [{ type: "text-end", id: fact.id }];
    case "tool.start":
      return [{ type: "tool-input-start", toolCallId: fact.toolCallId, toolName: fact.name }];
    case "tool.args":
      return [{ type: "tool-input-delta", toolCallId: fact.toolCallId, inputTextDelta: fact.delta }];
    case "tool.input":
      return [
        { type: "tool-input-available", toolCallId: fact.toolCallId, toolName: fact.name, input: fact.input },
      ];
    case "approval.request":
      return [{ type: "tool-approval-request", approvalId: fact.actionId, toolCallId: fact.toolCallId }];
    case "approval.resolve":
      return [{ type: "tool-approval-response", approvalId: fact.actionId, approved: true }];
    case "tool.result":
      return [{ type: "tool-output-available", toolCallId: fact.toolCallId, output: fact.output }];
    case "tool.error":
      return [{ type: "tool-output-error", toolCallId: fact.toolCallId, errorText: fact.error }];
    case "status":
      return [
        { type: "data-status", id: "run-status", data: { status: fact.status, retryCount: fact.retryCount } },
      ];
    case "subagent.start":
      return [
        {
          type: "data-subagent",
          id: fact.agentId,
          data: { name: fact.name, status: "running", parentToolCallId: fact.parentToolCallId },
        },
      ];
    case "subagent.finish":
      return [{ type: "data-subagent", id: fact.agentId, data: { name: fact.name, status: "completed" } }];
    case "artifact":
      return [
        {
          type: "data-artifact",
          id: fact.artifactId,
          data: { title: fact.title, version: fact.version, preview: fact.preview },
        },
      ];
    case "evidence":
      return [{ type: "source-url", sourceId: fact.evidenceId, url: fact.url, title: fact.title }];
  }
}

export function toAiSdkTurns(session: Session): AiSdkTurn[] {
  const turns: AiSdkTurn[] = [];
  let current: AiSdkTurn | undefined;
  for (const fact of session.facts) {
    if (fact.kind === "run.start") {
      current = { messageId: fact.messageId, input: fact.input, chunks: [] };
      turns.push(current);
    }
    if (current === undefined) continue;
    for (const chunk of chunksOf(fact)) current.chunks.push(chunk);
  }
  return turns;
}
