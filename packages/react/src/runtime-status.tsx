// RuntimeStatus: a compact, stable status row outside the conversation (STAT-02/05). It is visible before
// the first answer text (STAT-01) and only attention states draw aggressive styling (STAT-03/04).
import {
  type Cursor,
  isRuntimeActive,
  type ModelChip,
  type RuntimeSlice,
  type SessionSlice,
} from "@agent-ui/contracts";
import { ElapsedTime, formatDuration } from "./elapsed-time";
import { Badge, honestText } from "./honest";
import { reasonText } from "./reason-text";
import { useNow } from "./relative-time";
import { UsageSummary } from "./usage";

const STATUS_LABELS: Record<string, string> = {
  idle: "Idle",
  submitted: "Submitted",
  accepted: "Accepted",
  queued: "Queued",
  routing: "Routing",
  preparing: "Preparing",
  waiting_provider: "Waiting for provider",
  streaming: "Responding",
  tool_running: "Running tool",
  waiting: "Waiting",
  action_required: "Needs your decision",
  blocked: "Blocked",
  retrying: "Retrying",
  failed: "Failed",
  completed: "Completed",
  cancelled: "Cancelled",
  interrupted: "Interrupted",
  unknown: "Status unknown",
};

/** What the runtime stated behind an `unknown` row state (FALL-03): named as such, never as "unknown". */
const STATED_LABELS: Record<string, string> = {
  unavailable: "Status unavailable",
  not_applicable: "Status not applicable",
};

export interface RuntimeStatusProps {
  runtime: RuntimeSlice;
  cursor?: Pick<Cursor, "stale" | "gaps">;
  /** The session's hydration: `repairing` and `degraded` (with the sections it could not restore) are shown
   * as such, never as a healthy live session (HYD-10, HYD-12). */
  hydration?: SessionSlice["hydration"];
  /** Shown only when the runtime supports interrupting the active turn (STAT-06). */
  onInterrupt?: () => void;
  /** The projection's `metrics`: token and cost usage is shown from them (`UsageSummary`). */
  metrics?: Record<string, number>;
  /** When the viewer last received the session's facts, epoch ms (`AgentSession.lastEventAt`). With it, an
   * active run silent for `staleAfterMs` shows `stale_without_activity` loudly (STAT-04). */
  lastEventAt?: () => number | undefined;
  /** Silence that makes an active run stale (default `STALE_WITHOUT_ACTIVITY_MS`). */
  staleAfterMs?: number;
}

/** An active run with no new facts for this long (ms) is shown as `stale_without_activity` (STAT-04). */
export const STALE_WITHOUT_ACTIVITY_MS = 30_000;

/** Once a run settled — or waits on the user — a stage label left from before (e.g. "waiting for model")
 * would be stale: "Needs your decision · waiting for model" contradicts itself. */
const SETTLED = new Set(["idle", "completed", "failed", "cancelled", "interrupted", "action_required"]);

export function RuntimeStatus(props: RuntimeStatusProps) {
  const { runtime, cursor, hydration, onInterrupt, metrics, lastEventAt } = props;
  const stale = cursor?.stale === true;
  const statusLabel =
    (runtime.statedStatus && STATED_LABELS[runtime.statedStatus]) ??
    STATUS_LABELS[runtime.status] ??
    runtime.status;
  return (
    <section
      className={`aui-runtime-status aui-attention-${runtime.attention}`}
      aria-label="Runtime status"
      data-status={runtime.status}
      data-stated={runtime.statedStatus}
      data-attention={runtime.attention}
    >
      <div role="status" aria-live="polite" className="aui-runtime-line">
        <span className="aui-runtime-dot" aria-hidden="true" />
        <strong>{statusLabel}</strong>
        <ElapsedTime runtime={runtime} />
        {runtime.label && runtime.label !== statusLabel && !SETTLED.has(runtime.status) ? (
          <span className="aui-runtime-label">{runtime.label}</span>
        ) : null}
        {runtime.retry ? <Badge label="retry" value={String(runtime.retry.count)} tone="warn" /> : null}
        {stale ? <Badge value="stale" title="Sequence gap detected; repairing from the runtime" /> : null}
        {lastEventAt && isRuntimeActive(runtime.status) ? (
          <SilentFor lastEventAt={lastEventAt} after={props.staleAfterMs ?? STALE_WITHOUT_ACTIVITY_MS} />
        ) : null}
        {hydration?.status === "repairing" ? (
          <Badge value="repairing" tone="warn" title="Rebuilding stale sections from the event tail" />
        ) : null}
        {hydration?.status === "degraded" ? (
          <Badge
            label="degraded"
            value={hydration.degradedSections?.join(", ") || "unknown sections"}
            tone="warn"
            title="Recovery was partial: these sections may be missing facts"
          />
        ) : null}
      </div>
      <div className="aui-runtime-chips">
        <Badge
          label="model"
          value={honestText(runtime.model.selected)}
          tone="muted"
          title={runtime.model.decisionReason}
        />
        <RoutingFacts model={runtime.model} />
        <Badge label="limits" value={honestText(runtime.limits.status)} title={runtime.limits.reason} />
        {runtime.queuedTurnCount ? (
          <Badge label="queued" value={String(runtime.queuedTurnCount)} tone="warn" />
        ) : null}
        {metrics ? <UsageSummary metrics={metrics} /> : null}
        {onInterrupt && isRuntimeActive(runtime.status) ? (
          <button type="button" className="aui-button aui-button-quiet" onClick={onInterrupt}>
            Interrupt
          </button>
        ) : null}
      </div>
      {runtime.reason || runtime.failure?.message ? (
        <p className="aui-runtime-reason" title={runtime.reason}>
          {runtime.failure?.message ?? reasonText(runtime.reason)}
        </p>
      ) : null}
    </section>
  );
}

/** How long an active run has been silent, once that passes `after` (the age is `last_event_age_ms`), in
 * steps of `after` so the status line is not re-announced every second. The runtime still says it is
 * running: this is the viewer's observation, named as such, never a new runtime status. */
function SilentFor({ lastEventAt, after }: { lastEventAt: () => number | undefined; after: number }) {
  const now = useNow(1000);
  const at = lastEventAt();
  if (at === undefined || now - at < after) return null;
  const age = now - at;
  return (
    <span className="aui-runtime-silent" data-attention="stale_without_activity" data-age-ms={age}>
      <Badge
        label="no new events for over"
        value={formatDuration(Math.floor(age / after) * after)}
        tone="alert"
        title="The run is still marked active, but no fact has arrived for this long"
      />
    </span>
  );
}

/** The routing decision as the runtime stated it (ROUTE-01/04, RT-AS-14): candidates, why, and what the
 * selected model lacks. A single candidate is a plain fact, not a warning; only a capability gap warns. */
function RoutingFacts({ model }: { model: ModelChip }) {
  const candidates =
    model.candidateCount !== undefined
      ? `${model.candidateCount} candidate${model.candidateCount === 1 ? "" : "s"}`
      : undefined;
  const why = [model.decisionSource, model.decisionReason].filter(Boolean).join(": ");
  // A runtime states "none" when the selected model lacks nothing: no gap, no warning.
  const gap = model.capabilityGap && model.capabilityGap !== "none" ? model.capabilityGap : undefined;
  return (
    <>
      {candidates ? <Badge label="routing" value={candidates} tone="muted" /> : null}
      {why ? (
        <span className="aui-hint aui-routing-reason" title={why}>
          why: {why}
        </span>
      ) : null}
      {gap ? <Badge label="capability gap" value={gap} tone="warn" /> : null}
    </>
  );
}
