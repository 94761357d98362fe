// DelegationGraph: who delegated to whom, as an accessible tree built only from runtime lineage. An agent
// whose parent is unknown is shown at the root with `lineage: unknown` — no edge is invented (TEAM-02/18).
import type { AgentRecord, DelegationEdge } from "@agent-ui/contracts";
import { Badge, honestText } from "./honest";
import { WaitEdges } from "./wait-edges";

export interface DelegationGraphProps {
  agents: Record<string, AgentRecord>;
  edges: DelegationEdge[];
  onSelectAgent?: (agentId: string) => void;
}

/** One parent per agent, so each teammate appears once: the declared `parentAgentId` wins; otherwise the
 * first spawn edge, preferring a parent that is itself an agent over a thread or session id. */
export function parentsOf(agents: Record<string, AgentRecord>, edges: DelegationEdge[]): Map<string, string> {
  const parents = new Map<string, string>();
  for (const agent of Object.values(agents))
    if (agent.parentAgentId) parents.set(agent.agentId, agent.parentAgentId);
  for (const edge of edges) {
    if (edge.kind !== "spawn" || edge.from === edge.to) continue;
    const current = parents.get(edge.to);
    if (current === undefined || (!(current in agents) && edge.from in agents)) {
      if (!agents[edge.to]?.parentAgentId) parents.set(edge.to, edge.from);
    }
  }
  return parents;
}

/** Children per node, in first-seen order. */
export function childrenOf(
  agents: Record<string, AgentRecord>,
  edges: DelegationEdge[],
): Map<string, string[]> {
  const children = new Map<string, string[]>();
  for (const [child, parent] of parentsOf(agents, edges)) {
    const list = children.get(parent) ?? [];
    list.push(child);
    children.set(parent, list);
  }
  return children;
}

export function DelegationGraph({ agents, edges, onSelectAgent }: DelegationGraphProps) {
  const children = childrenOf(agents, edges);
  const hasParent = new Set([...children.values()].flat());
  // Roots: agents and non-agent parents (a session thread) that nobody spawned. A pure cycle has no root;
  // then every agent is shown rather than nothing.
  const nodes = new Set([...Object.keys(agents), ...children.keys()]);
  const rootIds = [...nodes].filter((id) => !hasParent.has(id));
  const roots = rootIds.length > 0 ? rootIds : Object.keys(agents);
  // Wait edges have a lifecycle (active / ended) and their own list; the rest stay true once stated.
  const others = edges.filter((e) => e.kind !== "spawn" && e.kind !== "wait");
  const render = (id: string, trail: Set<string>) => {
    const agent = agents[id];
    const kids = trail.has(id) ? [] : (children.get(id) ?? []);
    const next = new Set(trail).add(id);
    return (
      <li key={id} data-agent={id}>
        <button type="button" className="aui-node" onClick={() => onSelectAgent?.(id)}>
          {agent ? honestText(agent.name) : id}
        </button>
        {agent ? <Badge value={agent.status} /> : <span className="aui-hint">(not a teammate)</span>}
        {agent?.lineage === "unknown" ? <Badge label="lineage" value="unknown" /> : null}
        {kids.length > 0 ? (
          <ul aria-label={`Delegated by ${agent ? honestText(agent.name) : id}`}>
            {kids.map((k) => render(k, next))}
          </ul>
        ) : null}
      </li>
    );
  };
  return (
    <section className="aui-graph" aria-label="Delegation graph">
      {roots.length === 0 ? (
        <p className="aui-hint">No delegation.</p>
      ) : (
        <ul className="aui-tree" aria-label="Delegation">
          {roots.map((r) => render(r, new Set()))}
        </ul>
      )}
      {others.length > 0 ? (
        <ul className="aui-edges" aria-label="Other links">
          {others.map((e) => (
            <li key={`${e.kind}:${e.from}->${e.to}:${e.taskId ?? ""}`}>
              {honestText(agents[e.from]?.name ?? e.from)} → {honestText(agents[e.to]?.name ?? e.to)} (
              {e.kind})
            </li>
          ))}
        </ul>
      ) : null}
      <WaitEdges agents={agents} edges={edges} />
    </section>
  );
}
