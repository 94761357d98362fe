// The open tabs' residency (HYD-06/07) made real: the state machine decides which sessions stay warm, a
// session pool keeps exactly those connected (a warm tab's `AgentSession` keeps its projection while it is
// not shown, so returning shows its last state at once while it catches up), and the restore and resource
// metrics (PERF-03/04) are recorded as the workbench observes them.
import type { SessionInfo, SessionSnapshot } from "@agent-ui/client";
import {
  AgentSession,
  type Residency,
  type ResidencyEvent,
  SessionMetrics,
  SessionPool,
  createResidency,
  reduceResidency,
  residencyState,
  warmIds,
} from "@agent-ui/react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from "react";
import { type SessionLatency, sessionLatency } from "./latency";

/** A session's hydration window fetched before the workbench rendered (the page's early window). */
export interface HeldWindow {
  sessionId: string;
  window: SessionSnapshot;
}

/** One warm tab: its session handle and the latency marks of its sends. */
export interface WarmSession {
  session: AgentSession;
  latency: SessionLatency;
  connect(): () => void;
}

/** A source that ended this long ago (or an archived one) is archived: released, not kept warm. */
const ARCHIVE_AFTER_MS = 24 * 60 * 60 * 1000;
const ENDED = new Set(["completed", "failed", "cancelled", "closed"]);
/** How often the resource counts are sampled, and the heap share that counts as memory pressure. */
const SAMPLE_MS = 500;
const PRESSURE_HEAP_SHARE = 0.85;

export function isArchived(session: SessionInfo, now = Date.now()): boolean {
  if (session.status === "archived") return true;
  return ENDED.has(session.status) && now - Date.parse(session.updatedAt) > ARCHIVE_AFTER_MS;
}

export interface WarmTabs {
  residency: Residency;
  dispatch: (event: ResidencyEvent) => void;
  /** The warm handle of a tab (created on first use; connected while the tab is warm). */
  warm: (id: string) => WarmSession;
  metrics: SessionMetrics;
  /** Stamps the user's click on a session: the shell and first stable paint are measured from it. */
  clicked: (id: string) => void;
}

export function useWarmTabs(options: {
  url: string;
  token?: string;
  activeId: string | null;
  sessions: readonly SessionInfo[];
  warmLimit?: number;
  /** How the sessions' connections fetch (default: the global `fetch`). */
  fetch?: typeof fetch;
  /** One session's hydration window, already fetched: that session's handle starts from it. */
  initialWindow?: HeldWindow;
}): WarmTabs {
  const { url, token, activeId, sessions, fetch } = options;
  // Taken by the first handle of its session only: a later one (after a release) asks the gateway.
  const held = useRef(options.initialWindow);
  const [residency, dispatch] = useReducer(reduceResidency, options.warmLimit, (limit) => {
    const initial = createResidency(limit);
    return activeId ? reduceResidency(initial, { type: "open", id: activeId }) : initial;
  });
  const metrics = useMemo(() => new SessionMetrics(), []);
  const shownRef = useRef(activeId);
  shownRef.current = activeId;
  const pool = useMemo(
    () =>
      new SessionPool<WarmSession>((id) => {
        const latency = sessionLatency();
        const initialWindow = held.current?.sessionId === id ? held.current.window : undefined;
        if (initialWindow) held.current = undefined;
        const session = new AgentSession({
          url,
          sessionId: id,
          token,
          fetch,
          initialWindow,
          onClient: latency.onClient,
          // Restore durations count for the shown session only (a background repair is not a restore).
          onTiming: (metric, ms) => {
            if (shownRef.current === id) metrics.record(metric, ms);
          },
        });
        return { session, latency, connect: () => session.connect() };
      }),
    [url, token, fetch, metrics],
  );
  const warmKey = warmIds(residency).join("\n");

  // Unmount (and StrictMode's rehearsal of it) closes the connections; `sync` reopens what stays warm.
  useEffect(() => () => pool.disconnectAll(), [pool]);
  useEffect(() => pool.sync(warmKey ? warmKey.split("\n") : []), [pool, warmKey]);

  useEffect(() => {
    if (activeId) dispatch({ type: "open", id: activeId });
  }, [activeId]);

  // Archived sessions are released like suspended ones (an archived session that changes comes back).
  useEffect(() => {
    for (const tab of residency.tabs) {
      const info = sessions.find((s) => s.id === tab.id);
      const archived = info !== undefined && isArchived(info);
      if (archived !== tab.archived) dispatch({ type: "archive", id: tab.id, archived });
    }
  }, [sessions, residency.tabs]);

  // The shown tab is restoring until its session's hydration is done.
  const shown = activeId ? pool.get(activeId).session : undefined;
  useEffect(() => {
    if (!shown) return;
    const check = () => {
      if (shown.hydrated) dispatch({ type: "hydrated", id: shown.sessionId });
    };
    check();
    return shown.subscribeMeta(check);
  }, [shown]);

  // Click → shell paint, and click → first stable paint (the hydrated conversation on screen).
  const click = useRef<{ id: string; at: number; shell: boolean; stable: boolean } | null>(null);
  const clicked = useCallback((id: string) => {
    click.current = { id, at: performance.now(), shell: false, stable: false };
  }, []);
  const state = activeId ? residencyState(residency, activeId) : undefined;
  useLayoutEffect(() => {
    const pending = click.current;
    if (!pending || pending.id !== activeId || !state) return;
    const frame = requestAnimationFrame(() => {
      if (!pending.shell) metrics.since("session.click_to_shell_ms", pending.at);
      pending.shell = true;
      if (state === "active" && !pending.stable) {
        metrics.since("message_list.first_stable_paint_ms", pending.at);
        pending.stable = true;
        click.current = null;
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [activeId, state, metrics]);

  // Resource counts, sampled; heap pressure (where the browser reports it) releases recent tabs.
  useEffect(() => {
    const sample = () => {
      const handles = pool
        .ids()
        .filter((id) => pool.connected(id))
        .map((id) => pool.get(id).session);
      metrics.record("tabs.active_count", state === "active" ? 1 : 0);
      metrics.record("tabs.hydrated_detail_count", handles.filter((s) => s.hydrated).length);
      metrics.record("background.restore_count", handles.filter((s) => s.client && !s.hydrated).length);
      metrics.record("message_lists.mounted_count", document.querySelectorAll(".aui-conversation").length);
      metrics.record(
        "timeline.items_mounted_count",
        document.querySelectorAll(".aui-timeline .aui-vrow").length,
      );
      const memory = (performance as { memory?: { usedJSHeapSize: number; jsHeapSizeLimit: number } }).memory;
      if (memory && memory.usedJSHeapSize > memory.jsHeapSizeLimit * PRESSURE_HEAP_SHARE)
        dispatch({ type: "pressure" });
    };
    sample();
    const timer = setInterval(sample, SAMPLE_MS);
    return () => clearInterval(timer);
  }, [pool, metrics, state]);

  const warm = useCallback((id: string) => pool.get(id), [pool]);
  return { residency, dispatch, warm, metrics, clicked };
}
