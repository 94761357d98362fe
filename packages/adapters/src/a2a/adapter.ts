// A2A task stream → a remote teammate (TEAM-11, TEAM-12 `external_task`, REM-01/02). The remote agent's
// task is a teammate's task: its status drives `agent.changed` / `task.changed`, its status messages are
// the teammate's transcript (never user speech, never the parent's answer), its artifact chunks build
// one artifact, and input-required / auth-required become actions resolved when the task continues.
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { Emitter, type EventFields, type SourceInfo } from "../shared/emitter";
import { restatedEvent } from "../shared/restated";
import type { AdapterOptions, SourceAdapter } from "../types";
import type { JsonObject } from "../shared/record";
import { ArtifactBook, type ArtifactEmit } from "./artifacts";
import { partCitations, partData } from "./parts";
import { type A2aMessage, type A2aRecord, type RemoteState, normalizeRecord, textOf } from "./normalize";
import { PHASE, RUNTIME_STATUS, TASK_STATUS, TEAMMATE_STATUS, TERMINAL } from "./states";

export const A2A_FORMAT = "a2a";

interface TaskState {
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

class A2aAdapter implements SourceAdapter {
  readonly format = A2A_FORMAT;
  private readonly emit: Emitter;
  private readonly tasks = new Map<string, TaskState>();
  private readonly seenMessages = new Set<string>();
  private readonly artifacts = new ArtifactBook();

  private readonly parentSessionId: string | undefined;
  /** Whether app-state `/a2aData` exists yet (created by the first message data part). */
  private dataRootCreated = false;
  private timestamp: string | undefined;

  constructor(options: AdapterOptions) {
    this.emit = new Emitter(A2A_FORMAT, options);
    this.parentSessionId = options.sessionId;
  }

  push(record: unknown, index?: number, _meta?: RecordMeta): AgentUiEvent[] {
    const normalized = normalizeRecord(record);
    // The remote status time stamps every fact this record yields (ENV-04).
    this.timestamp =
      normalized.kind === "task" || normalized.kind === "status" ? normalized.timestamp : undefined;
    const info: SourceInfo = { index, sourceType: normalized.kind };
    return this.emit.guard(record, info, () => this.translate(record, normalized, info));
  }

  finish(): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    for (const task of this.tasks.values()) {
      if (task.state === "submitted" || task.state === "working") {
        // A closed stream is a transport fact, not a remote terminal: keep the last reported status (TEAM-11).
        out.push(
          this.emit.diagnostic(
            "transport_unavailable",
            "info",
            `a2a stream ended while remote task ${task.taskId} was ${task.state}; its last reported status is kept`,
            {},
            this.remoteFields(task),
          ),
        );
      }
    }
    return out;
  }

  private translate(record: unknown, rec: A2aRecord, info: SourceInfo): AgentUiEvent[] {
    switch (rec.kind) {
      case "task":
        return this.onTask(rec, info);
      case "status":
        return this.onStatus(rec.taskId, rec.contextId, rec.state, rec.message, info);
      case "artifact":
        return this.onArtifact(rec, info);
      case "message":
        return this.onMessage(rec.message, info);
      case "rpc-error":
        return [
          this.emit.diagnostic(
            "runtime_error",
            "error",
            `a2a JSON-RPC error${rec.code !== undefined ? ` ${rec.code}` : ""}: ${rec.message ?? "no message"}`,
            info,
          ),
        ];
      default:
        return [this.emit.unsupported(record, info)];
    }
  }

  private taskFor(taskId: string | undefined, contextId: string | undefined): TaskState | undefined {
    if (taskId === undefined) return undefined;
    let task = this.tasks.get(taskId);
    if (task === undefined) {
      // The remote agent has no id of its own on the stream; its conversation context names it.
      task = { taskId, contextId, agentId: `a2a:${contextId ?? taskId}` };
      this.tasks.set(taskId, task);
    } else if (task.contextId === undefined && contextId !== undefined) task.contextId = contextId;
    return task;
  }

  private remoteFields(task: TaskState): EventFields {
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

  private onTask(rec: Extract<A2aRecord, { kind: "task" }>, info: SourceInfo): AgentUiEvent[] {
    const task = this.taskFor(rec.taskId, rec.contextId);
    if (task === undefined)
      return [this.emit.diagnostic("missing_correlation", "warning", "a2a task without an id", info)];
    const out: AgentUiEvent[] = [];
    // History first: the request that spawned the task, earlier teammate messages, and the user's reply.
    for (const message of rec.history) {
      if (message.role === "user") this.noteUserMessage(task, message);
      else if (message !== undefined && !this.isCurrentStatusMessage(message, rec.message))
        out.push(...this.teammateMessage(task, message, info, true));
    }
    for (const artifact of rec.artifacts)
      out.push(...this.artifacts.snapshot(task.taskId, artifact, this.artifactEmit(task, info)));
    out.push(...this.onStatus(task.taskId, task.contextId, rec.state, rec.message, info, true));
    return out;
  }

  private isCurrentStatusMessage(message: A2aMessage, status: A2aMessage | undefined): boolean {
    return status !== undefined && message.messageId !== undefined && message.messageId === status.messageId;
  }

  private noteUserMessage(task: TaskState, message: A2aMessage): void {
    const key = message.messageId ?? "";
    if (key !== "" && this.seenMessages.has(key)) return;
    if (key !== "") this.seenMessages.add(key);
    const { text } = textOf(message.parts);
    if (task.spawnReason === undefined) task.spawnReason = text;
    else if (task.pendingActionId !== undefined) task.reply = text;
  }

  private onMessage(message: A2aMessage, info: SourceInfo): AgentUiEvent[] {
    const task = this.taskFor(message.taskId, message.contextId);
    if (message.role === "user") {
      if (task !== undefined) this.noteUserMessage(task, message);
      return [];
    }
    if (task === undefined) {
      // A message-only reply (no task): still the remote agent speaking, attributed by its context.
      const orphan: TaskState = { taskId: "", agentId: `a2a:${message.contextId ?? "remote"}` };
      return this.teammateMessage(orphan, message, info);
    }
    return this.teammateMessage(task, message, info);
  }

  /** `restated`: the message comes from a task object that repeats history (see shared/restated). */
  private teammateMessage(
    task: TaskState,
    message: A2aMessage,
    info: SourceInfo,
    restated = false,
  ): AgentUiEvent[] {
    const id = message.messageId;
    if (id !== undefined && this.seenMessages.has(id)) return [];
    if (id !== undefined) this.seenMessages.add(id);
    const { text, otherParts } = textOf(message.parts);
    const fields: EventFields = {
      ...(task.taskId !== ""
        ? this.remoteFields(task)
        : { agentId: task.agentId, runtimeEntity: "external_task" }),
      messageId: id,
      owner: "agent",
      scope: "message",
      surface: "remote_teammate",
      payload: { text, role: "assistant" },
    };
    if (otherParts > 0) (fields.payload as Record<string, unknown>).nonTextParts = otherParts;
    const ids = { ...info, sourceEventId: id !== undefined ? `message:${id}` : undefined };
    return [
      restated
        ? restatedEvent(this.emit, "text.final", fields, ids)
        : this.emit.event("text.final", fields, ids),
      ...this.messageExtras(task, message, info),
    ];
  }

  /** A teammate message's url/file parts cite their sources on the message (evidence with the message
   * id); its data parts are application data, kept in app state under `/a2aData/<messageId>`. */
  private messageExtras(task: TaskState, message: A2aMessage, info: SourceInfo): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    const messageId = message.messageId;
    const remote = task.taskId !== "" ? this.remoteFields(task) : { agentId: task.agentId };
    for (const ref of partCitations(message.parts, { messageId }))
      out.push(
        this.emit.event(
          "evidence.changed",
          { ...remote, evidenceId: String(ref.id), messageId, payload: { citations: [ref] } },
          { ...info, sourceEventId: `cite:${messageId ?? ""}:${String(ref.id)}` },
        ),
      );
    const data = partData(message.parts);
    if (data.length > 0 && messageId !== undefined) {
      const patch: JsonObject[] = [];
      if (!this.dataRootCreated) patch.push({ op: "add", path: "/a2aData", value: {} });
      this.dataRootCreated = true;
      const key = messageId.replace(/~/g, "~0").replace(/\//g, "~1");
      patch.push({ op: "add", path: `/a2aData/${key}`, value: data });
      out.push(this.emit.event("state.delta", { ...remote, messageId, payload: { patch } }, info));
    }
    return out;
  }

  private onStatus(
    taskId: string | undefined,
    contextId: string | undefined,
    state: RemoteState,
    message: A2aMessage | undefined,
    info: SourceInfo,
    fromTask = false,
  ): AgentUiEvent[] {
    const task = this.taskFor(taskId, contextId);
    if (task === undefined)
      return [
        this.emit.diagnostic("missing_correlation", "warning", "a2a status update without a taskId", info),
      ];
    const out: AgentUiEvent[] = [];
    const fresh = message?.messageId === undefined || !this.seenMessages.has(message.messageId);
    if (message !== undefined && message.role !== "user")
      out.push(...this.teammateMessage(task, message, info, fromTask));
    // A re-published task (every A2A turn starts with one) repeats a status already projected.
    if (state === task.state && (message === undefined || !fresh)) return out;
    if (task.pendingActionId !== undefined && state !== task.state)
      out.push(this.resolveAction(task, state, info));
    const previous = task.state;
    task.state = state;
    const statusText = message !== undefined ? textOf(message.parts).text : undefined;
    if (previous === undefined)
      out.push(this.runEvent(task, "run.started", { phase: PHASE[state] }, "started", info, fromTask));
    out.push(this.agentEvent(task, state, previous === undefined, statusText, info));
    out.push(this.taskEvent(task, state, statusText, info));
    if ((state === "input_required" || state === "auth_required") && task.pendingActionId === undefined)
      out.push(this.requestAction(task, state, message, statusText, info));
    const run = this.runOutcome(task, state, previous, info, fromTask);
    if (run !== undefined) out.push(run);
    return out;
  }

  /** The stream's run is the remote task's life (its id the run id): the headline follows the remote
   * state — working after an answered question, completed/failed/cancelled at its end (REM-02). */
  private runOutcome(
    task: TaskState,
    state: RemoteState,
    previous: RemoteState | undefined,
    info: SourceInfo,
    restated: boolean,
  ): AgentUiEvent | undefined {
    const run = (type: string, fields: EventFields, key: string) =>
      this.runEvent(task, type, fields, key, info, restated);
    if (state === "completed") return run("run.finished", { payload: { outcome: "success" } }, state);
    if (state === "canceled") return run("run.finished", { payload: { outcome: "cancelled" } }, state);
    if (state === "failed" || state === "rejected")
      return run(
        "run.failed",
        { payload: { category: `remote_${state}`, message: `remote task ${state}` } },
        state,
      );
    if (state === "working" && previous !== undefined) {
      task.resumes = (task.resumes ?? 0) + 1;
      return run("run.status", { payload: { status: "running" } }, `working:${task.resumes}`);
    }
    return undefined;
  }

  /** A run event of the task with a stable id (a task object read later restates it without a hole). */
  private runEvent(
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

  private agentEvent(
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

  private taskEvent(
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

  private requestAction(
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
  private resolveAction(task: TaskState, next: RemoteState, info: SourceInfo): AgentUiEvent {
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

  private onArtifact(rec: Extract<A2aRecord, { kind: "artifact" }>, info: SourceInfo): AgentUiEvent[] {
    const task = this.taskFor(rec.taskId, rec.contextId);
    if (task === undefined || rec.artifact.artifactId === undefined)
      return [
        this.emit.diagnostic(
          "missing_correlation",
          "warning",
          "a2a artifact update without taskId or artifactId",
          info,
        ),
      ];
    return [
      this.artifacts.chunk(
        task.taskId,
        rec.artifact,
        rec.append,
        rec.lastChunk,
        this.artifactEmit(task, info),
      ),
    ];
  }

  private artifactEmit(task: TaskState, info: SourceInfo): ArtifactEmit {
    return (type, fields) => this.emit.event(type, { ...this.remoteFields(task), ...fields }, info);
  }
}

export function createA2aAdapter(options: AdapterOptions = {}): SourceAdapter {
  return new A2aAdapter(options);
}
