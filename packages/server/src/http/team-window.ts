// The team's roster and delegation edges in the hydration window and in pages (HYD-02, AS-10, PERF-04):
// the window holds the newest `DEFAULT_TEAM_WINDOW` of each list plus the older roster ids of teammates
// the window holds (live or pointed at by its messages), the edges into them and every active wait edge,
// so a team of thousands costs a bounded window; the rest pages in by cursor (the position in the list
// where the newest entries start), each page with the agent rows it names.
import type {
  AgentRecord,
  DelegationEdge,
  ProjectionState,
  TeamList,
  TeamPage,
  WindowInfo,
} from "@agent-ui/contracts";
import { pageBefore } from "./page-before";

export const DEFAULT_TEAM_WINDOW = 100;
/** Older edges the window sends because they touch a teammate it holds or are active: at most this many. */
export const MAX_TEAM_EDGES = 600;

type Team = ProjectionState["team"];

/** Agent ids the window's newest roster entries and edges name: the agents window holds their rows. */
export function teamTailAgents(team: Team, limit = DEFAULT_TEAM_WINDOW): string[] {
  const ids = team.roster.slice(-limit);
  for (const edge of team.edges.slice(-limit)) ids.push(edge.from, edge.to);
  return ids;
}

/** The team slice as the window sends it: newest roster ids and edges, plus the older ids of the
 * teammates `agents` (the window's agent rows) holds and the edges into them, with cursors for older
 * pages. */
export function windowTeam(
  team: Team,
  agents: Readonly<Record<string, unknown>>,
  limit = DEFAULT_TEAM_WINDOW,
): { team: Team; info: { roster: WindowInfo; edges: WindowInfo } } {
  const rosterStart = Math.max(0, team.roster.length - limit);
  // Older roster ids of held agents: bounded by the agents window itself.
  const roster = team.roster.filter((id, i) => i >= rosterStart || agents[id] !== undefined);
  const edgeStart = Math.max(0, team.edges.length - limit);
  const older: DelegationEdge[] = [];
  for (let i = edgeStart - 1; i >= 0 && older.length < MAX_TEAM_EDGES; i--) {
    const edge = team.edges[i];
    // An edge into a held teammate places it in the graph; an active wait is live whatever its ends.
    if (edge.status === "active" || agents[edge.to] !== undefined) older.push(edge);
  }
  const edges = older.reverse().concat(team.edges.slice(edgeStart));
  return {
    team: { ...team, roster, edges },
    info: {
      roster: info(team.roster.length, roster.length, rosterStart),
      edges: info(team.edges.length, edges.length, edgeStart),
    },
  };
}

/** Entries of the roster or the edges strictly before `before` (a cursor from the window or a previous
 * page), at most `limit`, with the agent rows they name. */
export function teamPage(
  sessionId: string,
  seq: number,
  state: ProjectionState,
  list: TeamList,
  before: number,
  limit: number,
): TeamPage {
  const agents: Record<string, AgentRecord> = {};
  const name = (id: string) => {
    const agent = state.agents[id];
    if (agent !== undefined) agents[id] = agent;
  };
  if (list === "roster") {
    const page = pageBefore(state.team.roster.length, before, limit);
    const roster = state.team.roster.slice(page.start, page.end);
    for (const id of roster) name(id);
    return { sessionId, seq, list, roster, agents, window: page.info };
  }
  const page = pageBefore(state.team.edges.length, before, limit);
  const edges = state.team.edges.slice(page.start, page.end);
  for (const edge of edges) {
    name(edge.from);
    name(edge.to);
  }
  return { sessionId, seq, list, edges, agents, window: page.info };
}

function info(total: number, included: number, start: number): WindowInfo {
  return { total, included, truncated: included < total, before: start > 0 ? String(start) : null };
}
