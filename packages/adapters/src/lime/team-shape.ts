// Team facts stamped on the envelope of a Lime record's events: author attribution (§D.5, TEAM-05) and
// team topology (TEAM-16). Both come only from what the runtime stated; nothing here invents a teammate.
import { TOPOLOGIES, type Topology, isMember } from "@agent-ui/contracts";
import { BoundedTable, type LimitNotices } from "../shared/bounded";
import { readString } from "../shared/record";
import type { LimeFacts } from "./facts";

/** Agent UI classes that describe the team: roster, delegation graph, handoffs, reviews, work items. */
const TEAM_CLASSES: ReadonlySet<string> = new Set([
  "agent.spawned",
  "agent.changed",
  "agent.completed",
  "agent.handoff",
  "team.changed",
  "worker.notification",
  "review.requested",
  "review.completed",
  "task.changed",
]);

export function isTeamClass(type: string): boolean {
  return TEAM_CLASSES.has(type);
}

/** The topology a record states (`topology` on the record or its payload); `unknown` when the word is
 * not a topology this toolkit knows, so the team view says so instead of keeping a stale guess. */
export function statedTopology(f: LimeFacts): Topology | undefined {
  const word =
    readString(f.record, "topology", "teamTopology", "team_topology") ??
    readString(f.payload, "topology", "teamTopology", "team_topology");
  if (word === undefined) return undefined;
  return isMember(TOPOLOGIES, word) ? word : "unknown";
}

/**
 * True when the record itself shows a coordinator delegating to teammates: a delegated task, a subagent
 * spawned under a stated parent, or a team phase. A lone event without these says nothing about a team.
 */
export function showsCoordinatorTeam(f: LimeFacts): boolean {
  if (f.type === "task.delegated") return true;
  if (f.shape.teamPhase !== undefined || readString(f.payload, "teamPhase", "team_phase") !== undefined)
    return true;
  if (f.type !== "subagent.spawned") return false;
  return (
    f.ids.parentSessionId !== undefined ||
    f.ids.parentThreadId !== undefined ||
    f.extraIds.parentTaskId !== undefined ||
    readString(f.payload, "parentAgentId", "parent_agent_id", "parentSessionId", "parentThreadId") !==
      undefined
  );
}

/** Sessions whose stated topology is remembered; the one stated longest ago forgotten first. */
export const MAX_TEAM_SESSIONS = 1024;

/**
 * Remembers the team topology per session: a stated topology is kept, and a later record that only
 * implies a team (`coordinator_team`) is stamped with the stated one, so the view never flips back.
 */
export class TopologyTracker {
  private readonly stated: BoundedTable<Topology>;

  constructor(notices: LimitNotices) {
    const limit = {
      table: "team topology",
      cap: MAX_TEAM_SESSIONS,
      consequence:
        "the sessions that stated one longest ago are forgotten; a forgotten session's implied team facts are stamped coordinator_team",
    };
    this.stated = new BoundedTable(limit, notices, true);
  }

  /** The topology to stamp on the team events of this record, if any. */
  topologyFor(f: LimeFacts): Topology | undefined {
    const key = f.ids.sessionId ?? "";
    const stated = statedTopology(f);
    if (stated !== undefined) {
      this.stated.set(key, stated);
      return stated;
    }
    if (!showsCoordinatorTeam(f)) return undefined;
    return this.stated.get(key) ?? "coordinator_team";
  }
}
