// Builds the public immutable `ProjectionState` from the store. Each slice view is memoized by the store
// (entity-table.ts), so an unchanged slice or entity keeps its identity (===) between calls.
import type { ProjectionState, SessionSlice } from "@agent-ui/contracts";
import { PROJECTION_SCHEMA_VERSION } from "@agent-ui/contracts";
import type { Store } from "./store";

export class StateView {
  private last: ProjectionState | null = null;
  private sessionBase: SessionSlice | null = null;
  private sessionView: SessionSlice | null = null;

  /** The session slice shows `stale` while a sequence gap is open (ORD-05). */
  private session(store: Store, gapOpen: boolean): SessionSlice {
    const base = store.session.read();
    if (!gapOpen) return base;
    if (this.sessionBase === base && this.sessionView !== null) return this.sessionView;
    this.sessionBase = base;
    this.sessionView = { ...base, hydration: { ...base.hydration, status: "stale" } };
    return this.sessionView;
  }

  build(store: Store): ProjectionState {
    const cursor = store.gate.cursor();
    const next: ProjectionState = {
      schemaVersion: PROJECTION_SCHEMA_VERSION,
      session: this.session(store, cursor.gaps.length > 0),
      runtime: store.runtime.read(),
      messages: store.messages.list(),
      tools: store.tools.record(),
      actions: store.actions.record(),
      tasks: store.tasks.record(),
      agents: store.agents.record(),
      team: store.team.read(),
      artifacts: store.artifacts.record(),
      evidence: store.evidence.record(),
      queue: store.queue.read(),
      context: store.context.read(),
      permissions: store.permissions.read(),
      timeline: store.timeline.list(),
      diagnostics: store.diagnosticsList(),
      metrics: store.metrics.read(),
      appState: store.appState,
      cursor,
    };
    const last = this.last;
    if (
      last !== null &&
      (Object.keys(next) as (keyof ProjectionState)[]).every((key) => next[key] === last[key])
    )
      return last;
    this.last = next;
    return next;
  }
}
