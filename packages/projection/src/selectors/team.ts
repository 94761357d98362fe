// Team Workbench selectors: roster and delegation graph (TEAM-01/02/18).
import type { AgentRecord, DelegationEdge, ProjectionState } from "@agent-ui/contracts";
import { memoByInput } from "./memo";

const roster = memoByInput((state: ProjectionState): AgentRecord[] =>
  state.team.roster
    .map((id) => state.agents[id])
    .filter((agent): agent is AgentRecord => agent !== undefined),
);

export function selectRoster(state: ProjectionState): AgentRecord[] {
  return roster(state);
}

export interface DelegationGraph {
  nodes: { id: string; label: string; status: string; lineage: "known" | "unknown" | "external" }[];
  edges: DelegationEdge[];
}

const graph = memoByInput((state: ProjectionState): DelegationGraph => {
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
