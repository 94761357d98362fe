// TOOL_CALL_START / ARGS / END / RESULT (1.0) and TOOL_CALL_CHUNK (0.0.x) → tool lifecycle.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { isOffloadedValue } from "@agent-ui/contracts";
import { argumentText } from "../shared/argument-text";
import { parseJson, readString } from "../shared/record";
import { previewOf, safeText, safeValue } from "../shared/safe-payload";
import { type AguiContext, type OpenToolCall, subagentOf } from "./context";

export function toolStart(ctx: AguiContext): AgentUiEvent[] {
  const toolCallId = readString(ctx.record, "toolCallId");
  if (toolCallId === undefined) return [ctx.unsupported("tool call start without toolCallId")];
  const call: OpenToolCall = {
    name: readString(ctx.record, "toolCallName", "toolName"),
    messageId: readString(ctx.record, "parentMessageId"),
    args: argumentText(ctx.state.limits),
    ended: false,
    runId: ctx.state.runId,
  };
  ctx.state.toolCalls.reopen(toolCallId);
  ctx.state.toolCalls.set(toolCallId, call);
  return [
    ctx.emit("tool.started", {
      toolCallId,
      ...(call.messageId !== undefined ? { messageId: call.messageId } : {}),
      ...subagent(ctx),
      phase: "acting",
      payload: call.name !== undefined ? { name: call.name } : {},
    }),
  ];
}

function subagent(ctx: AguiContext) {
  return subagentOf(ctx.record) ?? {};
}

export function toolArgs(ctx: AguiContext): AgentUiEvent[] {
  const toolCallId = readString(ctx.record, "toolCallId") ?? ctx.state.lastChunkToolCallId;
  const delta = readString(ctx.record, "delta");
  if (toolCallId === undefined) return [ctx.unsupported("tool call args without toolCallId")];
  if (delta === undefined) return [];
  const call = ctx.state.toolCalls.get(toolCallId);
  call?.args.append(delta);
  return [ctx.emit("tool.args", { toolCallId, phase: "acting", payload: { argsDelta: safeText(delta) } })];
}

export function toolEnd(ctx: AguiContext): AgentUiEvent[] {
  const toolCallId = readString(ctx.record, "toolCallId");
  if (toolCallId === undefined) return [ctx.unsupported("tool call end without toolCallId")];
  return completeArgs(ctx, toolCallId);
}

/** Input complete: the streamed argument text parsed once (redacted); unparseable JSON stays text. */
function completeArgs(ctx: AguiContext, toolCallId: string): AgentUiEvent[] {
  const call = ctx.state.toolCalls.get(toolCallId);
  if (call === undefined || call.ended) return [];
  call.ended = true;
  ctx.state.toolCalls.close(toolCallId);
  const text = call.args.take();
  // A cut text is no JSON: its kept part is shown as a preview.
  const parsed = call.args.cut ? undefined : parseJson(text);
  const payload: Record<string, unknown> = { complete: true };
  if (parsed !== undefined) payload.input = safeValue(parsed, ctx.safe);
  else if (text !== "") payload.inputSummary = previewOf(text);
  return [ctx.emit("tool.args", { toolCallId, phase: "acting", payload })];
}

export function toolResult(ctx: AguiContext): AgentUiEvent[] {
  const toolCallId = readString(ctx.record, "toolCallId");
  if (toolCallId === undefined) return [ctx.unsupported("tool call result without toolCallId")];
  const closed = completeArgs(ctx, toolCallId);
  ctx.state.toolCalls.delete(toolCallId);
  const content = ctx.record.content;
  const parsed = typeof content === "string" ? (parseJson(content) ?? content) : content;
  const resultMessageId = readString(ctx.record, "messageId");
  const output = safeValue(parsed, ctx.safe);
  return [
    ...closed,
    ctx.emit("tool.result", {
      toolCallId,
      phase: "acting",
      payload: {
        output,
        outputPreview: previewOf(parsed),
        ...sizeOf(output),
        ...(resultMessageId !== undefined ? { resultMessageId } : {}),
      },
    }),
  ];
}

const UTF8 = new TextEncoder();

/** The output's size in UTF-8 bytes, so a consumer can tell a whole output from a cut preview (TOOL-03):
 * the text as carried (a string verbatim, else its JSON); an offloaded value states its own size. */
function sizeOf(output: unknown): { outputBytes?: number } {
  if (isOffloadedValue(output)) return { outputBytes: output.bytes };
  const text = typeof output === "string" ? output : JSON.stringify(output);
  return typeof text === "string" ? { outputBytes: UTF8.encode(text).length } : {};
}

/** TOOL_CALL_CHUNK: the first chunk of a call starts it; the rest stream its arguments. */
export function toolChunk(ctx: AguiContext): AgentUiEvent[] {
  const named = readString(ctx.record, "toolCallId");
  const events: AgentUiEvent[] = [];
  if (named !== undefined && !ctx.state.toolCalls.has(named)) {
    const previous = ctx.state.lastChunkToolCallId;
    if (previous !== undefined) events.push(...completeArgs(ctx, previous));
    ctx.state.lastChunkToolCallId = named;
    events.push(...toolStart(ctx));
  }
  events.push(...toolArgs(ctx));
  return events;
}

/** At the end of a run every streamed call's input is complete. */
export function completeAllArgs(ctx: AguiContext): AgentUiEvent[] {
  ctx.state.lastChunkToolCallId = undefined;
  const out: AgentUiEvent[] = [];
  for (const [id, call] of ctx.state.toolCalls.entriesInOrder())
    if (!call.ended) for (const event of completeArgs(ctx, id)) out.push(event);
  return out;
}
