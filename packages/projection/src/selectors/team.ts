// Team Workbench selectors: roster and delegation graph (TEAM-01/02/18).
import type {
  AgentRecord,
  DelegationEdge,
  MessagePart,
  ProjectionState,
  TaskRecord,
} from "@agent-ui/contracts";

/** Memoizes a team view by the slices it reads (team, agents), not by the whole snapshot: a live event
 * that changes neither (a text delta, a tool update) keeps the previous result at O(1). */
function byTeamAndAgents<R>(build: (state: ProjectionState) => R): (state: ProjectionState) => R {
  const cache = new WeakMap<ProjectionState["team"], { agents: ProjectionState["agents"]; result: R }>();
  return (state) => {
    const cached = cache.get(state.team);
    if (cached !== undefined && cached.agents === state.agents) return cached.result;
    const result = build(state);
    cache.set(state.team, { agents: state.agents, result });
    return result;
  };
}

const roster = byTeamAndAgents((state): AgentRecord[] => {
  const agents: AgentRecord[] = [];
  for (const id of state.team.roster) {
    const agent = state.agents[id];
    if (agent !== undefined) agents.push(agent);
  }
  return agents;
});

export function selectRoster(state: ProjectionState): AgentRecord[] {
  return roster(state);
}

export interface DelegationGraph {
  nodes: { id: string; label: string; status: string; lineage: "known" | "unknown" | "external" }[];
  edges: DelegationEdge[];
}

const graph = byTeamAndAgents((state): DelegationGraph => {
  const nodes: DelegationGraph["nodes"] = [];
  const seen = new Set<string>();
  for (const agent of roster(state)) {
    seen.add(agent.agentId);
    nodes.push({
      id: agent.agentId,
      label: agent.name === "unknown" ? agent.agentId : agent.name,
      status: agent.status,
      lineage: agent.lineage,
    });
  }
  // Edge endpoints that are not teammates (a parent session or thread) are shown as external nodes; no
  // edge is ever drawn that the runtime did not state (TEAM-18).
  for (const edge of state.team.edges)
    for (const id of [edge.from, edge.to])
      if (!seen.has(id)) {
        seen.add(id);
        nodes.push({ id, label: id, status: "unknown", lineage: "external" });
      }
  return { nodes, edges: state.team.edges };
});

export function selectDelegationGraph(state: ProjectionState): DelegationGraph {
  return graph(state);
}

export interface DelegatedWork {
  /** The worker, when the runtime named it and it is in the roster. */
  agent?: AgentRecord;
  /** The delegated task, when the runtime reported it. */
  task?: TaskRecord;
}

const delegatedWork = new WeakMap<MessagePart, { state: ProjectionState; work: DelegatedWork }>();

/** The records an `agent_task` part points at (D.6): the part carries ids and a label only, so the
 * capsule, roster and part read the same facts. Stable identity for an unchanged state. */
export function selectDelegatedWork(state: ProjectionState, part: MessagePart): DelegatedWork {
  const cached = delegatedWork.get(part);
  if (cached !== undefined && cached.state === state) return cached.work;
  const work: DelegatedWork = {};
  const agent = part.agentId === undefined ? undefined : state.agents[part.agentId];
  const task = part.taskId === undefined ? undefined : state.tasks[part.taskId];
  if (agent !== undefined) work.agent = agent;
  if (task !== undefined) work.task = task;
  delegatedWork.set(part, { state, work });
  return work;
}
