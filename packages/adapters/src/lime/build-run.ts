// Builders for session, turn/run, model text, reasoning, routing, cost/limit and runtime diagnostics.
import type { RunFinishedPayload, RuntimeStatus } from "@agent-ui/contracts";
import { compact, readArray, readBoolean, readNumber, readRecord, readString } from "../shared/record";
import { previewOf } from "../shared/safe-payload";
import {
  type BuildContext,
  type Builder,
  messageOf,
  numberField,
  phaseOf,
  reasonOf,
  safe,
  statusWord,
  stringField,
  stringList,
  toRuntimeStatus,
} from "./build-common";
import type { LimeFacts } from "./facts";
import { lookupTable } from "@agent-ui/contracts";

export const sessionFact: Builder = (f, ctx) => ({
  payload: compact({
    status: statusWord(f),
    title: stringField(f, "title", "name"),
    workspaceId: stringField(f, "workspaceId", "workspace_id") ?? readString(f.record, "workspaceId"),
    details: Object.keys(f.payload).length > 0 ? safe(ctx, f.payload) : undefined,
  }),
});

export const runStarted: Builder = (f) => ({
  phase: "submitted",
  runtimeEntity: f.shape.runtimeEntity ?? "agent_turn",
  payload: compact({
    // Only literal input text is shown; an `inputRef` is a pointer and is never turned into text.
    input: stringField(f, "input", "text", "prompt"),
    userMessageId: stringField(f, "userMessageId", "user_message_id"),
    clientMessageId: stringField(f, "clientMessageId", "client_message_id"),
    inputRef: stringField(f, "inputRef", "input_ref"),
    // Resolved context the user sent with the input (COMP-02): ids only, never expanded here.
    contextRefs: stringList(f.payload.contextRefs ?? f.payload.context_refs),
  }),
});

/** `run.status` with a fixed status, or the source's own status when `fixed` is undefined. */
export function runStatus(fixed?: RuntimeStatus, label?: string): Builder {
  return (f) => {
    const status = fixed ?? toRuntimeStatus(statusWord(f) ?? f.phase);
    if (status === undefined) return null;
    return {
      phase: phaseOf(status),
      runtimeStatus: f.status ?? statusWord(f),
      payload: compact({
        status,
        label: stringField(f, "label", "title", "stage") ?? label,
        reason: reasonOf(f),
        model: stringField(f, "model", "selectedModel"),
        retryCount: numberField(f, "retryCount", "retry_count", "attempt"),
        nativeStatus: f.nativeStatus,
      }),
    };
  };
}

/** `turn.submitted`: the payload's own accepted/submitted status, `submitted` otherwise (STAT-07). */
export const turnAccepted: Builder = (f) => {
  const own = toRuntimeStatus(statusWord(f));
  const status: RuntimeStatus = own === "accepted" || own === "queued" ? own : "submitted";
  return {
    phase: phaseOf(status),
    runtimeStatus: status,
    payload: compact({ status, label: status, nativeStatus: f.nativeStatus }),
  };
};

export function runFinished(outcome: RunFinishedPayload["outcome"]): Builder {
  return (f) => ({
    phase: outcome === "success" ? "completed" : outcome === "unknown" ? undefined : outcome,
    latestTurnStatus: outcome === "success" ? "completed" : outcome === "cancelled" ? "cancelled" : undefined,
    payload: compact({ outcome, reason: reasonOf(f) }),
  });
}

/** What a `turn.completed` says about how the turn ended: its `status`, `payload.status` or
 * `payload.outcome`. A cancelled or interrupted turn that the runtime reports through `turn.completed`
 * is never a success (STAT-*); a failed one is a `run.failed`. */
const TURN_END_BY_WORD: Readonly<Record<string, RunFinishedPayload["outcome"] | "failed">> = lookupTable({
  cancelled: "cancelled",
  canceled: "cancelled",
  aborted: "cancelled",
  interrupted: "interrupted",
  failed: "failed",
  error: "failed",
  timed_out: "failed",
});

function turnEnd(f: LimeFacts): RunFinishedPayload["outcome"] | "failed" {
  for (const word of [f.status, readString(f.payload, "status"), readString(f.payload, "outcome")]) {
    const end = word !== undefined ? TURN_END_BY_WORD[word] : undefined;
    if (end !== undefined) return end;
  }
  return "success";
}

/** `turn.completed` → `run.finished` with the outcome the turn states (`null` when it failed). */
export const turnCompleted: Builder = (f, ctx) => {
  const end = turnEnd(f);
  return end === "failed" ? null : runFinished(end)(f, ctx);
};

/** `turn.completed` whose status says the turn failed → `run.failed` (`null` otherwise). */
export const turnCompletedFailed: Builder = (f, ctx) => (turnEnd(f) === "failed" ? runFailed(f, ctx) : null);

export const runFailed: Builder = (f) => ({
  phase: "failed",
  latestTurnStatus: "failed",
  payload: compact({
    category: stringField(f, "failureCategory", "failure_category", "category", "code"),
    message: messageOf(f),
    retryable: readBoolean(f.payload, "retryable"),
  }),
});

/** `model.failed` the runtime will retry: the status row shows retrying (never a silent stall). */
export const modelRetrying: Builder = (f, ctx) =>
  readBoolean(f.payload, "retryable", "willRetry", "retrying") === true &&
  readBoolean(f.payload, "terminal", "turnTerminal", "fatal") !== true
    ? runStatus("retrying", "retrying model call")(f, ctx)
    : null;

/** `runtime.error` / `model.failed` end the run only when the runtime says the turn is over. */
export const runFailedIfTerminal: Builder = (f, ctx) =>
  readBoolean(f.payload, "terminal", "turnTerminal", "fatal") === true ? runFailed(f, ctx) : null;

function deltaText(f: LimeFacts): string | undefined {
  const direct = readString(f.payload, "delta", "text", "content", "textDelta");
  if (direct !== undefined) return direct;
  // App Server batches (`message.delta_batch`, `message.batch`) carry a list of deltas.
  const batch = readArray(f.payload, "deltas", "batch", "items");
  if (batch === undefined) return undefined;
  const texts = batch
    .map((d) => (typeof d === "string" ? d : readString(d, "delta", "text")))
    .filter(Boolean);
  return texts.length > 0 ? texts.join("") : undefined;
}

/**
 * The message a model/reasoning fact belongs to. The runtime rarely names it; then the turn's answer
 * message `<turnId>:assistant` is the key (one assistant answer per turn), so every text fact is placed.
 */
function messageIds(f: LimeFacts) {
  const turnMessage = f.ids.turnId !== undefined ? `${f.ids.turnId}:assistant` : undefined;
  return compact({
    messageId: stringField(f, "messageId", "message_id") ?? f.ids.messageId ?? turnMessage,
    partId: stringField(f, "partId", "part_id") ?? f.ids.partId,
  });
}

export const textDelta: Builder = (f) => {
  const delta = deltaText(f);
  if (delta === undefined) return null;
  return { ...messageIds(f), phase: "producing", payload: { delta, role: "assistant" } };
};

/** `model.completed` reconciles the answer (TEXT-04); it is never a run terminal. */
export const textFinal: Builder = (f) => {
  const text = readString(f.payload, "text", "content", "finalText", "final_text", "outputText");
  if (text === undefined) return null;
  return { ...messageIds(f), phase: "producing", payload: { text } };
};

/** Token usage of a finished model call as a metric (never prose). */
export const modelUsage: Builder = (f) => {
  const value =
    numberField(f, "outputTokens", "output_tokens") ??
    readNumber(readRecord(f.payload, "usage"), "outputTokens", "output_tokens", "completionTokens");
  if (value === undefined) return null;
  return { metricName: "model.output_tokens", payload: { value, unit: "tokens" } };
};

export const reasoningDelta: Builder = (f) => {
  const delta = deltaText(f);
  if (delta === undefined) return null;
  const visibility = stringField(f, "visibility") === "detail" ? "detail" : "summary";
  return { ...messageIds(f), phase: "reasoning", payload: { delta, visibility } };
};

/** `reasoning.started` opens the reasoning part (§D.3 "part open"): an empty delta, so the record keeps
 * its position in the stream instead of leaving a hole the projection would wait on (ORD-01). */
export const reasoningOpened: Builder = (f) => {
  const visibility = stringField(f, "visibility") === "detail" ? "detail" : "summary";
  return { ...messageIds(f), phase: "reasoning", payload: { delta: "", visibility } };
};

export const reasoningSummary: Builder = (f) => {
  const text = readString(f.payload, "summary", "text", "content");
  if (text === undefined) return null;
  return { ...messageIds(f), phase: "reasoning", payload: { text } };
};

/** Routing facts for the model chip (ROUTE-01): only what the runtime stated. */
function routingFacts(f: LimeFacts) {
  return compact({
    selectedModel: stringField(f, "selectedModel", "selected_model", "model"),
    provider: stringField(f, "provider", "selectedProvider"),
    candidateCount: numberField(f, "candidateCount", "candidate_count"),
    singleCandidate:
      f.type === "routing.single_candidate"
        ? true
        : readBoolean(f.payload, "singleCandidate", "single_candidate"),
    decisionSource: stringField(f, "decisionSource", "decision_source"),
    decisionReason: stringField(f, "decisionReason", "decision_reason"),
    capabilityGap: stringField(f, "capabilityGap", "capability_gap"),
    taskKind: stringField(f, "taskKind", "task_kind"),
    taskProfile: stringField(f, "taskProfile", "profile", "profileId"),
    fallbackFrom: stringField(f, "fallbackFrom", "fromModel", "previousModel"),
  });
}

export function routingStatus(status: RuntimeStatus): Builder {
  return (f) => {
    const routing = routingFacts(f);
    return {
      phase: phaseOf(status),
      payload: compact({
        status,
        label: f.type,
        reason:
          f.type === "routing.not_possible" || f.type === "routing.fallback.applied"
            ? reasonOf(f)
            : undefined,
        model: routing.selectedModel,
        routing,
      }),
    };
  };
}

/** An informational or warning diagnostic carrying the record's safe payload as its summary. */
export function runtimeDiagnostic(
  code: string,
  severity: "error" | "warning" | "info",
  describe?: (f: LimeFacts) => string | undefined,
): Builder {
  return (f, ctx) => ({
    payload: compact({
      code,
      severity,
      message: describe?.(f) ?? messageOf(f) ?? f.type,
      summary: summaryOf(f, ctx),
    }),
  });
}

function summaryOf(f: LimeFacts, ctx: BuildContext): Record<string, unknown> {
  const summary: Record<string, unknown> = { runtimeType: f.sourceType };
  if (f.schemaVersion !== undefined) summary.schemaVersion = f.schemaVersion;
  if (Object.keys(f.payload).length > 0) summary.payload = safe(ctx, f.payload);
  if (f.refs !== undefined) summary.refs = safe(ctx, f.refs);
  const benchmark = f.record.benchmark;
  if (benchmark !== undefined) summary.benchmark = safe(ctx, benchmark);
  return summary;
}

type LimitKind = "cost" | "rate_limit" | "quota" | "limit";

/**
 * Limit / cost / quota state for the status row's limit chip (ROUTE-02): a diagnostic, never prose. The
 * limit's `status` is the normalized one (the payload's own word never overwrites it) and sets the
 * severity; `kind` is the class's, except that a generic `limit.changed` may name its own.
 */
export function limitDiagnostic(kind: LimitKind, status: "ok" | "low" | "blocked" | "rate_limited"): Builder {
  return (f, ctx) => {
    const details = safe(ctx, f.payload) as Record<string, unknown>;
    const state = limitStatus(f, status);
    return {
      payload: {
        code: "runtime_info",
        severity: state === "ok" ? "info" : "warning",
        message: messageOf(f) ?? f.type,
        limit: {
          ...details,
          kind: kind === "limit" && typeof details.kind === "string" ? details.kind : kind,
          status: state,
        },
        summary: summaryOf(f, ctx),
      },
    };
  };
}

function limitStatus(f: LimeFacts, fallback: string): string {
  if (f.type !== "limit.changed") return fallback;
  const own = statusWord(f);
  if (own === "blocked" || readBoolean(f.payload, "blocked") === true) return "blocked";
  return own === "low" || own === "rate_limited" ? own : "ok";
}

/** `limit.changed` blocks the run only when the runtime says so. */
export const limitBlocked: Builder = (f, ctx) =>
  limitStatus(f, "ok") === "blocked" ? runStatus("blocked")(f, ctx) : null;

export const costMetric: Builder = (f) => {
  const value = numberField(f, "costUsd", "cost_usd", "amountUsd", "amount", "cost", "estimatedCostUsd");
  if (value === undefined) return null;
  return {
    metricName: f.type === "cost.estimated" ? "cost.estimated" : "cost.recorded",
    payload: { value, unit: stringField(f, "currency", "unit") ?? "usd" },
  };
};

/** `rate_limit.hit`: retrying when the runtime will retry, waiting otherwise. */
export const rateLimitStatus: Builder = (f, ctx) => {
  const retrying =
    readBoolean(f.payload, "retrying", "willRetry", "retryable") === true ||
    numberField(f, "retryAfterMs", "retry_after_ms", "retryAfter") !== undefined;
  return runStatus(retrying ? "retrying" : "waiting", "rate limited")(f, ctx);
};

export function describeRuntime(f: LimeFacts): string | undefined {
  const message = messageOf(f);
  return message !== undefined ? previewOf(message, 300) : undefined;
}
