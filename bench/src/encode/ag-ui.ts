// Session facts → AG-UI 1.0 events, one list per run (each turn is one `runAgent` call, as in a real
// AG-UI client). Facts AG-UI has no event for (approvals, citations) travel as CUSTOM events; artifacts
// as ACTIVITY_SNAPSHOT (AG-UI's activity messages); retries as steps.
import { type BaseEvent, EventType } from "@ag-ui/core";
import type { Session, SessionFact } from "../session-model";

export interface AgUiRun {
  threadId: string;
  runId: string;
  events: BaseEvent[];
}

type AgUiEvent = BaseEvent & Record<string, unknown>;

function eventsOf(fact: SessionFact, threadId: string): AgUiEvent[] {
  const sub = "agentId" in fact && typeof fact.agentId === "string" ? { subagentRunId: fact.agentId } : {};
  switch (fact.kind) {
    case "run.start":
      return [{ type: EventType.RUN_STARTED, threadId, runId: fact.runId }];
    case "run.finish":
      return [{ type: EventType.RUN_FINISHED, threadId, runId: fact.runId, outcome: { type: "success" } }];
    case "reasoning.start":
      return [
        { type: EventType.REASONING_START, messageId: `${fact.id}-block` },
        { type: EventType.REASONING_MESSAGE_START, messageId: fact.id, role: "reasoning" },
      ];
    case "reasoning.delta":
      return [{ type: EventType.REASONING_MESSAGE_CONTENT, messageId: fact.id, delta: fact.delta }];
    case "reasoning.end":
      return [
        { type: EventType.REASONING_MESSAGE_END, messageId: fact.id },
        { type: EventType.REASONING_END, messageId: `${fact.id}-block` },
      ];
    case "text.start":
      return [{ type: EventType.TEXT_MESSAGE_START, messageId: fact.id, role: "assistant", ...sub }];
    case "text.delta":
      return [{ type: EventType.TEXT_MESSAGE_CONTENT, messageId: fact.id, delta: fact.delta, ...sub }];
    case "text.end":
      return [{ type: EventType.TEXT_MESSAGE_END, messageId: fact.id, ...sub }];
    case "tool.start":
      return [
        {
          type: EventType.TOOL_CALL_START,
          toolCallId: fact.toolCallId,
          toolCallName: fact.name,
          parentMessageId: fact.segmentId,
        },
      ];
    case "tool.args":
      return [{ type: EventType.TOOL_CALL_ARGS, toolCallId: fact.toolCallId, delta: fact.delta }];
    case "tool.input":
      return [{ type: EventType.TOOL_CALL_END, toolCallId: fact.toolCallId }];
    case "approval.request":
      return [
        {
          type: EventType.CUSTOM,
          name: "approval.requested",
          value: { actionId: fact.actionId, toolCallId: fact.toolCallId, toolName: fact.toolName },
        },
      ];
    case "approval.resolve":
      return [
        {
          type: EventType.CUSTOM,
          name: "approval.resolved",
          value: { actionId: fact.actionId, toolCallId: fact.toolCallId, approved: true },
        },
      ];
    case "tool.result":
      return [
        {
          type: EventType.TOOL_CALL_RESULT,
          messageId: fact.resultId,
          toolCallId: fact.toolCallId,
          content: JSON.stringify(fact.output),
          role: "tool",
        },
      ];
    case "tool.error":
      return [
        {
          type: EventType.TOOL_CALL_RESULT,
          messageId: fact.resultId,
          toolCallId: fact.toolCallId,
          content: JSON.stringify({ error: fact.error }),
          role: "tool",
        },
      ];
    case "status":
      return [
        fact.status === "retrying"
          ? { type: EventType.STEP_STARTED, stepName: `retry-${fact.retryCount}` }
          : { type: EventType.STEP_FINISHED, stepName: `retry-${fact.retryCount}` },
      ];
    case "subagent.start":
      return [
        {
          type: EventType.SUBAGENT_STARTED,
          subagentRunId: fact.agentId,
          name: fact.name,
          parentToolCallId: fact.parentToolCallId,
          parentMessageId: fact.parentMessageId,
        },
      ];
    case "subagent.finish":
      return [
        { type: EventType.SUBAGENT_FINISHED, subagentRunId: fact.agentId, outcome: { type: "success" } },
      ];
    case "artifact":
      return [
        {
          type: EventType.ACTIVITY_SNAPSHOT,
          messageId: fact.artifactId,
          activityType: "ARTIFACT",
          content: { title: fact.title, version: fact.version, preview: fact.preview },
        },
      ];
    case "evidence":
      return [
        {
          type: EventType.CUSTOM,
          name: "citation",
          value: { id: fact.evidenceId, url: fact.url, title: fact.title, messageId: fact.messageId },
        },
      ];
  }
}

export function toAgUiRuns(session: Session): AgUiRun[] {
  const runs: AgUiRun[] = [];
  let current: AgUiRun | undefined;
  let timestamp = Date.UTC(2026, 0, 1);
  for (const fact of session.facts) {
    if (fact.kind === "run.start") {
      current = { threadId: session.threadId, runId: fact.runId, events: [] };
      runs.push(current);
    }
    if (current === undefined) continue;
    for (const event of eventsOf(fact, session.threadId)) {
      timestamp += 5;
      current.events.push({ ...event, timestamp });
    }
  }
  return runs;
}
