// The AG-UI adapter: AG-UI 1.0 events and the 0.0.x dialect CopilotKit still emits, one handler per
// event type (a dispatch table, not a switch), each translating into Agent UI envelope events.
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { limitDiagnostics } from "../shared/bounded";
import { Emitter } from "../shared/emitter";
import { safeOptionsOf } from "../shared/safe-payload";
import { isRecord, readString } from "../shared/record";
import type { AdapterOptions, SourceAdapter } from "../types";
import { AguiContext, AguiState } from "./context";
import { runError, runFinished, runStarted, stepStarted } from "./run";
import {
  activity,
  custom,
  messagesSnapshot,
  raw,
  stateDelta,
  stateSnapshot,
  subagentError,
  subagentFinished,
  subagentStarted,
} from "./state";
import { messageChunk, messageContent, messageEnd, messageStart } from "./text";
import { toolArgs, toolChunk, toolEnd, toolResult, toolStart } from "./tools";
import { lookupTable, clip } from "@agent-ui/contracts";

export const AGUI_FORMAT = "ag-ui";

type Handler = (ctx: AguiContext) => AgentUiEvent[];
const none: Handler = () => [];

/** Every AG-UI event type this adapter understands (1.0 names first, then the 0.0.x dialect). */
export const AGUI_HANDLERS: Readonly<Record<string, Handler>> = lookupTable({
  RUN_STARTED: runStarted,
  RUN_FINISHED: runFinished,
  RUN_ERROR: runError,
  STEP_STARTED: stepStarted,
  // A step end only bounds the stage; the next status or part carries the new fact.
  STEP_FINISHED: none,
  TEXT_MESSAGE_START: (ctx) => messageStart(ctx, "text"),
  TEXT_MESSAGE_CONTENT: (ctx) => messageContent(ctx, "text"),
  TEXT_MESSAGE_END: messageEnd,
  TEXT_MESSAGE_CHUNK: (ctx) => messageChunk(ctx, "text"),
  // REASONING_START/END wrap one or more reasoning messages; the messages carry the content.
  REASONING_START: none,
  REASONING_END: none,
  REASONING_MESSAGE_START: (ctx) => messageStart(ctx, "reasoning"),
  REASONING_MESSAGE_CONTENT: (ctx) => messageContent(ctx, "reasoning"),
  REASONING_MESSAGE_END: messageEnd,
  REASONING_MESSAGE_CHUNK: (ctx) => messageChunk(ctx, "reasoning"),
  REASONING_ENCRYPTED_VALUE: (ctx) => [
    ctx.diagnostic("runtime_info", "info", "encrypted reasoning is not displayable"),
  ],
  THINKING_START: none,
  THINKING_END: none,
  THINKING_TEXT_MESSAGE_START: (ctx) => messageStart(withThinkingId(ctx), "reasoning"),
  THINKING_TEXT_MESSAGE_CONTENT: (ctx) => messageContent(withThinkingId(ctx), "reasoning"),
  THINKING_TEXT_MESSAGE_END: (ctx) => messageEnd(withThinkingId(ctx)),
  TOOL_CALL_START: toolStart,
  TOOL_CALL_ARGS: toolArgs,
  TOOL_CALL_END: toolEnd,
  TOOL_CALL_RESULT: toolResult,
  TOOL_CALL_CHUNK: toolChunk,
  STATE_SNAPSHOT: stateSnapshot,
  STATE_DELTA: stateDelta,
  MESSAGES_SNAPSHOT: messagesSnapshot,
  ACTIVITY_SNAPSHOT: (ctx) => activity(ctx, false),
  ACTIVITY_DELTA: (ctx) => activity(ctx, true),
  SUBAGENT_STARTED: subagentStarted,
  SUBAGENT_FINISHED: subagentFinished,
  SUBAGENT_ERROR: subagentError,
  CUSTOM: custom,
  RAW: raw,
});

/** 0.0.x THINKING_TEXT_MESSAGE_* carry no message id: one thinking message per run. */
function withThinkingId(ctx: AguiContext): AguiContext {
  if (readString(ctx.record, "messageId") !== undefined) return ctx;
  return ctx.withRecord({ ...ctx.record, messageId: `thinking:${ctx.state.runId ?? "run"}` });
}

/**
 * The run lifecycle rules of AG-UI's own verifier: the first event is RUN_STARTED (or RUN_ERROR: a run
 * that failed before it started), a RUN_STARTED never opens a run while one is active, nothing follows
 * RUN_ERROR and only a RUN_ERROR follows RUN_FINISHED until the next RUN_STARTED. Violations are
 * reported (once for a stream that does not open with RUN_STARTED); the event is still mapped.
 */
function lifecycleCheck(ctx: AguiContext, type: string): AgentUiEvent[] {
  const phase = ctx.state.runPhase;
  if (type === "RUN_STARTED") {
    ctx.state.runPhase = "started";
    return phase === "started"
      ? [ctx.diagnostic("out_of_order", "warning", "RUN_STARTED while a run is still active")]
      : [];
  }
  if (type === "RUN_FINISHED") ctx.state.runPhase = "finished";
  else if (type === "RUN_ERROR") ctx.state.runPhase = "failed";
  else if (phase === "none") ctx.state.runPhase = "running";
  if (phase === "none")
    return type === "RUN_ERROR"
      ? []
      : [ctx.diagnostic("out_of_order", "warning", `first event is ${type}, not RUN_STARTED`)];
  if (phase === "failed" || (phase === "finished" && type !== "RUN_ERROR"))
    return [ctx.diagnostic("execution_after_turn_terminal", "warning", `${type} after the run finished`)];
  return [];
}

export class AguiAdapter implements SourceAdapter {
  readonly format = AGUI_FORMAT;
  private readonly emitter: Emitter;
  private readonly state = new AguiState();
  private readonly safe: AdapterOptions;

  constructor(options: AdapterOptions = {}) {
    this.emitter = new Emitter(AGUI_FORMAT, options);
    this.safe = safeOptionsOf(options);
  }

  push(record: unknown, index?: number, _meta?: RecordMeta): AgentUiEvent[] {
    const out = this.translate(record, index);
    const sourceType = isRecord(record) ? readString(record, "type") : undefined;
    out.push(...limitDiagnostics(this.emitter, this.state.limits, { index, sourceType }));
    return out;
  }

  private translate(record: unknown, index: number | undefined): AgentUiEvent[] {
    return this.emitter.guard(record, { index }, () => {
      if (!isRecord(record)) return [this.emitter.unsupported(record, { index }, "not a JSON object")];
      const type = readString(record, "type");
      const info = { index, sourceType: type };
      const handler = type !== undefined ? AGUI_HANDLERS[type] : undefined;
      if (type === undefined || handler === undefined)
        return [this.emitter.unsupported(record, info, `unknown AG-UI event type "${clip(type ?? "", 80)}"`)];
      // Handlers read the record and never edit it (a derived field makes a new context: withRecord).
      const ctx = new AguiContext(this.emitter, this.state, this.safe, record, info);
      if (type !== "MESSAGES_SNAPSHOT") this.state.conversation.observe(type, record);
      return [...lifecycleCheck(ctx, type), ...handler(ctx)];
    });
  }

  finish(): AgentUiEvent[] {
    // A stream cut before RUN_FINISHED stays open: the projection shows it stale, never completed.
    return [];
  }
}
