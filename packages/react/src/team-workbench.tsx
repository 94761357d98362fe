// TeamWorkbench: roster, work board, handoff lane, worker notifications, review lane and a bounded teammate
// transcript opened on demand (TEAM-01..13). Each teammate keeps its own identity (TEAM-05); worker
// results stay worker results (TEAM-04); verdicts come from review facts, not prose (TEAM-08).
import type {
  AgentRecord,
  ArtifactRecord,
  EvidenceRecord,
  Message,
  TeammatePolicy,
  TeamSlice,
} from "@agent-ui/contracts";
import { WindowedList } from "./windowed-list";
import type { OlderPages } from "./older-pages";
import { selectReviewLane } from "@agent-ui/projection/core";
import { useMemo, useState } from "react";
import type { Dispatch } from "./commands";
import { DelegationGraph } from "./delegation-graph";
import { Badge, clip, honestText, isFallback } from "./honest";
import {
  AssignControl,
  ContinueAgentForm,
  DelegateForm,
  RequestReviewButton,
  TeammateControls,
  WaitControl,
  isTeammateRunning,
} from "./team-controls";
import { activeWaitsByAgent, nameOfAgent } from "./wait-edges";
import { targetTitle } from "./fact-title";
import { reasonText } from "./reason-text";
import { TeammatePolicyBadges } from "./teammate-policy";

export interface TeamWorkbenchProps {
  team: TeamSlice;
  agents: Record<string, AgentRecord>;
  messages: Message[];
  /** Evidence records: a review with a `reviewRef` shows its verdict from the evidence owner (EVID-02/03). */
  evidence?: Record<string, EvidenceRecord>;
  /** Artifacts, so a review's target reads as the artifact's title, not its id. */
  artifacts?: Record<string, ArtifactRecord>;
  dispatch?: Dispatch;
  /** Most recent transcript messages shown per teammate (TEAM-09). */
  transcriptLimit?: number;
  /** The teammate a conversation link opened: marked current, its transcript open. */
  focusAgentId?: string;
  /** The coordinator's policy (e.g. `coordinatorPolicyOf(state.permissions)`): a teammate's own policy is
   * shown where it differs (TEAM-17). */
  coordinatorPolicy?: TeammatePolicy;
  /** Older roster entries and delegation edges still on the gateway, paged in as the user scrolls
   * (HYD-02); e.g. an `AgentSession`'s `older`. */
  older?: OlderPages;
}

export function TeamWorkbench({
  team,
  agents,
  messages,
  evidence,
  artifacts,
  dispatch,
  transcriptLimit = 20,
  focusAgentId,
  coordinatorPolicy,
  older,
}: TeamWorkbenchProps) {
  const [openAgent, setOpenAgent] = useState<string | null>(focusAgentId ?? null);
  // A new link target opens that teammate (state adjusted while rendering, not in an effect).
  const [focusSeen, setFocusSeen] = useState(focusAgentId);
  if (focusAgentId !== focusSeen) {
    setFocusSeen(focusAgentId);
    if (focusAgentId) setOpenAgent(focusAgentId);
  }
  // Teammates picked for `wait`: UI-only selection.
  const [waitOn, setWaitOn] = useState<string[]>([]);
  const toggleWait = (id: string) =>
    setWaitOn((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const nameOf = (id: string | undefined) => (id ? honestText(agents[id]?.name ?? id) : "unknown");
  const rosterIds = team.roster.length > 0 ? team.roster : Object.keys(agents);
  const waitingOn = activeWaitsByAgent(team.edges);
  return (
    <section className="aui-team" aria-label="Team workbench">
      <header className="aui-row-head">
        <strong>{team.name ?? "Team"}</strong>
        <Badge label="topology" value={team.topology} tone="muted" />
        {team.phase ? <Badge label="phase" value={team.phase} tone="muted" /> : null}
        {team.counts.active !== undefined ? (
          <Badge label="active" value={String(team.counts.active)} tone="info" />
        ) : null}
        {team.counts.queued ? <Badge label="queued" value={String(team.counts.queued)} tone="warn" /> : null}
        {team.counts.parallelBudget !== undefined ? (
          <Badge label="budget" value={String(team.counts.parallelBudget)} tone="muted" />
        ) : null}
      </header>

      <section aria-label="Roster">
        <h3>Roster</h3>
        <WindowedList
          className="aui-roster"
          label="Teammates"
          items={rosterIds}
          getKey={(id) => id}
          estimateHeight={44}
          hasOlder={older?.has("roster")}
          onLoadOlder={older ? () => older.load("roster") : undefined}
          renderItem={(id) => {
            const agent = agents[id];
            return (
              <div
                className="aui-roster-row"
                data-status={agent?.status ?? "unknown"}
                aria-current={id === focusAgentId ? "true" : undefined}
              >
                <span className="aui-author">{nameOf(id)}</span>
                {agent?.role ? <span className="aui-hint">{agent.role}</span> : null}
                <Badge value={agent?.status ?? "unknown"} />
                {waitingOn.has(id) ? (
                  <span className="aui-hint aui-waiting-on">
                    waiting on {(waitingOn.get(id) ?? []).map((to) => nameOfAgent(agents, to)).join(", ")}
                  </span>
                ) : null}
                {agent?.model ? <Badge label="model" value={agent.model} tone="muted" /> : null}
                <TeammatePolicyBadges policy={agent?.policy} coordinator={coordinatorPolicy} />
                {agent?.background ? (
                  <Badge
                    label="background"
                    value={agent.background.wakeReason ?? agent.background.schedule ?? "scheduled"}
                    tone="muted"
                  />
                ) : null}
                {agent?.remote ? (
                  <Badge label="remote" value={agent.remote.status ?? "unknown"} tone="muted" />
                ) : null}
                <button
                  type="button"
                  className="aui-button aui-button-quiet"
                  aria-expanded={openAgent === id}
                  onClick={() => setOpenAgent(openAgent === id ? null : id)}
                >
                  {openAgent === id ? "Hide transcript" : "Transcript"}
                </button>
                {dispatch ? (
                  <>
                    <label className="aui-inline-label">
                      <input
                        type="checkbox"
                        checked={waitOn.includes(id)}
                        disabled={!isTeammateRunning(agent)}
                        onChange={() => toggleWait(id)}
                      />
                      wait on
                    </label>
                    <TeammateControls dispatch={dispatch} agentId={id} agent={agent} />
                  </>
                ) : null}
              </div>
            );
          }}
        />
        {openAgent ? (
          <Transcript
            agent={agents[openAgent]}
            agentId={openAgent}
            messages={messages}
            limit={transcriptLimit}
          />
        ) : null}
        {openAgent && dispatch ? (
          <ContinueAgentForm dispatch={dispatch} agentId={openAgent} agent={agents[openAgent]} />
        ) : null}
        {dispatch ? (
          <div className="aui-actions">
            <WaitControl dispatch={dispatch} team={team} agents={agents} selected={waitOn} />
          </div>
        ) : null}
        {dispatch ? <DelegateForm dispatch={dispatch} team={team} agents={agents} /> : null}
      </section>

      <DelegationGraph
        agents={agents}
        edges={team.edges}
        onSelectAgent={setOpenAgent}
        hasOlder={older?.has("edges")}
        onLoadOlder={older ? () => older.load("edges") : undefined}
      />

      <section aria-label="Work board">
        <h3>Work board</h3>
        {team.workBoard.length === 0 ? <p className="aui-hint">No work items.</p> : null}
        <WindowedList
          className="aui-board"
          label="Work items"
          items={team.workBoard}
          getKey={(item) => item.workItemId}
          estimateHeight={44}
          hasOlder={older?.has("workBoard")}
          onLoadOlder={older ? () => older.load("workBoard") : undefined}
          renderItem={(item) => (
            <div className="aui-board-row" data-status={item.status}>
              <span>{item.title ?? item.workItemId}</span>
              <Badge value={item.status} />
              <span className="aui-hint">
                assignee: {item.assignee ? nameOf(item.assignee) : "unassigned"}
              </span>
              {item.blocker ? <span className="aui-capsule-reason">blocked: {item.blocker}</span> : null}
              {dispatch ? (
                <AssignControl dispatch={dispatch} item={item} rosterIds={rosterIds} agents={agents} />
              ) : null}
            </div>
          )}
        />
      </section>

      <section aria-label="Handoff lane">
        <h3>Handoffs</h3>
        {team.handoffs.length === 0 ? <p className="aui-hint">No handoffs.</p> : null}
        <WindowedList
          label="Handoffs"
          items={team.handoffs}
          getKey={(h) => h.handoffId}
          estimateHeight={32}
          hasOlder={older?.has("handoffs")}
          onLoadOlder={older ? () => older.load("handoffs") : undefined}
          renderItem={(h) => (
            <>
              {nameOf(h.from === "unknown" || h.from === "unavailable" ? undefined : h.from)} →{" "}
              {nameOf(h.to === "unknown" || h.to === "unavailable" ? undefined : h.to)}{" "}
              <Badge value={h.status} />
              {h.reason ? <span className="aui-hint"> {reasonText(h.reason)}</span> : null}
            </>
          )}
        />
      </section>

      <section aria-label="Worker notifications">
        <h3>Worker notifications</h3>
        {team.notifications.length === 0 ? <p className="aui-hint">No worker results yet.</p> : null}
        <WindowedList
          label="Worker results"
          items={team.notifications}
          getKey={(n) => n.id}
          estimateHeight={40}
          hasOlder={older?.has("notifications")}
          onLoadOlder={older ? () => older.load("notifications") : undefined}
          renderItem={(n) => (
            <div className="aui-worker-note">
              <span className="aui-author">{nameOf(n.agentId)}</span> <Badge value={n.status} />{" "}
              {clip(n.summary, 160)}
              {n.resultRef ? <code className="aui-hint"> {n.resultRef}</code> : null}
              {dispatch ? (
                <RequestReviewButton
                  dispatch={dispatch}
                  target={n.resultRef}
                  reviews={team.reviews}
                  name={`Request review of ${nameOf(n.agentId)}'s result`}
                />
              ) : null}
            </div>
          )}
        />
      </section>

      <section aria-label="Review lane">
        <h3>Reviews</h3>
        {team.reviews.length === 0 && !hasEvidenceReviews(evidence) ? (
          <p className="aui-hint">No reviews.</p>
        ) : null}
        <WindowedList
          label="Reviews"
          items={team.reviews}
          getKey={(r) => r.reviewId}
          estimateHeight={40}
          hasOlder={older?.has("reviews")}
          onLoadOlder={older ? () => older.load("reviews") : undefined}
          renderItem={(r) => (
            <div data-status={r.status}>
              <span>
                {r.reviewer ? nameOf(r.reviewer) : "reviewer: unknown"} →{" "}
                <span title={r.target}>
                  {r.target ? targetTitle(r.target, artifacts) : "target: unknown"}
                </span>
              </span>{" "}
              <Badge label="verdict" value={r.status} />
              {r.verdict ? <span className="aui-review-verdict"> {r.verdict}</span> : null}
              {r.requestedFixes?.length ? (
                <span className="aui-hint"> fixes: {r.requestedFixes.join("; ")}</span>
              ) : null}
              {r.evidenceRefs.length ? (
                <span className="aui-hint"> evidence: {r.evidenceRefs.join(", ")}</span>
              ) : null}
            </div>
          )}
        />
        {evidence && hasEvidenceReviews(evidence) ? (
          <ul aria-label="Evidence reviews">
            <EvidenceReviews evidence={evidence} />
          </ul>
        ) : null}
      </section>
    </section>
  );
}

function Transcript(props: {
  agent: AgentRecord | undefined;
  agentId: string;
  messages: Message[];
  limit: number;
}) {
  const { agent, agentId, messages, limit } = props;
  // Built only when the transcript is opened; bounded to the most recent messages (TEAM-09).
  const recent = useMemo(() => {
    const wanted = new Set(agent?.transcript ?? []);
    const own = messages.filter((m) => wanted.has(m.id) || (m.agentId === agentId && m.role !== "user"));
    return own.slice(-limit);
  }, [agent, agentId, messages, limit]);
  return (
    <section className="aui-transcript" aria-label={`Transcript of ${honestText(agent?.name ?? agentId)}`}>
      {recent.length === 0 ? <p className="aui-hint">No transcript messages for this teammate.</p> : null}
      {recent.map((m) => (
        <p key={m.id}>
          {m.parts
            .filter(
              (p) =>
                p.text &&
                (p.kind === "assistant_text" ||
                  p.kind === "worker_notification" ||
                  p.kind === "reasoning_summary"),
            )
            .map((p) => clip(p.text, 300))
            .join(" ")}
        </p>
      ))}
    </section>
  );
}

function hasEvidenceReviews(evidence: Record<string, EvidenceRecord> | undefined): boolean {
  return Object.values(evidence ?? {}).some((e) => !isFallback(e.reviewRef));
}

/** Review verdicts held by evidence facts, read through the projection's review lane (the same record the
 * replay lane reads, so the two cannot disagree — EVID-03). */
function EvidenceReviews({ evidence }: { evidence: Record<string, EvidenceRecord> }) {
  const state = { evidence } as Parameters<typeof selectReviewLane>[0];
  const lanes = Object.keys(evidence).flatMap((id) => {
    const lane = selectReviewLane(state, id);
    return lane && !isFallback(lane.ref) ? [lane] : [];
  });
  return (
    <>
      {lanes.map((lane) => (
        <li key={lane.evidenceId} data-status={lane.status}>
          <span title={lane.ref}>Review</span> <Badge label="verdict" value={lane.status} />{" "}
          {Array.isArray(lane.verification) ? (
            lane.verification.map((v) => <Badge key={v.name} label={v.name} value={v.status} />)
          ) : (
            <Badge label="verification" value={honestText(lane.verification)} />
          )}
          <span className="aui-hint" title={lane.evidenceId}>
            {" "}
            evidence linked
          </span>
        </li>
      ))}
    </>
  );
}
