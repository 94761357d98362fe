// The team's lists in the hydration window and in pages (HYD-02, AS-10, PERF-04): roster, delegation
// edges, work board, handoffs, worker notifications and reviews. The window holds the newest
// `DEFAULT_TEAM_WINDOW` entries of each plus, older than those, the entries the first screen needs
// whatever their age (at most `MAX_TEAM_AHEAD` per list): the roster ids of teammates the window holds
// (live or pointed at by its messages), the edges into them and every active wait, open work items,
// handoffs and reviews. So a team of thousands costs a bounded window; the rest pages in by cursor (the
// position in the list where the newest entries start), each page with the agent rows it names.
import {
  type AgentRecord,
  type ProjectionState,
  TEAM_LISTS,
  type TeamEntry,
  type TeamList,
  type TeamPage,
  type WindowInfo,
} from "@agent-ui/contracts";
import { pageBefore } from "./page-before";

export const DEFAULT_TEAM_WINDOW = 100;
/** Older entries a window sends per list because the first screen needs them: at most this many. */
export const MAX_TEAM_AHEAD = 600;

type Team = ProjectionState["team"];
type Held = Readonly<Record<string, unknown>>;

const ENDED_WORK = new Set(["done", "completed", "cancelled", "canceled", "failed", "closed"]);
const OPEN_REVIEWS = new Set(["requested", "reviewing"]);

/** Whether an older entry comes in the window anyway, given the teammates (`agents`) it holds. */
const AHEAD: { [L in TeamList]: (entry: TeamEntry<L>, agents: Held) => boolean } = {
  roster: (id, agents) => agents[id] !== undefined,
  // An edge into a held teammate places it in the graph; an active wait is live whatever its ends.
  edges: (edge, agents) => edge.status === "active" || agents[edge.to] !== undefined,
  workBoard: (item) => !ENDED_WORK.has(item.status),
  handoffs: (handoff) => !ENDED_WORK.has(handoff.status) && handoff.status !== "unknown",
  notifications: () => false,
  reviews: (review) => OPEN_REVIEWS.has(review.status),
};

/** The agent ids an entry names. */
const NAMES: { [L in TeamList]: (entry: TeamEntry<L>) => (string | undefined)[] } = {
  roster: (id) => [id],
  edges: (edge) => [edge.from, edge.to],
  workBoard: (item) => [item.assignee],
  handoffs: (handoff) => [handoff.from, handoff.to],
  notifications: (note) => [note.agentId],
  reviews: (review) => [review.reviewer],
};

/** Agent ids the window's newest team entries name: the agents window holds their rows. */
export function teamTailAgents(team: Team, limit = DEFAULT_TEAM_WINDOW): string[] {
  const ids: string[] = [];
  for (const list of TEAM_LISTS)
    for (const entry of (team[list] as TeamEntry[]).slice(-limit))
      for (const id of (NAMES[list] as (e: TeamEntry) => (string | undefined)[])(entry))
        if (id !== undefined) ids.push(id);
  return ids;
}

/** The team slice as the window sends it: each list's newest entries plus the older ones the first
 * screen needs, with a cursor for older pages. */
export function windowTeam(
  team: Team,
  agents: Held,
  limit = DEFAULT_TEAM_WINDOW,
): { team: Team; info: Record<TeamList, WindowInfo> } {
  const cut: Partial<Record<TeamList, unknown[]>> = {};
  const info = {} as Record<TeamList, WindowInfo>;
  for (const list of TEAM_LISTS) {
    const entries = team[list] as TeamEntry[];
    const ahead = AHEAD[list] as (entry: TeamEntry, agents: Held) => boolean;
    const start = Math.max(0, entries.length - limit);
    const older: TeamEntry[] = [];
    for (let i = start - 1; i >= 0 && older.length < MAX_TEAM_AHEAD; i--)
      if (ahead(entries[i], agents)) older.push(entries[i]);
    const held = older.reverse().concat(entries.slice(start));
    cut[list] = held;
    info[list] = {
      total: entries.length,
      included: held.length,
      truncated: held.length < entries.length,
      before: start > 0 ? String(start) : null,
    };
  }
  return { team: { ...team, ...cut } as Team, info };
}

/** Entries of one team list strictly before `before` (a cursor from the window or a previous page), at
 * most `limit`, with the agent rows they name. */
export function teamPage(
  sessionId: string,
  seq: number,
  state: ProjectionState,
  list: TeamList,
  before: number,
  limit: number,
): TeamPage {
  const all = state.team[list] as TeamEntry[];
  const page = pageBefore(all.length, before, limit);
  const entries = all.slice(page.start, page.end);
  const agents: Record<string, AgentRecord> = {};
  const names = NAMES[list] as (entry: TeamEntry) => (string | undefined)[];
  for (const entry of entries)
    for (const id of names(entry)) {
      const agent = id === undefined ? undefined : state.agents[id];
      if (agent !== undefined) agents[agent.agentId] = agent;
    }
  return { sessionId, seq, list, entries, agents, window: page.info } as TeamPage;
}
