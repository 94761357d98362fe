// Older pages of the team's lists (roster, delegation edges, work board, handoffs, notifications, reviews)
// merged into a projection hydrated from a window (HYD-02/05): a page is a contiguous run of the team's
// list that precedes every entry held, except the entries a window sent ahead of their page (live
// teammates, the edges into them, open work) — those stay before
// the page until the page that holds them arrives and places them. Once every page is merged, the list is
// in the team's own order, each entry once.
import type { DelegationEdge, TeamList, TeamSlice } from "@agent-ui/contracts";
import { copyPlain } from "./internal/json";

/** The identity of an entry: an agent id, an edge's kind and ends (one edge per kind and pair), or the
 * id a work item, handoff, worker notification or review carries. */
export function teamEntryKey(list: TeamList, entry: unknown): string | undefined {
  if (list === "roster") return typeof entry === "string" ? entry : undefined;
  if (entry === null || typeof entry !== "object") return undefined;
  const record = entry as Record<string, unknown>;
  if (list === "edges") {
    const edge = record as Partial<DelegationEdge>;
    if (typeof edge.from !== "string" || typeof edge.to !== "string" || typeof edge.kind !== "string")
      return undefined;
    return edgeKey(edge.kind, edge.from, edge.to);
  }
  const id = record[ID_FIELD[list]];
  return typeof id === "string" ? id : undefined;
}

/** The identity of an edge: one edge per kind and pair of agents. */
export function edgeKey(kind: DelegationEdge["kind"], from: string, to: string): string {
  return `${kind}\u0000${from}\u0000${to}`;
}

const ID_FIELD = {
  workBoard: "workItemId",
  handoffs: "handoffId",
  notifications: "id",
  reviews: "reviewId",
} as const;

/** Merges `entries` (a page) into `team[list]`, with `older` the keys of held entries that precede it.
 * Returns 0 when nothing changed (no new entry, none moved). */
export function mergeTeamPage(
  team: TeamSlice,
  list: TeamList,
  entries: readonly unknown[],
  older: ReadonlySet<string> = new Set(),
): number {
  const held = team[list] as unknown[];
  const page = new Map<string, unknown>();
  for (const entry of entries) {
    const key = teamEntryKey(list, entry);
    if (key !== undefined && !page.has(key)) page.set(key, entry);
  }
  if (page.size === 0) return 0;
  const before: unknown[] = [];
  const after: unknown[] = [];
  const heldKeys = new Set<string>();
  for (const entry of held) {
    const key = teamEntryKey(list, entry) as string;
    heldKeys.add(key);
    // A held entry the page holds too is the projection's own (newer): it keeps its fields, at the
    // page's place.
    if (page.has(key)) page.set(key, entry);
    else (older.has(key) ? before : after).push(entry);
  }
  const placed: unknown[] = [];
  for (const [key, entry] of page) placed.push(heldKeys.has(key) ? entry : copyPlain(entry));
  const merged = [...before, ...placed, ...after];
  // Entries held ahead of their page move into it; nothing new and nothing moved is no change.
  const changed = merged.length - held.length + (merged.some((entry, i) => entry !== held[i]) ? 1 : 0);
  if (changed === 0) return 0;
  (team as unknown as Record<TeamList, unknown[]>)[list] = merged;
  return changed;
}
