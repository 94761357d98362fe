// WaitEdges: who waits on whom, from the runtime's `wait` edges only (TEAM-03, TEAM-14). An active edge
// reads "<coordinator> waiting on <worker>"; an ended one stays visible but muted and dashed, labelled
// "waited on", so a finished fan-in is not mistaken for a live one. A wait edge without a status is shown
// as the runtime stated it ("waits on", status unknown) rather than guessed active or ended. A polite live
// region announces who is being waited on, so the change is heard, not only seen.
import type { AgentRecord, DelegationEdge } from "@agent-ui/contracts";
import { Badge, honestText } from "./honest";

export interface WaitEdgesProps {
  agents: Record<string, AgentRecord>;
  edges: DelegationEdge[];
}

type WaitState = "active" | "ended" | "unknown";

function waitStateOf(edge: DelegationEdge): WaitState {
  return edge.status ?? "unknown";
}

const VERB: Record<WaitState, string> = {
  active: "waiting on",
  ended: "waited on",
  unknown: "waits on",
};

/** The wait edges of a team, in the order the runtime stated them (one pass over the edges). */
export function waitEdgesOf(edges: readonly DelegationEdge[]): DelegationEdge[] {
  return edges.filter((edge) => edge.kind === "wait");
}

/** Active wait targets per waiting agent (for roster badges): one pass over the edges. */
export function activeWaitsByAgent(edges: readonly DelegationEdge[]): Map<string, string[]> {
  const waits = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.kind !== "wait" || edge.status !== "active") continue;
    const list = waits.get(edge.from) ?? [];
    list.push(edge.to);
    waits.set(edge.from, list);
  }
  return waits;
}

export function nameOfAgent(agents: Record<string, AgentRecord>, id: string): string {
  const name = agents[id]?.name;
  return name === undefined || name === "unknown" || name === "unavailable" ? id : honestText(name);
}

/** One sentence for the live region: what is being waited on right now, or that no wait is active. */
export function waitAnnouncement(
  agents: Record<string, AgentRecord>,
  edges: readonly DelegationEdge[],
): string {
  const phrases: string[] = [];
  for (const [from, targets] of activeWaitsByAgent(edges))
    phrases.push(
      `${nameOfAgent(agents, from)} waiting on ${targets.map((id) => nameOfAgent(agents, id)).join(", ")}`,
    );
  if (phrases.length > 0) return `${phrases.join("; ")}.`;
  return edges.some((edge) => edge.kind === "wait") ? "No active wait; earlier waits ended." : "";
}

export function WaitEdges({ agents, edges }: WaitEdgesProps) {
  const waits = waitEdgesOf(edges);
  // The live region is always mounted (empty without waits): assistive tech announces changes to a
  // region it already knows, not the content of one inserted together with its text.
  const announcement = (
    <p className="aui-visually-hidden" role="status" aria-live="polite" aria-label="Wait announcements">
      {waitAnnouncement(agents, waits)}
    </p>
  );
  return (
    <>
      {waits.length > 0 ? <WaitList agents={agents} waits={waits} /> : null}
      {announcement}
    </>
  );
}

function WaitList({ agents, waits }: { agents: Record<string, AgentRecord>; waits: DelegationEdge[] }) {
  return (
    <section className="aui-waits" aria-label="Waits">
      <h4>Waits</h4>
      <ul className="aui-wait-list">
        {waits.map((edge) => {
          const state = waitStateOf(edge);
          const from = nameOfAgent(agents, edge.from);
          const to = nameOfAgent(agents, edge.to);
          return (
            <li
              key={`${edge.from}->${edge.to}:${edge.taskId ?? ""}`}
              className={`aui-wait aui-wait-${state}`}
              data-status={state}
              aria-label={`${from} ${VERB[state]} ${to}${state === "ended" ? " (ended)" : ""}`}
            >
              <span className="aui-author">{from}</span> <span className="aui-wait-verb">{VERB[state]}</span>{" "}
              <span className="aui-author">{to}</span>{" "}
              <Badge
                label="wait"
                value={state === "ended" ? "waited" : state}
                tone={state === "active" ? "info" : "muted"}
              />
              {edge.taskId ? <span className="aui-hint"> task {edge.taskId}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
