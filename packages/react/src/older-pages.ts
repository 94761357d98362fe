// Lists the gateway pages by cursor (HYD-02): a record table, one of the team's lists or the timeline. A surface that
// shows one asks `has` whether older rows remain and calls `load` as the user scrolls toward them; an
// `AgentSession` (its `older`) answers through its SessionClient.
import { TEAM_LISTS, type TeamList, type WindowTable } from "@agent-ui/contracts";

export type OlderList = WindowTable | TeamList | "timeline";

export interface OlderPages {
  has(list: OlderList): boolean;
  /** Loads the next older page of `list` into the projection; a failed load leaves the list as it is and
   * rejects (the list shows why, with Retry). */
  load(list: OlderList): Promise<void>;
}

/** The paging calls of a session client (`SessionClient` has them). */
export interface OlderPageSource {
  hasOlderRows(table: WindowTable): boolean;
  loadOlderRows(table: WindowTable): Promise<boolean>;
  hasOlderTeam(list: TeamList): boolean;
  loadOlderTeam(list: TeamList): Promise<boolean>;
  hasOlderTimeline(): boolean;
  loadOlderTimeline(): Promise<boolean>;
}

const isTeamList = (list: OlderList): list is TeamList => (TEAM_LISTS as readonly string[]).includes(list);

/** `OlderPages` over whichever client `current()` returns (none: nothing older to load). */
export function olderPagesOf(current: () => OlderPageSource | undefined): OlderPages {
  return {
    has: (list) => {
      const client = current();
      if (client === undefined) return false;
      if (list === "timeline") return client.hasOlderTimeline();
      return isTeamList(list) ? client.hasOlderTeam(list) : client.hasOlderRows(list);
    },
    load: (list) => {
      const client = current();
      if (client === undefined) return Promise.resolve();
      const loading =
        list === "timeline"
          ? client.loadOlderTimeline()
          : isTeamList(list)
            ? client.loadOlderTeam(list)
            : client.loadOlderRows(list);
      return loading.then(() => undefined);
    },
  };
}
