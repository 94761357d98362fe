// Where paging the team's roster and delegation edges stands after a hydration (HYD-02): the cursor of the
// next older page, and the entries the window sent ahead of their page (live teammates, edges that touch
// them) — the held entries before the window's contiguous newest run.
import { TEAM_LISTS, type ProjectionState, type TeamList, type WindowInfo } from "@agent-ui/contracts";
import { teamEntryKey } from "@agent-ui/projection/core";

export interface TeamCursor {
  before: string | null;
  ahead: Set<string>;
}

export function teamCursorsOf(
  state: ProjectionState,
  window: Partial<Record<TeamList, WindowInfo>> | undefined,
): Map<TeamList, TeamCursor> {
  const cursors = new Map<TeamList, TeamCursor>();
  for (const list of TEAM_LISTS) {
    const info = window?.[list];
    const ahead = new Set<string>();
    const before = info?.before ?? null;
    if (info !== undefined && before !== null) {
      const held: readonly unknown[] = state.team[list];
      const newest = info.total - Number(before);
      for (const entry of held.slice(0, Math.max(0, held.length - newest))) {
        const key = teamEntryKey(list, entry);
        if (key !== undefined) ahead.add(key);
      }
    }
    cursors.set(list, { before, ahead });
  }
  return cursors;
}
