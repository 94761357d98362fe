// Stable, module-level selectors: each surface subscribes to only the slices it renders, so a text delta
// re-renders the conversation and not the team board (PERF, ARCH-05).
import { isRuntimeActive, type ProjectionState } from "@agent-ui/contracts";

export const selectRuntime = (s: ProjectionState) => s.runtime;
export const selectCursor = (s: ProjectionState) => s.cursor;
/** What the status row shows of the cursor: staleness and gaps. The cursor itself moves with every event;
 * this selection only changes when the stream's health does, so a text delta does not repaint the row. */
export const selectCursorHealth = (s: ProjectionState) => ({ stale: s.cursor.stale, gaps: s.cursor.gaps });
export const selectHydration = (s: ProjectionState) => s.session.hydration;
export function sameCursorHealth(
  a: ReturnType<typeof selectCursorHealth>,
  b: ReturnType<typeof selectCursorHealth>,
): boolean {
  return (
    a.stale === b.stale &&
    a.gaps.length === b.gaps.length &&
    a.gaps.every(
      (g, i) => g.streamId === b.gaps[i].streamId && g.from === b.gaps[i].from && g.to === b.gaps[i].to,
    )
  );
}
export const selectConversation = (s: ProjectionState) => ({
  messages: s.messages,
  tools: s.tools,
  actions: s.actions,
  agents: s.agents,
  artifacts: s.artifacts,
  evidence: s.evidence,
});
export const selectCapsules = (s: ProjectionState) => ({ tasks: s.tasks, queue: s.queue });
export const selectTeam = (s: ProjectionState) => ({
  team: s.team,
  agents: s.agents,
  messages: s.messages,
  evidence: s.evidence,
  artifacts: s.artifacts,
});
export const selectArtifacts = (s: ProjectionState) => ({ artifacts: s.artifacts, reviews: s.team.reviews });
export const selectEvidence = (s: ProjectionState) => ({ evidence: s.evidence, reviews: s.team.reviews });
export const selectTimeline = (s: ProjectionState) => ({
  timeline: s.timeline,
  tools: s.tools,
  actions: s.actions,
});
export const selectContext = (s: ProjectionState) => s.context;
/** What the composer can mention or attach: changes with the roster and the fact tables, not per delta. */
export const selectMentionSources = (s: ProjectionState) => ({
  agents: s.agents,
  artifacts: s.artifacts,
  evidence: s.evidence,
  context: s.context,
});
export const selectPermissions = (s: ProjectionState) => s.permissions;
export const selectDiagnostics = (s: ProjectionState) => s.diagnostics;
export const selectMetrics = (s: ProjectionState) => s.metrics;
export const selectSession = (s: ProjectionState) => s.session;

export const selectRunActive = (s: ProjectionState) => isRuntimeActive(s.runtime.status);

/** No team: no roster beyond one agent, no delegation, no work board (a solo session). */
export const selectSolo = (s: ProjectionState) =>
  s.team.roster.length <= 1 &&
  s.team.edges.length === 0 &&
  s.team.workBoard.length === 0 &&
  Object.keys(s.agents).length <= 1;
