// The scope a LangGraph stream is translated in: the run it belongs to (opened by its first chunk or a
// `metadata` event, closed paused, completed or unknown), the thread and subgraph namespaces its events
// are owned by, and the messages it streams (text reconciled per message id, tool calls, the user's own
// words). ./adapter reads each stream mode's chunks into facts within this scope.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { Emitter, type EventFields, type SourceInfo } from "../shared/emitter";
import { compact } from "../shared/record";
import { BoundedTable, LimitNotices, limitDiagnostics } from "../shared/bounded";
import { type GrownText, grownSuffix, grownText } from "../shared/growing-text";
import { restatedEvent } from "../shared/restated";
import { type SafeOptions, safeOptionsOf, safeValue } from "../shared/safe-payload";
import type { AdapterOptions } from "../types";
import { CompletionEvidence, closedRun } from "./completion";
import { InterruptBook, type SettleScope, resumeEvents } from "./interrupts";
import { MessageBook, type MessageSink, translateMessage } from "./messages";
import { type NamespaceEmit, NamespaceBook } from "./namespaces";
import { type Chunk, type LcMessage, runInputOf } from "./normalize";

export const LANGGRAPH_FORMAT = "langgraph";
/** `messages/partial` messages followed at once (a complete one is forgotten). */
export const MAX_PARTIAL_MESSAGES = 1024;
const EMPTY: GrownText = { length: 0, tail: "" };

export class LangGraphRunScope {
  protected readonly emit: Emitter;
  protected runOpen = false;
  /** A `metadata` event announced a run: it starts with the next chunk, which carries its input. */
  protected startPending = false;
  protected runId: string | undefined;
  protected threadId: string | undefined;
  /** Tables that reached their cap, reported once each (`limitDiagnostics`); a bridge's own tables
   * report here too. */
  readonly limits = new LimitNotices();
  protected readonly namespaces = new NamespaceBook(this.limits);
  /** What was streamed of each `messages/partial` message not yet complete (its length and tail). */
  private readonly partialText = new BoundedTable<GrownText>(
    {
      table: "partial message",
      cap: MAX_PARTIAL_MESSAGES,
      consequence: "a new one while all are open is stated whole on every update, replacing its text",
    },
    this.limits,
  );
  protected readonly book = new MessageBook(this.limits);
  protected readonly interrupts = new InterruptBook(this.limits);
  protected readonly completion = new CompletionEvidence();

  private readonly safeOptions: SafeOptions;

  /** `format`: the wire a bridge translated into these chunks (protocol v2), as `source.format`. */
  constructor(
    options: AdapterOptions,
    readonly format: string = LANGGRAPH_FORMAT,
  ) {
    this.emit = new Emitter(format, options);
    this.safeOptions = safeOptionsOf(options);
  }

  /** Redacts and offloads a source value with the adapter's `largePayloadBytes`. */
  protected safe(value: unknown): unknown {
    return safeValue(value, this.safeOptions);
  }

  protected baseFields(): EventFields {
    return compact<EventFields>({ threadId: this.threadId, runId: this.runId });
  }

  protected nsFields(namespace: string[]): EventFields {
    if (namespace.length === 0) return this.baseFields();
    return { ...this.baseFields(), agentId: namespace.join("|"), runtimeEntity: "subagent_turn" };
  }

  protected ensureRun(chunk: Chunk, info: SourceInfo): AgentUiEvent[] {
    this.startPending = false;
    if (this.runOpen) return [];
    this.runOpen = true;
    this.completion.reset();
    const payload = runInputOf(chunk, this.book.humans);
    // A run before this one went past what it had resumed.
    const out = this.settleResumed(info);
    out.push(this.emit.event("run.started", { ...this.baseFields(), phase: "submitted", payload }, info));
    // A new run on a paused thread is the resume (`Command({resume})`): its interrupts are resolved
    // once it goes past them (`settleResumed`); the ones it raises again stay pending.
    this.interrupts.resume();
    return out;
  }

  /** `action.resolved` for the interrupts the resumed run went past (see InterruptBook.settle); with a
   * scope, only those a subgraph's ended step raised, or those gating a tool call that reported. */
  protected settleResumed(info: SourceInfo, scope?: SettleScope): AgentUiEvent[] {
    return resumeEvents(this.interrupts, this.baseFields(), this.emit, info, scope);
  }

  /** One `source_limit_exceeded` warning per table the first time it reached its cap. */
  limitDiagnostics(info: SourceInfo): AgentUiEvent[] {
    return limitDiagnostics(this.emit, this.limits, info, this.baseFields());
  }

  protected closeRun(info: SourceInfo): AgentUiEvent {
    this.runOpen = false;
    return closedRun(this.emit, this.baseFields(), this.interrupts, info);
  }

  protected nsEmit(info: SourceInfo): NamespaceEmit {
    return (type, fields, key) =>
      this.emit.event(
        type,
        { ...this.baseFields(), ...fields },
        key !== undefined ? { ...info, sourceEventId: key } : info,
      );
  }

  protected ensureNamespaces(namespace: string[], info: SourceInfo): AgentUiEvent[] {
    return this.namespaces.announce(namespace, this.threadId, this.nsEmit(info));
  }

  protected learnThread(threadId: string | undefined, info: SourceInfo): AgentUiEvent[] {
    if (threadId === undefined || this.threadId !== undefined) return [];
    this.threadId = threadId;
    return this.namespaces.learnThread(threadId, this.nsEmit(info));
  }

  /** Facts read from a `values` state (or a thread state) restate what earlier chunks or runs may have
   * delivered: stable ids, no stream position (see shared/restated). */
  protected fact(chunk: Chunk, type: string, fields: EventFields, info: SourceInfo): AgentUiEvent {
    return chunk.mode === "values"
      ? restatedEvent(this.emit, type, fields, info)
      : this.emit.event(type, fields, info);
  }

  protected sink(chunk: Chunk, info: SourceInfo): MessageSink {
    const fields = this.nsFields(chunk.namespace);
    return {
      emit: (type, eventFields, key, restated) => {
        const ids = key !== undefined ? { ...info, sourceEventId: key } : info;
        const all = { ...fields, ...eventFields };
        return restated === true
          ? restatedEvent(this.emit, type, all, ids)
          : this.fact(chunk, type, all, ids);
      },
      message: (id) => this.book.message(id),
      final: (id, text) => this.book.final(id, text),
      tool: (id) => this.book.tool(id),
      finished: (kind, id) => this.book.finished(kind, id),
      chunkCall: (messageId, index, id) => this.book.chunkCall(messageId, index, id),
      safe: (value) => this.safe(value),
      // A human message the run did not start with (a stream opened by `metadata` or a checkpoint,
      // a thread state, history): the user's text, keyed by its id so every restatement is one fact.
      human: (message) => {
        if (message.id === undefined || this.book.humans.has(message.id)) return [];
        this.book.humans.add(message.id);
        const payload = { text: message.text, role: "user" };
        const fields = { ...this.baseFields(), messageId: message.id, payload };
        return [this.fact(chunk, "text.final", fields, { ...info, sourceEventId: `message:${message.id}` })];
      },
    };
  }

  protected onMessage(
    chunk: Chunk,
    message: LcMessage | undefined,
    info: SourceInfo,
    as: "as-is" | "full" | "partial",
  ): AgentUiEvent[] {
    if (message === undefined) return [];
    if (as === "full") {
      message.chunk = false;
      if (message.id !== undefined) this.partialText.delete(message.id);
    }
    if (as === "partial" && message.kind === "ai") {
      // Partial messages restate the text so far: stream the new suffix, or replace when it diverged
      // (or when it cannot be followed: the table is full). A message without id shows no text.
      if (message.id !== undefined) {
        const before = this.partialText.get(message.id) ?? EMPTY;
        const tracked = this.partialText.set(message.id, grownText(message.text));
        const suffix = tracked ? grownSuffix(before, message.text) : undefined;
        message.chunk = suffix !== undefined;
        if (suffix !== undefined) message.text = suffix;
      } else message.chunk = true; // a delta of its tool calls only: text without id is not shown
      // Its tool calls are partial too (args parsed from the JSON so far, chunks restating it): their
      // rows start here, their input is the complete message's, with or without a message id.
      message.toolCallChunks = message.toolCalls.map(({ id, name }) => ({ id, name }));
      message.toolCalls = [];
    }
    const out = translateMessage(message, this.sink(chunk, info));
    // The tool call an interrupt gated has its result: the graph went past that interrupt.
    if (message.kind === "tool" && message.toolCallId !== undefined)
      out.push(...this.settleResumed(info, { toolCallId: message.toolCallId }));
    return out;
  }
}
