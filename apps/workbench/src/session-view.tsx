// One session's workbench: status row, conversation with inline process and composer, and side panels
// (tasks, team, artifacts, evidence, timeline, inspector). Every panel reads its own slice; panel choice,
// selection and drafts are UI state only.
import type { EarlierState } from "@agent-ui/client";
import type { ProjectionState } from "@agent-ui/contracts";
import {
  type ArtifactDraft,
  Composer,
  type ComposerContextDraft,
  type ComposerProps,
  type ConversationProps,
  ContextChips,
  Conversation,
  ConversationScroller,
  type DetailLoader,
  DiagnosticsDrawer,
  type Dispatch,
  type FactLinks,
  type LinkedRef,
  type MessageControls,
  type OlderPages,
  PermissionStatus,
  type ProjectionStore,
  RovingTablist,
  RuntimeStatus,
  WriteGuard,
  mentionTargetsOf,
  messageOfFact,
  shallowEqual,
  tabId,
  tabPanelId,
  useProjection,
} from "@agent-ui/react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import type { LatencySource } from "./latency-facts";
import {
  sameCursorHealth,
  selectContext,
  selectCapsules,
  selectConversation,
  selectCursorHealth,
  selectDiagnostics,
  selectHydration,
  selectMentionSources,
  selectMetrics,
  selectPermissions,
  selectRunActive,
  selectRuntime,
  selectSolo,
} from "./selectors";

// The side panels' code is not needed for the conversation's first paint: it loads when the session view
// mounts (beside the session's data) or in idle time after the first paint, and the panel shows a hint meanwhile.
const loadSidePanes = () => import("./side-panes");
/** Fetches the side panes' chunk once the browser is idle after the first paint, so opening one is instant. */
function preloadSidePanes(): () => void {
  if (typeof requestIdleCallback !== "function") {
    const timer = setTimeout(loadSidePanes, 2000);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(() => void loadSidePanes(), { timeout: 5000 });
  return () => cancelIdleCallback(handle);
}
// The latency facts show only after a send or a restore: their chunk loads with the session, not before.
const LatencyFacts = lazy(() => import("./latency-facts").then((m) => ({ default: m.LatencyFacts })));
const CapsulesPane = lazy(() => loadSidePanes().then((m) => ({ default: m.CapsulesPane })));
const TeamPane = lazy(() => loadSidePanes().then((m) => ({ default: m.TeamPane })));
const ArtifactsPane = lazy(() => loadSidePanes().then((m) => ({ default: m.ArtifactsPane })));
const EvidencePane = lazy(() => loadSidePanes().then((m) => ({ default: m.EvidencePane })));
const TimelinePane = lazy(() => loadSidePanes().then((m) => ({ default: m.TimelinePane })));

export type Panel = "tasks" | "team" | "artifacts" | "evidence" | "timeline" | "inspector";
const PANELS: Panel[] = ["tasks", "team", "artifacts", "evidence", "timeline", "inspector"];
const PANEL_TABS = PANELS.map((p) => ({ id: p, label: p }));
const NO_HISTORY: EarlierState = { count: 0, loading: false, reachedStart: true };

/** Composer drafts kept by the host per session: the text and its context chips (COMP-03). */
export interface SessionDrafts {
  text: Map<string, string>;
  context: Map<string, ComposerContextDraft>;
}

export interface SessionViewProps {
  store: ProjectionStore<ProjectionState>;
  dispatch: Dispatch;
  /** Null while time-travelling: the past is read-only. */
  readOnlyReason?: string;
  loadDetail?: DetailLoader;
  /** Latency marks of the last send, shown beside the diagnostics (PERF-01). */
  latency?: LatencySource;
  inspector: React.ReactNode;
  initialPanel?: Panel;
  /** Composer drafts by key, kept by the host so switching sessions never discards one (COMP-03). */
  drafts?: Map<string, string>;
  /** The drafts' context chips (mention picks, attachments, removed chips), by the same key. */
  contextDrafts?: Map<string, ComposerContextDraft>;
  draftKey?: string;
  /** How far back the conversation is loaded, and the call for the next older page (HYD-05). */
  history?: EarlierState;
  onLoadEarlier?: () => void;
  /** On narrow screens the panels are a drawer: open or not (UI state of the shell). */
  panelsOpen?: boolean;
  /** Per-message writes the session's source supports (regenerate, edit and resend); absent: hidden. */
  messageControls?: MessageControls;
  /** Older roster entries, edges, artifacts and evidence the hydration window left on the gateway: the
   * panels page them in as the user scrolls (HYD-02). Absent in the past (time travel replays it all). */
  older?: OlderPages;
  /** Messages the gateway sent cut to its byte budget, and the call that loads one whole (HYD-13). */
  cuts?: ConversationProps["cuts"];
  onLoadWholeMessage?: (messageId: string) => void;
  /** When the viewer last received the session's facts: an active run silent too long is shown stale
   * (STAT-04). Absent in the past. */
  lastEventAt?: () => number | undefined;
}

export function SessionView({
  store,
  dispatch,
  readOnlyReason,
  loadDetail,
  latency,
  lastEventAt,
  inspector,
  initialPanel,
  drafts,
  contextDrafts,
  draftKey = "default",
  history = NO_HISTORY,
  onLoadEarlier,
  panelsOpen = false,
  messageControls,
  older,
  cuts,
  onLoadWholeMessage,
}: SessionViewProps) {
  const solo = useProjection(store, selectSolo);
  // A solo session opens on its tasks, not on team controls; the team panel stays one tab away, its
  // controls disabled with their reasons rather than hidden (FALL-06), since a delegate can start a team.
  useEffect(preloadSidePanes, []);
  const [chosen, setPanel] = useState<Panel | undefined>(initialPanel);
  const panel: Panel = chosen ?? (solo ? "tasks" : "team");
  const [artifactId, setArtifactId] = useState<string | null>(null);
  // Unsaved artifact edits outlive the artifacts panel (switching panels unmounts it).
  const [artifactDrafts] = useState(() => new Map<string, ArtifactDraft>());
  const guarded: Dispatch = readOnlyReason
    ? async () => ({ status: "unavailable", idempotencyKey: "", reason: readOnlyReason })
    : dispatch;
  // Conversation and timeline links open the surface that owns the fact, at that fact (UI state only).
  const [focus, setFocus] = useState<Focus>({});
  const links: ConversationLinks = useMemo(
    () => ({
      onOpenArtifact: (id: string) => {
        setArtifactId(id);
        setPanel("artifacts");
      },
      onOpenEvidence: (evidenceId: string) => {
        setFocus({ evidenceId });
        setPanel("evidence");
      },
      onOpenAgent: (agentId: string) => {
        setFocus({ agentId });
        setPanel("team");
      },
    }),
    [],
  );
  // A timeline row's tool, action or message opens in the conversation (the message showing it); its
  // artifact, evidence, agent and task open their panels (AS-TL-02, AS-TU-05).
  const timelineLinks: FactLinks = useMemo(() => {
    const inConversation = (key: LinkedRef) => (id: string) => {
      const messageId = messageOfFact(store.getState().messages, key, id);
      if (messageId !== undefined) setFocus({ messageId });
    };
    return {
      artifactId: links.onOpenArtifact,
      evidenceId: links.onOpenEvidence,
      agentId: links.onOpenAgent,
      taskId: (taskId: string) => {
        setFocus({ taskId });
        setPanel("tasks");
      },
      toolCallId: inConversation("toolCallId"),
      actionId: inConversation("actionId"),
      messageId: inConversation("messageId"),
    };
  }, [store, links]);
  // Every pane reads its own slice of the same store and writes through the same (guarded) dispatch.
  const pane: Pane = { store, dispatch: guarded };
  return (
    <div className="wb-session">
      <div className="wb-main">
        <StatusRow {...pane} lastEventAt={lastEventAt} />
        <ConversationPane
          {...pane}
          links={links}
          loadDetail={loadDetail}
          history={history}
          onLoadEarlier={onLoadEarlier}
          controls={readOnlyReason ? undefined : messageControls}
          cuts={cuts}
          onLoadWholeMessage={onLoadWholeMessage}
          focusMessageId={focus.messageId}
        />
        <ComposerPane
          {...pane}
          readOnlyReason={readOnlyReason}
          initialDraft={drafts?.get(draftKey)}
          onDraftChange={
            drafts ? (text) => (text ? drafts.set(draftKey, text) : drafts.delete(draftKey)) : undefined
          }
          initialContext={contextDrafts?.get(draftKey)}
          onContextChange={contextDrafts ? (context) => contextDrafts.set(draftKey, context) : undefined}
        />
      </div>
      <aside className="wb-side" aria-label="Session panels" data-open={panelsOpen || undefined}>
        <RovingTablist
          tabs={PANEL_TABS}
          activeId={panel}
          onSelect={(id) => setPanel(id as Panel)}
          label="Panels"
          idPrefix="wb"
        />
        <WriteGuard reason={readOnlyReason}>
          <div
            role="tabpanel"
            id={tabPanelId("wb", panel)}
            aria-labelledby={tabId("wb", panel)}
            className="wb-panel"
            aria-label={panel}
          >
            <Suspense fallback={<p className="aui-hint">Loading the {panel} panel…</p>}>
              {panel === "tasks" ? <CapsulesPane {...pane} older={older} focusId={focus.taskId} /> : null}
              {panel === "team" ? <TeamPane {...pane} focusAgentId={focus.agentId} older={older} /> : null}
              {panel === "artifacts" ? (
                <ArtifactsPane
                  {...pane}
                  loadDetail={loadDetail}
                  selectedId={artifactId}
                  onSelect={setArtifactId}
                  drafts={artifactDrafts}
                  older={older}
                />
              ) : null}
              {panel === "evidence" ? (
                <EvidencePane {...pane} loadDetail={loadDetail} focusId={focus.evidenceId} older={older} />
              ) : null}
              {panel === "timeline" ? (
                <TimelinePane store={store} older={older} links={timelineLinks} />
              ) : null}
              {panel === "inspector" ? inspector : null}
            </Suspense>
          </div>
        </WriteGuard>
        {latency ? (
          <Suspense fallback={null}>
            <LatencyFacts source={latency} />
          </Suspense>
        ) : null}
        <DiagnosticsPane store={store} />
      </aside>
    </div>
  );
}

export type Pane = { store: ProjectionStore<ProjectionState>; dispatch: Dispatch };
type Focus = { evidenceId?: string; agentId?: string; taskId?: string; messageId?: string };

function StatusRow({ store, lastEventAt }: Pane & { lastEventAt?: () => number | undefined }) {
  const runtime = useProjection(store, selectRuntime);
  const cursor = useProjection(store, selectCursorHealth, sameCursorHealth);
  const hydration = useProjection(store, selectHydration);
  const context = useProjection(store, selectContext);
  const permissions = useProjection(store, selectPermissions);
  const metrics = useProjection(store, selectMetrics);
  return (
    <header className="wb-status">
      {/* Interrupt lives in the composer only: one control for one intent. */}
      <RuntimeStatus
        runtime={runtime}
        metrics={metrics}
        cursor={cursor}
        hydration={hydration}
        lastEventAt={lastEventAt}
      />
      <div className="wb-chips">
        <PermissionStatus permissions={permissions} />
        <ContextChips context={context} />
      </div>
    </header>
  );
}

type ConversationLinks = Pick<ConversationProps, "onOpenArtifact" | "onOpenEvidence" | "onOpenAgent">;

function ConversationPane({
  store,
  dispatch,
  links,
  loadDetail,
  history,
  onLoadEarlier,
  controls,
  cuts,
  onLoadWholeMessage,
  focusMessageId,
}: Pane & {
  focusMessageId?: string;
  links: ConversationLinks;
  loadDetail?: DetailLoader;
  history: EarlierState;
  onLoadEarlier?: () => void;
  controls?: MessageControls;
  cuts?: ConversationProps["cuts"];
  onLoadWholeMessage?: (messageId: string) => void;
}) {
  const slice = useProjection(store, selectConversation, shallowEqual);
  return (
    <div className="wb-conversation">
      <ConversationScroller history={history} onLoadEarlier={onLoadEarlier ?? noop}>
        <Conversation
          {...slice}
          {...links}
          dispatch={dispatch}
          loadDetail={loadDetail}
          controls={controls}
          cuts={cuts}
          onLoadWholeMessage={onLoadWholeMessage}
          focusMessageId={focusMessageId}
        />
      </ConversationScroller>
    </div>
  );
}

const noop = () => {};

function ComposerPane({
  store,
  dispatch,
  readOnlyReason,
  ...draft
}: Pane & { readOnlyReason?: string } & Pick<
    ComposerProps,
    "initialDraft" | "onDraftChange" | "initialContext" | "onContextChange"
  >) {
  const runActive = useProjection(store, selectRunActive);
  const runtime = useProjection(store, selectRuntime);
  const permissions = useProjection(store, selectPermissions);
  const sources = useProjection(store, selectMentionSources, shallowEqual);
  const { queue } = useProjection(store, selectCapsules, shallowEqual);
  // `@mentions` and the Attach menu offer only what the projection knows (COMP-02); the rest stays prose.
  const mentionables = useMemo(() => mentionTargetsOf(sources), [sources]);
  return (
    <Composer
      {...draft}
      mentionables={mentionables}
      dispatch={dispatch}
      runActive={runActive}
      activeTurnId={runtime.turnId}
      queued={queue.items}
      steers={queue.steers}
      permissions={permissions}
      disabledReason={readOnlyReason}
      // No Interrupt in the read-only past (time travel).
      onInterrupt={
        runActive && !readOnlyReason
          ? () => dispatch({ kind: "interrupt", turnId: runtime.turnId })
          : undefined
      }
    />
  );
}

function DiagnosticsPane({ store }: { store: ProjectionStore<ProjectionState> }) {
  const diagnostics = useProjection(store, selectDiagnostics);
  return <DiagnosticsDrawer diagnostics={diagnostics} />;
}
