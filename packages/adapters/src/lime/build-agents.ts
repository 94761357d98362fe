// Builders for subagents (child agent turns), remote channels and worker results, with lineage (TEAM-02).
import type { EventFields } from "../shared/emitter";
import { type JsonObject, compact, readRecord, readString } from "../shared/record";
import { previewOf } from "../shared/safe-payload";
import { type Builder, phaseOf, reasonOf, statusWord, stringField, stringList } from "./build-common";
import type { LimeFacts } from "./facts";
import { lookupTable } from "@agent-ui/contracts";

/** Parent/child lineage only from stated ids: never a fabricated parent edge (TEAM-18). */
function lineage(f: LimeFacts) {
  return compact({
    agentId: f.ids.agentId ?? f.ids.subagentId,
    subagentId: f.ids.subagentId,
    parentSessionId: f.ids.parentSessionId ?? stringField(f, "parentSessionId", "parent_session_id"),
    parentThreadId: f.ids.parentThreadId ?? stringField(f, "parentThreadId", "parent_thread_id"),
  });
}

const AGENT_STATUS_BY_CLASS: Readonly<Record<string, string>> = lookupTable({
  "subagent.spawned": "spawning",
  "subagent.started": "running",
  "subagent.completed": "completed",
  "subagent.failed": "failed",
  "subagent.closed": "closed",
});

export const agentFact: Builder = (f) => {
  const ids = lineage(f);
  if (ids.agentId === undefined) return null;
  const status = statusWord(f) ?? AGENT_STATUS_BY_CLASS[f.type];
  return {
    ...ids,
    runtimeEntity: f.shape.runtimeEntity ?? "subagent_turn",
    phase: phaseOf(status === "spawning" ? "running" : status),
    payload: compact({
      agentName: stringField(f, "agentName", "agent_name", "name"),
      role: stringField(f, "role"),
      status,
      model: stringField(f, "model"),
      teamName: stringField(f, "teamName", "team_name"),
      parentAgentId: stringField(f, "parentAgentId", "parent_agent_id"),
      spawnReason: stringField(f, "spawnReason", "spawn_reason", "reason"),
      // Whom a waiting agent waits on (a `wait` write): the projection draws a wait edge per id.
      waitingOn: stringList(f.payload.waitingOn ?? f.payload.waiting_on),
      summary: previewOfField(f, "summary", "resultSummary"),
      pendingInput:
        f.type === "subagent.input"
          ? compact({ preview: previewOfField(f, "input", "text", "message") })
          : undefined,
      error: f.type === "subagent.failed" ? reasonOf(f) : undefined,
    }),
  };
};

function previewOfField(f: LimeFacts, ...keys: string[]): string | undefined {
  const text = stringField(f, ...keys);
  return text !== undefined ? previewOf(text, 500) : undefined;
}

/** A child's result summary becomes a worker notification: a task/agent fact, not a user message. */
export const workerNotification: Builder = (f) => {
  const ids = lineage(f);
  const summary = previewOfField(f, "summary", "resultSummary", "output", "text");
  const resultRef = stringField(f, "resultRef", "result_ref", "transcriptRef", "outputRef");
  if (ids.agentId === undefined || (summary === undefined && resultRef === undefined)) return null;
  return {
    ...ids,
    workerNotificationId: f.eventId,
    payload: compact({ status: statusWord(f) ?? AGENT_STATUS_BY_CLASS[f.type], summary, resultRef }),
  };
};

const CHANNEL_STATUS: Readonly<Record<string, string>> = lookupTable({
  "channel.connected": "connected",
  "channel.disconnected": "disconnected",
  "channel.resumed": "resumed",
});

/** A `channel.message` whose payload says `kind: "worker_notification"`: a teammate (named by its
 * `subagentId`) reporting back to the coordinator — the worker-notification lane, linked to its teammate,
 * task and result ref, never user speech and never a remote channel (TEAM-04, AS-PROJ-09). */
function isWorkerNotice(f: LimeFacts): boolean {
  return readString(f.payload, "kind") === "worker_notification";
}

export const channelWorkerNotification: Builder = (f, ctx) => {
  if (!isWorkerNotice(f)) return null;
  const built = workerNotification(f, ctx);
  if (built === null) return null;
  const taskId = f.ids.taskId ?? stringField(f, "taskId", "task_id");
  return taskId !== undefined ? { ...built, taskId } : built;
};

/** A remote channel is a remote teammate; a disconnect is connectivity, never a terminal state. */
export const channelAgent: Builder = (f) => {
  if (isWorkerNotice(f)) return null;
  const agentId =
    f.ids.agentId ??
    stringField(f, "agentId", "peerAgentId", "subagentId") ??
    f.ids.subagentId ??
    f.extraIds.channelId;
  if (agentId === undefined) return null;
  return {
    agentId,
    runtimeEntity: "external_task",
    surface: "remote_teammate",
    topology: "remote_teammate",
    ...(f.ids.remoteTaskId !== undefined ? { remoteTaskId: f.ids.remoteTaskId } : {}),
    payload: compact({
      agentName: stringField(f, "peerName", "peer", "agentName", "name"),
      summary: f.type === "channel.message" ? previewOfField(f, "text", "message", "summary") : undefined,
      remote: compact({
        remoteTaskId: f.ids.remoteTaskId ?? stringField(f, "remoteTaskId", "peerTaskId"),
        contextId:
          stringField(f, "contextId", "context_id") ?? readString(f.record, "contextId", "context_id"),
        cardRef: stringField(f, "cardRef", "agentCardRef"),
        status: CHANNEL_STATUS[f.type] ?? statusWord(f),
        channelId: f.extraIds.channelId,
      }),
    }),
  };
};

/** `channel.peer_task.*` (§E-10): the peer's task as an external task. */
export const peerTask: Builder = (f) => {
  const taskId = f.ids.taskId ?? f.ids.remoteTaskId ?? stringField(f, "peerTaskId", "remoteTaskId");
  if (taskId === undefined) return null;
  return {
    taskId,
    runtimeEntity: "external_task",
    payload: compact({ status: statusWord(f), title: readString(f.payload, "title") }),
  };
};

/** The handoff facts of one source object: who hands to whom, why, and where work resumes (TEAM-07). */
function handoffFields(
  f: LimeFacts,
  source: JsonObject,
  facts: { handoffId?: string; reason?: string; status?: string },
): EventFields {
  const handoffId = f.ids.handoffId ?? facts.handoffId;
  return {
    ...lineage(f),
    ...(handoffId !== undefined ? { handoffId } : {}),
    payload: compact({
      from: readString(source, "from", "fromAgentId", "from_agent_id"),
      to: readString(source, "to", "toAgentId", "to_agent_id"),
      reason: facts.reason,
      resumeTarget: readString(source, "resumeTarget", "resume_target"),
      status: facts.status,
    }),
  };
}

/** Handoffs (§D.3 `handoff.*`): who hands to whom, without rewriting authorship. */
export const handoff: Builder = (f) =>
  handoffFields(f, f.payload, {
    handoffId: stringField(f, "handoffId", "handoff_id"),
    reason: reasonOf(f),
    status: statusWord(f) ?? (f.sourceType === "handoff.completed" ? "returned" : "handoff_requested"),
  });

/**
 * `task.delegated` carrying `payload.handoff`: the runtime enum has no `handoff.*` class, so a delegation
 * that hands work from one teammate to another states it here; it becomes an `agent.handoff` too (TEAM-07).
 */
export const delegatedHandoff: Builder = (f) => {
  const source = readRecord(f.payload, "handoff");
  if (source === undefined) return null;
  const reason = readString(source, "reason");
  return handoffFields(f, source, {
    handoffId: readString(source, "handoffId", "handoff_id", "id"),
    reason: reason !== undefined ? previewOf(reason, 300) : undefined,
    status: readString(source, "status", "state") ?? "handoff_requested",
  });
};
