// The open session: the tab's warm session (`warm-tabs`) with the workbench's latency marks, time travel
// over the raw log and the event inspector. An unknown session is a not-found page, never an empty
// writable session; a refused token goes back to the shell.
import { GatewayHttpClient } from "@agent-ui/client";
import {
  Badge,
  type MessageControls,
  type ProjectionStore,
  type SessionMetrics,
  SessionMetricsProvider,
  useAgentConnection,
  useAgentCuts,
  useAgentHistory,
  useProjection,
} from "@agent-ui/react";
import type { ProjectionState } from "@agent-ui/contracts";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { humanReason } from "./gateway-down";
import { measuredSends, paintedLatency } from "./latency";
import { type SessionDrafts, SessionView } from "./session-view";
import { LogCache } from "./log-cache";
import type { WarmSession } from "./warm-tabs";

const NotFoundPage = lazy(() => import("./gateway-pages").then((m) => ({ default: m.NotFoundPage })));
// The inspector validates events against the schema: a heavy panel, loaded only when opened.
const EventInspector = lazy(() => import("./event-inspector").then((m) => ({ default: m.EventInspector })));
// Not part of the first screen's content: the time-travel control's chunk loads as the session opens.
const TimeTravel = lazy(() => import("./time-travel").then((m) => ({ default: m.TimeTravel })));

const selectSeq = (s: ProjectionState) => s.cursor;

export interface LiveSessionProps {
  url: string;
  sessionId: string;
  token?: string;
  drafts: SessionDrafts;
  onUnauthorized: () => void;
  onNotFound: () => void;
  panelsOpen: boolean;
  /** What the session's source supports per message (from `GET /api/sources`). */
  messageControls?: MessageControls;
  /** The tab's warm session (kept connected by the host while the tab is warm, HYD-06). */
  warm: WarmSession;
  /** The host's restore and resource metrics (PERF-03/04), shown beside the send latency. */
  metrics?: SessionMetrics;
}

export function LiveSession(props: LiveSessionProps) {
  const { url, sessionId, token } = props;
  const { session, latency } = props.warm;
  const { connection, problem } = useAgentConnection(session);
  const history = useAgentHistory(session);
  const cuts = useAgentCuts(session);
  const dispatch = useMemo(() => measuredSends(session.dispatch, latency.recorder), [session, latency]);
  const latencySource = useMemo(
    () => paintedLatency(latency.recorder, session.store, props.metrics),
    [latency, session, props.metrics],
  );
  const http = useMemo(() => new GatewayHttpClient({ baseUrl: url, token }), [url, token]);
  const log = useMemo(() => new LogCache(http, sessionId), [http, sessionId]);
  const [past, setPast] = useState<{ seq: number; store: ProjectionStore<ProjectionState> } | null>(null);
  const onTravel = useCallback((p: typeof past) => setPast(p), []);
  useProjection(session.store, selectSeq);
  const head = session.client?.seq ?? 0;
  const { onUnauthorized } = props;
  useEffect(() => {
    if (problem === "unauthorized") onUnauthorized();
  }, [problem, onUnauthorized]);

  if (problem === "not_found")
    return (
      <Suspense fallback={null}>
        <NotFoundPage sessionId={sessionId} onBack={props.onNotFound} />
      </Suspense>
    );
  const onLoadEarlier = () => void history.loadEarlier();
  return (
    <div className="wb-live">
      <div className="wb-toolbar">
        <Badge
          label="connection"
          value={connection.state}
          title={connection.reason ? humanReason(connection.reason) : undefined}
        />
        <Suspense fallback={null}>
          <TimeTravel head={head} log={log} onTravel={onTravel} />
        </Suspense>
      </div>
      {/* The panels record what they observe (timeline deferral, loaded previews) for the live view only. */}
      <SessionMetricsProvider value={past ? undefined : props.metrics}>
        <SessionView
          store={past?.store ?? session.store}
          dispatch={dispatch}
          loadDetail={session.loadDetail}
          latency={past ? undefined : latencySource}
          lastEventAt={past ? undefined : session.lastEventAt}
          readOnlyReason={past ? `Viewing the past (#${past.seq}); go back to live to act.` : undefined}
          history={past ? PAST_HISTORY : history}
          onLoadEarlier={onLoadEarlier}
          messageControls={props.messageControls}
          older={past ? undefined : session.older}
          {...(past ? {} : cuts)}
          inspector={
            <Suspense fallback={<p className="aui-hint">Loading the inspector…</p>}>
              <EventInspector log={log} head={head} />
            </Suspense>
          }
          drafts={props.drafts.text}
          contextDrafts={props.drafts.context}
          draftKey={sessionId}
          panelsOpen={props.panelsOpen}
        />
      </SessionMetricsProvider>
    </div>
  );
}

/** The past is replayed from the whole log: it starts at the first message. */
const PAST_HISTORY = { count: 0, loading: false, reachedStart: true };
