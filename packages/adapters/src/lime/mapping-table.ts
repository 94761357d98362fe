// The one Lime → Agent UI mapping table (§D.2 for the 120 runtime classes, §D.3 / §E-10 extensions).
// Each row lists the Agent UI classes a runtime class projects to, in emission order; a builder that
// returns `null` (the record lacks the facts) contributes nothing for that output.
import type { RuntimeEventClass } from "@agent-ui/contracts";
import { type Output, out } from "./build-common";
import {
  costMetric,
  describeRuntime,
  limitBlocked,
  limitDiagnostic,
  modelRetrying,
  modelUsage,
  rateLimitStatus,
  reasoningDelta,
  reasoningSummary,
  routingStatus,
  runFailed,
  runFailedIfTerminal,
  runFinished,
  runStarted,
  runStatus,
  runtimeDiagnostic,
  sessionFact,
  textDelta,
  textFinal,
  turnAccepted,
  turnCompleted,
  turnCompletedFailed,
} from "./build-run";
import {
  agentFact,
  channelAgent,
  delegatedHandoff,
  handoff,
  peerTask,
  workerNotification,
} from "./build-agents";
import {
  actionRequired,
  actionResolved,
  channelPermissionForwarded,
  channelPermissionReturned,
  hookDiagnostic,
  permissionFact,
} from "./build-hitl";
import {
  artifactFact,
  compaction,
  contextChanged,
  evidenceChanged,
  messagesSnapshot,
  sessionMarker,
  stateSnapshot,
} from "./build-state";
import { evidenceReview, reviewCompleted } from "./build-review";
import { queueChanged, taskChanged } from "./build-tasks";
import {
  outputFact,
  processFact,
  processOutputRef,
  toolArgs,
  toolCatalog,
  toolFailed,
  toolProgress,
  toolResult,
  toolStarted,
} from "./build-tools";

const task = [out("task.changed", taskChanged)];
const info = (describe?: Parameters<typeof runtimeDiagnostic>[2]) =>
  runtimeDiagnostic("runtime_info", "info", describe);
const warning = runtimeDiagnostic("runtime_warning", "warning", describeRuntime);

/** The §D.2 rows, exactly one per runtime class (a test checks the keys against RUNTIME_EVENT_CLASSES). */
export const RUNTIME_CLASS_MAPPING: Readonly<Record<RuntimeEventClass, readonly Output[]>> = {
  "session.created": [out("session.opened", sessionFact)],
  "session.updated": [out("session.updated", sessionFact)],
  "thread.started": [out("session.opened", sessionFact)],
  "thread.updated": [out("session.updated", sessionFact)],
  "turn.submitted": [out("run.started", runStarted), out("run.status", turnAccepted)],
  "turn.started": [out("run.status", runStatus("preparing", "running"))],
  "turn.completed": [out("run.finished", turnCompleted), out("run.failed", turnCompletedFailed)],
  "turn.failed": [out("run.failed", runFailed)],
  "task.created": task,
  "task.accepted": task,
  "task.queued": task,
  "task.started": task,
  "task.updated": task,
  "task.progress": task,
  "task.waiting": task,
  "task.blocked": task,
  "task.paused": task,
  "task.resumed": task,
  "task.retrying": task,
  "task.cancel_requested": task,
  "task.cancelled": task,
  "task.timed_out": task,
  "task.failed": task,
  "task.lost": task,
  "task.completed": task,
  "task.archived": task,
  "run.status": [out("run.status", runStatus())],
  "model.requested": [out("run.status", runStatus("waiting_provider", "waiting for model"))],
  "model.delta": [out("text.delta", textDelta)],
  "model.completed": [out("text.final", textFinal), out("metric.changed", modelUsage)],
  "model.failed": [
    out("diagnostic.changed", runtimeDiagnostic("runtime_error", "warning", describeRuntime)),
    out("run.status", modelRetrying),
    out("run.failed", runFailedIfTerminal),
  ],
  "reasoning.delta": [out("reasoning.delta", reasoningDelta)],
  "reasoning.summary": [out("reasoning.summary", reasoningSummary)],
  "tool.catalog.resolved": [out("context.changed", toolCatalog)],
  "tool.started": [out("tool.started", toolStarted)],
  "tool.args": [out("tool.args", toolArgs)],
  "tool.progress": [out("tool.progress", toolProgress)],
  "tool.result": [out("tool.result", toolResult)],
  "tool.failed": [out("tool.failed", toolFailed)],
  "action.required": [out("action.required", actionRequired())],
  "action.resolved": [out("action.resolved", actionResolved())],
  "queue.changed": [out("queue.changed", queueChanged)],
  "context.resolved": [out("context.changed", contextChanged)],
  "context.compaction.started": [out("context.compaction.started", compaction)],
  "context.compaction.completed": [out("context.compaction.completed", compaction)],
  "context.compaction.failed": [out("context.changed", contextChanged), out("diagnostic.changed", warning)],
  "artifact.changed": [out("artifact.changed", artifactFact)],
  "evidence.changed": [
    out("evidence.changed", evidenceChanged),
    out("review.requested", evidenceReview("requested")),
    out("review.completed", evidenceReview("completed")),
  ],
  "subagent.spawned": [out("agent.spawned", agentFact)],
  "subagent.status": [out("agent.changed", agentFact)],
  "subagent.input": [out("agent.changed", agentFact)],
  "subagent.completed": [out("agent.completed", agentFact), out("worker.notification", workerNotification)],
  "subagent.failed": [out("agent.completed", agentFact)],
  "subagent.closed": [out("agent.changed", agentFact)],
  "limit.changed": [
    out("diagnostic.changed", limitDiagnostic("limit", "ok")),
    out("run.status", limitBlocked),
  ],
  "snapshot.updated": [
    out("state.snapshot", stateSnapshot(false)),
    out("session.hydrated", sessionMarker("updated")),
  ],
  "runtime.warning": [out("diagnostic.changed", warning)],
  "runtime.error": [
    out("diagnostic.changed", runtimeDiagnostic("runtime_error", "error", describeRuntime)),
    out("run.failed", runFailedIfTerminal),
  ],
  "permission.evaluated": [out("permission.changed", permissionFact("decision"))],
  "permission.requested": [out("permission.changed", permissionFact("requested"))],
  "permission.resolved": [out("permission.changed", permissionFact("decision"))],
  "sandbox.applied": [out("permission.changed", permissionFact("sandbox"))],
  "sandbox.violation": [
    out("permission.changed", permissionFact("violation")),
    out("diagnostic.changed", warning),
  ],
  "hook.started": [out("diagnostic.changed", hookDiagnostic)],
  "hook.completed": [
    out("diagnostic.changed", hookDiagnostic),
    out("permission.changed", permissionFact("hook")),
  ],
  "hook.failed": [
    out("diagnostic.changed", hookDiagnostic),
    out("permission.changed", permissionFact("hook")),
  ],
  "policy.changed": [out("permission.changed", permissionFact("policy"))],
  "process.started": [out("tool.started", processFact("started"))],
  "process.output": [out("tool.output.delta", processFact("output")), out("tool.progress", processOutputRef)],
  "process.input": [out("tool.progress", processFact("input"))],
  "process.completed": [out("tool.result", processFact("completed"))],
  "process.failed": [out("tool.failed", processFact("failed"))],
  "process.terminated": [out("tool.failed", processFact("terminated"))],
  "task.profile.resolved": [out("run.status", routingStatus("routing")), out("diagnostic.changed", info())],
  "routing.candidates.resolved": [
    out("run.status", routingStatus("routing")),
    out("diagnostic.changed", info()),
  ],
  "routing.decided": [out("run.status", routingStatus("routing")), out("diagnostic.changed", info())],
  "routing.fallback.applied": [
    out("run.status", routingStatus("retrying")),
    out("diagnostic.changed", warning),
  ],
  "routing.not_possible": [out("task.changed", taskChanged), out("run.status", routingStatus("blocked"))],
  "routing.single_candidate": [
    out("run.status", routingStatus("routing")),
    out("diagnostic.changed", info()),
  ],
  "task.delegated": [
    out("task.changed", taskChanged),
    out("agent.spawned", agentFact),
    out("agent.handoff", delegatedHandoff),
  ],
  "task.dependency.updated": task,
  "task.attempt.started": task,
  "task.attempt.completed": task,
  "task.attempt.failed": task,
  "cost.estimated": [
    out("metric.changed", costMetric),
    out("diagnostic.changed", limitDiagnostic("cost", "ok")),
  ],
  "cost.recorded": [
    out("metric.changed", costMetric),
    out("diagnostic.changed", limitDiagnostic("cost", "ok")),
  ],
  "rate_limit.hit": [
    out("run.status", rateLimitStatus),
    out("diagnostic.changed", limitDiagnostic("rate_limit", "rate_limited")),
  ],
  "quota.low": [out("diagnostic.changed", limitDiagnostic("quota", "low"))],
  "quota.blocked": [
    out("task.changed", taskChanged),
    out("run.status", runStatus("blocked", "quota blocked")),
    out("diagnostic.changed", limitDiagnostic("quota", "blocked")),
  ],
  "channel.connected": [out("agent.changed", channelAgent)],
  "channel.disconnected": [out("agent.changed", channelAgent)],
  "channel.resumed": [out("agent.changed", channelAgent)],
  "channel.message": [out("agent.changed", channelAgent)],
  "channel.permission_forwarded": [out("action.required", channelPermissionForwarded)],
  "channel.permission_returned": [
    out("action.resolved", channelPermissionReturned),
    out("permission.changed", permissionFact("decision")),
  ],
  "job.created": task,
  "job.started": task,
  "job.progress": task,
  "job.item.started": task,
  "job.item.completed": task,
  "job.item.failed": task,
  "job.completed": task,
  "job.failed": task,
  "job.cancelled": task,
  "output.spilled": [out("tool.progress", outputFact("spilled"))],
  "output.truncated": [out("tool.progress", outputFact("truncated"))],
  "output.redacted": [out("tool.progress", outputFact("redacted"))],
  "output.expired": [out("tool.progress", outputFact("expired"))],
  "history.window.loaded": [
    out("messages.snapshot", messagesSnapshot),
    out("session.hydrated", sessionMarker("history_window")),
  ],
  "history.reconstructed": [
    out("messages.snapshot", messagesSnapshot),
    out("session.updated", sessionMarker("reconstructed")),
  ],
  "history.rollback.started": [out("session.updated", sessionMarker("rollback"))],
  "history.rollback.completed": [
    out("messages.snapshot", messagesSnapshot),
    out("state.snapshot", stateSnapshot(false)),
    out("session.updated", sessionMarker("rollback")),
  ],
  "snapshot.repaired": [
    out("state.snapshot", stateSnapshot(true)),
    out("session.updated", sessionMarker("repaired")),
  ],
  "benchmark.dataset.resolved": [out("diagnostic.changed", info())],
  "benchmark.configuration.resolved": [out("diagnostic.changed", info())],
  "benchmark.trial.started": [out("diagnostic.changed", info())],
  "benchmark.trial.completed": [out("evidence.changed", evidenceChanged)],
  "benchmark.trial.failed": [out("evidence.changed", evidenceChanged), out("diagnostic.changed", warning)],
  "benchmark.reward.recorded": [out("evidence.changed", evidenceChanged)],
  "benchmark.comparison.completed": [out("evidence.changed", evidenceChanged)],
};

/** Lime SDK / App Server / doc-only names whose meaning has no runtime class (§D.3, §E-10). */
export const EXTENSION_MAPPING: Readonly<Record<string, readonly Output[]>> = {
  "turn.canceled": [out("run.finished", runFinished("cancelled"))],
  "turn.cancelled": [out("run.finished", runFinished("cancelled"))],
  "turn.interrupted": [out("run.finished", runFinished("interrupted"))],
  "action.cancelled": [out("action.resolved", actionResolved("cancelled"))],
  "action.canceled": [out("action.resolved", actionResolved("cancelled"))],
  "action.expired": [out("action.resolved", actionResolved("expired"))],
  "reasoning.completed": [out("reasoning.summary", reasoningSummary)],
  "context.failed": [out("context.changed", contextChanged), out("diagnostic.changed", warning)],
  "artifact.versioned": [out("artifact.version.created", artifactFact)],
  "artifact.exported": [out("artifact.export.completed", artifactFact)],
  "evidence.exported": [out("evidence.changed", evidenceChanged)],
  "review.verdict": [out("review.completed", reviewCompleted)],
  "worker.started": [out("agent.spawned", agentFact)],
  "worker.completed": [out("agent.completed", agentFact), out("worker.notification", workerNotification)],
  "handoff.requested": [out("agent.handoff", handoff)],
  "handoff.completed": [out("agent.handoff", handoff)],
  "subagent.output": [out("worker.notification", workerNotification)],
  "channel.peer_task.linked": [out("agent.changed", channelAgent), out("task.changed", peerTask)],
  "channel.peer_task.updated": [out("agent.changed", channelAgent), out("task.changed", peerTask)],
  "transport.error": [
    out("diagnostic.changed", runtimeDiagnostic("transport_unavailable", "warning", describeRuntime)),
  ],
};

/** Markers that bound a part and carry no fact of their own (§D.3 `reasoning.started`). */
export const BOUNDARY_ONLY = new Set(["reasoning.started"]);

export function outputsFor(type: string): readonly Output[] | undefined {
  return (RUNTIME_CLASS_MAPPING as Record<string, readonly Output[]>)[type] ?? EXTENSION_MAPPING[type];
}
