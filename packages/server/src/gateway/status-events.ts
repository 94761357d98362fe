// Upstream health as facts: every client sees the same `stale` / `failed` state instead of prose in a log
// (FALL-01, CTRL-07: `stream_interrupted` → stale, `runtime_failed` → failed).
import type { AgentUiEvent, SessionUpdatedPayload } from "@agent-ui/contracts";
import type { SourceStatus } from "@agent-ui/contracts";
import type { SessionIngest } from "./ingest";

/** The reason a session's status becomes `stopped` when the gateway shuts down cleanly: such a session was
 * not stopped by anyone, so the next start tries to re-attach it (./restart). */
export const GATEWAY_SHUTDOWN_REASON = "the gateway shut down";

export function sourceStatusEvents(
  ingest: SessionIngest,
  status: SourceStatus,
  reason?: string,
): AgentUiEvent[] {
  const payload: SessionUpdatedPayload = { sourceStatus: status, stale: status === "stale" };
  if (reason !== undefined) payload.reason = reason;
  const events = ingest.events([
    {
      type: "session.updated",
      owner: "session",
      scope: "session",
      surface: "session_tabs",
      payload: { ...payload },
    },
  ]);
  if (status === "failed" || status === "stale") {
    events.push(
      ingest.diagnostic({
        code: status === "failed" ? "runtime_error" : "transport_unavailable",
        severity: status === "failed" ? "error" : "warning",
        message: `runtime source ${status}${reason ? `: ${reason}` : ""}`,
      }),
    );
  }
  return events;
}
