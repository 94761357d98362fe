// The events a remote task's status drives (TEAM-11, REM-02): the stream's run (the remote task's life),
// the teammate (`agent.changed` / `agent.completed`), its task capsule, and the input-/auth-required
// action with its resolution. Every event carries the remote task's fields and the remote status time.
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { Emitter, EventFields, SourceInfo } from "../shared/emitter";
import { restatedEvent } from "../shared/restated";
import type { A2aMessage, RemoteState } from "./normalize";
import { PHASE, RUNTIME_STATUS, TASK_STATUS, TEAMMATE_STATUS, TERMINAL } from "./states";

export interface TaskState {
  taskId: string;
  contextId?: string;
  agentId: string;
  state?: RemoteState;
  spawnReason?: string;
  pendingActionId?: string;
  /** The user's latest reply after the pending request (the answer the resolution carries). */
  reply?: string;
  /** Times the task went back to work after a question (numbers those run events). */
  resumes?: number;
}

export class RemoteTaskEvents {
  /** The remote status time of the record being read: stamped on every fact it yields (ENV-04). */
  timestamp: string | undefined;

  constructor(
    private readonly emit: Emitter,
    /** The local session that delegated the remote task (its lineage edge), when the caller names it. */
    private readonly parentSessionId: string | undefined,
  ) {}

  remoteFields(task: TaskState): EventFields {
    const fields: EventFields = {
      agentId: task.agentId,
      taskId: task.taskId,
      remoteTaskId: task.taskId,
      runtimeEntity: "external_task",
      topology: "remote_teammate",
    };
    if (task.contextId !== undefined) fields.contextId = task.contextId;
    // The local session delegated the remote task: its lineage edge when the caller names the session.
    if (this.parentSessionId !== undefined) fields.parentSessionId = this.parentSessionId;
    if (this.timestamp !== undefined) fields.timestamp = this.timestamp;
    return fields;
  }

  /** The stream's run is the remote task's life (its id the run id): the headline follows the remote
   * state — working after an answered question, completed/failed/cancelled at its end (REM-02). */
  runOutcome(
    task: TaskState,
    state: RemoteState,
    previous: RemoteState | undefined,
    info: SourceInfo,
    restated: boolean,
    /** The agent's own words for a failure, from the failed status message. */
    reason?: string,
  ): AgentUiEvent | undefined {
    const run = (type: string, fields: EventFields, key: string) =>
      this.runEvent(task, type, fields, key, info, restated);
    if (state === "completed") return run("run.finished", { payload: { outcome: "success" } }, state);
    if (state === "canceled") return run("run.finished", { payload: { outcome: "cancelled" } }, state);
    if (state === "failed" || state === "rejected")
      return run(
        "run.failed",
        {
          payload: {
            category: `remote_${state}`,
            message: reason ? `remote task ${state}: ${reason}` : `remote task ${state}`,
          },
        },
        state,
      );
    if (state === "working" && previous !== undefined) {
      task.resumes = (task.resumes ?? 0) + 1;
      return run("run.status", { payload: { status: "running" } }, `working:${task.resumes}`);
    }
    return undefined;
  }

  /** A run event of the task with a stable id (a task object read later restates it without a hole). */
  runEvent(
    task: TaskState,
    type: string,
    fields: EventFields,
    key: string,
    info: SourceInfo,
    restated: boolean,
  ): AgentUiEvent {
    const run: EventFields = { runId: task.taskId, taskId: task.taskId, ...fields };
    if (task.contextId !== undefined) run.contextId = task.contextId;
    if (this.timestamp !== undefined) run.timestamp = this.timestamp;
    const ids = { ...info, sourceEventId: `run:${task.taskId}:${key}` };
    return restated ? restatedEvent(this.emit, type, run, ids) : this.emit.event(type, run, ids);
  }

  agentEvent(
    task: TaskState,
    state: RemoteState,
    first: boolean,
    statusText: string | undefined,
    info: SourceInfo,
  ): AgentUiEvent {
    const payload: Record<string, unknown> = {
      status: TEAMMATE_STATUS[state],
      role: "remote agent",
      remote: { remoteTaskId: task.taskId, status: state },
    };
    if (first && task.spawnReason !== undefined) payload.spawnReason = task.spawnReason;
    if (statusText !== undefined && statusText !== "") payload.summary = statusText;
    const type = TERMINAL.has(state) ? "agent.completed" : "agent.changed";
    return this.emit.event(
      type,
      {
        ...this.remoteFields(task),
        surface: "remote_teammate",
        phase: PHASE[state],
        runtimeStatus: RUNTIME_STATUS[state],
        payload,
      },
      info,
    );
  }

  taskEvent(
    task: TaskState,
    state: RemoteState,
    statusText: string | undefined,
    info: SourceInfo,
  ): AgentUiEvent {
    const payload: Record<string, unknown> = { status: TASK_STATUS[state], reason: `remote state ${state}` };
    if (task.spawnReason !== undefined) payload.title = task.spawnReason;
    if (statusText !== undefined && statusText !== "") payload.progress = { message: statusText };
    return this.emit.event(
      "task.changed",
      { ...this.remoteFields(task), phase: PHASE[state], runtimeStatus: RUNTIME_STATUS[state], payload },
      info,
    );
  }

  requestAction(
    task: TaskState,
    state: RemoteState,
    message: A2aMessage | undefined,
    prompt: string | undefined,
    info: SourceInfo,
  ): AgentUiEvent {
    const actionId = `${task.taskId}:${state}:${message?.messageId ?? "status"}`;
    task.pendingActionId = actionId;
    task.reply = undefined;
    const payload: Record<string, unknown> = {
      actionType: state === "auth_required" ? "credential_request" : "structured_input",
      sourceType: state === "auth_required" ? "a2a.auth-required" : "a2a.input-required",
      requestedBy: { agentId: task.agentId, name: "remote agent" },
    };
    if (prompt !== undefined && prompt !== "") payload.prompt = prompt;
    return this.emit.event(
      "action.required",
      { ...this.remoteFields(task), actionId, phase: "waiting", surface: "hitl", payload },
      { ...info, sourceEventId: `action:${actionId}` },
    );
  }

  /** The task moved on from input/auth-required: the remote runtime accepted the reply (or gave up). */
  resolveAction(task: TaskState, next: RemoteState, info: SourceInfo): AgentUiEvent {
    const actionId = task.pendingActionId as string;
    task.pendingActionId = undefined;
    const payload: Record<string, unknown> =
      next === "canceled" || next === "rejected" || next === "failed"
        ? { outcome: "cancelled", reason: `remote task ${next}` }
        : { outcome: "resolved", decision: "answer", reason: `remote task ${next}` };
    if (task.reply !== undefined) payload.response = { text: task.reply };
    return this.emit.event(
      "action.resolved",
      { ...this.remoteFields(task), actionId, surface: "hitl", payload },
      { ...info, sourceEventId: `resolved:${actionId}` },
    );
  }
}
