// assistant-ui `assistant-stream` chunks (`AssistantStreamChunk`, also the payload of every
// `AssistantTransportEncoder` SSE frame): path-addressed parts. `part-start` at path P opens the next
// part under P (its path is P + [n], n counting P's parts); `text-delta`, `tool-call-args-text-finish`,
// `tool-call-approval`, `result` and `part-finish` name that full path.
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { BoundedTable } from "../shared/bounded";
import { type JsonObject, isRecord, readArray, readRecord, readString } from "../shared/record";
import type { AdapterOptions, SourceAdapter } from "../types";
import { type BridgedChunk, UiChunkBridge } from "./bridge";
import {
  MessageData,
  stepFinish,
  dataChunk,
  fileChunk,
  messageFinish,
  sourceChunk,
  stepStart,
  streamError,
} from "./message-parts";
import { ToolCalls } from "./tool-calls";

export const ASSISTANT_STREAM_FORMAT = "assistant-stream";

/** Parts of one message remembered by path; finished ones forgotten first, then the oldest. */
export const MAX_PARTS = 4096;

interface Part {
  /** Its path, joined with dots. */
  key: string;
  type: string;
  /** The UI chunk id of a text or reasoning part, the call id of a tool call. */
  id: string;
  parentId?: string;
  open: boolean;
}

export class AssistantStreamAdapter implements SourceAdapter {
  readonly format = ASSISTANT_STREAM_FORMAT;
  private readonly bridge: UiChunkBridge;
  private readonly parts: BoundedTable<Part>;
  /** How many parts each parent path has opened: the next part's index. */
  private readonly childCount: BoundedTable<number>;
  private readonly tools: ToolCalls;
  private readonly data = new MessageData();
  /** A `message-finish` was read: the next chunk belongs to a new message. */
  private messageEnded = false;

  constructor(options: AdapterOptions = {}) {
    this.bridge = new UiChunkBridge(ASSISTANT_STREAM_FORMAT, options);
    this.tools = new ToolCalls(this.bridge.limits);
    const parts = {
      table: "part path",
      cap: MAX_PARTS,
      consequence:
        "finished parts are forgotten first, then the oldest; a forgotten path's later chunks are reported as never started",
    };
    this.parts = new BoundedTable(parts, this.bridge.limits, true);
    const parents = {
      table: "parent path",
      cap: MAX_PARTS,
      consequence: "the oldest are forgotten; a forgotten parent's next part is numbered from 0 again",
    };
    this.childCount = new BoundedTable(parents, this.bridge.limits, true);
  }

  push(record: unknown, index?: number, _meta?: RecordMeta): AgentUiEvent[] {
    if (!isRecord(record)) return [this.bridge.unsupported(record, index, "not a JSON object")];
    const type = readString(record, "type");
    if (type === undefined) return [this.bridge.unsupported(record, index, "chunk without type")];
    return this.bridge.read(record, index, type, () => this.translate(type, record));
  }

  finish(): AgentUiEvent[] {
    return this.bridge.finish();
  }

  /** The UI chunks one record states, or why it cannot be read. */
  private translate(type: string, record: JsonObject): BridgedChunk[] | string {
    const path = pathOf(record);
    if (path === undefined) return "chunk without a numeric path";
    if (this.messageEnded && type !== "message-finish") {
      this.messageEnded = false;
      this.parts.clear();
      this.childCount.clear();
    }
    switch (type) {
      case "part-start":
        return this.partStart(path, readRecord(record, "part"));
      case "text-delta":
        return this.textDelta(path, readString(record, "textDelta") ?? "");
      case "part-finish":
        return this.partFinish(path);
      case "tool-call-args-text-finish":
        return this.withTool(path, (id) => this.tools.inputAvailable(id));
      case "tool-call-approval":
        return this.withTool(path, (id) => this.tools.approval(id, record.approval));
      case "result":
        return this.withTool(path, (id) => {
          this.parts.close(path.join("."));
          return this.tools.result(id, record);
        });
      case "step-start":
        return stepStart(readString(record, "messageId"));
      case "step-finish":
        return [stepFinish()];
      case "message-finish":
        // Paths are message-relative: the next chunk (a continuation stream after the user's answer,
        // appended to the same input) addresses a new message's parts from [0] again.
        this.messageEnded = true;
        return [...this.closeAll(), messageFinish(readString(record, "finishReason"))];
      case "data":
      case "annotations": {
        const chunks = this.data.append(type, readArray(record, type));
        return chunks === undefined ? `${type} chunk without a list` : chunks.map((chunk) => ({ chunk }));
      }
      case "error":
        return [streamError(readString(record, "error") ?? "stream error")];
      case "update-state":
        return "transport state operations are not mapped (app state of the assistant-ui runtime)";
      default:
        return `unknown assistant-stream chunk "${type.slice(0, 80)}"`;
    }
  }

  private partStart(parent: number[], part: JsonObject | undefined): BridgedChunk[] | string {
    const type = readString(part, "type");
    if (part === undefined || type === undefined) return "part-start without a part type";
    const parentKey = parent.join(".");
    const n = this.childCount.get(parentKey) ?? 0;
    this.childCount.set(parentKey, n + 1);
    const key = [...parent, n].join(".");
    this.parts.reopen(key);
    const parentId = readString(part, "parentId");
    const at = (chunk: JsonObject): BridgedChunk[] => [
      parentId !== undefined ? { chunk, parentId } : { chunk },
    ];
    switch (type) {
      case "text":
      case "reasoning": {
        const id = `part-${key}`;
        this.parts.set(key, { key, type, id, parentId, open: true });
        return at({ type: `${type}-start`, id });
      }
      case "tool-call": {
        const toolCallId = readString(part, "toolCallId");
        const toolName = readString(part, "toolName");
        if (toolCallId === undefined || toolName === undefined) return "tool-call part without id or name";
        this.parts.set(key, { key, type, id: toolCallId, parentId, open: true });
        return this.tools.start(toolCallId, toolName, parentId);
      }
      case "source": {
        const chunk = sourceChunk(part);
        return chunk === undefined ? "source part without id or url" : at(chunk);
      }
      case "file":
        return at(fileChunk(part));
      case "data": {
        const chunk = dataChunk(part);
        return typeof chunk === "string" ? chunk : at(chunk);
      }
      default:
        return `unknown part type "${type.slice(0, 80)}"`;
    }
  }

  private textDelta(path: number[], delta: string): BridgedChunk[] | string {
    const part = this.parts.get(path.join("."));
    if (part === undefined) return "text-delta for a part that was never started";
    if (part.type === "tool-call") return this.tools.argsDelta(part.id, delta);
    if (!part.open || delta === "") return [];
    const chunk = { type: `${part.type}-delta`, id: part.id, delta };
    return [part.parentId !== undefined ? { chunk, parentId: part.parentId } : { chunk }];
  }

  private partFinish(path: number[]): BridgedChunk[] {
    const part = this.parts.get(path.join("."));
    if (part === undefined || !part.open) return [];
    return this.close(part);
  }

  private close(part: Part): BridgedChunk[] {
    part.open = false;
    // A tool call's path is still addressed by its approval and result: it finishes with its result.
    if (part.type === "tool-call") return this.tools.inputAvailable(part.id);
    this.parts.close(part.key);
    const chunk = { type: `${part.type}-end`, id: part.id };
    return [part.parentId !== undefined ? { chunk, parentId: part.parentId } : { chunk }];
  }

  private closeAll(): BridgedChunk[] {
    const out: BridgedChunk[] = [];
    for (const part of this.parts.values())
      if (part.open && part.type !== "tool-call") out.push(...this.close(part));
    return out;
  }

  private withTool(path: number[], then: (toolCallId: string) => BridgedChunk[]): BridgedChunk[] | string {
    const part = this.parts.get(path.join("."));
    if (part?.type !== "tool-call") return "tool chunk for a path that holds no tool call";
    return then(part.id);
  }
}

function pathOf(record: JsonObject): number[] | undefined {
  const path = record.path;
  if (path === undefined) return [];
  if (!Array.isArray(path) || path.length > 32) return undefined;
  return path.every((n) => Number.isInteger(n) && n >= 0) ? (path as number[]) : undefined;
}
