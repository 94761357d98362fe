// A2A task stream → a remote teammate (TEAM-11, TEAM-12 `external_task`, REM-01/02). The remote agent's
// task is a teammate's task: its status drives `agent.changed` / `task.changed`, its status messages are
// the teammate's transcript (never user speech, never the parent's answer), its artifact chunks build
// one artifact, and input-required / auth-required become actions resolved when the task continues.
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { BoundedTable, LimitNotices, limitDiagnostics } from "../shared/bounded";
import { Emitter, type EventFields, type SourceInfo } from "../shared/emitter";
import { restatedEvent } from "../shared/restated";
import { type SafeOptions, safeOptionsOf } from "../shared/safe-payload";
import type { AdapterOptions, SourceAdapter } from "../types";
import type { JsonObject } from "../shared/record";
import { ArtifactBook, type ArtifactEmit } from "./artifacts";
import { partCitations, partData } from "./parts";
import { type A2aMessage, type A2aRecord, type RemoteState, normalizeRecord, textOf } from "./normalize";
import { PHASE, TERMINAL } from "./states";
import { RemoteTaskEvents, type TaskState } from "./task-events";

export const A2A_FORMAT = "a2a";
/** Message ids remembered so a task's history restating a message adds nothing; oldest forgotten first. */
export const MAX_SEEN_MESSAGES = 4096;
/** Remote tasks remembered; ended ones are forgotten first, then the oldest. */
export const MAX_TASKS = 4096;

class A2aAdapter implements SourceAdapter {
  readonly format = A2A_FORMAT;
  private readonly emit: Emitter;
  /** Tables that reached their cap, each reported once. */
  private readonly limits = new LimitNotices();
  private readonly tasks = new BoundedTable<TaskState>(
    {
      table: "task",
      cap: MAX_TASKS,
      consequence:
        "ended tasks are forgotten first, then the oldest; a forgotten task reporting again starts anew",
    },
    this.limits,
    true,
  );
  private readonly seenMessages = new BoundedTable<true>(
    {
      table: "message",
      cap: MAX_SEEN_MESSAGES,
      consequence: "the oldest are forgotten; a task history restating one states it again",
    },
    this.limits,
    true,
  );
  private readonly artifacts: ArtifactBook;

  private readonly events: RemoteTaskEvents;
  private readonly safe: SafeOptions;
  /** Whether app-state `/a2aData` exists yet (created by the first message data part). */
  private dataRootCreated = false;

  constructor(options: AdapterOptions) {
    this.emit = new Emitter(A2A_FORMAT, options);
    this.events = new RemoteTaskEvents(this.emit, options.sessionId);
    this.safe = safeOptionsOf(options);
    this.artifacts = new ArtifactBook(this.safe, this.limits);
  }

  push(record: unknown, index?: number, _meta?: RecordMeta): AgentUiEvent[] {
    const normalized = normalizeRecord(record);
    // The remote status time stamps every fact this record yields (ENV-04).
    this.events.timestamp =
      normalized.kind === "task" || normalized.kind === "status" ? normalized.timestamp : undefined;
    const info: SourceInfo = { index, sourceType: normalized.kind };
    const out = this.emit.guard(record, info, () => this.translate(record, normalized, info));
    out.push(...limitDiagnostics(this.emit, this.limits, info));
    return out;
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
            this.events.remoteFields(task),
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
        ? this.events.remoteFields(task)
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
    const remote = task.taskId !== "" ? this.events.remoteFields(task) : { agentId: task.agentId };
    for (const ref of partCitations(message.parts, { messageId }))
      out.push(
        this.emit.event(
          "evidence.changed",
          { ...remote, evidenceId: String(ref.id), messageId, payload: { citations: [ref] } },
          { ...info, sourceEventId: `cite:${messageId ?? ""}:${String(ref.id)}` },
        ),
      );
    const data = partData(message.parts, this.safe);
    if (data.length === 0) return out;
    if (messageId === undefined) {
      // App state keys a message's data by its id: without one there is nowhere to keep it (STATE-01).
      const reason = `a2a data parts of a message without a messageId are not kept (${data.length})`;
      out.push(this.emit.diagnostic("missing_correlation", "warning", reason, info));
      return out;
    }
    const patch: JsonObject[] = [];
    if (!this.dataRootCreated) patch.push({ op: "add", path: "/a2aData", value: {} });
    this.dataRootCreated = true;
    const key = messageId.replace(/~/g, "~0").replace(/\//g, "~1");
    patch.push({ op: "add", path: `/a2aData/${key}`, value: data });
    out.push(this.emit.event("state.delta", { ...remote, messageId, payload: { patch } }, info));
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
    // A failed task's status message is why it failed: it goes on the failed run (STAT-07), never into
    // the answer.
    const failing = state === "failed" || state === "rejected";
    if (message !== undefined && message.role !== "user" && !failing)
      out.push(...this.teammateMessage(task, message, info, fromTask));
    // A re-published task (every A2A turn starts with one) repeats a status already projected.
    if (state === task.state && (message === undefined || !fresh)) return out;
    if (task.pendingActionId !== undefined && state !== task.state)
      out.push(this.events.resolveAction(task, state, info));
    const previous = task.state;
    task.state = state;
    if (TERMINAL.has(state)) this.tasks.close(task.taskId);
    else this.tasks.reopen(task.taskId);
    const statusText = message !== undefined ? textOf(message.parts).text : undefined;
    if (previous === undefined)
      out.push(this.events.runEvent(task, "run.started", { phase: PHASE[state] }, "started", info, fromTask));
    out.push(this.events.agentEvent(task, state, previous === undefined, statusText, info));
    out.push(this.events.taskEvent(task, state, statusText, info));
    if ((state === "input_required" || state === "auth_required") && task.pendingActionId === undefined)
      out.push(this.events.requestAction(task, state, message, statusText, info));
    const run = this.events.runOutcome(
      task,
      state,
      previous,
      info,
      fromTask,
      failing ? statusText : undefined,
    );
    if (run !== undefined) out.push(run);
    return out;
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
    return (type, fields) => this.emit.event(type, { ...this.events.remoteFields(task), ...fields }, info);
  }
}

export function createA2aAdapter(options: AdapterOptions = {}): SourceAdapter {
  return new A2aAdapter(options);
}
