// The AI SDK 4 data stream protocol (`code:JSON` lines), as deployed AI SDK 4 apps and assistant-stream's
// `DataStreamEncoder` write it, with the encoder's `aui-*` extension lines. Framing reads each line as
// `{type: code, value}` (the shape assistant-stream's own decoder yields); a bare `'0:"Hi"'` string record
// is read the same way. Text and reasoning deltas carry no part id: consecutive deltas of one kind (and
// one `parentId`) form a part, closed by whatever comes next.
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { type JsonObject, isRecord, parseJson, readRecord, readString } from "../shared/record";
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

export const DATA_STREAM_FORMAT = "ai-sdk-data-stream";

/** Codes of the data stream protocol and the `aui-*` extension lines. */
export const DATA_STREAM_CODES: ReadonlySet<string> = new Set([
  "0",
  "2",
  "3",
  "8",
  "9",
  "a",
  "b",
  "c",
  "d",
  "e",
  "f",
  "g",
  "h",
  "i",
  "j",
  "k",
  "aui-state",
  "aui-text-delta",
  "aui-reasoning-delta",
  "aui-data",
  "aui-reasoning-part-start",
  "aui-tool-call-approval",
]);

/** A data stream line `code:JSON` → `{type, value}`; `undefined` when it is not one. */
export function parseDataStreamLine(line: string): { type: string; value: unknown } | undefined {
  const colon = line.indexOf(":");
  if (colon <= 0 || colon > 32) return undefined;
  const type = line.slice(0, colon);
  if (!DATA_STREAM_CODES.has(type)) return undefined;
  const value = parseJson(line.slice(colon + 1));
  return value === undefined ? undefined : { type, value };
}

interface OpenText {
  kind: "text" | "reasoning";
  id: string;
  parentId?: string;
}

export class DataStreamAdapter implements SourceAdapter {
  readonly format = DATA_STREAM_FORMAT;
  private readonly bridge: UiChunkBridge;
  private readonly tools: ToolCalls;
  private readonly data = new MessageData();
  private open: OpenText | undefined;
  private parts = 0;

  constructor(options: AdapterOptions = {}) {
    this.bridge = new UiChunkBridge(DATA_STREAM_FORMAT, options);
    this.tools = new ToolCalls(this.bridge.limits);
  }

  push(record: unknown, index?: number, _meta?: RecordMeta): AgentUiEvent[] {
    const line = typeof record === "string" ? parseDataStreamLine(record) : record;
    const type = readString(line, "type");
    if (!isRecord(line) || type === undefined || !DATA_STREAM_CODES.has(type))
      return [this.bridge.unsupported(record, index, "not a data stream line")];
    return this.bridge.read(record, index, type, () => this.translate(type, line.value));
  }

  finish(): AgentUiEvent[] {
    return this.bridge.finish();
  }

  private translate(type: string, value: unknown): BridgedChunk[] | string {
    switch (type) {
      case "0":
        return typeof value === "string" ? this.delta("text", value) : "text line without a string";
      case "g":
        return typeof value === "string" ? this.delta("reasoning", value) : "reasoning line without a string";
      case "aui-text-delta":
        return this.delta("text", readString(value, "textDelta") ?? "", readString(value, "parentId"));
      case "aui-reasoning-delta":
        return this.delta(
          "reasoning",
          readString(value, "reasoningDelta") ?? "",
          readString(value, "parentId"),
        );
      case "aui-reasoning-part-start":
        return [...this.closeText(), ...this.openText("reasoning", readString(value, "parentId"))];
      case "b": {
        const id = readString(value, "toolCallId");
        const name = readString(value, "toolName");
        if (id === undefined || name === undefined) return "tool call start without id or name";
        return [...this.closeText(), ...this.tools.start(id, name, readString(value, "parentId"))];
      }
      case "c": {
        // An argument delta for no known call is reported like any other tool line (never dropped silently).
        const id = readString(value, "toolCallId");
        if (id === undefined || !this.tools.has(id)) return "tool line for a call that was never started";
        return this.tools.argsDelta(id, readString(value, "argsTextDelta") ?? "");
      }
      case "9": {
        const id = readString(value, "toolCallId");
        const name = readString(value, "toolName");
        if (id === undefined || name === undefined) return "tool call without id or name";
        const args = readRecord(value, "args") ?? {};
        return [...this.closeText(), ...this.tools.start(id, name), ...this.tools.inputAvailable(id, args)];
      }
      case "a":
        return this.withTool(value, (id) => this.tools.result(id, value as JsonObject));
      case "aui-tool-call-approval":
        return this.withTool(value, (id) => this.tools.approval(id, readRecord(value, "approval")));
      case "h": {
        const chunk = sourceChunk(value);
        return chunk === undefined
          ? "source without id or url"
          : this.at(chunk, readString(value, "parentId"));
      }
      case "k":
        return this.at(fileChunk(value), readString(value, "parentId"));
      case "aui-data": {
        const chunk = dataChunk(value);
        return typeof chunk === "string" ? chunk : this.at(chunk, readString(value, "parentId"));
      }
      case "2":
      case "8": {
        const chunks = this.data.append(type === "2" ? "data" : "annotations", value);
        return chunks === undefined ? "data line without a list" : chunks.map((chunk) => ({ chunk }));
      }
      case "f":
        return [...this.closeText(), ...stepStart(readString(value, "messageId"))];
      case "e":
        return [...this.closeText(), stepFinish()];
      case "d":
        return [...this.closeText(), messageFinish(readString(value, "finishReason"))];
      case "3": {
        const message = typeof value === "string" ? value : (readString(value, "error") ?? "stream error");
        return [...this.closeText(), streamError(message)];
      }
      case "i":
      case "j":
        // Redacted reasoning and reasoning signatures are provider bookkeeping, never shown text.
        return [];
      default:
        return "transport state operations are not mapped (app state of the assistant-ui runtime)";
    }
  }

  private delta(kind: OpenText["kind"], delta: string, parentId?: string): BridgedChunk[] {
    if (delta === "") return [];
    const open = this.open;
    const out =
      open !== undefined && open.kind === kind && open.parentId === parentId
        ? []
        : [...this.closeText(), ...this.openText(kind, parentId)];
    out.push(this.wrap({ type: `${kind}-delta`, id: (this.open as OpenText).id, delta }, parentId));
    return out;
  }

  private openText(kind: OpenText["kind"], parentId?: string): BridgedChunk[] {
    this.open = { kind, id: `${kind}-${++this.parts}`, parentId };
    return [this.wrap({ type: `${kind}-start`, id: this.open.id }, parentId)];
  }

  private closeText(): BridgedChunk[] {
    const open = this.open;
    if (open === undefined) return [];
    this.open = undefined;
    return [this.wrap({ type: `${open.kind}-end`, id: open.id }, open.parentId)];
  }

  private at(chunk: JsonObject, parentId?: string): BridgedChunk[] {
    return [...this.closeText(), this.wrap(chunk, parentId)];
  }

  private wrap(chunk: JsonObject, parentId?: string): BridgedChunk {
    return parentId !== undefined ? { chunk, parentId } : { chunk };
  }

  private withTool(value: unknown, then: (toolCallId: string) => BridgedChunk[]): BridgedChunk[] | string {
    const id = readString(value, "toolCallId");
    if (id === undefined || !this.tools.has(id)) return "tool line for a call that was never started";
    return [...this.closeText(), ...then(id)];
  }
}
