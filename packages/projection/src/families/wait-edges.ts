// Wait edges in the delegation graph (TEAM-03, TEAM-14 `wait`). A confirmed wait is the runtime's fact
// that an agent (usually the coordinator) is `waiting` on named teammates — an agent fact whose payload
// carries `waitingOn` (ids). The client's `wait` write is only intent: the edge appears when the runtime
// says so (ARCH-01). One `wait` edge per (waiter, target), `active` while the waiter waits on it and
// `ended` once a later fact moves the waiter off `waiting` or stops naming that target; a new wait on the
// same target makes it active again (bounded: no edge per fact). Only stated ids are drawn (TEAM-18).
import type { AgentRecord, DelegationEdge } from "@agent-ui/contracts";
import type { EventContext, Store } from "../store";

/** The ids the fact says the agent waits on; `undefined` when the fact does not say. */
function waitTargets(store: Store, agent: AgentRecord, ctx: EventContext): string[] | undefined {
  const raw = ctx.payload.waitingOn;
  if (raw === undefined) return undefined;
  const list = typeof raw === "string" ? [raw] : Array.isArray(raw) ? raw : null;
  const targets: string[] = [];
  if (list !== null)
    for (const id of list)
      if (typeof id === "string" && id.length > 0 && id !== agent.agentId && !targets.includes(id))
        targets.push(id);
  if (list === null || targets.length !== list.length)
    store.diag(
      "schema_mismatch",
      "info",
      `waitingOn of ${agent.agentId} should name other agents by id: the rest is not drawn`,
      ctx.event,
      "/payload/waitingOn",
    );
  return targets;
}

/** Updates the agent's outgoing wait edges after an agent fact (agent.ts has applied its status). */
export function trackWaitEdges(store: Store, agent: AgentRecord, ctx: EventContext): void {
  const named = waitTargets(store, agent, ctx);
  const team = store.team.value;
  // While still waiting, a fact that does not restate its targets keeps the current wait as it is.
  const waiting = agent.status === "waiting";
  if (waiting && named === undefined) return;
  const targets = waiting ? (named as string[]) : [];
  const index = store.teamIndex;
  const waits = index.waitsFrom(team, agent.agentId);
  const kept = new Set(targets);
  let changed = false;
  const setStatus = (edge: DelegationEdge, status: "active" | "ended"): void => {
    index.setWaitStatus(team, edge, status);
    edge.source = ctx.source;
    store.team.touchEntry("edges", edge);
    changed = true;
  };
  // Only the edges still open can end, and only the named targets' edges can become active: O(change),
  // not a walk of every wait the agent ever had.
  for (const edge of [...waits.active]) if (!kept.has(edge.to)) setStatus(edge, "ended");
  for (const to of targets) {
    const edges = waits.byTarget.get(to);
    if (edges !== undefined) {
      for (const edge of edges) if (edge.status !== "active") setStatus(edge, "active");
      continue;
    }
    const edge: DelegationEdge = {
      from: agent.agentId,
      to,
      kind: "wait",
      status: "active",
      source: ctx.source,
    };
    team.edges.push(edge);
    changed = true;
  }
  if (!changed) return;
  store.team.touch();
  const label = agent.name === "unknown" ? agent.agentId : agent.name;
  store.timelineEntry(
    `wait:${agent.agentId}`,
    "team",
    targets.length > 0 ? `${label} waits on ${targets.join(", ")}` : `${label} stopped waiting`,
    ctx,
    { status: targets.length > 0 ? "active" : "ended", refs: { agentId: agent.agentId } },
  );
}
