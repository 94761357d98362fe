// LangChain messages → text, tool and user facts. Streamed AIMessageChunks append deltas under the
// message id; the complete message (from `updates`, `values` or a full `messages` item) is the final
// that replaces them, emitted once per distinct text. Tool calls open rows keyed by the call id and
// ToolMessages close them, so every source of the same fact lands on the same id.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { BoundedTable, type LimitNotices, type TableLimit } from "../shared/bounded";
import type { EventFields } from "../shared/emitter";
import { compact, parseJson } from "../shared/record";
import { safeText } from "../shared/safe-payload";
import { safePreview } from "../shared/safe-preview";
import type { LcMessage } from "./normalize";

export interface MessageTrack {
  streamed: boolean;
  /** A final was stated. */
  finalized: boolean;
  /** The final text, when at most MAX_FINAL_TEXT_CHARS long: a restatement with the same text adds
   * nothing. */
  finalText?: string;
}

export interface ToolTrack {
  started: boolean;
  argsComplete: boolean;
  terminal: boolean;
}

/** Messages, tool calls and human messages tracked at once; finished ones are forgotten first. */
export const MAX_MESSAGES = 4096;
export const MAX_TOOL_CALLS = 4096;
export const MAX_HUMAN_MESSAGES = 4096;
/** Streamed tool-call chunk positions (message id and index → call id); the oldest are forgotten. */
export const MAX_CHUNK_CALLS = 1024;
/** Characters of a message's final text kept to recognize its restatements (per message, so the
 * message table keeps at most MAX_MESSAGES times as many). */
export const MAX_FINAL_TEXT_CHARS = 65_536;

const FINAL_TEXT_LIMIT: TableLimit = {
  table: "final text",
  cap: MAX_FINAL_TEXT_CHARS,
  consequence: "a longer final is stated whole but not kept: each restatement of it is stated again",
};

const RESTATED =
  "the oldest finished ones are forgotten; a restatement of one is stated again under the same event id";

/** Per-adapter bookkeeping of messages, tool calls and streamed tool-call chunks, by id. Bounded: a
 * message is finished once its final text is known, a tool call once its result is; finished entries
 * are forgotten first, then the oldest open ones (a message streamed long ago and never finalized, a
 * call long unanswered). */
export class MessageBook {
  private readonly messages: BoundedTable<MessageTrack>;
  private readonly tools: BoundedTable<ToolTrack>;
  private readonly chunkCalls: BoundedTable<string>;
  /** Human message ids already seen (a run's input is the newest unseen one). */
  readonly humans: BoundedTable<true>;

  constructor(private readonly notices: LimitNotices) {
    // A message streamed long ago and never finalized (`messages` mode has no finals) is forgotten too:
    // only a final with no text needs to know it streamed.
    const messages = `${RESTATED}, then the oldest streamed ones`;
    this.messages = new BoundedTable(
      { table: "message", cap: MAX_MESSAGES, consequence: messages },
      notices,
      true,
    );
    // An open call forgotten still completes: its result implies its start.
    const tools = `${RESTATED}, then the oldest open ones (an interrupt no longer says it holds them)`;
    this.tools = new BoundedTable(
      { table: "tool call", cap: MAX_TOOL_CALLS, consequence: tools },
      notices,
      true,
    );
    const chunkCalls = "the oldest are forgotten; a later chunk naming only a forgotten index is skipped";
    this.chunkCalls = new BoundedTable(
      { table: "tool call chunk", cap: MAX_CHUNK_CALLS, consequence: chunkCalls },
      notices,
      true,
    );
    this.humans = new BoundedTable(
      { table: "human message", cap: MAX_HUMAN_MESSAGES, consequence: RESTATED },
      notices,
      true,
    );
  }

  message(id: string): MessageTrack {
    let track = this.messages.get(id);
    if (track === undefined) {
      track = { streamed: false, finalized: false };
      this.messages.set(id, track);
    }
    return track;
  }

  tool(id: string): ToolTrack {
    let track = this.tools.get(id);
    if (track === undefined) {
      track = { started: false, argsComplete: false, terminal: false };
      this.tools.set(id, track);
    }
    return track;
  }

  /** Whether `text` is news as message `id`'s final (none stated yet, or a different text), and then
   * whether it is its first: it becomes the final a restatement is compared with. */
  final(id: string, text: string): "first" | "changed" | undefined {
    const track = this.message(id);
    if (track.finalized && track.finalText === text) return undefined;
    const first = !track.finalized;
    track.finalized = true;
    track.finalText = text.length <= MAX_FINAL_TEXT_CHARS ? text : undefined;
    if (track.finalText === undefined) this.notices.report(FINAL_TEXT_LIMIT);
    return first ? "first" : "changed";
  }

  /** The message's final text is known, or the tool call's result: it may be forgotten. */
  finished(kind: "message" | "tool", id: string): void {
    (kind === "message" ? this.messages : this.tools).close(id);
  }

  /** Tool calls started and not yet answered by a ToolMessage. */
  openTools(): string[] {
    const out: string[] = [];
    for (const [id, t] of this.tools.entriesInOrder()) if (t.started && !t.terminal) out.push(id);
    return out;
  }

  /** The call id of a streamed tool_call_chunk: the first chunk names it, later chunks only their index. */
  chunkCall(messageId: string, index: number | undefined, id?: string): string | undefined {
    const key = `${messageId}:${index ?? 0}`;
    if (id !== undefined) this.chunkCalls.set(key, id);
    return id ?? this.chunkCalls.get(key);
  }
}

/** What the message translator needs from the adapter. */
export interface MessageSink {
  /** Emit with the record's namespace fields; `key` makes a stable, replay-safe event id. */
  /** `restated`: a fact the source may have stated before (no stream position, see shared/restated). */
  emit(type: string, fields: EventFields, key?: string, restated?: boolean): AgentUiEvent;
  message(id: string): MessageTrack;
  /** Whether `text` is news as the message's final, and its first (see MessageBook.final). */
  final(id: string, text: string): "first" | "changed" | undefined;
  tool(id: string): ToolTrack;
  /** The message's final text is known, or the tool call's result (see MessageBook.finished). */
  finished(kind: "message" | "tool", id: string): void;
  /** Tool call id of a streamed tool_call_chunk, by message id and chunk index. */
  chunkCall(messageId: string, index: number | undefined, id?: string): string | undefined;
  /** Redacts and offloads a value with the adapter's `largePayloadBytes`. */
  safe(value: unknown): unknown;
  /** A human message not shown yet (not the run's input): the user's text, once per id. */
  human(message: LcMessage): AgentUiEvent[];
}

export function translateMessage(message: LcMessage, sink: MessageSink): AgentUiEvent[] {
  switch (message.kind) {
    case "ai":
      return message.chunk ? aiChunk(message, sink) : aiFull(message, sink);
    case "tool":
      return toolMessage(message, sink);
    case "human":
      return sink.human(message);
    default:
      return []; // system prompts are configuration, not conversation
  }
}

function aiChunk(message: LcMessage, sink: MessageSink): AgentUiEvent[] {
  const out: AgentUiEvent[] = [];
  const id = message.id;
  if (message.text !== "" && id !== undefined) {
    sink.message(id).streamed = true;
    out.push(
      sink.emit("text.delta", {
        messageId: id,
        partId: id,
        phase: "producing",
        payload: { delta: message.text },
      }),
    );
  }
  for (const chunk of message.toolCallChunks) {
    const callId = id !== undefined ? sink.chunkCall(id, chunk.index, chunk.id) : chunk.id;
    if (callId === undefined) continue;
    out.push(...startTool(callId, chunk.name, id, sink));
    if (chunk.args !== undefined && chunk.args !== "" && !sink.tool(callId).argsComplete)
      out.push(sink.emit("tool.args", { toolCallId: callId, payload: { argsDelta: safeText(chunk.args) } }));
  }
  out.push(...completeToolCalls(message, sink));
  return out;
}

function aiFull(message: LcMessage, sink: MessageSink): AgentUiEvent[] {
  const out: AgentUiEvent[] = [];
  const id = message.id;
  if (id !== undefined) {
    const news = message.text !== "" || sink.message(id).streamed ? sink.final(id, message.text) : undefined;
    if (news !== undefined) {
      sink.finished("message", id);
      const fields: EventFields = {
        messageId: id,
        partId: id,
        phase: "reconciling",
        payload: { text: message.text },
      };
      out.push(sink.emit("text.final", fields, news === "first" ? `message:${id}` : undefined));
    }
  }
  out.push(...completeToolCalls(message, sink));
  return out;
}

function startTool(
  callId: string,
  name: string | undefined,
  messageId: string | undefined,
  sink: MessageSink,
  implied = false,
): AgentUiEvent[] {
  const tool = sink.tool(callId);
  if (tool.started) return [];
  tool.started = true;
  const fields = compact<EventFields>({
    toolCallId: callId,
    messageId,
    phase: "acting",
    payload: compact({ name, kind: "function" }),
  });
  return [sink.emit("tool.started", fields, `call:${callId}`, implied)];
}

function completeToolCalls(message: LcMessage, sink: MessageSink): AgentUiEvent[] {
  const out: AgentUiEvent[] = [];
  for (const call of message.toolCalls) {
    if (call.id === undefined) continue;
    out.push(...startTool(call.id, call.name, message.id, sink));
    const tool = sink.tool(call.id);
    if (tool.argsComplete) continue;
    tool.argsComplete = true;
    const input = sink.safe(typeof call.args === "string" ? (parseJson(call.args) ?? call.args) : call.args);
    out.push(
      sink.emit("tool.args", { toolCallId: call.id, payload: { input, complete: true } }, `call:${call.id}`),
    );
  }
  return out;
}

function toolMessage(message: LcMessage, sink: MessageSink): AgentUiEvent[] {
  const callId = message.toolCallId;
  if (callId === undefined) return [];
  // A result of a call not (or no longer) known: its start is implied, maybe stated long ago.
  const out = startTool(callId, message.name, undefined, sink, true);
  const tool = sink.tool(callId);
  if (tool.terminal) return out;
  tool.terminal = true;
  sink.finished("tool", callId);
  const outputPreview = safePreview(message.text, 2048);
  if (message.status === "error") {
    out.push(
      sink.emit(
        "tool.failed",
        {
          toolCallId: callId,
          phase: "failed",
          // An error ToolMessage with no text still failed: say so rather than show a blank error.
          payload: compact({ error: outputPreview || "tool error", outputPreview }),
        },
        `call:${callId}`,
      ),
    );
  } else {
    const payload = compact({ output: sink.safe(message.text), outputPreview, resultMessageId: message.id });
    out.push(sink.emit("tool.result", { toolCallId: callId, phase: "completed", payload }, `call:${callId}`));
  }
  return out;
}
