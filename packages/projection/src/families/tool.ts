// tool.* (TOOL-01..13, PROC-02, SEC-02): one record per toolCallId with its attempts; safe input summaries;
// bounded output previews with refs and byte counts; a terminal state on every path (a run that ends with
// an open tool closes it as cancelled or unknown); artifact cards for tool artifacts (TOOL-09). What a row
// shows of its input and output: ./tool-io; its inline part: ./tool-part.
import type { GrowingTextRedaction, ToolRecord, ToolState } from "@agent-ui/contracts";
import { PAIRING_SEVERITY, redactGrowingText, withoutTrailingSecretStart } from "@agent-ui/contracts";
import { addUnique, asNumber, asString, asStringArray, boundText, utf8Bytes } from "../internal/json";
import { safeText } from "../internal/safety";
import { assistantMessage } from "../message-ops";
import type { EventContext, Store } from "../store";
import { linkArtifactToTool } from "./artifact";
import { setRuntimeStatus } from "./run";
import { applyInput, applyOutput, errorOf } from "./tool-io";
import {
  isTerminal,
  newToolRecord,
  placeToolPart,
  syncToolPart,
  toolTitle,
  trackOpenTool,
} from "./tool-part";

/** The record for the event's toolCallId, created (with its inline part) on first sight. */
export function toolFor(store: Store, ctx: EventContext, startsIt = false): ToolRecord | undefined {
  const id = ctx.event.toolCallId;
  if (typeof id !== "string") {
    store.diag("missing_correlation", "warning", `${ctx.event.type} without toolCallId`, ctx.event);
    return undefined;
  }
  const existing = store.tools.get(id);
  if (existing !== undefined) return existing;
  // A part restored without its record (a hydration window may leave the record out) shows that this
  // tool started: the new record joins that part, keeping the name it showed, and adds no second part
  // (PROC-04: one part per tool).
  const restored = store.toolPlaces.get(id);
  if (!startsIt && restored === undefined)
    store.diag(
      "tool_result_without_start",
      PAIRING_SEVERITY.tool_result_without_start,
      `${ctx.event.type} for unseen tool ${id}`,
      ctx.event,
    );
  const record = newToolRecord(id, ctx);
  const { event } = ctx;
  if (typeof event.agentId === "string") record.agentId = event.agentId;
  if (typeof event.turnId === "string") record.turnId = event.turnId;
  if (typeof event.runId === "string") record.runId = event.runId;
  if (typeof event.actionId === "string") record.actionId = event.actionId;
  const shown = restored?.part.title;
  if (shown !== undefined && shown !== toolTitle(record)) record.name = shown;
  const message = restored?.message ?? assistantMessage(store, ctx);
  record.messageId = message.id;
  if (restored === undefined) placeToolPart(store, message, id, ctx.turnKey, ctx);
  store.tools.set(id, record);
  return record;
}

function setStatus(store: Store, tool: ToolRecord, status: ToolState, ctx: EventContext): void {
  tool.status = status;
  tool.source = ctx.source;
  const attempt = tool.attempts[tool.attempts.length - 1];
  attempt.status = status;
  attempt.source = ctx.source;
  // The turn it runs in: its part's, or the one it kept when a removed message took its part.
  const turnKey = store.toolPlaces.get(tool.toolCallId)?.turnKey ?? store.unplacedTools.get(tool.toolCallId);
  trackOpenTool(store, tool);
  if (isTerminal(status) && typeof ctx.event.timestamp === "string") tool.endedAt = ctx.event.timestamp;
  if (isTerminal(status) || status === "unknown") settlePreview(tool);
  syncViews(store, tool, ctx);
  if (turnKey !== undefined && tool.agentId === undefined) followActivePart(store, turnKey, ctx);
}

const ACTIVE_ROW = new Set([
  "accepted",
  "submitted",
  "preparing",
  "routing",
  "waiting_provider",
  "streaming",
  "tool_running",
]);

/** D.4: a running turn reads tool_running while one of its tools is open, streaming otherwise. Only
 * calm running states follow the active part; attention states (action_required, blocked, …) stay. */
function followActivePart(store: Store, turnKey: string, ctx: EventContext): void {
  const status = store.runtime.value.status;
  if (store.terminalTurns.has(turnKey) || !ACTIVE_ROW.has(status)) return;
  const open = (store.openTools.get(turnKey)?.size ?? 0) > 0;
  if (open && status !== "tool_running") setRuntimeStatus(store, "tool_running", ctx);
  else if (!open && status === "tool_running") setRuntimeStatus(store, "streaming", ctx);
}

/** Inline part and timeline entry follow the record: expanded while active, collapsed once terminal. */
function syncViews(store: Store, tool: ToolRecord, ctx: EventContext): void {
  store.tools.touch(tool.toolCallId);
  syncToolPart(store, tool);
  const title = toolTitle(tool);
  const refs: Record<string, string> = { toolCallId: tool.toolCallId };
  if (tool.actionId !== undefined) refs.actionId = tool.actionId;
  if (tool.evidenceIds.length > 0) refs.evidenceId = tool.evidenceIds[tool.evidenceIds.length - 1];
  if (tool.attempts.length > 1) refs.attempt = String(tool.attempts.length);
  store.timelineEntry(
    `tool:${tool.toolCallId}`,
    tool.status === "output-error" ? "error" : "tool",
    title,
    ctx,
    {
      status: tool.status,
      refs,
    },
  );
}

function toolStarted(store: Store, ctx: EventContext): void {
  const tool = toolFor(store, ctx, true);
  if (tool === undefined) return;
  const { payload } = ctx;
  if (isTerminal(tool.status)) {
    // A retry keeps the earlier attempt with its own status and output (TOOL-07, TEXT-11).
    tool.attempts.push({ attempt: tool.attempts.length + 1, status: "running", source: ctx.source });
    delete tool.error;
    delete tool.outputPreview;
    delete tool.outputText;
    delete tool.outputRef;
    delete tool.outputBytes;
    delete tool.endedAt;
  } else if (tool.status === "running")
    store.diag("tool_started_already_active", "info", `tool ${tool.toolCallId} started twice`, ctx.event);
  const name = asString(payload.name);
  if (name !== undefined) tool.name = name;
  const kind = asString(payload.kind);
  if (kind !== undefined) tool.kind = kind;
  applyInput(store, tool, ctx);
  if (typeof ctx.event.timestamp === "string" && tool.startedAt === undefined)
    tool.startedAt = ctx.event.timestamp;
  setStatus(store, tool, "running", ctx);
}

function toolArgs(store: Store, ctx: EventContext): void {
  const tool = toolFor(store, ctx, true);
  if (tool === undefined) return;
  const name = asString(ctx.payload.name);
  const hasInput = ctx.payload.input !== undefined || typeof ctx.payload.inputSummary === "string";
  // Streaming argument deltas are never stored (partial JSON may hold secrets, TOOL-03): a delta that
  // changes no visible fact costs nothing.
  if (
    !hasInput &&
    (name === undefined || tool.name !== "unknown") &&
    tool.status !== "unknown" &&
    (tool.status !== "input-streaming" || ctx.payload.complete !== true)
  )
    return;
  if (name !== undefined && tool.name === "unknown") tool.name = name;
  applyInput(store, tool, ctx);
  if (tool.status === "unknown" || tool.status === "input-streaming") {
    const complete = ctx.payload.complete === true || ctx.payload.input !== undefined;
    setStatus(store, tool, complete ? "input-available" : "input-streaming", ctx);
  } else syncViews(store, tool, ctx);
}

function toolProgress(store: Store, ctx: EventContext): void {
  const tool = toolFor(store, ctx);
  if (tool === undefined) return;
  const { payload } = ctx;
  const progress: NonNullable<ToolRecord["progress"]> = {};
  const message = asString(payload.message);
  if (message !== undefined) progress.message = boundText(safeText(message), store.options.previewBytes);
  const ratio = asNumber(payload.ratio);
  if (ratio !== undefined) progress.ratio = ratio;
  if (message !== undefined || ratio !== undefined) tool.progress = progress;
  const awaiting = asString(payload.awaitingActionId);
  if (awaiting !== undefined) tool.actionId = awaiting;
  const heldBy = asString(payload.heldByActionId);
  if (heldBy !== undefined && awaiting === undefined) {
    // Held by the paused run, not running: its status stays where the source left it.
    if (!isTerminal(tool.status) && tool.status !== "approval-requested") tool.actionId = heldBy;
    syncViews(store, tool, ctx);
    return;
  }
  if (isTerminal(tool.status)) {
    syncViews(store, tool, ctx);
    return;
  }
  setStatus(store, tool, awaiting !== undefined ? "approval-requested" : "running", ctx);
}

/** Output streamed into a row's preview (SEC-02): the raw text so far with its redaction while the
 * preview fills, only the final preview once it is full. Valid while the row shows `shown`: a preview
 * set otherwise (a result, a retry) starts over from what the row shows, which is already safe text. */
type StreamedPreview = { shown: string; redaction?: GrowingTextRedaction };
const streamedPreviews = new WeakMap<ToolRecord, StreamedPreview>();

/** Raw output kept beyond the preview's length while redacted secrets shrink it (an open PEM block). */
const RAW_SLACK = 16_384;

/** Adds a delta to the preview, redacting everything streamed so far as one text, so a secret split
 * across deltas is redacted whole. A preview cut at the limit is final: a fragment at its end that could
 * start a secret whose rest is still to come is dropped, never shown, and nothing follows it. */
function appendPreview(store: Store, tool: ToolRecord, delta: string): void {
  const limit = store.options.previewBytes;
  const held = streamedPreviews.get(tool);
  const own = held !== undefined && held.shown === tool.outputPreview;
  if (own && held.redaction === undefined) return;
  const base = own ? held.redaction : undefined;
  const shown = tool.outputPreview ?? "";
  if (base === undefined && shown.length >= limit) return;
  const redaction = redactGrowingText((base?.raw ?? shown) + delta, base, true);
  if (redaction.text.length <= limit && redaction.raw.length <= limit + RAW_SLACK) {
    // While the output streams, a fragment at its end that could start a secret waits for the rest.
    tool.outputPreview = withoutTrailingSecretStart(redaction.text);
    streamedPreviews.set(tool, { shown: tool.outputPreview, redaction });
  } else {
    tool.outputPreview = withoutTrailingSecretStart(boundText(redaction.text, limit));
    streamedPreviews.set(tool, { shown: tool.outputPreview });
  }
}

/** A row that stops streaming shows its whole redacted preview, with any fragment held back; the raw
 * output is no longer kept (a late delta continues the preview like a result's). */
function settlePreview(tool: ToolRecord): void {
  const held = streamedPreviews.get(tool);
  if (held === undefined) return;
  streamedPreviews.delete(tool);
  if (held.redaction !== undefined && held.shown === tool.outputPreview)
    tool.outputPreview = held.redaction.text;
}

function toolOutputDelta(store: Store, ctx: EventContext): void {
  const tool = toolFor(store, ctx);
  if (tool === undefined) return;
  const delta = ctx.payload.delta;
  if (typeof delta !== "string") {
    store.diag("schema_mismatch", "warning", "tool.output.delta without a string payload.delta", ctx.event);
    return;
  }
  tool.outputBytes = (tool.outputBytes ?? 0) + utf8Bytes(delta);
  appendPreview(store, tool, delta);
  if (tool.status !== "running" && !isTerminal(tool.status)) setStatus(store, tool, "running", ctx);
  else store.tools.touch(tool.toolCallId);
}

function toolResult(store: Store, ctx: EventContext): void {
  const tool = toolFor(store, ctx);
  if (tool === undefined) return;
  const { payload, event } = ctx;
  applyOutput(store, tool, ctx);
  const error = errorOf(payload);
  if (error !== undefined) {
    store.diag("tool_result_error", "warning", `tool.result for ${tool.toolCallId} carries an error`, event);
    fail(store, tool, ctx, { message: boundText(safeText(error), store.options.previewBytes) });
  } else setStatus(store, tool, "output-available", ctx);
  const artifactIds = asStringArray(payload.artifactIds);
  if (typeof event.artifactId === "string") artifactIds.push(event.artifactId);
  for (const artifactId of artifactIds) linkArtifactToTool(store, artifactId, tool.toolCallId, ctx);
  addUnique(tool.artifactIds, artifactIds);
  const evidenceIds = asStringArray(payload.evidenceIds);
  if (typeof event.evidenceId === "string") evidenceIds.push(event.evidenceId);
  if (addUnique(tool.evidenceIds, evidenceIds)) syncViews(store, tool, ctx);
}

function fail(
  store: Store,
  tool: ToolRecord,
  ctx: EventContext,
  error: NonNullable<ToolRecord["error"]>,
): void {
  tool.error = error;
  tool.attempts[tool.attempts.length - 1].error = { ...error };
  setStatus(store, tool, "output-error", ctx);
}

function toolFailed(store: Store, ctx: EventContext): void {
  const tool = toolFor(store, ctx);
  if (tool === undefined) return;
  const { payload, event } = ctx;
  applyOutput(store, tool, ctx);
  if (typeof event.evidenceId === "string" && addUnique(tool.evidenceIds, [event.evidenceId]))
    store.tools.touch(tool.toolCallId);
  if (payload.cancelled === true) {
    setStatus(store, tool, "cancelled", ctx);
    return;
  }
  const error: NonNullable<ToolRecord["error"]> = {
    message: boundText(
      safeText(asString(payload.error) ?? (payload.denied === true ? "denied" : "unknown")),
      store.options.previewBytes,
    ),
  };
  const category = asString(payload.category) ?? (payload.denied === true ? "denied" : undefined);
  if (category !== undefined) error.category = category;
  if (typeof payload.retryable === "boolean") error.retryable = payload.retryable;
  fail(store, tool, ctx, error);
}

/** Run end with tools still open: `cancelled` when the run was cancelled/interrupted, else `unknown`;
 * never running forever (DESIGN.md "tools that never end"). */
export function closeOpenTools(
  store: Store,
  turnKey: string,
  status: "cancelled" | "unknown",
  ctx: EventContext,
): void {
  const open = store.openTools.get(turnKey);
  if (open === undefined || open.size === 0) return;
  const kept = new Set<string>();
  for (const id of Array.from(open)) {
    const tool = store.tools.get(id);
    if (tool === undefined) continue;
    // A tool waiting on a still-pending approval is not running: the run paused for the decision
    // (HITL interrupt). It stays approval-requested beside its visible pending card, never "cancelled";
    // so does a tool the paused run holds until that action is answered (`heldByActionId`).
    if (tool.actionId !== undefined && store.pendingActions.has(tool.actionId)) {
      kept.add(id);
      continue;
    }
    if (status === "unknown")
      store.diag(
        "tool_unclosed_at_turn_end",
        "warning",
        `tool ${id} had no terminal fact when the run ended`,
        ctx.event,
      );
    setStatus(store, tool, status, ctx);
  }
  for (const id of Array.from(open)) if (!kept.has(id)) open.delete(id);
}

/** Annotations from permission/hook facts on a tool row (PERM-04/05). */
export function annotateTool(store: Store, toolCallId: string, update: (tool: ToolRecord) => void): boolean {
  const tool = store.tools.get(toolCallId);
  if (tool === undefined) return false;
  update(tool);
  store.tools.touch(toolCallId);
  return true;
}

/** Links an action to the tool it gates (HITL-06: only when the runtime named the tool). */
export function markAwaitingApproval(
  store: Store,
  toolCallId: string,
  actionId: string,
  ctx: EventContext,
): void {
  const tool = store.tools.get(toolCallId);
  if (tool === undefined) return;
  tool.actionId = actionId;
  if (!isTerminal(tool.status)) setStatus(store, tool, "approval-requested", ctx);
  else syncViews(store, tool, ctx);
}

export const toolHandlers = {
  "tool.started": toolStarted,
  "tool.args": toolArgs,
  "tool.progress": toolProgress,
  "tool.output.delta": toolOutputDelta,
  "tool.result": toolResult,
  "tool.failed": toolFailed,
} as const;
