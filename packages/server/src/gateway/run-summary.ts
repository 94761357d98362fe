// What the session list shows of a session's run (`SessionInfo.run`), read from a projection state: the
// loaded projection's, or a stored hydration window's (which holds every pending action up to its bounds).
import type { ProjectionState, SessionRunSummary } from "@agent-ui/contracts";

export function runSummaryOf({
  runtime,
  actions,
}: Pick<ProjectionState, "runtime" | "actions">): SessionRunSummary {
  let pending = 0;
  for (const id in actions) if (actions[id].status === "pending") pending++;
  return { status: runtime.status, attention: runtime.attention, pendingActions: pending };
}
