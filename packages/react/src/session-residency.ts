// Session residency (HYD-06, HYD-07, AS-TAB-03/04): what each open session tab keeps in memory. A pure
// state machine over the open tabs — no I/O, no timers — that a host drives with the user's opens, closes,
// pins and the memory-pressure signal, and reads to decide which sessions stay connected ("warm").
//
//   active     the shown session, hydrated: full render
//   restoring  the shown session while its hydration is not done: shell and cached snapshot first
//   recent     kept warm (live connection, projection state, no mounted view); bounded by the warm limit
//   pinned     kept warm like recent, never evicted by the warm limit or by memory pressure
//   suspended  released: only the shell the sessions feed already carries (title, run state, unread)
//   archived   released like suspended because its session ended or was archived; not kept warm
//   discarded  closed: not in the tab list (its id is not tracked any more)

export type ResidencyState =
  | "active"
  | "restoring"
  | "recent"
  | "pinned"
  | "suspended"
  | "archived"
  | "discarded";

/** What a tab in each state holds. `connection`: a live session handle with its projection state;
 * `view`: the mounted conversation, timeline and previews. */
export const RESIDENCY_RESOURCES: Readonly<
  Record<ResidencyState, { connection: boolean; view: boolean; evictable: boolean }>
> = {
  active: { connection: true, view: true, evictable: false },
  restoring: { connection: true, view: true, evictable: false },
  recent: { connection: true, view: false, evictable: true },
  pinned: { connection: true, view: false, evictable: false },
  suspended: { connection: false, view: false, evictable: false },
  archived: { connection: false, view: false, evictable: false },
  discarded: { connection: false, view: false, evictable: false },
};

export interface ResidentTab {
  readonly id: string;
  readonly pinned: boolean;
  /** Keeps its connection and projection state. */
  readonly warm: boolean;
  /** The session's state finished hydrating since it last became warm. */
  readonly hydrated: boolean;
  readonly archived: boolean;
  /** Logical time of the last activation (least recently used is evicted first). */
  readonly usedAt: number;
}

export interface Residency {
  /** Open tabs in their display order. */
  readonly tabs: readonly ResidentTab[];
  readonly activeId: string | null;
  /** Non-pinned tabs kept warm at most, the active one included (≥ 1; pinned tabs are exempt). */
  readonly warmLimit: number;
  readonly clock: number;
}

export type ResidencyEvent =
  | { type: "open"; id: string }
  | { type: "hydrated"; id: string }
  | { type: "close"; id: string }
  | { type: "pin"; id: string }
  | { type: "unpin"; id: string }
  /** The session's source ended long ago or the session was archived (`false`: it came back). */
  | { type: "archive"; id: string; archived?: boolean }
  /** Memory is short: every evictable (recent) tab is released; pinned and active tabs stay. */
  | { type: "pressure" };

/** Hydrated detail tabs kept by default (perf-and-ops §2.3: 3, pinned exempt). */
export const DEFAULT_WARM_LIMIT = 3;

export function createResidency(warmLimit = DEFAULT_WARM_LIMIT): Residency {
  if (!Number.isInteger(warmLimit) || warmLimit < 1)
    throw new RangeError(`warmLimit must be an integer ≥ 1 (got ${warmLimit})`);
  return { tabs: [], activeId: null, warmLimit, clock: 0 };
}

/** The state of one session id (`discarded` when it is not an open tab). */
export function residencyState(residency: Residency, id: string): ResidencyState {
  const tab = residency.tabs.find((t) => t.id === id);
  if (!tab) return "discarded";
  if (id === residency.activeId) return tab.hydrated ? "active" : "restoring";
  if (tab.warm) return tab.pinned ? "pinned" : "recent";
  return tab.archived ? "archived" : "suspended";
}

/** Ids whose session handle stays connected (active, restoring, recent, pinned). */
export function warmIds(residency: Residency): string[] {
  return residency.tabs.filter((t) => t.warm).map((t) => t.id);
}

export function reduceResidency(residency: Residency, event: ResidencyEvent): Residency {
  const clock = residency.clock + 1;
  const update = (id: string, change: (tab: ResidentTab) => ResidentTab) =>
    residency.tabs.map((t) => (t.id === id ? change(t) : t));
  const has = residency.tabs.some((t) => "id" in event && t.id === event.id);
  switch (event.type) {
    case "open": {
      const tabs = has
        ? update(event.id, (t) => ({ ...t, usedAt: clock, hydrated: t.warm && t.hydrated, warm: true }))
        : [...residency.tabs, newTab(event.id, clock)];
      return enforce({ ...residency, tabs, activeId: event.id, clock });
    }
    case "hydrated":
      // Only a warm tab's hydration counts: a late answer for a released session changes nothing.
      // A repeated signal is the same state (hosts may report it on every change).
      if (!residency.tabs.some((t) => t.id === event.id && t.warm && !t.hydrated)) return residency;
      return { ...residency, tabs: update(event.id, (t) => ({ ...t, hydrated: true })), clock };
    case "close": {
      if (!has) return residency;
      const tabs = residency.tabs.filter((t) => t.id !== event.id);
      if (residency.activeId !== event.id) return { ...residency, tabs, clock };
      const next = tabs.reduce<ResidentTab | undefined>(
        (a, t) => (a && a.usedAt >= t.usedAt ? a : t),
        undefined,
      );
      if (!next) return { ...residency, tabs, activeId: null, clock };
      return reduceResidency({ ...residency, tabs, activeId: null, clock }, { type: "open", id: next.id });
    }
    case "pin":
    case "unpin": {
      if (!has) return residency;
      const pinned = event.type === "pin";
      const tabs = update(event.id, (t) => ({ ...t, pinned, warm: t.warm || pinned }));
      return enforce({ ...residency, tabs, clock });
    }
    case "archive": {
      if (!has) return residency;
      const archived = event.archived ?? true;
      const tabs = update(event.id, (t) => ({ ...t, archived }));
      return enforce({ ...residency, tabs, clock });
    }
    case "pressure": {
      const tabs = residency.tabs.map((t) => (keepsUnderPressure(residency, t) ? t : release(t)));
      // Nothing to release: the same state (a repeated signal re-renders nothing).
      if (tabs.every((t, i) => t === residency.tabs[i])) return residency;
      return { ...residency, tabs, clock };
    }
  }
}

function newTab(id: string, clock: number): ResidentTab {
  return { id, pinned: false, warm: true, hydrated: false, archived: false, usedAt: clock };
}

function release(tab: ResidentTab): ResidentTab {
  return tab.warm ? { ...tab, warm: false, hydrated: false } : tab;
}

function keepsUnderPressure(residency: Residency, tab: ResidentTab): boolean {
  return tab.id === residency.activeId || tab.pinned;
}

/** The resource rules after any change: pinned tabs are warm; an archived tab is warm only while shown or
 * pinned; at most `warmLimit` non-pinned tabs are warm (the active one first, then the most recently used). */
function enforce(residency: Residency): Residency {
  const active = residency.activeId;
  const keep = new Set<string>();
  const candidates = residency.tabs
    .filter((t) => t.warm && !t.pinned && !t.archived && t.id !== active)
    .sort((a, b) => b.usedAt - a.usedAt);
  const activeTab = residency.tabs.find((t) => t.id === active);
  const room = residency.warmLimit - (activeTab && !activeTab.pinned ? 1 : 0);
  for (const t of candidates.slice(0, Math.max(0, room))) keep.add(t.id);
  const tabs = residency.tabs.map((t) => {
    if (t.id === active || t.pinned) return t.warm ? t : { ...t, warm: true, hydrated: false };
    return keep.has(t.id) ? t : release(t);
  });
  return { ...residency, tabs };
}
