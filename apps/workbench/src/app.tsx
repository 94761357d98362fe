// The workbench shell: a fixed frame — header with the session tabs, the sessions drawer, and the open
// session filling the rest. The session list, the scenarios and the gateway's reachability come from the
// gateway itself (`useSessions`: pushed over its sessions feed, never polled). The active session id lives
// in the URL hash, so a reload re-hydrates the same session. The open tabs' residency (`warm-tabs`) keeps
// the shown, recent and pinned sessions connected and releases the rest. Full-page states say when the
// gateway is down or wants a token.
import {
  type SessionTab,
  SessionTabs,
  ThemeToggle,
  reduceResidency,
  residencyState,
  useSessions,
} from "@agent-ui/react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { hashSession } from "./early-window";
import { GatewayDownPage } from "./gateway-down";
import { LiveSession } from "./live-session";
import { runState, sessionLabel } from "./run-state";
import { SessionList } from "./session-list";
import type { SessionDrafts } from "./session-view";
import { type HeldWindow, useWarmTabs } from "./warm-tabs";

// The token page and the connect dialog are not the usual first screen: their chunks load when they show.
const UnauthorizedPage = lazy(() => import("./gateway-pages").then((m) => ({ default: m.UnauthorizedPage })));
const ConnectDialog = lazy(() => import("./connect-dialog").then((m) => ({ default: m.ConnectDialog })));

type Drawer = "sessions" | "panels" | null;

function skipToComposer(event: React.MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const target = document.getElementById("aui-composer-input") ?? document.querySelector("main");
  target?.focus();
}

export interface AppProps {
  /** Gateway origin (default: the page's origin). */
  url?: string;
  /** The gateway's bearer token, when it requires one. */
  token?: string;
  /** Called when the user enters a token on the unauthorized page (the host may keep it). */
  onToken?: (token: string) => void;
  /** How the sessions' connections fetch (default: the global `fetch`), e.g. `windowFetch`. */
  fetch?: typeof fetch;
  /** The route's session's hydration window, already fetched: its tab shows it from the first frame. */
  initialWindow?: HeldWindow;
}

export function App(props: AppProps) {
  const url = props.url ?? window.location.origin;
  const [token, setToken] = useState(props.token);
  const gateway = useSessions({ url, token });
  const { sessions } = gateway;
  const [refused, setRefused] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(() => hashSession());
  const tabsState = useWarmTabs({
    url,
    token,
    activeId,
    sessions,
    fetch: props.fetch,
    initialWindow: props.initialWindow,
  });
  const { residency, clicked } = tabsState;
  const opened = useMemo(() => residency.tabs.map((t) => t.id), [residency.tabs]);
  const [seen, setSeen] = useState<Record<string, number>>({});
  const [drawer, setDrawer] = useState<Drawer>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [connectOpen, setConnectOpen] = useState(false);
  /** Opened once: the dialog stays mounted (it keeps what was typed in it). */
  const [connectUsed, setConnectUsed] = useState(false);
  // Composer drafts and their chips per session: switching tabs unmounts a session's view, never its
  // draft (COMP-03).
  const drafts: SessionDrafts = useMemo(() => ({ text: new Map(), context: new Map() }), []);

  useEffect(() => {
    const onHash = () => setActiveId(hashSession());
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);

  // Opening a tab is the residency machine's `open` (warm-tabs follows `activeId`).
  const select = useCallback(
    (id: string | null) => {
      if (id) clicked(id);
      window.location.hash = id ? `#/s/${encodeURIComponent(id)}` : "#/";
      setActiveId(id);
      setDrawer(null);
    },
    [clicked],
  );

  // Opening the bare URL lands on the newest session (what `agent-ui start` just created).
  useEffect(() => {
    if (activeId !== null || sessions.length === 0 || window.location.hash === "#/") return;
    const newest = sessions.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
    select(newest.id);
  }, [sessions, activeId, select]);

  useEffect(() => {
    const active = sessions.find((s) => s.id === activeId);
    if (active) setSeen((m) => (m[active.id] === active.lastSeq ? m : { ...m, [active.id]: active.lastSeq }));
  }, [sessions, activeId]);

  // Escape closes an open drawer and gives focus back to the button that opened it.
  useEffect(() => {
    if (drawer === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      const opener = document.querySelector<HTMLButtonElement>('.wb-drawer-toggle[aria-expanded="true"]');
      event.preventDefault();
      setDrawer(null);
      opener?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [drawer]);

  // Regenerate / edit and resend are offered only where the session's source says it carries them out.
  const activeKind = sessions.find((s) => s.id === activeId)?.sourceKind;
  const messageControls = gateway.sources.find((s) => s.kind === activeKind)?.messageControls;

  const close = (id: string) => {
    const next = reduceResidency(residency, { type: "close", id });
    tabsState.dispatch({ type: "close", id });
    if (id === activeId) select(next.activeId);
  };
  const activeTab = residency.tabs.find((t) => t.id === activeId);

  const tabs: SessionTab[] = useMemo(
    () =>
      opened.map((id) => {
        const s = sessions.find((x) => x.id === id);
        return {
          id,
          title: sessionLabel(s, id),
          state: s ? runState(s).label : undefined,
          unread: id !== activeId && s !== undefined && s.lastSeq > (seen[id] ?? 0),
          residency: residencyState(residency, id),
          pinned: residency.tabs.find((t) => t.id === id)?.pinned,
        };
      }),
    [opened, sessions, activeId, seen, residency],
  );

  const acceptToken = (value: string) => {
    setToken(value);
    setRefused(false);
    props.onToken?.(value);
  };
  const onUnauthorized = useCallback(() => setRefused(true), []);

  let body: React.ReactNode;
  if (gateway.gateway.state === "unauthorized" || refused) {
    body = (
      <Suspense fallback={null}>
        <UnauthorizedPage onToken={acceptToken} />
      </Suspense>
    );
  } else if (gateway.gateway.state === "down") {
    body = <GatewayDownPage status={gateway.gateway} onReconnect={gateway.reconnectNow} />;
  }

  return (
    <div className="wb-app" data-drawer={drawer ?? undefined}>
      {/* The route lives in the hash, so the link moves focus itself instead of navigating. */}
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link by convention (screen readers list it) */}
      <a className="wb-skip" href="#aui-composer-input" onClick={skipToComposer}>
        Skip to the message box
      </a>
      <header className="wb-header">
        <button
          type="button"
          className="aui-button aui-button-quiet wb-drawer-toggle"
          aria-expanded={drawer === "sessions"}
          aria-controls="wb-sessions"
          onClick={() => setDrawer(drawer === "sessions" ? null : "sessions")}
        >
          Sessions
        </button>
        <h1 className="wb-title">Agent UI workbench</h1>
        <div className="wb-tabs">
          <SessionTabs tabs={tabs} activeId={activeId} onSelect={select} />
          {activeTab ? (
            <button
              type="button"
              className="aui-button aui-button-quiet"
              aria-pressed={activeTab.pinned}
              title={activeTab.pinned ? "Unpin this tab" : "Pin this tab: kept warm, never released"}
              onClick={() =>
                tabsState.dispatch({ type: activeTab.pinned ? "unpin" : "pin", id: activeTab.id })
              }
            >
              Pin tab
            </button>
          ) : null}
          {activeTab ? (
            <button
              type="button"
              className="aui-button aui-button-quiet"
              aria-label="Close this tab"
              title="Close this tab"
              onClick={() => close(activeTab.id)}
            >
              ×
            </button>
          ) : null}
        </div>
        <button
          type="button"
          className="aui-button aui-button-quiet wb-drawer-toggle wb-panels-toggle"
          aria-expanded={drawer === "panels"}
          onClick={() => setDrawer(drawer === "panels" ? null : "panels")}
          disabled={!activeId}
        >
          Panels
        </button>
        <ThemeToggle />
      </header>
      {body ?? (
        <div className="wb-body">
          <nav className="wb-sessions" id="wb-sessions" aria-label="Sessions list">
            <SessionList
              sessions={sessions}
              sources={gateway.sources}
              activeId={activeId}
              onSelect={select}
              error={actionError}
              onCreate={async (scenario) => {
                try {
                  setActionError(null);
                  const created = await gateway.create({
                    source: "demo",
                    scenario,
                    title: `${scenario} demo`,
                  });
                  select(created.id);
                } catch (error) {
                  setActionError(`Could not create the session: ${String(error)}`);
                }
              }}
              onConnect={() => {
                setConnectUsed(true);
                setConnectOpen(true);
              }}
              onRename={async (id, title) => {
                await gateway.rename(id, title);
              }}
              onDelete={async (id) => {
                await gateway.remove(id);
                close(id);
              }}
            />
          </nav>
          {connectUsed ? (
            <Suspense fallback={null}>
              <ConnectDialog
                open={connectOpen}
                sources={gateway.sources}
                http={gateway.http}
                onClose={() => setConnectOpen(false)}
                onConnect={async (request) => {
                  const created = await gateway.create(request);
                  select(created.id);
                }}
              />
            </Suspense>
          ) : null}
          {drawer ? (
            <button
              type="button"
              className="wb-backdrop"
              aria-label="Close the drawer"
              onClick={() => setDrawer(null)}
            />
          ) : null}
          <main className="wb-workspace" aria-label="Workspace" tabIndex={-1}>
            {activeId ? (
              <LiveSession
                key={`${activeId}:${token ?? ""}`}
                url={url}
                sessionId={activeId}
                token={token}
                drafts={drafts}
                onUnauthorized={onUnauthorized}
                onNotFound={() => select(null)}
                panelsOpen={drawer === "panels"}
                messageControls={messageControls}
                warm={tabsState.warm(activeId)}
                metrics={tabsState.metrics}
              />
            ) : (
              <p className="aui-hint wb-empty">
                {gateway.loaded && sessions.length === 0 ? "No sessions yet: create one." : "Pick a session."}
              </p>
            )}
          </main>
        </div>
      )}
    </div>
  );
}
