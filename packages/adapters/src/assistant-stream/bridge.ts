// assistant-ui's `assistant-stream` chunks and the AI SDK 4 data stream say the same things the AI SDK
// UI message stream says (text and reasoning parts, tools with streamed input, approvals, results,
// sources, data parts, step and message finish), addressed differently. Their readers translate each
// record into UI message chunks and hand them to one AI SDK adapter instance (one home for the mapping
// of those facts); this bridge runs it under the wire's own format name and adds what the UI message
// stream has no word for: parts written on behalf of a subagent (`parentId`).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { AiSdkAdapter } from "../ai-sdk/adapter";
import { BoundedTable, type LimitNotices } from "../shared/bounded";
import { safeSummary } from "../shared/emitter";
import type { JsonObject } from "../shared/record";
import type { AdapterOptions } from "../types";

/** One UI message chunk and, when the source wrote it for a subagent, that subagent's id. */
export interface BridgedChunk {
  chunk: JsonObject;
  parentId?: string;
}

/** Subagents (`parentId`s) remembered as announced; the oldest forgotten first. */
export const MAX_SUBAGENTS = 1024;

export class UiChunkBridge {
  private readonly inner: AiSdkAdapter;
  /** Subagents announced so far. */
  private readonly agents: BoundedTable<true>;
  /** A `start` was fed (the stream's own, or the one the bridge opened). */
  private started = false;

  constructor(
    readonly format: string,
    options: AdapterOptions,
  ) {
    this.inner = new AiSdkAdapter(options, format);
    this.agents = new BoundedTable(
      {
        table: "subagent",
        cap: MAX_SUBAGENTS,
        consequence: "the oldest are forgotten; a forgotten subagent writing again is announced again",
      },
      this.inner.limits,
      true,
    );
  }

  /** Where a full table is reported (the AI SDK adapter states it with the record's events). */
  get limits(): LimitNotices {
    return this.inner.limits;
  }

  /** Reads one source record through the wire reader's `translate` (its UI chunks, or why it cannot be
   * read): the chunks are fed, a reason or a reader error becomes a diagnostic about the record. */
  read(
    record: unknown,
    index: number | undefined,
    sourceType: string,
    translate: () => BridgedChunk[] | string,
  ): AgentUiEvent[] {
    try {
      const chunks = translate();
      if (typeof chunks === "string") return [this.unsupported(record, index, chunks)];
      return this.feed(chunks, index, sourceType);
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 200) : "unknown error";
      return [this.unsupported(record, index, `adapter error: ${reason}`)];
    }
  }

  /** Feeds one source record's translation. A wire with no `start` chunk gets one before its first fact
   * (and after each message's finish), so each response is opened exactly once. */
  feed(chunks: readonly BridgedChunk[], index: number | undefined, sourceType: string): AgentUiEvent[] {
    const out: AgentUiEvent[] = [];
    for (const { chunk, parentId } of chunks) {
      if (chunk.type === "start") {
        if (this.started) continue;
        this.started = true;
      } else if (!this.started) {
        this.started = true;
        out.push(...this.inner.push({ type: "start" }, index));
      }
      if (parentId !== undefined) out.push(...this.announce(parentId, index, sourceType));
      // After a message's finish, what follows (a continuation stream) is a new response.
      if (chunk.type === "finish") this.started = false;
      const events = this.inner.push(chunk, index);
      for (const event of events) {
        if (event.source !== undefined) event.source.sourceType = sourceType;
        if (parentId !== undefined && event.type !== "diagnostic.changed") {
          // The subagent's parts are its own message in its own transcript.
          event.agentId = parentId;
          event.runtimeEntity = "subagent_turn";
          if (event.messageId !== undefined) event.messageId = `${event.messageId}:${parentId}`;
        }
        out.push(event);
      }
    }
    return out;
  }

  /** A record this wire's reader does not understand: a diagnostic describing the source record. */
  unsupported(record: unknown, index: number | undefined, reason: string): AgentUiEvent {
    const payload = {
      code: "unsupported_source_event",
      severity: "warning",
      message: `${this.format} record${index !== undefined ? ` #${index}` : ""}: ${reason}`,
      summary: safeSummary(record),
    };
    return this.inner.extraEvent("diagnostic.changed", { payload }, index);
  }

  finish(): AgentUiEvent[] {
    return this.inner.finish();
  }

  private announce(parentId: string, index: number | undefined, sourceType: string): AgentUiEvent[] {
    if (this.agents.has(parentId)) return [];
    this.agents.add(parentId);
    return [
      this.inner.extraEvent(
        "agent.spawned",
        {
          agentId: parentId,
          runtimeEntity: "subagent_turn",
          phase: "acting",
          payload: { agentName: parentId, role: "subagent", status: "running" },
        },
        index,
        sourceType,
      ),
    ];
  }
}
