// Lookups into the team's lists by identity (an agent id in the roster, an edge's kind and ends, a work
// item's, handoff's or review's id), so a fact about one teammate costs O(1), not a scan of the team
// (linear time at any roster size). The lists stay the one truth: each index follows its list by
// identity and length — entries pushed since the last lookup are indexed on the next one, and a list
// replaced wholesale (hydration, a merged page) is indexed anew, once.
import type { DelegationEdge, TeamList, TeamSlice } from "@agent-ui/contracts";
import { edgeKey, teamEntryKey } from "../team-pages";
import { type Followed, follow } from "./follow";

export class TeamIndex {
  private readonly keyed = new Map<TeamList, Followed<Map<string, unknown>>>();
  private readonly incoming: Followed<Set<string>> = { list: null, indexed: 0, value: new Set() };
  private readonly waits: Followed<Map<string, WaitsFrom>> = {
    list: null,
    indexed: 0,
    value: new Map(),
  };

  /** The entry of `list` with this identity (see `teamEntryKey`); the first one when a list repeats it. */
  get<L extends TeamList>(team: TeamSlice, list: L, key: string): TeamSlice[L][number] | undefined {
    let followed = this.keyed.get(list);
    if (followed === undefined) {
      followed = { list: null, indexed: 0, value: new Map<string, unknown>() };
      this.keyed.set(list, followed);
    }
    const map = follow(
      followed,
      team[list],
      () => new Map<string, unknown>(),
      (value, entry) => {
        const entryKey = teamEntryKey(list, entry);
        if (entryKey !== undefined && !value.has(entryKey)) value.set(entryKey, entry);
      },
    );
    return map.get(key) as TeamSlice[L][number] | undefined;
  }

  /** Whether the team holds the edge of this kind between these agents. */
  hasEdge(team: TeamSlice, kind: DelegationEdge["kind"], from: string, to: string): boolean {
    return this.get(team, "edges", edgeKey(kind, from, to)) !== undefined;
  }

  /** Whether any edge of the team reaches `agentId`. */
  hasEdgeTo(team: TeamSlice, agentId: string): boolean {
    return follow(
      this.incoming,
      team.edges,
      () => new Set<string>(),
      (value, entry) => {
        value.add((entry as DelegationEdge).to);
      },
    ).has(agentId);
  }

  /** The `wait` edges that leave `agentId`: by target (in the team's order), and those not `ended`. A
   * status is changed through `setWaitStatus`, which keeps `active` in step. */
  waitsFrom(team: TeamSlice, agentId: string): WaitsFrom {
    const map = follow(
      this.waits,
      team.edges,
      () => new Map<string, WaitsFrom>(),
      (value, entry) => {
        const edge = entry as DelegationEdge;
        if (edge.kind !== "wait") return;
        let waits = value.get(edge.from);
        if (waits === undefined) {
          waits = { byTarget: new Map(), active: new Set() };
          value.set(edge.from, waits);
        }
        const same = waits.byTarget.get(edge.to);
        if (same === undefined) waits.byTarget.set(edge.to, [edge]);
        else same.push(edge);
        if (edge.status !== "ended") waits.active.add(edge);
      },
    );
    return map.get(agentId) ?? NO_WAITS;
  }

  /** Sets a wait edge's status in place, keeping `waitsFrom(…).active` in step. */
  setWaitStatus(team: TeamSlice, edge: DelegationEdge, status: "active" | "ended"): void {
    edge.status = status;
    const waits = this.waitsFrom(team, edge.from);
    if (waits === NO_WAITS) return;
    if (status === "active") waits.active.add(edge);
    else waits.active.delete(edge);
  }
}

export interface WaitsFrom {
  readonly byTarget: Map<string, DelegationEdge[]>;
  readonly active: Set<DelegationEdge>;
}

const NO_WAITS: WaitsFrom = { byTarget: new Map(), active: new Set() };
