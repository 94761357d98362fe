// Assistant content: `stream_event` deltas (includePartialMessages) and the per-block `assistant`
// snapshots that restate them. Both key on the API message id and the block, so the snapshot's
// `text.final` replaces the streamed deltas and the answer shows once (TEXT-04).
import { searchResultCitations, textCitations } from "./citations";
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { SourceInfo } from "../shared/emitter";
import { type JsonObject, asRecord, compact, readArray, readNumber, readString } from "../shared/record";
import { safeText } from "../shared/safe-payload";
import { safePreview } from "../shared/safe-preview";
import { type BlockState, type ClaudeState, type MessageState, toolKindOf, toolSummaryOf } from "./state";

const TOOL_BLOCKS = new Set(["tool_use", "server_tool_use", "mcp_tool_use"]);

export function onStreamEvent(state: ClaudeState, record: JsonObject, info: SourceInfo): AgentUiEvent[] {
  const event = asRecord(record.event);
  const type = readString(event, "type");
  const messageId = readString(record, "api_message_id") ?? readString(asRecord(event?.message), "id");
  const base = state.base(record);
  switch (type) {
    case "message_start": {
      const out = base.agentId === undefined ? state.ensureRun(record, info) : [];
      state.model = readString(asRecord(event?.message), "model") ?? state.model;
      if (base.agentId === undefined) {
        const payload: JsonObject = { status: "streaming" };
        if (state.model !== undefined) payload.model = state.model;
        out.push(state.emit.event("run.status", { ...base, phase: "producing", payload }, info));
      }
      return out;
    }
    case "content_block_start":
      return messageId === undefined ? [] : startBlock(state, record, messageId, event as JsonObject, info);
    case "content_block_delta":
      return messageId === undefined
        ? missingId(state, info)
        : blockDelta(state, record, messageId, event as JsonObject, info);
    case "content_block_stop":
    case "message_delta":
    case "message_stop":
      // Boundaries only: the per-block `assistant` snapshot and the `result` carry the final facts.
      return [];
    default:
      return [state.emit.unsupported(record, info, `stream event ${type ?? "without type"} is not mapped`)];
  }
}

function missingId(state: ClaudeState, info: SourceInfo): AgentUiEvent[] {
  return [
    state.emit.diagnostic("missing_correlation", "warning", "claude stream delta without a message id", info),
  ];
}

function addBlock(message: MessageState, messageId: string, type: string, index?: number): BlockState {
  const partId = `${messageId}:${index ?? `s${message.added}`}`;
  message.added++;
  const block: BlockState = { type, partId, finalized: false, streamed: index !== undefined };
  // With MAX_BLOCKS open blocks a new one is not tracked: it still streams, under its own part.
  if (message.blocks.set(partId, block)) message.blocks.reopen(partId);
  return block;
}

/** The block the stream started at `index`, if tracked. */
function indexed(
  message: MessageState,
  messageId: string,
  index: number | undefined,
): BlockState | undefined {
  return index !== undefined ? message.blocks.get(`${messageId}:${index}`) : undefined;
}

/** The block's final snapshot was stated: it may be forgotten. */
function finalize(message: MessageState, block: BlockState): void {
  block.finalized = true;
  message.blocks.close(block.partId);
}

function findBlock(message: MessageState, test: (block: BlockState) => boolean): BlockState | undefined {
  for (const block of message.blocks.values()) if (test(block)) return block;
  return undefined;
}

function startBlock(
  state: ClaudeState,
  record: JsonObject,
  messageId: string,
  event: JsonObject,
  info: SourceInfo,
): AgentUiEvent[] {
  const content = asRecord(event.content_block);
  const type = readString(content, "type") ?? "unknown";
  const block = addBlock(state.message(messageId), messageId, type, readNumber(event, "index"));
  if (!TOOL_BLOCKS.has(type)) return [];
  const toolCallId = readString(content, "id");
  if (toolCallId === undefined) return missingId(state, info);
  block.toolCallId = toolCallId;
  return startTool(state, record, messageId, toolCallId, readString(content, "name"), info);
}

function startTool(
  state: ClaudeState,
  record: JsonObject,
  messageId: string,
  toolCallId: string,
  name: string | undefined,
  info: SourceInfo,
): AgentUiEvent[] {
  const tool = state.tool(toolCallId);
  if (tool.started) return [];
  tool.started = true;
  tool.name = name;
  const payload: JsonObject = { kind: toolKindOf(name) };
  if (name !== undefined) payload.name = name;
  return [
    state.emit.event(
      "tool.started",
      { ...state.base(record), toolCallId, messageId, phase: "acting", payload },
      info,
    ),
  ];
}

function blockDelta(
  state: ClaudeState,
  record: JsonObject,
  messageId: string,
  event: JsonObject,
  info: SourceInfo,
): AgentUiEvent[] {
  const delta = asRecord(event.delta);
  const index = readNumber(event, "index");
  const message = state.message(messageId);
  const deltaType = readString(delta, "type");
  const base = { ...state.base(record), messageId };
  switch (deltaType) {
    case "text_delta": {
      const block = indexed(message, messageId, index) ?? addBlock(message, messageId, "text", index);
      return [
        state.emit.event(
          "text.delta",
          { ...base, partId: block.partId, payload: { delta: String(delta?.text ?? "") } },
          info,
        ),
      ];
    }
    case "thinking_delta": {
      const block = indexed(message, messageId, index) ?? addBlock(message, messageId, "thinking", index);
      const payload = { delta: String(delta?.thinking ?? ""), visibility: "detail" };
      return [
        state.emit.event(
          "reasoning.delta",
          { ...base, partId: block.partId, phase: "reasoning", payload },
          info,
        ),
      ];
    }
    case "input_json_delta": {
      const toolCallId = indexed(message, messageId, index)?.toolCallId;
      if (toolCallId === undefined) return missingId(state, info);
      const payload = { argsDelta: safeText(String(delta?.partial_json ?? "")) };
      return [state.emit.event("tool.args", { ...base, toolCallId, payload }, info)];
    }
    case "signature_delta":
      return []; // an integrity signature for the thinking block; nothing a user sees
    default:
      return [
        state.emit.unsupported(record, info, `content delta ${deltaType ?? "without type"} is not mapped`),
      ];
  }
}

/** A whole-message or per-block `assistant` snapshot: finals for text, complete input for tools. */
export function onAssistant(state: ClaudeState, record: JsonObject, info: SourceInfo): AgentUiEvent[] {
  const body = asRecord(record.message);
  const messageId = readString(body, "id") ?? readString(record, "uuid");
  if (messageId === undefined) return missingId(state, info);
  const base = { ...state.base(record), messageId };
  // A subagent's message is part of its own (possibly background) turn; it never opens a parent run.
  const out = base.agentId === undefined ? state.ensureRun(record, info) : [];
  const message = state.message(messageId);
  for (const raw of readArray(body, "content") ?? []) {
    const type = readString(raw, "type") ?? "unknown";
    if (type === "text") {
      const block = nextUnfinalized(message, messageId, "text");
      finalize(message, block);
      out.push(
        state.emit.event(
          "text.final",
          {
            ...base,
            partId: block.partId,
            phase: "reconciling",
            payload: { text: readString(raw, "text") ?? "" },
          },
          info,
        ),
        ...textCitations(state, base, block.partId, raw as JsonObject, info),
      );
    } else if (type === "thinking") {
      const block = nextUnfinalized(message, messageId, "thinking");
      finalize(message, block);
      // Streamed thinking was already shown as deltas; an unstreamed one arrives whole, as detail (TEXT-07).
      if (!block.streamed) {
        const payload = { delta: readString(raw, "thinking") ?? "", visibility: "detail" };
        out.push(
          state.emit.event(
            "reasoning.delta",
            { ...base, partId: block.partId, phase: "reasoning", payload },
            info,
          ),
        );
      }
    } else if (TOOL_BLOCKS.has(type)) {
      out.push(...snapshotTool(state, record, messageId, raw as JsonObject, info));
    } else if (type.endsWith("_tool_result")) {
      const toolCallId = readString(raw, "tool_use_id");
      const tool = toolCallId !== undefined ? state.tool(toolCallId) : undefined;
      if (toolCallId !== undefined && tool !== undefined && !tool.terminal) {
        state.endTool(toolCallId, tool);
        const payload = { outputPreview: safePreview(asRecord(raw)?.content, 2048) };
        out.push(state.emit.event("tool.result", { ...base, toolCallId, phase: "completed", payload }, info));
      }
      if (toolCallId !== undefined)
        out.push(...searchResultCitations(state, base, toolCallId, raw as JsonObject, info));
    } else if (type !== "redacted_thinking") {
      out.push(state.emit.unsupported(raw, info, `assistant content block ${type} is not mapped`));
    }
  }
  const error = readString(record, "error");
  if (error !== undefined)
    out.push(
      state.emit.diagnostic("runtime_error", "error", `assistant message error: ${error}`, info, base),
    );
  return out;
}

function nextUnfinalized(message: MessageState, messageId: string, type: string): BlockState {
  return findBlock(message, (b) => b.type === type && !b.finalized) ?? addBlock(message, messageId, type);
}

function snapshotTool(
  state: ClaudeState,
  record: JsonObject,
  messageId: string,
  raw: JsonObject,
  info: SourceInfo,
): AgentUiEvent[] {
  const toolCallId = readString(raw, "id");
  if (toolCallId === undefined) return missingId(state, info);
  const out = startTool(state, record, messageId, toolCallId, readString(raw, "name"), info);
  const tool = state.tool(toolCallId);
  tool.input = raw.input;
  const message = state.message(messageId);
  const block = findBlock(message, (b) => b.toolCallId === toolCallId);
  if (block !== undefined) finalize(message, block);
  if (!tool.argsComplete) {
    tool.argsComplete = true;
    const summary = toolSummaryOf(tool.name, raw.input);
    // Redacted and bounded like any preview: a command line may carry a secret (SEC-02).
    const inputSummary = summary !== undefined ? safePreview(summary, 500) : undefined;
    const payload = compact({ input: state.safe(raw.input), inputSummary, complete: true });
    out.push(state.emit.event("tool.args", { ...state.base(record), toolCallId, messageId, payload }, info));
  }
  return out;
}
