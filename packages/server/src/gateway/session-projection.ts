// The gateway's own projection of a session: serves the snapshot endpoint and writes compaction
// snapshots every N events, so hydration reads the latest snapshot plus its tail and never replays the
// whole log (AUI-AR-HYDRATE-001, HYD-09).
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";
import type { LogEntry, SessionStore } from "../store/session-store";

/** The slice of the projection API the gateway uses. */
export interface GatewayProjector {
  apply(event: AgentUiEvent): unknown;
  hydrate(input: { kind: "projection"; state: ProjectionState }): unknown;
  getState(): ProjectionState;
}
export type ProjectorFactory = () => GatewayProjector;

export const defaultProjectorFactory: ProjectorFactory = () => createProjector() as GatewayProjector;

const TAIL_PAGE = 1000;

export class SessionProjection {
  private constructor(
    private readonly projector: GatewayProjector,
    /** Log seq the projection reflects. */
    public seq: number,
    private lastSnapshotSeq: number,
  ) {}

  /** Latest snapshot (if any) + the events after it. */
  static async load(
    store: SessionStore,
    sessionId: string,
    factory: ProjectorFactory,
  ): Promise<SessionProjection> {
    const projector = factory();
    const snapshot = await store.latestSnapshot(sessionId);
    if (snapshot) projector.hydrate({ kind: "projection", state: snapshot.state });
    const projection = new SessionProjection(projector, snapshot?.seq ?? 0, snapshot?.seq ?? 0);
    for (;;) {
      const page = await store.readEvents(sessionId, { after: projection.seq, limit: TAIL_PAGE });
      if (page.length === 0) break;
      projection.apply(page);
    }
    return projection;
  }

  apply(entries: readonly LogEntry[]): void {
    for (const entry of entries) {
      if (entry.seq <= this.seq) continue;
      this.projector.apply(entry.event);
      this.seq = entry.seq;
    }
  }

  get state(): ProjectionState {
    return this.projector.getState();
  }

  /** Writes a snapshot when `every` events arrived since the last one. */
  async compact(store: SessionStore, sessionId: string, every: number): Promise<boolean> {
    if (every <= 0 || this.seq - this.lastSnapshotSeq < every) return false;
    const seq = this.seq;
    this.lastSnapshotSeq = seq;
    await store.saveSnapshot(sessionId, seq, this.projector.getState());
    return true;
  }
}
