// Builds the Lime RuntimeSessionSnapshot (ThreadReadModel shape) a runtime would hand a client for a
// generated session: every turn, every tool call (compact refs), every subagent, evidence refs and the
// recent message window with final texts. The hydration benchmark times snapshot → renderable state.
import type { RuntimeSessionSnapshot, ThreadReadModel } from "@agent-ui/contracts";
import type { Session } from "./session-model";

/** Messages a runtime attaches as the recent window (§E-8); older history loads on demand. */
const MESSAGE_WINDOW = 50;

export function sessionSnapshot(session: Session): RuntimeSessionSnapshot {
  const turns: NonNullable<ThreadReadModel["turns"]> = [];
  const toolCalls: Record<string, unknown>[] = [];
  const toolIndex = new Map<string, Record<string, unknown>>();
  const subagents: Record<string, unknown>[] = [];
  const subagentIndex = new Map<string, Record<string, unknown>>();
  const evidenceRefs: string[] = [];
  const texts = new Map<string, { id: string; agentId?: string; parts: { kind: string; text: string }[] }>();
  for (const fact of session.facts) {
    switch (fact.kind) {
      case "run.start":
        turns.push({ turnId: fact.turnId, runId: fact.runId, status: "running" });
        break;
      case "run.finish":
        turns[turns.length - 1].status = "completed";
        break;
      case "tool.start": {
        const call = { toolCallId: fact.toolCallId, name: fact.name, status: "running" };
        toolCalls.push(call);
        toolIndex.set(fact.toolCallId, call);
        break;
      }
      case "tool.result":
      case "tool.error": {
        const call = toolIndex.get(fact.toolCallId);
        if (call !== undefined) call.status = fact.kind === "tool.result" ? "completed" : "failed";
        break;
      }
      case "subagent.start": {
        const entry = { agentId: fact.agentId, name: fact.name, status: "running" };
        subagents.push(entry);
        subagentIndex.set(fact.agentId, entry);
        break;
      }
      case "subagent.finish": {
        const entry = subagentIndex.get(fact.agentId);
        if (entry !== undefined) entry.status = "completed";
        break;
      }
      case "evidence":
        evidenceRefs.push(fact.evidenceId);
        break;
      case "text.end": {
        const message = texts.get(fact.messageId) ?? {
          id: fact.messageId,
          ...(fact.agentId === undefined ? {} : { agentId: fact.agentId }),
          parts: [],
        };
        message.parts.push({ kind: "assistant_text", text: fact.text });
        texts.set(fact.messageId, message);
        break;
      }
    }
  }
  const messages = [...texts.values()].slice(-MESSAGE_WINDOW).map((m) => ({
    id: m.id,
    role: "assistant",
    ...(m.agentId ? { agentId: m.agentId } : {}),
    parts: m.parts,
  }));
  const thread: ThreadReadModel = {
    threadId: session.threadId,
    status: "completed",
    turns,
    toolCalls,
    subagents,
    pendingRequests: [],
    queuedTurns: [],
    messages,
    evidenceSummary: { evidenceRefs },
  };
  return {
    schemaVersion: "lime-profile-0.4.0",
    sessionId: session.sessionId,
    updatedAt: new Date(Date.UTC(2026, 0, 2)).toISOString(),
    threads: [thread],
    tasks: [],
    routingLimitSummary: { selectedModel: "bench-model", selectedProvider: "bench" },
    evidenceRefs,
  };
}
