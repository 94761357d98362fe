// LangGraph stream chunks → Agent UI. The root graph is the run; namespaced subgraphs are subagents
// (`research:<task id>` keeps its lineage); `__interrupt__` pauses the run on an action keyed by the
// interrupt id, and the next run on the thread (a `Command({resume})`) resolves it. Agent Server SSE ids
// make replays idempotent: a replayed id adds nothing, and events keep ids derived from the SSE id. The
// run, namespaces and messages the chunks are read within: ./run-scope.
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import type { EventFields, SourceInfo } from "../shared/emitter";
import { type JsonObject, asRecord, readArray, readString } from "../shared/record";
import type { AdapterOptions, SourceAdapter } from "../types";
import { type Chunk, isThreadState, messagesIn, normalizeChunk, normalizeMessage } from "./normalize";
import { unknownOutcome } from "./completion";
import { INTERRUPT_KEY, interruptEvents, interruptsOnly } from "./interrupts";
import { appStateOf, customFact, taskChunkPayload } from "./payloads";
import { SseReplayGuard } from "./replay";
import { LangGraphRunScope } from "./run-scope";
import { SubgraphSteps } from "./subgraph-steps";
import { TaskBook } from "./tasks";

export { LANGGRAPH_FORMAT } from "./run-scope";

/** The `error` event name (`{error, message}`) of a run cancelled on the server: a cancellation. */
export const CANCELLED_ERROR = "CancelledError";
/** The `updates` key beside a task's update replayed on resume (`{cached: true}`): not a node. */
const METADATA_KEY = "__metadata__";

export class LangGraphAdapter extends LangGraphRunScope implements SourceAdapter {
  private readonly replay = new SseReplayGuard(this.limits);
  private readonly tasks = new TaskBook(this.limits);
  private appStateJson: string | undefined;
  /** The stream has `values` mode on: a run starts with its root state (see `trailsPause`). */
  private valuesStream = false;
  /** The step an interrupt paused, while its other tasks may still report: `from` is the root state
   * the step started from (the one a resumed run opens with). */
  private pausedStep: { from: unknown } | undefined;
  /** The latest root state, and whether a root task reported an update since (the step wrote). */
  private rootState: unknown;
  private stepWrote = false;
  /** The latest root checkpoint's id: a new one is the end of a step. */
  private checkpointId: string | undefined;
  /** The open run restated the checkpoint it resumed (see `restatedPause`). */
  private pauseRestated = false;
  private readonly subgraphSteps = new SubgraphSteps(this.limits);

  push(record: unknown, index?: number, meta?: RecordMeta): AgentUiEvent[] {
    const chunk = normalizeChunk(record, meta);
    const info: SourceInfo = {
      index,
      sourceType: chunk !== undefined ? [chunk.mode, ...chunk.namespace].join("|") : undefined,
    };
    const out = this.emit.guard(record, info, () => {
      if (chunk === undefined)
        return isThreadState(record)
          ? this.onThreadState(record, info)
          : [this.emit.unsupported(record, info)];
      // A replayed SSE event was already projected (DESIGN: replays are idempotent).
      if (!this.replay.admit(chunk)) return [];
      const out = this.translate(chunk, info);
      if (chunk.sseId !== undefined) this.replay.stamp(out, chunk.sseId, this.format);
      return out;
    });
    out.push(...this.limitDiagnostics(info));
    return out;
  }

  finish(): AgentUiEvent[] {
    // Facts first: the run's end gets the same id whether or not replays were skipped. A pending
    // interrupt means paused; completed needs evidence (completion.ts); otherwise the outcome is not
    // known and is shown so, never guessed (STAT-08, FALL-01).
    const out: AgentUiEvent[] = [];
    if (this.startPending) out.push(...this.ensureRun({ namespace: [], mode: "end", payload: null }, {}));
    const ending = this.runOpen && (this.interrupts.waiting || this.completion.confirmed);
    // The input ended after the resumed run went on: the step it resumed ended too.
    if (ending || this.interrupts.hasProgressed) out.push(...this.settleResumed({}));
    if (ending) out.push(this.closeRun({}));
    else if (this.runOpen) {
      this.runOpen = false;
      out.push(...unknownOutcome(this.emit, this.baseFields()));
    }
    if (this.replay.replays > 0)
      out.push(
        this.emit.diagnostic(
          "duplicate_event",
          "info",
          `${this.replay.replays} replayed SSE event(s) were already projected and skipped`,
        ),
      );
    return out;
  }

  /** A bridge's own fact (a reasoning block), numbered in this stream with the namespace's ids. */
  extraEvent(type: string, fields: EventFields, namespace: string[], info: SourceInfo): AgentUiEvent {
    return this.emit.event(type, { ...this.nsFields(namespace), ...fields }, info);
  }

  /** `graph.getState()` / thread state: its pending interrupts are pending actions (hydration, no run). */
  private onThreadState(state: JsonObject, info: SourceInfo): AgentUiEvent[] {
    this.completion.observeThreadState(state);
    this.threadId ??= readString(asRecord(asRecord(state.config)?.configurable), "thread_id");
    const chunk: Chunk = { namespace: [], mode: "values", payload: state.values };
    const out: AgentUiEvent[] = [];
    for (const raw of messagesIn(state.values))
      out.push(...this.onMessage(chunk, normalizeMessage(raw), info, "full"));
    for (const task of readArray(state, "tasks") ?? [])
      out.push(...this.onInterrupts(chunk, asRecord(task)?.interrupts, info, true));
    return out;
  }

  private translate(chunk: Chunk, info: SourceInfo): AgentUiEvent[] {
    const payload = chunk.payload;
    switch (chunk.mode) {
      case "metadata":
        this.runId = readString(payload, "run_id") ?? this.runId;
        this.threadId = readString(payload, "thread_id") ?? this.threadId;
        this.startPending = true;
        return [];
      case "end": {
        const out = this.startPending ? this.ensureRun(chunk, info) : [];
        out.push(...this.settleResumed(info));
        if (this.runOpen) out.push(this.closeRun(info));
        return out;
      }
      case "error": {
        const out = this.startPending ? this.ensureRun(chunk, info) : [];
        out.push(...this.settleResumed(info));
        this.runOpen = false;
        // A run cancelled on the server (`runs/{id}/cancel`) ended by the user's word, not by a fault.
        if (readString(payload, "error") === CANCELLED_ERROR) {
          const reason = readString(payload, "message") ?? "run cancelled";
          const fields = {
            ...this.baseFields(),
            phase: "cancelled" as const,
            payload: { outcome: "cancelled", reason },
          };
          out.push(this.emit.event("run.finished", fields, info));
          return out;
        }
        const message =
          readString(payload, "message", "error") ?? (typeof payload === "string" ? payload : "graph error");
        out.push(
          this.emit.event(
            "run.failed",
            { ...this.baseFields(), phase: "failed", payload: { message } },
            info,
          ),
        );
        return out;
      }
      case "messages/metadata":
        return [];
    }
    if (this.interrupts.isEcho(chunk)) return [];
    const restating = chunk.mode === "checkpoints" && this.restatesPause(chunk);
    const paused = restating ? this.restatedPause(chunk, info) : [];
    const rootValues =
      chunk.mode === "values" && chunk.namespace.length === 0 && interruptsOnly(chunk) === undefined;
    const trailing = this.interrupts.waiting && !this.startPending && this.trailsPause(chunk, rootValues);
    if (rootValues) this.valuesStream = true;
    if (!trailing) this.pausedStep = undefined;
    const opening = !trailing && !this.runOpen;
    const out = trailing ? paused : [...paused, ...this.ensureRun(chunk, info)];
    if (opening) this.subgraphSteps.startRun(this.interrupts.isResuming);
    if (opening || restating) this.pauseRestated = restating;
    const bookkeeping = chunk.mode === "checkpoints" || chunk.mode === "tasks";
    if (!(rootValues && opening) && !bookkeeping && interruptsOnly(chunk) === undefined)
      this.interrupts.progress();
    // A root state after the one a run opens with ends a step (LangGraph streams the state after each
    // step), and so does a new root checkpoint: the resumed run left the step it resumed, and the
    // interrupts that step did not raise again were answered. A task of that step reporting is no proof:
    // the paused task may still ask again after it (HITL-03).
    if ((rootValues && !opening) || this.newCheckpoint(chunk)) out.push(...this.settleResumed(info));
    // A subgraph's step ended: so did the resumed step of the interrupts it (or a graph inside it) raised.
    else if (this.subgraphSteps.ended(chunk))
      out.push(...this.settleResumed(info, { namespace: chunk.namespace.join("|") }));
    if (rootValues) {
      this.rootState = chunk.payload;
      this.stepWrote = false;
    }
    this.completion.observe(chunk);
    out.push(...this.ensureNamespaces(chunk.namespace, info));
    switch (chunk.mode) {
      case "values":
        out.push(...this.onValues(chunk, info));
        break;
      case "updates":
        out.push(...this.onUpdates(chunk, info));
        break;
      case "messages":
      case "messages-tuple":
        out.push(...this.onMessageTuple(chunk, info));
        break;
      case "messages/partial":
      case "messages/complete":
        for (const raw of Array.isArray(payload) ? payload : [])
          out.push(
            ...this.onMessage(
              chunk,
              normalizeMessage(raw),
              info,
              chunk.mode === "messages/partial" ? "partial" : "full",
            ),
          );
        break;
      case "custom":
        out.push(this.onCustom(chunk, info));
        break;
      case "tasks":
        out.push(...this.onTask(chunk, info));
        break;
      case "checkpoints":
        out.push(...this.onCheckpoint(chunk, info));
        break;
      default:
        out.push(this.emit.unsupported(payload, info, `stream mode ${chunk.mode} is not mapped`));
    }
    return out;
  }

  /** A chunk after the pause that belongs to the paused step, not to the resumed run: checkpoint and
   * task bookkeeping, and another task's interrupt (LangGraph streams one `__interrupt__` update per
   * interrupting task). In a stream with `values` mode, which opens every run with its root state, the
   * step's other tasks finishing (their updates, tokens, custom data) trail it too, and so does the root
   * state that ends the step after them; the next root state opens the resumed run. */
  private trailsPause(chunk: Chunk, rootValues: boolean): boolean {
    // A resumed run opens by restating the checkpoint the graph paused at: in a stream of bookkeeping
    // modes only (`checkpoints`, `tasks`, `debug`) that is the first sign of the resume.
    if (chunk.mode === "checkpoints" && this.restatesPause(chunk)) return false;
    if (chunk.mode === "checkpoints" || chunk.mode === "tasks") return true;
    if (interruptsOnly(chunk) !== undefined) return true;
    if (!this.valuesStream || this.pausedStep === undefined) return false;
    if (!rootValues) return true;
    // LangGraph streams the paused step's closing state only when one of its tasks wrote (before or
    // after the interrupt); a resumed run opens with the state the step started from.
    const { from } = this.pausedStep;
    this.pausedStep = undefined;
    return this.stepWrote || JSON.stringify(chunk.payload) !== JSON.stringify(from);
  }

  /** A resumed run opens by restating the checkpoint the graph paused at; its tasks list what the pause
   * waits on. The interrupts no chunk showed before (a stream of `checkpoints` alone shows a pause only
   * so) paused the run before it, and so do the ones that run resumed when the checkpoint is restated
   * again (a run restates its pause once: a second restatement opens the next run). That run closes
   * interrupted on them; the resumed run then opens and resumes them (HITL-03). */
  private restatedPause(chunk: Chunk, info: SourceInfo): AgentUiEvent[] {
    const again = this.pauseRestated && this.runOpen;
    const body = asRecord(chunk.payload);
    const state: Chunk = { namespace: [], mode: "values", payload: body?.values ?? {} };
    const out: AgentUiEvent[] = [];
    for (const task of readArray(body, "tasks") ?? [])
      out.push(...this.onInterrupts(state, asRecord(task)?.interrupts, info, !again));
    return out;
  }

  /** A root checkpoint with the latest root checkpoint's id: the paused one, restated by a resumed run. */
  private restatesPause(chunk: Chunk): boolean {
    if (chunk.namespace.length > 0 || this.checkpointId === undefined) return false;
    const config = asRecord(asRecord(asRecord(chunk.payload)?.config)?.configurable);
    return readString(config, "checkpoint_id") === this.checkpointId;
  }

  /** A root checkpoint not seen before: a step ended (a resumed run opens by restating the paused one). */
  private newCheckpoint(chunk: Chunk): boolean {
    if (chunk.mode !== "checkpoints" || chunk.namespace.length > 0) return false;
    const config = asRecord(asRecord(asRecord(chunk.payload)?.config)?.configurable);
    const id = readString(config, "checkpoint_id");
    if (id === undefined) return false;
    const before = this.checkpointId;
    this.checkpointId = id;
    return before !== undefined && before !== id;
  }

  private onMessageTuple(chunk: Chunk, info: SourceInfo): AgentUiEvent[] {
    const [raw, meta] = Array.isArray(chunk.payload) ? chunk.payload : [chunk.payload, undefined];
    const out = this.learnThread(readString(meta, "thread_id"), info);
    const message = normalizeMessage(raw);
    // `messages` mode sends, per message id, either its streamed tokens or (from a node that did not
    // stream) the whole message once, never both. The Agent Server types a token `ai` like a whole
    // message, so an untyped `ai` item is a delta: a whole message is then its one and only delta.
    if (message?.kind === "ai" && !message.chunkKnown) message.chunk = true;
    out.push(...this.onMessage(chunk, message, info, "as-is"));
    return out;
  }

  private onValues(chunk: Chunk, info: SourceInfo): AgentUiEvent[] {
    const body = asRecord(chunk.payload);
    if (body === undefined)
      return [this.emit.unsupported(chunk.payload, info, "values chunk is not an object")];
    const out = this.onInterrupts(chunk, body[INTERRUPT_KEY], info);
    // State messages are complete (even when typed AIMessageChunk): finals that reconcile the stream.
    for (const raw of messagesIn(body))
      out.push(...this.onMessage(chunk, normalizeMessage(raw), info, "full"));
    if (chunk.namespace.length === 0) out.push(...this.appState(body, info));
    return out;
  }

  private appState(body: JsonObject, info: SourceInfo): AgentUiEvent[] {
    const rest = appStateOf(body, INTERRUPT_KEY);
    if (rest === undefined) return [];
    const safe = this.safe(rest) as JsonObject;
    const json = JSON.stringify(safe);
    if (json === this.appStateJson) return [];
    this.appStateJson = json;
    return [this.emit.event("state.snapshot", { ...this.baseFields(), payload: { appState: safe } }, info)];
  }

  private onUpdates(chunk: Chunk, info: SourceInfo): AgentUiEvent[] {
    const body = asRecord(chunk.payload);
    if (body === undefined)
      return [this.emit.unsupported(chunk.payload, info, "updates chunk is not an object")];
    const out: AgentUiEvent[] = [];
    for (const [node, update] of Object.entries(body)) {
      if (node === INTERRUPT_KEY) {
        out.push(...this.onInterrupts(chunk, update, info));
        continue;
      }
      if (chunk.namespace.length === 0 && node !== METADATA_KEY) this.stepWrote = true;
      for (const raw of messagesIn(update))
        out.push(...this.onMessage(chunk, normalizeMessage(raw), info, "full"));
      out.push(...this.namespaces.completeChildren(chunk.namespace.join("|"), node, this.nsEmit(info)));
    }
    return out;
  }

  /** `interrupt()` pauses the whole graph: an action keyed by the interrupt id, and the run ends paused. */
  /** `restated`: a checkpoint's or thread state's tasks, which list the interrupts a resumed run is
   * going past until its step completes: they raise new ones, never re-raise a resumed one. */
  private onInterrupts(chunk: Chunk, list: unknown, info: SourceInfo, restated = false): AgentUiEvent[] {
    const { raised, repended } = this.interrupts.raise(chunk, list, (v) => this.safe(v), restated);
    const out = interruptEvents(raised, {
      fact: (type, fields, ids) => this.fact(chunk, type, fields, ids),
      nsFields: this.nsFields(chunk.namespace),
      baseFields: this.baseFields(),
      openTools: raised.length > 0 ? this.book.openTools() : [],
      info,
    });
    if ((out.length > 0 || repended) && this.runOpen) {
      out.push(this.closeRun(info));
      // Only a raised `interrupt()` pauses a step whose other tasks may still report; interrupts a
      // checkpoint restates (a stream read from its middle) leave the next execution to the resume.
      this.pausedStep = restated ? undefined : { from: this.rootState };
    }
    return out;
  }

  /** App-defined `custom` payloads: progress-shaped ones update the subgraph's capsule; the rest is app state. */
  private onCustom(chunk: Chunk, info: SourceInfo): AgentUiEvent {
    const title = chunk.namespace.length > 0 ? this.namespaces.node(chunk.namespace.join("|")) : undefined;
    const { type, fields } = customFact(chunk, title, (v) => this.safe(v));
    const scope = type === "task.changed" ? this.nsFields(chunk.namespace) : this.baseFields();
    return this.emit.event(type, { ...scope, ...fields }, info);
  }

  /** Agent Server `tasks` mode: node task start (with triggers) and finish (with result or error). */
  private onTask(chunk: Chunk, info: SourceInfo): AgentUiEvent[] {
    const body = asRecord(chunk.payload);
    const taskId = readString(body, "id");
    if (body === undefined || taskId === undefined)
      return [this.emit.unsupported(chunk.payload, info, "task chunk without id")];
    const payload = taskChunkPayload(body);
    // A resumed run announces the paused step's finished tasks again; they do not run (./tasks).
    if (!this.tasks.admit(taskId, payload.status)) return [];
    const out = [
      this.emit.event("task.changed", { ...this.nsFields(chunk.namespace), taskId, payload }, info),
    ];
    // A task result that paused on `interrupt()` lists its interrupts (no `updates` needed to see them).
    out.push(...this.onInterrupts(chunk, body.interrupts, info));
    // A node's task that completed has returned from the subgraphs it ran, as its update says in
    // `updates` mode (a stream of bookkeeping modes only has this).
    const node = readString(body, "name");
    if (payload.status === "completed" && node !== undefined)
      out.push(...this.namespaces.completeChildren(chunk.namespace.join("|"), node, this.nsEmit(info)));
    return out;
  }

  /** `checkpoints` mode: a state snapshot per step (`{values, next, tasks[].interrupts}`), restating what
   * `values` says, for the chunk's own namespace (a subgraph's checkpoint stays the subgraph's). */
  private onCheckpoint(chunk: Chunk, info: SourceInfo): AgentUiEvent[] {
    const body = asRecord(chunk.payload);
    const state: Chunk = { namespace: chunk.namespace, mode: "values", payload: body?.values ?? {} };
    const out = this.onValues(state, info);
    for (const task of readArray(body, "tasks") ?? [])
      out.push(...this.onInterrupts(state, asRecord(task)?.interrupts, info, true));
    return out;
  }
}

export function createLangGraphAdapter(options: AdapterOptions = {}): SourceAdapter {
  return new LangGraphAdapter(options);
}
