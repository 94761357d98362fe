// Where paging the team's lists and the timeline stands after a hydration (HYD-02), and the loads that
// move it: per list the cursor of the next older page and, for a team list, the entries the window sent
// ahead of their page (live teammates, the edges into them, open work) — the held entries before the
// window's contiguous newest run, which stay before each page until the page that holds them arrives.
import {
  type ProjectionState,
  TEAM_LISTS,
  type TeamList,
  type TeamPage,
  type TablePage,
  type TimelinePage,
  type WindowInfo,
  type WindowTable,
} from "@agent-ui/contracts";
import { teamEntryKey } from "@agent-ui/projection/core";
import type { ClientProjector } from "./session-options";

interface Cursor {
  before: string | null;
  ahead: Set<string>;
}

export interface ListPageLoaders {
  loadTablePage?: (table: WindowTable, before: string) => Promise<TablePage>;
  loadTeamPage?: (list: TeamList, before: string) => Promise<TeamPage>;
  loadTimelinePage?: (before: string) => Promise<TimelinePage>;
}

export class ListPages {
  private team = new Map<TeamList, Cursor>();
  private timeline: Cursor = { before: null, ahead: new Set() };
  /** Per record table: the cursor of its next older page (null: all loaded). */
  private tables = new Map<WindowTable, string | null>();

  constructor(
    private readonly loaders: ListPageLoaders,
    private readonly projector: () => ClientProjector,
    private readonly changed: () => void,
  ) {}

  /** A new hydration window: its cursors replace every earlier one (a page in flight is dropped). */
  reset(
    state: ProjectionState,
    window:
      | {
          tables?: Partial<Record<WindowTable, WindowInfo>>;
          team?: Partial<Record<TeamList, WindowInfo>>;
          timeline?: WindowInfo;
        }
      | undefined,
  ): void {
    this.tables = new Map();
    for (const [table, info] of Object.entries(window?.tables ?? {}))
      this.tables.set(table as WindowTable, info?.before ?? null);
    this.team = new Map();
    for (const list of TEAM_LISTS) {
      const info = window?.team?.[list];
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
      this.team.set(list, { before, ahead });
    }
    this.timeline = { before: window?.timeline?.before ?? null, ahead: new Set() };
  }

  hasOlderRows(table: WindowTable): boolean {
    return (this.tables.get(table) ?? null) !== null;
  }

  async loadOlderRows(table: WindowTable): Promise<boolean> {
    const before = this.tables.get(table) ?? null;
    if (before === null || this.loaders.loadTablePage === undefined) return false;
    const tables = this.tables;
    const page = await this.loaders.loadTablePage(table, before);
    if (this.tables !== tables) return this.hasOlderRows(table);
    tables.set(table, page.window.before);
    this.projector().mergeRecords?.(table, page.records);
    this.changed();
    return page.window.before !== null;
  }

  hasOlderTeam(list: TeamList): boolean {
    return (this.team.get(list)?.before ?? null) !== null;
  }

  async loadOlderTeam(list: TeamList): Promise<boolean> {
    const cursor = this.team.get(list);
    if (cursor?.before == null || this.loaders.loadTeamPage === undefined) return false;
    const page = await this.loaders.loadTeamPage(list, cursor.before);
    // A hydration in between replaced the cursors: this page belongs to the old window.
    if (this.team.get(list) !== cursor) return this.hasOlderTeam(list);
    const entries: readonly unknown[] = page.entries;
    this.projector().mergeRecords?.("agents", page.agents);
    this.projector().mergeTeam?.(list, entries, cursor.ahead);
    for (const entry of entries) {
      const key = teamEntryKey(list, entry);
      if (key !== undefined) cursor.ahead.delete(key);
    }
    cursor.before = page.window.before;
    this.changed();
    return page.window.before !== null;
  }

  hasOlderTimeline(): boolean {
    return this.timeline.before !== null;
  }

  async loadOlderTimeline(): Promise<boolean> {
    const cursor = this.timeline;
    if (cursor.before === null || this.loaders.loadTimelinePage === undefined) return false;
    const page = await this.loaders.loadTimelinePage(cursor.before);
    if (this.timeline !== cursor) return this.hasOlderTimeline();
    this.projector().mergeTimeline?.(page.entries);
    cursor.before = page.window.before;
    this.changed();
    return page.window.before !== null;
  }
}
