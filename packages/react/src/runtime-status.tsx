// RuntimeStatus: a compact, stable status row outside the conversation (STAT-02/05). It is visible before
// the first answer text (STAT-01) and only attention states draw aggressive styling (STAT-03/04).
import { type Cursor, isRuntimeActive, type RuntimeSlice } from "@agent-ui/contracts";
import { Badge, honestText } from "./honest";

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

export interface RuntimeStatusProps {
  runtime: RuntimeSlice;
  cursor?: Pick<Cursor, "stale" | "gaps">;
  /** Shown only when the runtime supports interrupting the active turn (STAT-06). */
  onInterrupt?: () => void;
}

/** Once a run settled, a stage label left from before (e.g. "waiting for model") would be stale. */
const SETTLED = new Set(["idle", "completed", "failed", "cancelled", "interrupted"]);

export function RuntimeStatus({ runtime, cursor, onInterrupt }: RuntimeStatusProps) {
  const stale = cursor?.stale === true;
  const statusLabel = STATUS_LABELS[runtime.status] ?? runtime.status;
  return (
    <section
      className={`aui-runtime-status aui-attention-${runtime.attention}`}
      aria-label="Runtime status"
      data-status={runtime.status}
      data-attention={runtime.attention}
    >
      <div role="status" aria-live="polite" className="aui-runtime-line">
        <span className="aui-runtime-dot" aria-hidden="true" />
        <strong>{statusLabel}</strong>
        {runtime.label && runtime.label !== statusLabel && !SETTLED.has(runtime.status) ? (
          <span className="aui-runtime-label">{runtime.label}</span>
        ) : null}
        {runtime.retry ? <Badge label="retry" value={String(runtime.retry.count)} tone="warn" /> : null}
        {stale ? <Badge value="stale" title="Sequence gap detected; repairing from the runtime" /> : null}
      </div>
      <div className="aui-runtime-chips">
        <Badge
          label="model"
          value={honestText(runtime.model.selected)}
          tone="muted"
          title={runtime.model.decisionReason}
        />
        <Badge label="limits" value={honestText(runtime.limits.status)} title={runtime.limits.reason} />
        {runtime.queuedTurnCount ? (
          <Badge label="queued" value={String(runtime.queuedTurnCount)} tone="warn" />
        ) : null}
        {onInterrupt && isRuntimeActive(runtime.status) ? (
          <button type="button" className="aui-button aui-button-quiet" onClick={onInterrupt}>
            Interrupt
          </button>
        ) : null}
      </div>
      {runtime.reason || runtime.failure?.message ? (
        <p className="aui-runtime-reason">{runtime.failure?.message ?? runtime.reason}</p>
      ) : null}
    </section>
  );
}
