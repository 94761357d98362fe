// Per-stream state of the AG-UI adapter and the helper that stamps every output with the run context.
// AG-UI events carry no ids of their own, so the run's thread/run ids (from RUN_STARTED) and the
// message/tool buffers live here. Buffers hold chunk arrays joined once at the end (linear time).
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { CappedText } from "../shared/capped-text";
import { BoundedTable, LimitNotices } from "../shared/bounded";
import type { Emitter, EventFields, SourceInfo } from "../shared/emitter";
import { type JsonObject, readNumber, readString } from "../shared/record";
import type { SafeOptions } from "../shared/safe-payload";
import type { TextBudget } from "../shared/capped-text";
import { partTextBudget } from "../shared/part-text";
import { Conversation } from "./conversation";

/** The subagent an AG-UI event was written for: `subagentRunId` (AG-UI 1.0), else `subagentId`. */
export function subagentOf(record: JsonObject): { agentId: string; subagentId: string } | undefined {
  const agentId = readString(record, "subagentRunId", "subagentId");
  return agentId !== undefined ? { agentId, subagentId: agentId } : undefined;
}

export interface OpenMessage {
  kind: "text" | "reasoning";
  /** Opened by a `*_START` (must see its `*_END`), not by a chunk. */
  started?: boolean;
  role?: string;
  agentId?: string;
  /** The text streamed so far (within the open parts' budget), for the final. */
  text: CappedText;
}

export interface OpenToolCall {
  name?: string;
  messageId?: string;
  args: CappedText;
  ended: boolean;
  /** The run the call started in (RUN_ERROR fails the calls of its own run only). */
  runId?: string;
}

/** Activities whose content is kept for their deltas; the oldest forgotten first. */
export const MAX_ACTIVITIES = 1024;
/** Interrupts remembered with the tool call each gates; resumed ones forgotten first. */
export const MAX_INTERRUPT_TOOLS = 1024;
/** Subagent names remembered; finished ones forgotten first. */
export const MAX_SUBAGENTS = 1024;
/** Text and reasoning messages open at once; past it the one opened longest ago ends (its final). */
export const MAX_OPEN_MESSAGES = 1024;
/** Tool calls awaiting their result; those whose arguments ended forgotten first, then the oldest. */
export const MAX_TOOL_CALLS = 4096;

export const OPEN_MESSAGES_LIMIT = {
  table: "open message",
  cap: MAX_OPEN_MESSAGES,
  consequence: "the message opened longest ago ends early: its text so far is stated final",
};

export class AguiState {
  /** Tables that reached their cap, each reported once (the adapter states them as diagnostics). */
  readonly limits = new LimitNotices();
  threadId?: string;
  runId?: string;
  /** Events emitted in the current run: with the run id, a stable event id (AG-UI has none). */
  runEventCount = 0;
  /** Run lifecycle as the AG-UI verifier sees it: events outside a run are protocol violations.
   * `running` is a run no RUN_STARTED opened (already reported), `started` one that RUN_STARTED opened. */
  runPhase: "none" | "running" | "started" | "finished" | "failed" = "none";
  /** Open text/reasoning messages by id, with the text seen so far. */
  readonly messages = new Map<string, OpenMessage>();
  /** What the open messages' texts keep together (`MAX_PART_TEXT_CHARS`). */
  readonly textBudget: TextBudget = partTextBudget();
  /** The last message id a `*_CHUNK` event named (later chunks may omit it). */
  lastChunkMessageId?: string;
  lastChunkToolCallId?: string;
  /** Calls awaiting their result (closed once their arguments ended). */
  readonly toolCalls = new BoundedTable<OpenToolCall>(
    {
      table: "tool call",
      cap: MAX_TOOL_CALLS,
      consequence:
        "calls whose arguments ended are forgotten first, then the oldest; a run error does not fail a forgotten call, and its later chunks start it again",
    },
    this.limits,
    true,
  );
  /** Token totals of the stream so far, by metric name (RUN_FINISHED / RUN_ERROR `usage`). */
  readonly usage: Record<string, number> = {};
  /** Activity content by message id, so ACTIVITY_DELTA patches can be applied. */
  readonly activities = new BoundedTable<{ activityType?: string; content: unknown }>(
    {
      table: "activity",
      cap: MAX_ACTIVITIES,
      consequence:
        "the oldest are forgotten; a delta to a forgotten activity is reported as before its snapshot",
    },
    this.limits,
    true,
  );
  /** Interrupt id → tool call it gates, so a resume can close the same tool row. */
  readonly interruptTools = new BoundedTable<string>(
    {
      table: "interrupt",
      cap: MAX_INTERRUPT_TOOLS,
      consequence:
        "resumed ones are forgotten first, then the oldest; resuming a forgotten one leaves its tool open",
      warnOnlyForOpen: true,
    },
    this.limits,
    true,
  );
  /** The message ids the SDK's reducer holds, for MESSAGES_SNAPSHOT removals. */
  readonly conversation = new Conversation();
  /** Subagent run id → name, for attribution of its messages. */
  readonly subagents = new BoundedTable<string | undefined>(
    {
      table: "subagent",
      cap: MAX_SUBAGENTS,
      consequence:
        "finished ones are forgotten first, then the oldest; a forgotten one's later events do not name it",
      warnOnlyForOpen: true,
    },
    this.limits,
    true,
  );
}

export class AguiContext {
  constructor(
    readonly emitter: Emitter,
    readonly state: AguiState,
    readonly safe: SafeOptions,
    private readonly event: JsonObject,
    private readonly info: SourceInfo,
  ) {}

  get record(): JsonObject {
    return this.event;
  }

  /** One output event, stamped with the run's ids, the source timestamp and the source reference. */
  emit(type: string, fields: EventFields = {}): AgentUiEvent {
    // One object per event: the run's ids first, the handler's fields over them (the order a spread of
    // the two would give), handed to the emitter to become the event itself.
    const event: EventFields = {};
    const threadId = readString(this.event, "threadId") ?? this.state.threadId;
    const runId = readString(this.event, "runId") ?? this.state.runId;
    if (threadId !== undefined) event.threadId = threadId;
    if (runId !== undefined) event.runId = runId;
    const timestamp = timestampOf(this.event);
    if (timestamp !== undefined) event.timestamp = timestamp;
    // Redelivering a run yields the same ids (dedupe), while two runs never collide.
    event.eventId = `ag-ui:${runId ?? threadId ?? "stream"}:${++this.state.runEventCount}`;
    for (const key in fields) event[key] = fields[key];
    return this.emitter.event(type, event, this.info, true);
  }

  /** The same event context over another record (a handler that derives a field never edits the source). */
  withRecord(record: JsonObject): AguiContext {
    return new AguiContext(this.emitter, this.state, this.safe, record, this.info);
  }

  diagnostic(
    code: string,
    severity: "error" | "warning" | "info",
    message: string,
    summary?: JsonObject,
  ): AgentUiEvent {
    return this.emit("diagnostic.changed", {
      payload: { code, severity, message, ...(summary ? { summary } : {}) },
    });
  }

  unsupported(reason: string): AgentUiEvent {
    return this.emitter.unsupported(this.event, this.info, reason);
  }
}

function timestampOf(event: JsonObject): string | undefined {
  const ms = readNumber(event, "timestamp");
  if (ms !== undefined) {
    const date = new Date(ms);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  }
  return readString(event, "timestamp");
}
