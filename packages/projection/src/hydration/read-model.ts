// Hydration straight from runtime read models (HYD-09, AUI-AR-HYDRATE-001, AUI-AR-READ-*): shell, status
// (thread/turn status win over activeTurnId, §E-7), pending actions, queued turns, tasks with attempts,
// routing → model chip, evidence refs → evidence records (payload not loaded). No event replay. Missing
// optional summaries render `unavailable` with a safe diagnostic (AUI-AR-READ-006).
import type {
  AgentUiEvent,
  EvidencePack,
  RuntimeSessionSnapshot,
  TaskSnapshot,
  ThreadReadModel,
  ToolState,
} from "@agent-ui/contracts";
import { toRuntimeStatus } from "../crosswalk";
import { asNumber, asString, asStringArray, isRecord } from "../internal/json";
import { safeText } from "../internal/safety";
import type { EventContext, Store } from "../store";
import { upsertPendingAction } from "../families/action";
import { agentHandlers } from "../families/agent";
import { applyEvidenceFields, evidenceFor, outcomesOf } from "../families/evidence";
import { applyMessageWindow } from "../families/messages-snapshot";
import { queueItemsFrom } from "../families/queue";
import { syncQueuedTasks } from "../families/queue-tasks";
import { resolveRunning, setRuntimeStatus } from "../families/run";
import { applyTaskStatus, taskFor, upsertAttempt } from "../families/task";
import { dependencyIds } from "../families/task-dependencies";
import { newToolRecord, syncToolPart, trackOpenTool } from "../families/tool-part";
import { followTask } from "../families/work-board";
import { hydratePermissionSummary } from "./permission-summary";
import { attachToolCalls } from "./tool-parts";
import { lookupTable } from "@agent-ui/contracts";

const TERMINAL_TURN = new Set(["completed", "failed", "cancelled", "canceled", "aborted"]);

export function hydrateRuntimeSession(
  store: Store,
  snapshot: RuntimeSessionSnapshot,
  ctx: EventContext,
): void {
  const session = store.session.value;
  session.sessionId = snapshot.sessionId;
  const runtime = store.runtime.value;
  runtime.sessionId = snapshot.sessionId;
  if (typeof snapshot.runtimeId === "string") runtime.runtimeId = snapshot.runtimeId;
  const threads = Array.isArray(snapshot.threads) ? snapshot.threads.filter(isRecord) : [];
  if (threads.length === 0)
    store.diag(
      "missing_correlation",
      "info",
      "runtime session snapshot has no threads: status unavailable",
      ctx.event,
    );
  for (const thread of threads) hydrateThread(store, thread as ThreadReadModel, ctx);
  for (const task of Array.isArray(snapshot.tasks) ? snapshot.tasks : [])
    if (isRecord(task)) hydrateTask(store, task as TaskSnapshot, ctx);
  applyRoutingSummary(store, snapshot.routingLimitSummary, ctx);
  for (const ref of asStringArray(snapshot.evidenceRefs)) {
    const record = evidenceFor(store, ref, ctx);
    if (record.status === "unknown") record.status = "referenced";
    record.correlation.sessionId ??= snapshot.sessionId;
    store.evidence.touch(ref);
  }
  hydratePermissionSummary(store, snapshot, ctx);
  if (isRecord(snapshot.telemetrySummary)) {
    const traces = asStringArray(snapshot.telemetrySummary.traceIds);
    if (traces.length === 1) runtime.traceId = traces[0];
  }
  if (typeof snapshot.updatedAt === "string") runtime.updatedAt = snapshot.updatedAt;
  store.runtime.touch();
}

/** ROUTE-01 / AUI-AR-READ-006: the model chip comes from the routing summary or is `unavailable`. */
function applyRoutingSummary(store: Store, summary: unknown, ctx: EventContext): void {
  const chip = store.runtime.value.model;
  if (!isRecord(summary)) {
    if (chip.selected === "unknown") chip.selected = "unavailable";
    store.diag(
      "missing_correlation",
      "info",
      "snapshot has no routingLimitSummary: model chip unavailable",
      ctx.event,
    );
    store.runtime.touch();
    return;
  }
  chip.selected = asString(summary.selectedModel) ?? asString(summary.model) ?? "unavailable";
  const provider = asString(summary.selectedProvider) ?? asString(summary.provider);
  if (provider !== undefined) chip.provider = provider;
  const count = asNumber(summary.candidateCount);
  if (count !== undefined) chip.candidateCount = count;
  if (typeof summary.singleCandidate === "boolean") chip.singleCandidate = summary.singleCandidate;
  const decisionSource = asString(summary.decisionSource);
  if (decisionSource !== undefined) chip.decisionSource = decisionSource;
  const decisionReason = asString(summary.decisionReason);
  if (decisionReason !== undefined) chip.decisionReason = decisionReason;
  const capabilityGap = asString(summary.capabilityGap);
  if (capabilityGap !== undefined) chip.capabilityGap = capabilityGap;
  chip.source = ctx.source;
  const limits = store.runtime.value.limits;
  for (const [key, bucket] of [
    ["cost", "cost"],
    ["rateLimit", "rateLimit"],
    ["quota", "quota"],
  ] as const)
    if (isRecord(summary[key])) limits[bucket] = { ...(summary[key] as Record<string, unknown>) };
  store.runtime.touch();
}

export function hydrateThread(store: Store, thread: ThreadReadModel, ctx: EventContext): void {
  const session = store.session.value;
  session.threadId ??= thread.threadId;
  const runtime = store.runtime.value;
  runtime.threadId = thread.threadId;
  const turns = Array.isArray(thread.turns) ? thread.turns.filter(isRecord) : [];
  for (const turn of turns) {
    if (typeof turn.turnId !== "string") continue;
    if (typeof turn.runId === "string") store.runToTurn.set(turn.runId, turn.turnId);
    if (typeof turn.status === "string" && TERMINAL_TURN.has(turn.status))
      store.terminalTurns.add(turn.turnId);
  }
  const latest = turns[turns.length - 1];
  const turnId = asString(latest?.turnId) ?? asString(thread.activeTurnId);
  if (turnId !== undefined) runtime.turnId = turnId;
  if (typeof latest?.runId === "string") runtime.runId = latest.runId;
  hydratePending(store, thread, ctx);
  if (Array.isArray(thread.queuedTurns)) {
    const before = store.queue.value.items;
    store.queue.value.items = queueItemsFrom(store, thread.queuedTurns, ctx);
    syncQueuedTasks(store, before, store.queue.value.items, ctx);
    runtime.queuedTurnCount = store.queue.value.items.length;
    store.queue.touch();
  }
  // Thread status wins; activeTurnId alone never means running (§E-7).
  const mapped = toRuntimeStatus(thread.status);
  if (mapped === undefined)
    store.diag(
      "unknown_taxonomy_value",
      "warning",
      `thread status "${String(thread.status)}" is not known`,
      ctx.event,
    );
  let status = resolveRunning(store, mapped ?? "unknown", turnId ?? "default");
  if (thread.status === "blocked" && store.pendingActions.size > 0) status = "action_required";
  if (thread.status === "stale") store.markStale("runtime");
  setRuntimeStatus(store, status, ctx, thread.status);
  for (const incident of Array.isArray(thread.incidents) ? thread.incidents : []) {
    if (!isRecord(incident)) continue;
    const text =
      asString(incident.summary) ??
      asString(incident.message) ??
      asString(incident.kind) ??
      "runtime incident";
    store.diag("runtime_warning", "warning", safeText(text), ctx.event);
  }
  hydrateToolCalls(store, thread.toolCalls, ctx);
  hydrateSubagents(store, thread, ctx);
  if (Array.isArray(thread.messages)) applyMessageWindow(store, thread.messages, ctx);
  attachToolCalls(store, thread, ctx);
  const summary = thread.evidenceSummary;
  if (isRecord(summary)) {
    for (const ref of asStringArray(summary.evidenceRefs)) {
      const record = evidenceFor(store, ref, ctx);
      if (record.status === "unknown") record.status = "referenced";
      const outcomes = outcomesOf(summary.verificationOutcomes);
      if (outcomes !== undefined) record.verification = outcomes;
      if (Array.isArray(summary.knownGaps)) record.knownGaps = [...summary.knownGaps];
      record.correlation.threadId ??= thread.threadId;
      store.evidence.touch(ref);
    }
  }
}

/** Pending requests become action cards. A held pending action the snapshot lacks is kept, marked stale,
 * with a `snapshot_conflict` diagnostic: a snapshot never silently erases an unresolved action (ORD-03). */
function hydratePending(store: Store, thread: ThreadReadModel, ctx: EventContext): void {
  const seen = new Set<string>();
  for (const request of Array.isArray(thread.pendingRequests) ? thread.pendingRequests : []) {
    if (!isRecord(request)) continue;
    const actionId = asString(request.actionId) ?? asString(request.requestId) ?? asString(request.id);
    if (actionId === undefined) {
      store.diag("missing_correlation", "warning", "pending request without actionId", ctx.event);
      continue;
    }
    seen.add(actionId);
    upsertPendingAction(store, actionId, request, ctx);
  }
  for (const actionId of store.pendingActions) {
    if (seen.has(actionId)) continue;
    const action = store.actions.get(actionId);
    if (action === undefined || action.status === "stale") continue;
    action.status = "stale";
    store.actions.touch(actionId);
    store.markStale("actions");
    store.diag(
      "snapshot_conflict",
      "warning",
      `snapshot lacks pending action ${actionId}: kept as stale until the runtime resolves it`,
      ctx.event,
    );
  }
}

/** Subagents listed by the read model keep their lineage (TEAM-02, AUI-AR-HYDRATE-004). Listing under
 * a thread is the runtime's statement that the thread is the parent. Same rules as agent events. */
function hydrateSubagents(store: Store, thread: ThreadReadModel, ctx: EventContext): void {
  if (!Array.isArray(thread.subagents)) return;
  const apply = agentHandlers["agent.changed"];
  for (const entry of thread.subagents) {
    if (!isRecord(entry)) continue;
    const event: AgentUiEvent = { type: "agent.changed" };
    for (const key of [
      "agentId",
      "subagentId",
      "sessionId",
      "threadId",
      "taskId",
      "parentSessionId",
      "parentThreadId",
    ] as const) {
      const value = asString(entry[key]);
      if (value !== undefined) event[key] = value;
    }
    event.parentThreadId ??= thread.threadId;
    if (typeof ctx.event.eventId === "string") event.eventId = ctx.event.eventId;
    const payload: Record<string, unknown> = {};
    for (const key of ["agentName", "role", "model", "status", "parentAgentId"] as const)
      if (entry[key] !== undefined) payload[key] = entry[key];
    payload.agentName ??= entry.name;
    apply(store, { event, payload, source: ctx.source, turnKey: ctx.turnKey });
  }
}

const TOOL_STATUS: Record<string, ToolState> = lookupTable({
  completed: "output-available",
  succeeded: "output-available",
  failed: "output-error",
  running: "running",
  cancelled: "cancelled",
  canceled: "cancelled",
});

/** Compact tool refs from the read model (HYD-01 step 4): status and name only, output on demand. Their
 * parts are attached to messages by tool-parts.ts once the message window is in. */
function hydrateToolCalls(store: Store, toolCalls: unknown, ctx: EventContext): void {
  if (!Array.isArray(toolCalls)) return;
  for (const call of toolCalls) {
    if (!isRecord(call) || typeof call.toolCallId !== "string") continue;
    const existing = store.tools.get(call.toolCallId);
    const status = (typeof call.status === "string" ? TOOL_STATUS[call.status] : undefined) ?? "unknown";
    const record = existing ?? newToolRecord(call.toolCallId, ctx, status);
    record.status = status;
    record.attempts[record.attempts.length - 1].status = status;
    const name = asString(call.name) ?? asString(call.toolName);
    if (name !== undefined) record.name = name;
    const ref = asString(call.outputRef);
    if (ref !== undefined) record.outputRef = ref;
    record.source = ctx.source;
    store.tools.set(call.toolCallId, record);
    // A tool already placed in a message (live, or an earlier window) follows the snapshot's state.
    trackOpenTool(store, record);
    syncToolPart(store, record);
  }
}

export function hydrateTask(store: Store, snapshot: TaskSnapshot, ctx: EventContext): void {
  if (typeof snapshot.taskId !== "string") {
    store.diag("missing_correlation", "warning", "task snapshot without taskId", ctx.event);
    return;
  }
  const task = taskFor(store, snapshot.taskId, ctx);
  if (typeof snapshot.status === "string") applyTaskStatus(store, task, snapshot.status, undefined, ctx);
  const title = asString(snapshot.title) ?? asString(snapshot.objective);
  if (title !== undefined) task.title = title;
  if (typeof snapshot.currentRunId === "string") task.currentRunId = snapshot.currentRunId;
  if (typeof snapshot.parentTaskId === "string") task.parentTaskId = snapshot.parentTaskId;
  const dependsOn = dependencyIds(task.taskId, snapshot.dependencies ?? snapshot.dependsOn);
  if (dependsOn !== undefined) task.dependsOn = dependsOn;
  for (const attempt of Array.isArray(snapshot.attempts) ? snapshot.attempts : []) {
    if (!isRecord(attempt) || typeof attempt.status !== "string") continue;
    const record = upsertAttempt(task, {
      status: attempt.status,
      ...(typeof attempt.attemptId === "string" ? { attemptId: attempt.attemptId } : {}),
      ...(typeof attempt.runId === "string" ? { runId: attempt.runId } : {}),
      source: ctx.source,
    });
    const key = record.attemptId ?? record.runId ?? String(task.attempts.length);
    store.timelineEntry(
      `task:${task.taskId}:attempt:${key}`,
      "task",
      `${task.title ?? task.taskId} attempt`,
      ctx,
      {
        status: record.status,
        refs: {
          taskId: task.taskId,
          ...(record.attemptId ? { attemptId: record.attemptId } : {}),
          ...(record.runId ? { runId: record.runId } : {}),
        },
      },
    );
  }
  for (const ref of asStringArray(snapshot.evidenceRefs))
    if (!task.evidenceIds.includes(ref)) task.evidenceIds.push(ref);
  for (const ref of asStringArray(snapshot.artifactRefs))
    if (!task.artifactIds.includes(ref)) task.artifactIds.push(ref);
  task.source = ctx.source;
  store.tasks.touch(task.taskId);
  followTask(store, task, ctx);
  store.timelineEntry(`task:${task.taskId}`, "task", task.title ?? task.taskId, ctx, {
    status: task.status,
    refs: { taskId: task.taskId, ...(task.currentRunId ? { runId: task.currentRunId } : {}) },
  });
}

export function hydrateEvidencePack(store: Store, pack: EvidencePack, ctx: EventContext): void {
  // A benchmark trial pack has no evidenceId/packRef: its trial id names it (fixtures §3.7). The dataset's
  // `benchmark.taskId` is never taken for a runtime task.
  const trialId = isRecord(pack.benchmark) ? asString(pack.benchmark.trialId) : undefined;
  const id =
    asString(pack.evidenceId) ??
    asString(ctx.event.evidenceId) ??
    asString(pack.packRef) ??
    (trialId !== undefined ? `trial:${trialId}` : undefined);
  if (id === undefined) {
    store.diag(
      "missing_correlation",
      "warning",
      "evidence pack without evidenceId, packRef or trial id",
      ctx.event,
    );
    return;
  }
  const record = evidenceFor(store, id, ctx);
  applyEvidenceFields(
    store,
    record,
    {
      ...pack,
      evidencePackRef: pack.packRef,
      correlation: pack.runtimeCorrelation,
      benchmark: benchmarkFacts(pack),
    },
    ctx,
  );
  if (record.status === "unknown") record.status = "exported";
}

/** A trial pack's benchmark facts (BENCH-01): everything but its correlation spine, kept as reported. */
function benchmarkFacts(pack: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!isRecord(pack.benchmark)) return undefined;
  const facts: Record<string, unknown> = {};
  for (const key of ["benchmark", "refs", "metrics", "decisionInputs", "trajectory", "reward", "comparison"])
    if (pack[key] !== undefined) facts[key] = pack[key];
  return facts;
}
