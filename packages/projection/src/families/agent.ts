// agent.*, team.changed, worker.notification, agent.handoff, review.* (TEAM-*): roster by agentId with
// lineage; a child without parent ids is `lineage: "unknown"` with a diagnostic and no fabricated edge
// (TEAM-18); worker notifications are never user speech (TEAM-04); handoffs never rewrite authorship
// (TEAM-07); reviews keyed by reviewId with their own verdicts (TEAM-08). A delegated child is shown in
// the coordinator's message as an `agent_task` part (agent-task-parts.ts); a waiting agent's `waitingOn`
// draws wait edges (wait-edges.ts).
import type { AgentRecord, Review, WorkerNotification } from "@agent-ui/contracts";
import { teammatePolicy } from "./agent-policy";
import { REVIEW_STATUSES, TOPOLOGIES, isMember } from "@agent-ui/contracts";
import { toTeammateStatus } from "../crosswalk";
import { addUnique, asNumber, asString, asStringArray, isRecord } from "../internal/json";
import { safeText } from "../internal/safety";
import { addPart, createMessage } from "../message-ops";
import type { EventContext, Store } from "../store";
import { trackAgentTask } from "./agent-task-parts";
import { archiveMessages } from "./run";
import { citeReviewEvidence } from "./evidence-parts";
import { trackWaitEdges } from "./wait-edges";
import { mergeWorkItem } from "./work-board";

export function agentFor(store: Store, agentId: string, ctx: EventContext): AgentRecord {
  let agent = store.agents.get(agentId);
  if (agent === undefined) {
    agent = {
      agentId,
      name: "unknown",
      status: "unknown",
      lineage: "unknown",
      transcript: [],
      source: ctx.source,
    };
    store.agents.set(agentId, agent);
    const team = store.team.value;
    if (store.teamIndex.get(team, "roster", agentId) === undefined) team.roster.push(agentId);
    store.team.touch();
  }
  return agent;
}

function lineageUnknownMessage(agentId: string): string {
  return `agent ${agentId} has no parent ids: no delegation edge is drawn`;
}

/** An edge now reaches the agent: an earlier "no delegation edge is drawn" is no longer true. */
function edgeDrawnTo(store: Store, agentId: string): void {
  store.withdrawDiagnostics("lineage_unknown", lineageUnknownMessage(agentId));
}

/** Parent ids from the runtime make the lineage known and add one spawn edge (TEAM-02). */
function applyLineage(
  store: Store,
  agent: AgentRecord,
  ctx: EventContext,
  parentAgentId: string | undefined,
): void {
  const { event } = ctx;
  if (typeof event.parentSessionId === "string") agent.parentSessionId = event.parentSessionId;
  if (typeof event.parentThreadId === "string") agent.parentThreadId = event.parentThreadId;
  if (parentAgentId !== undefined) agent.parentAgentId = parentAgentId;
  const parent = agent.parentAgentId ?? agent.parentThreadId ?? agent.parentSessionId;
  if (parent === undefined) return;
  agent.lineage = "known";
  const team = store.team.value;
  if (!store.teamIndex.hasEdge(team, "spawn", parent, agent.agentId)) {
    team.edges.push({
      from: parent,
      to: agent.agentId,
      kind: "spawn",
      ...(agent.taskId ? { taskId: agent.taskId } : {}),
      source: ctx.source,
    });
    edgeDrawnTo(store, agent.agentId);
    store.team.touch();
  }
}

function applyShape(store: Store, ctx: EventContext): void {
  const { event } = ctx;
  const team = store.team.value;
  const counts: Record<string, unknown> = team.counts;
  let changed = false;
  const set = (target: Record<string, unknown>, key: string, value: unknown): void => {
    if (value === undefined || target[key] === value) return;
    target[key] = value;
    changed = true;
  };
  set(counts, "active", asNumber(event.teamActiveCount));
  set(counts, "queued", asNumber(event.teamQueuedCount));
  set(counts, "parallelBudget", asNumber(event.teamParallelBudget));
  set(counts, "providerParallelBudget", asNumber(event.providerParallelBudget));
  set(counts, "providerConcurrencyGroup", asString(event.providerConcurrencyGroup));
  if (typeof event.retryableOverload === "boolean") set(counts, "retryableOverload", event.retryableOverload);
  const slice = team as unknown as Record<string, unknown>;
  set(slice, "name", asString(event.teamName));
  set(slice, "phase", asString(event.teamPhase));
  if (isMember(TOPOLOGIES, event.topology)) set(slice, "topology", event.topology);
  if (changed) store.team.touch();
}

const FINISHED_AGENT: ReadonlySet<string> = new Set(["completed", "failed", "killed", "closed"]);

/** PROC-02/03: a finished agent's own lane is archived like a finished run's turn. Its messages live in
 * its own turn (a subagent turn keyed by the agent) or as its lane in the event's turn. */
function archiveLane(store: Store, agentId: string, ctx: EventContext): void {
  const own = (store.turnMessages.get(agentId) ?? []).filter((m) => m.agentId === agentId);
  const lane = store.laneMessage.get(`${ctx.turnKey}|${agentId}`);
  archiveMessages(store, lane !== undefined && !own.includes(lane) ? [...own, lane] : own, ctx);
}

function agentEvent(kind: "spawned" | "changed" | "completed") {
  return (store: Store, ctx: EventContext): void => {
    const { event, payload } = ctx;
    const agentId = asString(event.agentId) ?? asString(event.subagentId);
    if (agentId === undefined) {
      store.diag("missing_correlation", "warning", `${event.type} without agentId/subagentId`, event);
      return;
    }
    const isNew = !store.agents.has(agentId);
    const agent = agentFor(store, agentId, ctx);
    const name = asString(payload.agentName);
    if (name !== undefined) agent.name = name;
    for (const key of ["role", "model", "teamName"] as const) {
      const value = asString(payload[key]) ?? (key === "teamName" ? asString(event.teamName) : undefined);
      if (value !== undefined) agent[key] = value;
    }
    for (const key of ["sessionId", "threadId", "subagentId", "taskId"] as const) {
      const value = asString(event[key]);
      if (value !== undefined) agent[key] = value;
    }
    if (typeof event.runtimeEntity === "string") agent.runtimeEntity = event.runtimeEntity;
    const status = toTeammateStatus(payload.status);
    if (status !== undefined) agent.status = status;
    else if (payload.status !== undefined)
      store.diag(
        "unknown_taxonomy_value",
        "info",
        `teammate status "${String(payload.status)}" is not known`,
        event,
      );
    else if (kind === "spawned" && agent.status === "unknown") agent.status = "spawning";
    else if (kind === "completed" && event.phase === "failed") agent.status = "failed";
    else if (kind === "completed") agent.status = "completed";
    if (isRecord(payload.remote))
      agent.remote = { ...agent.remote, ...(payload.remote as AgentRecord["remote"]) };
    if (agent.remote !== undefined && typeof event.contextId === "string")
      agent.remote = { ...agent.remote, contextId: event.contextId };
    if (isRecord(payload.background))
      agent.background = { ...agent.background, ...(payload.background as AgentRecord["background"]) };
    const policy = teammatePolicy(agent.policy, payload);
    if (policy !== undefined) agent.policy = policy;
    applyLineage(store, agent, ctx, asString(payload.parentAgentId));
    if (
      agent.lineage === "unknown" &&
      (kind === "spawned" || isNew) &&
      !store.teamIndex.hasEdgeTo(store.team.value, agentId)
    )
      store.diag("lineage_unknown", "info", lineageUnknownMessage(agentId), event);
    agent.source = ctx.source;
    store.agents.touch(agentId);
    applyShape(store, ctx);
    trackWaitEdges(store, agent, ctx);
    trackAgentTask(store, agent, ctx, kind === "spawned");
    if (FINISHED_AGENT.has(agent.status)) archiveLane(store, agentId, ctx);
    store.timelineEntry(`agent:${agentId}`, "agent", agent.name === "unknown" ? agentId : agent.name, ctx, {
      status: agent.status,
      refs: { agentId, ...(agent.taskId ? { taskId: agent.taskId } : {}) },
    });
  };
}

function teamChanged(store: Store, ctx: EventContext): void {
  const { payload } = ctx;
  const team = store.team.value;
  const name = asString(payload.teamName);
  if (name !== undefined) team.name = name;
  if (Array.isArray(payload.roster)) {
    for (const entry of payload.roster) {
      if (!isRecord(entry) || typeof entry.agentId !== "string") continue;
      const agent = agentFor(store, entry.agentId, ctx);
      const agentName = asString(entry.agentName);
      if (agentName !== undefined) agent.name = agentName;
      const role = asString(entry.role);
      if (role !== undefined) agent.role = role;
      const status = toTeammateStatus(entry.status);
      if (status !== undefined) agent.status = status;
      store.agents.touch(entry.agentId);
    }
  }
  if (Array.isArray(payload.workBoard))
    for (const item of payload.workBoard)
      if (isRecord(item) && typeof item.workItemId === "string") mergeWorkItem(store, item, ctx);
  store.team.touch();
  applyShape(store, ctx);
}

function workerNotification(store: Store, ctx: EventContext): void {
  const { event, payload } = ctx;
  const id =
    asString(event.workerNotificationId) ??
    asString(event.eventId) ??
    `notification:${store.team.value.notifications.length}`;
  const notification: WorkerNotification = {
    id,
    status: asString(payload.status) ?? "unknown",
    source: ctx.source,
  };
  if (typeof event.agentId === "string") notification.agentId = event.agentId;
  if (typeof event.taskId === "string") notification.taskId = event.taskId;
  const summary = asString(payload.summary);
  if (summary !== undefined) notification.summary = safeText(summary);
  const resultRef = asString(payload.resultRef);
  if (resultRef !== undefined) notification.resultRef = resultRef;
  if (isRecord(payload.usage)) notification.usage = { ...payload.usage };
  store.team.value.notifications.push(notification);
  store.team.touch();
  // Rendered in the conversation as a notification, never as a user message (TEAM-04, TEAM-06).
  const message = createMessage(store, `notification:${id}`, "notification", ctx);
  const part = addPart(store, message, `notification:${id}`, "worker_notification", ctx);
  part.workerNotificationId = id;
  part.status = "done";
  part.title = notification.summary ?? `Worker ${notification.status}`;
  if (notification.agentId !== undefined) part.agentId = notification.agentId;
  if (notification.taskId !== undefined) part.taskId = notification.taskId;
  store.timelineEntry(`notification:${id}`, "notification", part.title, ctx, {
    status: notification.status,
    refs: { workerNotificationId: id, ...(notification.agentId ? { agentId: notification.agentId } : {}) },
  });
}

function handoff(store: Store, ctx: EventContext): void {
  const { event, payload } = ctx;
  const id = asString(event.handoffId) ?? asString(event.eventId);
  if (id === undefined) {
    store.diag("missing_correlation", "warning", "agent.handoff without handoffId", event);
    return;
  }
  const team = store.team.value;
  let record = store.teamIndex.get(team, "handoffs", id);
  if (record === undefined) {
    record = { handoffId: id, from: "unknown", to: "unknown", status: "unknown" };
    team.handoffs.push(record);
  }
  const from = asString(payload.from);
  const to = asString(payload.to);
  if (from !== undefined) record.from = from;
  if (to !== undefined) record.to = to;
  for (const key of ["reason", "resumeTarget", "status"] as const) {
    const value = asString(payload[key]);
    if (value !== undefined) record[key] = value;
  }
  record.source = ctx.source;
  store.team.touchEntry("handoffs", record);
  if (
    record.from !== "unknown" &&
    record.to !== "unknown" &&
    !store.teamIndex.hasEdge(team, "handoff", record.from, record.to)
  ) {
    team.edges.push({ from: record.from, to: record.to, kind: "handoff", source: ctx.source });
    edgeDrawnTo(store, record.to);
  }
  store.team.touch();
  store.timelineEntry(`handoff:${id}`, "team", `Handoff ${record.from} → ${record.to}`, ctx, {
    status: record.status,
    refs: { handoffId: id },
  });
}

function review(store: Store, ctx: EventContext): void {
  const { event, payload } = ctx;
  const id = asString(event.reviewId) ?? asString(event.eventId);
  if (id === undefined) {
    store.diag("missing_correlation", "warning", `${event.type} without reviewId`, event);
    return;
  }
  const team = store.team.value;
  let record: Review | undefined = store.teamIndex.get(team, "reviews", id);
  if (record === undefined) {
    record = { reviewId: id, status: "unknown", evidenceRefs: [] };
    team.reviews.push(record);
  }
  const status = asString(payload.status) ?? (event.type === "review.requested" ? "requested" : undefined);
  if (isMember(REVIEW_STATUSES, status)) record.status = status as Review["status"];
  else if (status !== undefined)
    store.diag("unknown_taxonomy_value", "info", `review status "${status}" is not known`, event);
  for (const key of ["reviewer", "target", "verdict"] as const) {
    const value = asString(payload[key]);
    if (value !== undefined) record[key] = value;
  }
  const evidenceRefs = asStringArray(payload.evidenceRefs);
  addUnique(record.evidenceRefs, evidenceRefs);
  const fixes = asStringArray(payload.requestedFixes);
  if (fixes.length > 0) record.requestedFixes = fixes;
  record.source = ctx.source;
  store.team.touchEntry("reviews", record);
  if (
    record.reviewer !== undefined &&
    record.target !== undefined &&
    !store.teamIndex.hasEdge(team, "review", record.reviewer, record.target)
  )
    team.edges.push({ from: record.reviewer, to: record.target, kind: "review", source: ctx.source });
  store.team.touch();
  citeReviewEvidence(store, id, evidenceRefs, ctx);
  store.timelineEntry(`review:${id}`, "review", `Review${record.target ? ` of ${record.target}` : ""}`, ctx, {
    status: record.status,
    refs: { reviewId: id, ...(record.evidenceRefs[0] ? { evidenceId: record.evidenceRefs[0] } : {}) },
  });
}

export const agentHandlers = {
  "agent.spawned": agentEvent("spawned"),
  "agent.changed": agentEvent("changed"),
  "agent.completed": agentEvent("completed"),
  "agent.handoff": handoff,
  "team.changed": teamChanged,
  "worker.notification": workerNotification,
  "review.requested": review,
  "review.completed": review,
} as const;
