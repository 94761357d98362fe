// `system` messages: session init, CLI status, compaction boundaries, API retries and the background
// task lifecycle (`task_*`) of subagents and background shells.
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { EventFields, SourceInfo } from "../shared/emitter";
import { type JsonObject, asRecord, compact, readArray, readNumber, readString } from "../shared/record";
import { type ClaudeState, type TaskEntity, subagentIdOf } from "./state";
import { lookupTable } from "@agent-ui/contracts";

/** Background task status → runtime task status (the projection crosswalks it, D.4). */
const TASK_STATUS: Readonly<Record<string, string>> = lookupTable({
  pending: "queued",
  running: "running",
  completed: "completed",
  failed: "failed",
  stopped: "cancelled",
  killed: "cancelled",
});

export function onSystem(state: ClaudeState, record: JsonObject, info: SourceInfo): AgentUiEvent[] {
  const subtype = readString(record, "subtype");
  const base = state.base(record);
  switch (subtype) {
    case "init": {
      state.sessionId = readString(record, "session_id") ?? state.sessionId;
      state.model = readString(record, "model") ?? state.model;
      const out = [state.emit.event("session.opened", { ...state.base(record), phase: "hydrating" }, info)];
      out.push(...state.ensureRun(record, info));
      out.push(
        state.emit.event(
          "run.status",
          {
            ...state.base(record),
            phase: "preparing",
            payload: compact({ status: "preparing", model: state.model }),
          },
          info,
        ),
      );
      const mode = readString(record, "permissionMode");
      if (mode !== undefined)
        out.push(state.emit.event("permission.changed", { ...state.base(record), payload: { mode } }, info));
      return out;
    }
    case "status":
      return onStatus(state, record, info);
    case "compact_boundary": {
      const meta = asRecord(record.compact_metadata);
      const compactionId = state.pendingCompactionId ?? readString(record, "uuid");
      state.pendingCompactionId = undefined;
      const payload = compact({
        compactionId,
        tokensBefore: readNumber(meta, "pre_tokens"),
        trigger: readString(meta, "trigger"),
      });
      return [
        state.emit.event("context.compaction.completed", { ...base, phase: "reconciling", payload }, info),
      ];
    }
    case "api_retry": {
      const payload = compact({
        status: "retrying",
        retryCount: readNumber(record, "attempt"),
        reason: readString(record, "error") ?? readString(asRecord(record.error), "message"),
      });
      return [
        state.emit.event(
          "run.status",
          { ...base, phase: "preparing", retryableOverload: true, payload },
          info,
        ),
      ];
    }
    case "task_started":
    case "task_progress":
    case "task_updated":
    case "task_notification":
      return onTask(state, record, subtype, info);
    case "background_tasks_changed":
      return onTaskList(state, record, info);
    default:
      return [state.emit.unsupported(record, info, `system subtype ${subtype ?? "missing"} is not mapped`)];
  }
}

function onStatus(state: ClaudeState, record: JsonObject, info: SourceInfo): AgentUiEvent[] {
  const status = readString(record, "status");
  const base = state.base(record);
  if (status === "compacting") {
    state.pendingCompactionId = readString(record, "uuid") ?? "compaction";
    return [
      state.emit.event(
        "context.compaction.started",
        { ...base, payload: { compactionId: state.pendingCompactionId } },
        info,
      ),
    ];
  }
  if (status === undefined) return []; // the CLI cleared its status line: no new fact
  const out = state.ensureRun(record, info);
  const mapped = status === "requesting" ? "waiting_provider" : "preparing";
  out.push(
    state.emit.event(
      "run.status",
      { ...base, phase: "preparing", payload: { status: mapped, label: status } },
      info,
    ),
  );
  return out;
}

function runtimeEntityOf(record: unknown): TaskEntity {
  return readString(record, "task_type") === "local_bash" ? "automation_job" : "subagent_turn";
}

/**
 * The CLI's list of background tasks running now. Each task's lifecycle comes from its own `task_*`
 * messages, so the list only announces tasks not seen yet (e.g. a client that attached mid-session),
 * as running capsules; a task missing from the list is not assumed finished (no invented outcome).
 */
function onTaskList(state: ClaudeState, record: JsonObject, info: SourceInfo): AgentUiEvent[] {
  const out: AgentUiEvent[] = [];
  for (const task of readArray(record, "tasks") ?? []) {
    const taskId = readString(task, "task_id");
    if (taskId === undefined || state.tasks.has(taskId)) continue;
    const runtimeEntity = runtimeEntityOf(task);
    state.tasks.set(taskId, runtimeEntity);
    const payload = compact({ status: "running", title: readString(task, "description") });
    const fields = { ...state.base(record), taskId, runtimeEntity };
    out.push(
      state.emit.event(
        "task.changed",
        { ...fields, payload },
        { ...info, sourceEventId: `task:${taskId}:listed` },
      ),
    );
  }
  return out;
}

/** A background task (subagent or shell): capsule state, and for a finished one a worker notification. */
function onTask(state: ClaudeState, record: JsonObject, subtype: string, info: SourceInfo): AgentUiEvent[] {
  const taskId = readString(record, "task_id");
  if (taskId === undefined)
    return [
      state.emit.diagnostic("missing_correlation", "warning", `claude ${subtype} without task_id`, info),
    ];
  const toolUseId = readString(record, "tool_use_id");
  const base = state.base(record);
  // Later updates may omit task_type: the kind announced first stays.
  const runtimeEntity =
    readString(record, "task_type") !== undefined
      ? runtimeEntityOf(record)
      : (state.tasks.get(taskId) ?? runtimeEntityOf(record));
  state.tasks.set(taskId, runtimeEntity);
  const fields: EventFields = compact<EventFields>({
    ...base,
    taskId,
    toolCallId: toolUseId,
    agentId:
      toolUseId !== undefined && state.subagents.has(toolUseId) ? subagentIdOf(toolUseId) : base.agentId,
    runtimeEntity,
  });
  const out: AgentUiEvent[] = [];
  if (
    subtype === "task_started" &&
    toolUseId !== undefined &&
    readString(record, "task_type") !== "local_bash"
  ) {
    out.push(...state.ensureSubagent(record, toolUseId, info, readString(record, "description")));
    fields.agentId = subagentIdOf(toolUseId);
  }
  const rawStatus =
    subtype === "task_started"
      ? "running"
      : (readString(record, "status") ??
        readString(asRecord(record.patch), "status") ??
        (subtype === "task_progress" ? "running" : undefined));
  const payload = compact({
    status: rawStatus !== undefined ? (TASK_STATUS[rawStatus] ?? "unknown") : undefined,
    title: readString(record, "description"),
    progress:
      subtype === "task_progress"
        ? compact({ message: readString(record, "summary", "description", "last_tool_name") })
        : undefined,
  });
  out.push(state.emit.event("task.changed", { ...fields, payload }, info));
  if (subtype === "task_notification") {
    const notification = compact({
      status: rawStatus ?? "unknown",
      summary: readString(record, "summary"),
      resultRef: readString(record, "output_file"),
      usage: asRecord(state.safe(record.usage)),
    });
    out.push(
      state.emit.event(
        "worker.notification",
        {
          ...fields,
          workerNotificationId: `${taskId}:${rawStatus ?? "done"}`,
          phase: "archived",
          payload: notification,
        },
        { ...info, sourceEventId: `task:${taskId}:notification` },
      ),
    );
    if (fields.agentId !== undefined && fields.agentId !== base.agentId) {
      const status = rawStatus === "completed" ? "completed" : rawStatus === "failed" ? "failed" : "killed";
      out.push(
        state.emit.event(
          "agent.completed",
          { ...fields, payload: compact({ status, summary: notification.summary }) },
          info,
        ),
      );
    }
  }
  return out;
}
