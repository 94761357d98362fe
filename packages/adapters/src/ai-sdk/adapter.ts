// The AI SDK adapter: UI message stream chunks (v5–v7, `UIMessageChunk`), one handler per chunk type.
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { type LimitNotices, limitDiagnostics } from "../shared/bounded";
import { Emitter, type EventFields } from "../shared/emitter";
import { safeOptionsOf } from "../shared/safe-payload";
import { isRecord, readString } from "../shared/record";
import type { AdapterOptions, SourceAdapter } from "../types";
import { AiSdkContext, AiSdkState } from "./context";
import { partDelta, partEnd, partStart } from "./parts";
import {
  abort,
  customPart,
  dataPart,
  error,
  file,
  finish,
  metadata,
  reasoningFile,
  sourceDocument,
  sourceUrl,
  start,
  steeringMessage,
} from "./stream";
import { resetStep, startStep } from "./steps";
import { approvalRequest, approvalResponse } from "./approvals";
import {
  inputAvailable,
  inputDelta,
  inputError,
  inputStart,
  outputAvailable,
  outputDenied,
  outputError,
} from "./tools";
import { lookupTable, clip } from "@agent-ui/contracts";

export const AI_SDK_FORMAT = "ai-sdk";

type Handler = (ctx: AiSdkContext) => AgentUiEvent[];
const none: Handler = () => [];

export const AI_SDK_HANDLERS: Readonly<Record<string, Handler>> = lookupTable({
  start,
  finish,
  abort,
  error,
  "message-metadata": metadata,
  custom: customPart,
  "steering-message": steeringMessage,
  // Step boundaries are presentational in the SDK (a `step-start` part); parts keep their own order. A
  // step start only marks what a later `reset-step` (a retried step) discards.
  "start-step": startStep,
  "finish-step": none,
  "reset-step": resetStep,
  "text-start": (ctx) => partStart(ctx, "text"),
  "text-delta": (ctx) => partDelta(ctx, "text"),
  "text-end": partEnd,
  "reasoning-start": (ctx) => partStart(ctx, "reasoning"),
  "reasoning-delta": (ctx) => partDelta(ctx, "reasoning"),
  "reasoning-end": partEnd,
  "tool-input-start": inputStart,
  "tool-input-delta": inputDelta,
  "tool-input-available": inputAvailable,
  "tool-input-error": inputError,
  "tool-output-available": outputAvailable,
  "tool-output-error": outputError,
  "tool-output-denied": outputDenied,
  "tool-approval-request": approvalRequest,
  "tool-approval-response": approvalResponse,
  "source-url": sourceUrl,
  "source-document": sourceDocument,
  file,
  "reasoning-file": reasoningFile,
});

/** Chunks that are a step's output (what a retried step streams after a `reset-step`). */
const STEP_OUTPUT: ReadonlySet<string> = new Set([
  "text-start",
  "text-delta",
  "reasoning-start",
  "reasoning-delta",
  "tool-input-start",
  "tool-input-delta",
  "tool-input-available",
  "source-url",
  "source-document",
  "file",
  "reasoning-file",
]);

export class AiSdkAdapter implements SourceAdapter {
  readonly format: string;
  private readonly emitter: Emitter;
  private readonly state: AiSdkState;
  private readonly safe: AdapterOptions;
  private readonly streamKey: string;

  /** `format` names the wire the chunks were read from when a bridge translated them into UI chunks
   * (`assistant-stream`, the AI SDK 4 data stream): it is the events' `source.format`. */
  constructor(options: AdapterOptions = {}, format: string = AI_SDK_FORMAT) {
    this.format = format;
    this.emitter = new Emitter(format, options);
    this.state = new AiSdkState(options.toolApprovalIds);
    this.safe = safeOptionsOf(options);
    this.streamKey = options.streamId ?? options.sessionId ?? format;
  }

  /** Where a full table is reported: stated as a diagnostic by the next `push`. */
  get limits(): LimitNotices {
    return this.state.limits;
  }

  /** An event outside the UI chunk vocabulary (a bridge's own fact, e.g. a subagent it announces),
   * numbered in this adapter's stream. */
  extraEvent(type: string, fields: EventFields, index?: number, sourceType?: string): AgentUiEvent {
    return this.emitter.event(type, fields, { index, sourceType });
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
      if (type === undefined) return [this.emitter.unsupported(record, info, "chunk without type")];
      const ctx = new AiSdkContext(this.emitter, this.state, this.safe, record, info, this.streamKey);
      if (type.startsWith("data-")) return dataPart(ctx, type);
      const handler = AI_SDK_HANDLERS[type];
      if (handler === undefined)
        return [this.emitter.unsupported(record, info, `unknown UI message chunk "${clip(type, 80)}"`)];
      if (!this.state.retrying || !STEP_OUTPUT.has(type)) return handler(ctx);
      // The first output of a retried step: the run is streaming again, no longer `retrying`.
      this.state.retrying = false;
      const payload = { status: "streaming", label: "retried step streaming", retryCount: this.state.resets };
      return [ctx.emit("run.status", { phase: "producing", payload }), ...handler(ctx)];
    });
  }

  finish(): AgentUiEvent[] {
    // A stream cut before `finish` stays open (stale in the projection), never completed by guessing.
    return [];
  }
}
