/** Cases that fail today because a package does not do it yet. The assertion stays as the standard says;
 * `agent-ui conformance` still reports these as FAIL. Remove an entry as soon as its case passes (the suite
 * test warns when a listed case starts passing). */
export interface KnownGap {
  id: string;
  /** Which package lacks what. */
  reason: string;
}

export const KNOWN_GAPS: KnownGap[] = [
  {
    id: "AUI-AR-ID-002",
    reason:
      "adapters/lime emits task.retrying with payload.attempt {status} but no runId/attemptId, and projection " +
      "records it as a third, id-less attempt",
  },
  {
    id: "AUI-AR-HYDRATE-004",
    reason:
      "projection read-model hydration ignores ThreadReadModel.subagents, so lineage is lost on hydration",
  },
  {
    id: "FIX-benchmark-trial-pack",
    reason:
      "projection drops an evidence pack without evidenceId/packRef (missing_correlation) instead of keeping an " +
      "evidence record keyed by the trial with its runtimeCorrelation spine (fixtures.md §3.7)",
  },
  {
    id: "HYD-03",
    reason:
      "projection takes its session only from options.sessionId or session.*/hydration facts, not from the " +
      "stream's events, so a late snapshot for another session is applied over the active view",
  },
  {
    id: "GF-5",
    reason:
      "projection (and the agent-ui adapter's validation) accept an action.resolved whose owner is " +
      "ui_projection, i.e. a client's local write, as the runtime's confirmation (HITL-03, ARCH-01)",
  },
];
