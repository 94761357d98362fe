// A session's state in the list and on its tab, read from the run's projection (`SessionInfo.run`), not
// from the source's health: a source can be `live` while its run waits on the user, or `completed` after a
// run that failed. Without a projected run, the source's own word is shown as such.
import type { SessionInfo } from "@agent-ui/client";
import { isRuntimeActive, type RuntimeStatus } from "@agent-ui/contracts";

export interface RunState {
  /** Words for a badge: "needs decision", "running", "blocked", "failed", "completed", … */
  label: string;
  tone: "alert" | "warn" | "ok" | "info" | "muted";
  needsDecision: boolean;
}

export function runState(session: SessionInfo | undefined): RunState {
  const run = session?.run;
  if (!run) {
    const status = session?.status ?? "unknown";
    if (status === "failed") return { label: "failed", tone: "alert", needsDecision: false };
    return { label: `source ${status}`, tone: "muted", needsDecision: false };
  }
  if (run.pendingActions > 0 || run.status === "action_required")
    return { label: "needs decision", tone: "warn", needsDecision: true };
  switch (run.status) {
    case "blocked":
      return { label: "blocked", tone: "alert", needsDecision: false };
    case "failed":
      return { label: "failed", tone: "alert", needsDecision: false };
    case "completed":
      return { label: "completed", tone: "ok", needsDecision: false };
    case "cancelled":
    case "interrupted":
      return { label: run.status, tone: "muted", needsDecision: false };
    case "idle":
      return { label: "idle", tone: "muted", needsDecision: false };
    case "unknown":
      return { label: "unknown", tone: "muted", needsDecision: false };
    default:
      if (isRuntimeActive(run.status as RuntimeStatus))
        return { label: "running", tone: "info", needsDecision: false };
      return { label: run.status.replaceAll("_", " "), tone: "muted", needsDecision: false };
  }
}

/** A readable label for a session the gateway stored without a title. */
export function sessionLabel(s: SessionInfo | undefined, id: string): string {
  if (s?.title) return s.title;
  return `${s?.scenario ?? s?.sourceKind ?? "session"} · ${id.slice(0, 8)}`;
}
