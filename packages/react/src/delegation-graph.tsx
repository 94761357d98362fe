// DelegationGraph: who delegated to whom, as an accessible tree built only from runtime lineage. An agent
// whose parent is unknown is shown at the root with `lineage: unknown` — no edge is invented (TEAM-02/18).
// A team of thousands is one windowed list of the tree's rows, indented by depth (PERF-04), and its older
// edges page in as the user scrolls (HYD-02).
import type { LoadOlder } from "./older-request";
import type { AgentRecord, DelegationEdge } from "@agent-ui/contracts";
import { Badge, honestText } from "./honest";
import { WaitEdges } from "./wait-edges";
import { WindowedList } from "./windowed-list";

export interface DelegationGraphProps {
  agents: Record<string, AgentRecord>;
  edges: DelegationEdge[];
  onSelectAgent?: (agentId: string) => void;
  /** Older edges exist that the graph does not hold yet, and the call that pages them in. */
  hasOlder?: boolean;
  onLoadOlder?: LoadOlder;
}

/** Trees up to this many rows render nested; larger ones as one windowed list of rows. */
const NESTED_UP_TO = 60;

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

export function DelegationGraph({
  agents,
  edges,
  onSelectAgent,
  hasOlder,
  onLoadOlder,
}: DelegationGraphProps) {
  const children = childrenOf(agents, edges);
  const hasParent = new Set([...children.values()].flat());
  // Roots: agents and non-agent parents (a session thread) that nobody spawned. A pure cycle has no root;
  // then every agent is shown rather than nothing.
  const nodes = new Set([...Object.keys(agents), ...children.keys()]);
  const rootIds = [...nodes].filter((id) => !hasParent.has(id));
  const roots = rootIds.length > 0 ? rootIds : Object.keys(agents);
  // Wait edges have a lifecycle (active / ended) and their own list; the rest stay true once stated.
  const others = edges.filter((e) => e.kind !== "spawn" && e.kind !== "wait");
  const rows = treeRows(roots, children);
  const node = (id: string) => {
    const agent = agents[id];
    return (
      <>
        <button type="button" className="aui-node" onClick={() => onSelectAgent?.(id)}>
          {agent ? honestText(agent.name) : id}
        </button>
        {agent ? <Badge value={agent.status} /> : <span className="aui-hint">(not a teammate)</span>}
        {agent?.lineage === "unknown" ? <Badge label="lineage" value="unknown" /> : null}
      </>
    );
  };
  const render = (id: string, trail: Set<string>) => {
    const agent = agents[id];
    const kids = trail.has(id) ? [] : (children.get(id) ?? []);
    const next = new Set(trail).add(id);
    return (
      <li key={id} data-agent={id}>
        {node(id)}
        {kids.length > 0 ? (
          <ul aria-label={`Delegated by ${agent ? honestText(agent.name) : id}`}>
            {kids.map((k) => render(k, next))}
          </ul>
        ) : null}
      </li>
    );
  };
  const older =
    hasOlder && onLoadOlder ? (
      <button
        type="button"
        className="aui-button aui-button-quiet aui-load-older"
        onClick={() => void onLoadOlder()}
      >
        Load older links
      </button>
    ) : null;
  return (
    <section className="aui-graph" aria-label="Delegation graph">
      {roots.length === 0 ? <p className="aui-hint">No delegation.</p> : null}
      {roots.length > 0 && rows.length <= NESTED_UP_TO ? (
        <>
          {older}
          <ul className="aui-tree" aria-label="Delegation">
            {roots.map((r) => render(r, new Set()))}
          </ul>
        </>
      ) : null}
      {rows.length > NESTED_UP_TO ? (
        <WindowedList
          className="aui-tree aui-tree-rows"
          label="Delegation"
          items={rows}
          getKey={(row) => row.key}
          estimateHeight={32}
          threshold={NESTED_UP_TO}
          hasOlder={hasOlder}
          onLoadOlder={onLoadOlder}
          renderItem={(row) => (
            <div
              className="aui-tree-row"
              data-agent={row.id}
              data-depth={row.depth}
              style={{ paddingInlineStart: `${row.depth * 1.25}rem` }}
            >
              {node(row.id)}
            </div>
          )}
        />
      ) : null}
      {others.length > 0 ? (
        <WindowedList
          className="aui-edges"
          label="Other links"
          items={others}
          getKey={(e) => `${e.kind}:${e.from}->${e.to}:${e.taskId ?? ""}`}
          estimateHeight={28}
          renderItem={(e) => (
            <>
              {honestText(agents[e.from]?.name ?? e.from)} → {honestText(agents[e.to]?.name ?? e.to)} (
              {e.kind})
            </>
          )}
        />
      ) : null}
      <WaitEdges agents={agents} edges={edges} />
    </section>
  );
}

interface TreeRow {
  key: string;
  id: string;
  depth: number;
}

/** The tree's rows in display order (depth first, children in first-seen order). Each node has one
 * parent (parentsOf), so it appears once; a cycle shows the node it comes back to once more, unexpanded.
 * Iterative and linear, so a long chain never overflows the stack. */
export function treeRows(roots: readonly string[], children: ReadonlyMap<string, string[]>): TreeRow[] {
  const rows: TreeRow[] = [];
  const seen = new Set<string>();
  const stack: { id: string; depth: number }[] = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ id: roots[i], depth: 0 });
  while (stack.length > 0) {
    const { id, depth } = stack.pop() as { id: string; depth: number };
    if (seen.has(id)) {
      rows.push({ key: `${id}@${rows.length}`, id, depth });
      continue;
    }
    seen.add(id);
    rows.push({ key: id, id, depth });
    const kids = children.get(id) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ id: kids[i], depth: depth + 1 });
  }
  return rows;
}
