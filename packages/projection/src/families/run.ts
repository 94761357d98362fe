// run.* (STAT-*, PROC-02/03, ENV-07, TEXT-09): the runtime-status row, the user message of a turn and the
// turn's end, which archives its process and closes tools that never reported a terminal fact.
import type { RuntimeSlice, RuntimeStatus } from "@agent-ui/contracts";
import { runtimeAttention, toRuntimeStatus } from "../crosswalk";
import { asNumber, asString, asStringArray, isRecord } from "../internal/json";
import { safeText } from "../internal/safety";
import { type MessageState, PROCESS_KINDS } from "../internal/message-state";
import { addPart, createMessage, findMessage, touchPart } from "../message-ops";
import { repairSection } from "../hydration/repair";
import type { EventContext, Store } from "../store";
import { closeOpenTools } from "./tool";

const RUNTIME_IDS = ["runtimeId", "sessionId", "threadId", "runId", "turnId", "traceId"] as const;

/** Copies the runtime spine ids and execution shape the event carries (AUI-AR-ID-001, ENV-06). */
export function liftRuntimeIds(runtime: RuntimeSlice, ctx: EventContext): void {
  const { event } = ctx;
  for (const field of RUNTIME_IDS) {
    const value = event[field];
    if (typeof value === "string") runtime[field] = value;
  }
  if (typeof event.runtimeEntity === "string") runtime.runtimeEntity = event.runtimeEntity;
  if (typeof event.queuedTurnCount === "number") runtime.queuedTurnCount = event.queuedTurnCount;
}

/** `word` is the runtime's own status word: `unavailable` / `not_applicable` behind an `unknown` row state
 * are kept so the row names them (FALL-03); any other status clears it. */
export function setRuntimeStatus(
  store: Store,
  status: RuntimeStatus,
  ctx: EventContext,
  word?: unknown,
): void {
  const runtime = store.runtime.value;
  runtime.status = status;
  if (status === "unknown" && (word === "unavailable" || word === "not_applicable"))
    runtime.statedStatus = word;
  else delete runtime.statedStatus;
  runtime.attention = runtimeAttention(status);
  runtime.source = ctx.source;
  if (typeof ctx.event.timestamp === "string") runtime.updatedAt = ctx.event.timestamp;
  store.runtime.touch();
}

/** `running` is not a row state: it is tool_running while a tool of the turn is open, else streaming. */
export function resolveRunning(
  store: Store,
  status: RuntimeStatus | "running",
  turnKey: string,
): RuntimeStatus {
  if (status !== "running") return status;
  return (store.openTools.get(turnKey)?.size ?? 0) > 0 ? "tool_running" : "streaming";
}

function runStarted(store: Store, ctx: EventContext): void {
  const { event, turnKey } = ctx;
  if (typeof event.runId === "string" && typeof event.turnId === "string")
    store.runToTurn.set(event.runId, event.turnId);
  store.terminalTurns.delete(turnKey);
  const runtime = store.runtime.value;
  delete runtime.failure;
  delete runtime.retry;
  delete runtime.reason;
  delete runtime.label;
  liftRuntimeIds(runtime, ctx);
  // A run without its own start time shows none, never the previous run's (the elapsed time would lie).
  if (typeof event.timestamp === "string") runtime.startedAt = event.timestamp;
  else delete runtime.startedAt;
  setRuntimeStatus(store, event.phase === "submitted" ? "submitted" : "accepted", ctx);
  projectUserMessage(store, ctx);
  store.timelineEntry(`run:${turnKey}`, "status", "Run accepted", ctx, {
    status: "accepted",
    refs: spineRefs(ctx),
  });
}

/** The user's input becomes one `user_text` message. A client-local run.started (no runtime ids) shows
 * it optimistically; the runtime's run.started with the same clientMessageId reconciles it (ENV-07). */
function projectUserMessage(store: Store, ctx: EventContext): void {
  const { event, payload } = ctx;
  // The user's own input may carry a pasted credential: it is redacted like any other payload (SEC-01).
  const raw = asString(payload.input);
  const input = raw === undefined ? undefined : safeText(raw);
  const clientId = asString(payload.clientMessageId);
  const runtimeId = asString(payload.userMessageId);
  const fromRuntime = typeof event.turnId === "string" || typeof event.runId === "string";
  let message = clientId !== undefined ? findMessage(store, clientId) : undefined;
  if (message === undefined && runtimeId !== undefined) message = findMessage(store, runtimeId);
  if (message === undefined) {
    if (input === undefined) return;
    const id = runtimeId ?? (fromRuntime ? `${ctx.turnKey}:user` : (clientId ?? `${ctx.turnKey}:user`));
    message = findMessage(store, id) ?? createMessage(store, id, "user", ctx, { optimistic: !fromRuntime });
  } else if (fromRuntime) {
    message.optimistic = false;
    if (typeof event.turnId === "string") message.turnId = event.turnId;
    if (typeof event.runId === "string") message.runId = event.runId;
    if (runtimeId !== undefined && runtimeId !== message.id) {
      store.messageKeyById.delete(message.id);
      message.id = runtimeId;
      store.messageKeyById.set(runtimeId, message.key);
    }
    message.source = ctx.source;
    store.messages.touch(message.key);
  }
  if (input === undefined) return;
  const part =
    message.partsById.get(`${message.key}:input`) ??
    addPart(store, message, `${message.key}:input`, "user_text", ctx);
  if (part.chunks?.[0] !== input || part.chunks.length !== 1) part.chunks = [input];
  part.status = "done";
  const contextRefs = asStringArray(payload.contextRefs);
  // The context the user sent with the input, as the runtime confirmed it (COMP-02): ids, never content.
  if (contextRefs.length > 0) part.data = { ...part.data, contextRefs };
  touchPart(store, message, part);
}

function runStatus(store: Store, ctx: EventContext): void {
  const { event, payload, turnKey } = ctx;
  if (store.terminalTurns.has(turnKey)) {
    store.diag(
      "execution_after_turn_terminal",
      "warning",
      `run.status after the turn ended (${turnKey})`,
      event,
    );
    return;
  }
  const mapped = toRuntimeStatus(payload.status);
  if (mapped === undefined)
    store.diag(
      "unknown_taxonomy_value",
      "warning",
      "run.status has no known status",
      event,
      "/payload/status",
    );
  const runtime = store.runtime.value;
  liftRuntimeIds(runtime, ctx);
  const label = asString(payload.label);
  if (label !== undefined) runtime.label = label;
  const reason = asString(payload.reason);
  if (reason !== undefined) runtime.reason = reason;
  else delete runtime.reason;
  const retryCount = asNumber(payload.retryCount);
  if (retryCount !== undefined) runtime.retry = { count: retryCount, ...(reason ? { reason } : {}) };
  applyRouting(runtime, payload, ctx);
  if (isRecord(payload.limits)) applyLimits(runtime, payload.limits, ctx);
  const status = resolveRunning(store, mapped ?? "unknown", turnKey);
  setRuntimeStatus(store, status, ctx, payload.status);
  if (status === "blocked" || status === "retrying" || status === "failed") {
    store.timelineEntry(`run:${turnKey}:${status}`, "status", label ?? status, ctx, {
      status,
      refs: spineRefs(ctx),
    });
  }
}

/** Routing facts from the runtime drive the model chip (ROUTE-01/03); nothing is computed locally. */
function applyRouting(runtime: RuntimeSlice, payload: Record<string, unknown>, ctx: EventContext): void {
  const routing = isRecord(payload.routing) ? payload.routing : undefined;
  const model = asString(routing?.selectedModel) ?? asString(payload.model);
  if (model === undefined && routing === undefined) return;
  const chip = runtime.model;
  if (model !== undefined) chip.selected = model;
  if (routing !== undefined) {
    const provider = asString(routing.provider);
    if (provider !== undefined) chip.provider = provider;
    const decisionSource = asString(routing.decisionSource);
    if (decisionSource !== undefined) chip.decisionSource = decisionSource;
    const decisionReason = asString(routing.decisionReason);
    if (decisionReason !== undefined) chip.decisionReason = decisionReason;
    const candidateCount = asNumber(routing.candidateCount);
    if (candidateCount !== undefined) chip.candidateCount = candidateCount;
    if (typeof routing.singleCandidate === "boolean") chip.singleCandidate = routing.singleCandidate;
    const capabilityGap = asString(routing.capabilityGap);
    if (capabilityGap !== undefined) chip.capabilityGap = capabilityGap;
  }
  chip.source = ctx.source;
}

const LIMIT_STATUSES = new Set(["ok", "low", "blocked", "rate_limited"]);

/** Cost / rate limit / quota state for the status row (ROUTE-02), never prose. */
export function applyLimits(runtime: RuntimeSlice, limit: Record<string, unknown>, ctx: EventContext): void {
  const limits = runtime.limits;
  const status = asString(limit.status);
  if (status !== undefined && LIMIT_STATUSES.has(status)) limits.status = status as typeof limits.status;
  const kind = asString(limit.kind);
  const bucket =
    kind === "cost" ? "cost" : kind === "rate_limit" ? "rateLimit" : kind === "quota" ? "quota" : undefined;
  if (bucket !== undefined) {
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(limit))
      if (key !== "kind" && key !== "status" && (typeof value !== "object" || value === null))
        copy[key] = value;
    limits[bucket] = copy;
  }
  const reason = asString(limit.reason);
  if (reason !== undefined) limits.reason = reason;
  limits.source = ctx.source;
}

function runFinished(store: Store, ctx: EventContext): void {
  const { payload, turnKey, event } = ctx;
  const outcome = asString(payload.outcome);
  // An outcome the standard does not name is never read as success: the run ended, how is unknown.
  const status: RuntimeStatus =
    outcome === "cancelled"
      ? "cancelled"
      : outcome === "interrupted"
        ? "interrupted"
        : outcome === undefined || outcome === "success"
          ? "completed"
          : "unknown";
  if (
    outcome !== undefined &&
    outcome !== "success" &&
    outcome !== "cancelled" &&
    outcome !== "interrupted" &&
    outcome !== "unknown"
  )
    store.diag(
      "unknown_taxonomy_value",
      "warning",
      `run.finished outcome "${outcome}" is not standard`,
      event,
    );
  if (!endTurn(store, ctx, status)) return;
  const reason = asString(payload.reason);
  if (reason !== undefined) store.runtime.value.reason = reason;
  store.timelineEntry(`run:${turnKey}`, "status", `Run ${status}`, ctx, { status, refs: spineRefs(ctx) });
}

function runFailed(store: Store, ctx: EventContext): void {
  const { payload, turnKey } = ctx;
  if (!endTurn(store, ctx, "failed")) return;
  const failure: NonNullable<RuntimeSlice["failure"]> = {};
  const category = asString(payload.category);
  const message = asString(payload.message);
  if (category !== undefined) failure.category = category;
  if (message !== undefined) failure.message = message;
  if (typeof payload.retryable === "boolean") failure.retryable = payload.retryable;
  store.runtime.value.failure = failure;
  store.timelineEntry(`run:${turnKey}`, "error", `Run failed${category ? `: ${category}` : ""}`, ctx, {
    status: "failed",
    refs: spineRefs(ctx),
  });
}

/** The turn's terminal fact: status, archive of the process, closure of open tools. Returns false when
 * the turn had already ended (a repeated terminal is flagged, not applied twice). */
function endTurn(store: Store, ctx: EventContext, status: RuntimeStatus): boolean {
  const { turnKey, event } = ctx;
  if (store.terminalTurns.has(turnKey)) {
    store.diag("turn_terminal_repeated", "warning", `turn ${turnKey} already ended`, event);
    return false;
  }
  store.terminalTurns.add(turnKey);
  liftRuntimeIds(store.runtime.value, ctx);
  // The stage label named a step of the running turn; once it ended, the status says how, not where.
  delete store.runtime.value.label;
  setRuntimeStatus(store, status, ctx);
  const toolStatus = status === "cancelled" || status === "interrupted" ? "cancelled" : "unknown";
  const turns =
    ctx.event.turnId === undefined && ctx.event.runId === undefined
      ? Array.from(store.openTools.keys())
      : [turnKey];
  for (const key of turns) closeOpenTools(store, key, toolStatus, ctx);
  archiveTurn(store, turnKey, ctx);
  if (status === "failed") addErrorPart(store, ctx);
  return true;
}

/** PROC-02/03: when a run ends every process part collapses and streaming text is done. */
export function archiveTurn(store: Store, turnKey: string, ctx: EventContext): void {
  const messages = store.turnMessages.get(turnKey);
  if (messages !== undefined) archiveMessages(store, messages, ctx);
}

/** The archive step for some messages of a turn (a subagent's lane when the subagent ends). */
export function archiveMessages(store: Store, messages: Iterable<MessageState>, ctx: EventContext): void {
  for (const message of messages) {
    for (const part of message.parts) {
      const isProcess = PROCESS_KINDS.has(part.kind);
      if (part.status === "done" && (!isProcess || part.expanded === false)) continue;
      const wasStreaming = part.status === "streaming";
      part.status = "done";
      if (isProcess) part.expanded = false;
      touchPart(store, message, part);
      // The archive entry of an interrupted process step ends with the run, never "running" forever.
      for (const prefix of ["reasoning", "plan"]) {
        const entry = store.timeline.get(`${prefix}:${part.id}`);
        if (wasStreaming && entry !== undefined && entry.status === "running")
          store.timelineEntry(entry.id, entry.kind, entry.title, ctx, { status: "completed" });
      }
    }
  }
}

function addErrorPart(store: Store, ctx: EventContext): void {
  const messages = store.turnMessages.get(ctx.turnKey);
  const message = messages?.findLast((m) => m.role === "assistant");
  if (message === undefined) return;
  const part = addPart(store, message, `${message.id}:error`, "error", ctx);
  part.status = "done";
  part.title = asString(ctx.payload.category) ?? "Run failed";
  const data: Record<string, unknown> = {};
  const text = asString(ctx.payload.message);
  if (text !== undefined) data.message = text;
  if (typeof ctx.payload.retryable === "boolean") data.retryable = ctx.payload.retryable;
  part.data = data;
}

export function spineRefs(ctx: EventContext): Record<string, string> {
  const refs: Record<string, string> = {};
  for (const field of [
    "runtimeId",
    "sessionId",
    "threadId",
    "turnId",
    "runId",
    "taskId",
    "attemptId",
  ] as const) {
    const value = ctx.event[field];
    if (typeof value === "string") refs[field] = value;
  }
  return refs;
}

/** A runtime status fact from the event tail rebuilds the runtime section a stale snapshot left
 * (HYD-10): once applied (an ignored late fact repairs nothing), the section's stale mark goes. */
function repairsRuntime(handler: (store: Store, ctx: EventContext) => void) {
  return (store: Store, ctx: EventContext): void => {
    handler(store, ctx);
    if (store.runtime.value.source === ctx.source) repairSection(store, "runtime");
  };
}

export const runHandlers = {
  "run.started": repairsRuntime(runStarted),
  "run.status": repairsRuntime(runStatus),
  "run.finished": repairsRuntime(runFinished),
  "run.failed": repairsRuntime(runFailed),
} as const;
