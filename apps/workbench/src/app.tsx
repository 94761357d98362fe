// The workbench shell: session list (create one per demo scenario), tabs of opened sessions, and the
// active session's workbench with time travel and the event inspector. The active session id lives in the
// URL hash so a reload re-hydrates the same session from the gateway.
import { Badge, CardButton, type SessionTab, SessionTabs, ThemeToggle } from "@agent-ui/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { DEMO_SCENARIOS, type SessionSummary, createSession, listSessions } from "./api";
import { type LiveSession, useLiveSession, useLogHead } from "./connection";
import { EventInspector } from "./event-inspector";
import { SessionView, type SessionDrafts } from "./session-view";
import { LogCache, TimeTravel } from "./time-travel";

/** A readable label for a session the gateway stored without a title. */
export function sessionLabel(s: SessionSummary | undefined, id: string): string {
  if (s?.title) return s.title;
  return `${s?.scenario ?? s?.sourceKind ?? "session"} · ${id.slice(0, 8)}`;
}

function hashSession(): string | null {
  const match = /^#\/s\/(.+)$/.exec(window.location.hash);
  return match ? decodeURIComponent(match[1]) : null;
}

const ACTIVE_STATUSES = new Set(["starting", "live"]);

export function App() {
  const [sessions, setSessions] = useState<SessionSummary[]>([]);
  const [listError, setListError] = useState<string | null>(null);
  const [activeId, setActiveId] = useState<string | null>(hashSession);
  const [opened, setOpened] = useState<string[]>(() => (hashSession() ? [hashSession() as string] : []));
  const [seen, setSeen] = useState<Record<string, number>>({});
  const [creating, setCreating] = useState<string | null>(null);
  // Composer drafts and their chips per session: switching tabs unmounts a session's view, never its
  // draft (COMP-03).
  const drafts: SessionDrafts = useMemo(() => ({ text: new Map(), context: new Map() }), []);

  const refresh = useCallback(async () => {
    try {
      setSessions(await listSessions());
      setListError(null);
    } catch (error) {
      setListError(String(error));
    }
  }, []);

  useEffect(() => {
    void refresh();
    const timer = setInterval(refresh, 3000);
    const onHash = () => setActiveId(hashSession());
    window.addEventListener("hashchange", onHash);
    return () => {
      clearInterval(timer);
      window.removeEventListener("hashchange", onHash);
    };
  }, [refresh]);

  const select = useCallback((id: string) => {
    window.location.hash = `#/s/${encodeURIComponent(id)}`;
    setActiveId(id);
    setOpened((list) => (list.includes(id) ? list : [...list, id]));
  }, []);

  // Opening the bare URL lands on the newest session (what `agent-ui start` just created).
  useEffect(() => {
    if (activeId !== null || sessions.length === 0) return;
    const newest = sessions.reduce((a, b) => ((b.createdAt ?? "") > (a.createdAt ?? "") ? b : a));
    select(newest.id);
  }, [sessions, activeId, select]);

  useEffect(() => {
    const active = sessions.find((s) => s.id === activeId);
    if (active) setSeen((m) => (m[active.id] === active.lastSeq ? m : { ...m, [active.id]: active.lastSeq }));
  }, [sessions, activeId]);

  const create = async (scenario: string) => {
    setCreating(scenario);
    try {
      const session = await createSession(scenario);
      await refresh();
      select(session.id);
    } catch (error) {
      setListError(String(error));
    } finally {
      setCreating(null);
    }
  };

  const tabs: SessionTab[] = useMemo(
    () =>
      opened.map((id) => {
        const s = sessions.find((x) => x.id === id);
        return {
          id,
          title: sessionLabel(s, id),
          running: s ? ACTIVE_STATUSES.has(s.status) : false,
          stale: s?.status === "stale",
          unread: id !== activeId && s !== undefined && s.lastSeq > (seen[id] ?? 0),
        };
      }),
    [opened, sessions, activeId, seen],
  );

  return (
    <div className="wb-app">
      <header className="wb-header">
        <strong>Agent UI workbench</strong>
        <ThemeToggle />
      </header>
      <div className="wb-body">
        <nav className="wb-sessions" aria-label="Sessions list">
          <h3>New session</h3>
          <div className="wb-scenarios">
            {DEMO_SCENARIOS.map((scenario) => (
              <button
                key={scenario}
                type="button"
                className="aui-button"
                disabled={creating !== null}
                onClick={() => create(scenario)}
              >
                {creating === scenario ? "Creating…" : `+ ${scenario}`}
              </button>
            ))}
          </div>
          <h3>Sessions</h3>
          {listError ? <p className="aui-tool-error">sessions: unavailable ({listError})</p> : null}
          <ul className="wb-session-list">
            {sessions.map((s) => (
              <li key={s.id}>
                <CardButton
                  title={sessionLabel(s, s.id)}
                  selected={s.id === activeId}
                  selection="page"
                  onClick={() => select(s.id)}
                >
                  <Badge value={s.status} />
                </CardButton>
              </li>
            ))}
          </ul>
        </nav>
        <section className="wb-workspace" aria-label="Workspace">
          <SessionTabs tabs={tabs} activeId={activeId} onSelect={select} />
          {activeId ? (
            <ActiveSession key={activeId} sessionId={activeId} drafts={drafts} />
          ) : (
            <p className="aui-hint">Create or pick a session.</p>
          )}
        </section>
      </div>
    </div>
  );
}

function ActiveSession({ sessionId, drafts }: { sessionId: string; drafts: SessionDrafts }) {
  const { live, connection } = useLiveSession(sessionId);
  if (!live) return <p className="aui-hint">connecting…</p>;
  return (
    <LiveWorkbench
      sessionId={sessionId}
      live={live}
      drafts={drafts}
      connectionState={connection?.state ?? "unknown"}
      connectionReason={connection?.reason}
    />
  );
}

function LiveWorkbench(props: {
  sessionId: string;
  live: LiveSession;
  drafts: SessionDrafts;
  connectionState: string;
  connectionReason?: string;
}) {
  const { sessionId, live } = props;
  const head = useLogHead(live);
  const log = useMemo(() => new LogCache(sessionId), [sessionId]);
  const [past, setPast] = useState<{ seq: number; store: LiveSession["store"] } | null>(null);
  const onTravel = useCallback((p: typeof past) => setPast(p), []);
  return (
    <div className="wb-live">
      <div className="wb-toolbar">
        <Badge label="connection" value={props.connectionState} title={props.connectionReason} />
        <TimeTravel sessionId={sessionId} head={head} log={log} onTravel={onTravel} />
      </div>
      <SessionView
        store={past?.store ?? live.store}
        dispatch={live.dispatch}
        loadDetail={live.loadDetail}
        latency={past ? undefined : live.latency}
        readOnlyReason={past ? `Viewing the past (#${past.seq}); go back to live to act.` : undefined}
        inspector={<EventInspector log={log} head={head} />}
        drafts={props.drafts.text}
        contextDrafts={props.drafts.context}
        draftKey={sessionId}
      />
    </div>
  );
}
