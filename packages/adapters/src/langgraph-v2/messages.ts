// Protocol v2 `messages` events are content-block-centric: `message-start`, then per block
// `content-block-start` / `-delta` / `-finish`, then `message-finish`. The LangGraph adapter reads
// LangChain message chunks, so each text or tool-call delta becomes the `AIMessageChunk` that states it;
// reasoning has no chunk field there and is collected per block, stated once when the block finishes.
// The reasoning blocks collected at once and the text of each are bounded (shared/bounded): the block
// started longest ago is forgotten first, a block's text past its cap is stated cut, and each limit is
// named once by a `source_limit_exceeded` warning.
import { BoundedTable, type LimitNotices, type TableLimit } from "../shared/bounded";
import { type JsonObject, asRecord, readNumber, readRecord, readString } from "../shared/record";

interface OpenMessage {
  id: string;
  role: string;
}

/** A reasoning block's text so far, joined when the block finishes. */
interface ReasoningBlock {
  messageId: string;
  parts: string[];
  length: number;
}

/** What one `messages` event states. */
export interface MessageFacts {
  /** LangChain message chunks for the LangGraph adapter's `messages` mode. */
  chunks: JsonObject[];
  /** A finished reasoning block: its message, part id and text. */
  reasoning?: { messageId: string; partId: string; text: string };
  /** A model-call error (`event: "error"`). */
  error?: string;
}

/** Messages streaming at once (one per node task); the one started longest ago is forgotten first. */
export const MAX_OPEN_MESSAGES = 1024;
/** Reasoning blocks collected at once, across the streaming messages; the oldest are forgotten first. */
export const MAX_REASONING_BLOCKS = 256;
/** Characters of one reasoning block's text kept; the rest is not stated. */
export const MAX_REASONING_CHARS = 262_144;

const REASONING_TEXT: TableLimit = {
  table: "reasoning text",
  cap: MAX_REASONING_CHARS,
  consequence: "a longer reasoning block is stated cut at the cap",
};

export class MessageStreams {
  /** The open message per node task namespace (blocks never interleave within one node task; the
   * tasks of parallel nodes do, so they are never keyed by the graph that owns them). */
  private readonly open: BoundedTable<OpenMessage>;
  /** Unfinished reasoning blocks by node task namespace and block index. */
  private readonly reasoning: BoundedTable<ReasoningBlock>;

  constructor(private readonly notices: LimitNotices) {
    const consequence =
      "the message started longest ago is forgotten; its later blocks are reported as outside a started message";
    const limit = { table: "streaming message", cap: MAX_OPEN_MESSAGES, consequence };
    this.open = new BoundedTable(limit, notices, true);
    const blocks = {
      table: "reasoning block",
      cap: MAX_REASONING_BLOCKS,
      consequence: "the block started longest ago is forgotten; it is stated from its next delta on, if any",
    };
    this.reasoning = new BoundedTable(blocks, notices, true);
  }

  read(nsKey: string, data: JsonObject): MessageFacts | string {
    const event = readString(data, "event");
    if (event === "message-start") {
      const id = readString(data, "id");
      if (id === undefined) return "message-start without id";
      this.open.set(nsKey, { id, role: readString(data, "role") ?? "ai" });
      return { chunks: [] };
    }
    if (event === "error") return { chunks: [], error: readString(data, "message") ?? "model call failed" };
    const message = this.open.get(nsKey);
    if (message === undefined) return `${event ?? "messages event"} outside a started message`;
    if (event === "message-finish") {
      this.open.delete(nsKey);
      return { chunks: [] };
    }
    // Human and system messages are replayed whole by `values`; only AI output streams.
    if (message.role !== "ai") return { chunks: [] };
    const index = readNumber(data, "index") ?? 0;
    const key = `${nsKey}#${index}`;
    switch (event) {
      case "content-block-start":
        return { chunks: this.blockStart(message, index, key, readRecord(data, "content")) };
      case "content-block-delta":
        return { chunks: this.blockDelta(message, index, key, readRecord(data, "delta")) };
      case "content-block-finish":
        return this.blockFinish(message, index, key);
      default:
        return `unknown messages event "${(event ?? "").slice(0, 80)}"`;
    }
  }

  private blockStart(
    message: OpenMessage,
    index: number,
    key: string,
    block: JsonObject | undefined,
  ): JsonObject[] {
    const type = readString(block, "type");
    if (type === "tool_call_chunk" || type === "tool_call") {
      const args = block?.args;
      const call = {
        index,
        id: readString(block, "id"),
        name: readString(block, "name"),
        args: typeof args === "string" ? args : args !== undefined ? JSON.stringify(args) : "",
      };
      return [aiChunk(message.id, "", [call])];
    }
    if (type === "text") {
      const text = readString(block, "text");
      return text !== undefined ? [aiChunk(message.id, text)] : [];
    }
    if (type === "reasoning") {
      const reasoning: ReasoningBlock = { messageId: message.id, parts: [], length: 0 };
      this.reasoning.set(key, reasoning);
      this.append(reasoning, readString(block, "reasoning"));
    }
    return [];
  }

  private blockDelta(
    message: OpenMessage,
    index: number,
    key: string,
    delta: JsonObject | undefined,
  ): JsonObject[] {
    const type = readString(delta, "type");
    if (type === "text-delta") {
      const text = readString(delta, "text");
      return text !== undefined ? [aiChunk(message.id, text)] : [];
    }
    if (type === "reasoning-delta") {
      const text = readString(delta, "reasoning");
      if (text === undefined) return [];
      let reasoning = this.blockOf(message, key);
      if (reasoning === undefined) {
        reasoning = { messageId: message.id, parts: [], length: 0 };
        this.reasoning.set(key, reasoning);
      }
      this.append(reasoning, text);
      return [];
    }
    // `tool-call-delta` appends to `args`; a `block-delta` of a tool_call_chunk carries them in `fields`.
    const fields = type === "block-delta" ? asRecord(delta?.fields) : delta;
    const args = readString(fields, "args");
    if ((type === "tool-call-delta" || type === "block-delta") && args !== undefined)
      return [aiChunk(message.id, "", [{ index, args }])];
    return [];
  }

  private blockFinish(message: OpenMessage, index: number, key: string): MessageFacts {
    const reasoning = this.blockOf(message, key);
    if (reasoning === undefined) return { chunks: [] };
    this.reasoning.delete(key);
    const text = reasoning.parts.join("");
    if (text === "") return { chunks: [] };
    return {
      chunks: [],
      reasoning: { messageId: message.id, partId: `${message.id}:reasoning-${index}`, text },
    };
  }

  /** The message's unfinished reasoning block at `key` (a block left by an earlier message is not). */
  private blockOf(message: OpenMessage, key: string): ReasoningBlock | undefined {
    const reasoning = this.reasoning.get(key);
    return reasoning?.messageId === message.id ? reasoning : undefined;
  }

  /** Adds reasoning text up to the block's cap. */
  private append(reasoning: ReasoningBlock, text: string | undefined): void {
    if (text === undefined || text === "") return;
    const kept = text.slice(0, MAX_REASONING_CHARS - reasoning.length);
    if (kept.length < text.length) this.notices.report(REASONING_TEXT);
    if (kept === "") return;
    reasoning.parts.push(kept);
    reasoning.length += kept.length;
  }
}

function aiChunk(id: string, content: string, toolCallChunks?: JsonObject[]): JsonObject {
  const chunk: JsonObject = { type: "AIMessageChunk", id, content };
  if (toolCallChunks !== undefined) chunk.tool_call_chunks = toolCallChunks;
  return chunk;
}
