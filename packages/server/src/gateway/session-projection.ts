// The gateway's own projection of a session: serves the snapshot endpoint and writes compaction
// snapshots every N events, so hydration reads the latest snapshot plus its tail and never replays the
// whole log (AUI-AR-HYDRATE-001, HYD-09).
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection";
import { nextTurn, Slicer } from "../slices/turns";
import type { LogEntry, SessionStore } from "../store/session-store";

/** The slice of the projection API the gateway uses. `getState()` is read once per turn of the event loop
 * in which entries were applied, so it should cost what changed (as `createProjector`'s does), not the
 * whole state. */
export interface GatewayProjector {
  apply(event: AgentUiEvent): unknown;
  hydrate(input: { kind: "projection"; state: ProjectionState }): unknown;
  /** `hydrate` in bounded steps (`createProjector`'s): the gateway yields its event loop between them. */
  hydrateSteps?(
    input: { kind: "projection"; state: ProjectionState },
    options?: { handOver?: boolean },
  ): Iterable<unknown>;
  /** Builds the views the next `getState()` would, in bounded steps (`createProjector`'s). */
  prepareSteps?(): Iterable<unknown>;
  getState(): ProjectionState;
}
export type ProjectorFactory = () => GatewayProjector;

export const defaultProjectorFactory: ProjectorFactory = () => createProjector() as GatewayProjector;

const TAIL_PAGE = 1000;
/** Bytes a session's projection is taken to grow per event before any size of it was measured. */
const DEFAULT_EVENT_BYTES = 256;

export class SessionProjection {
  private constructor(
    private readonly projector: GatewayProjector,
    /** Log seq the projection reflects. */
    public seq: number,
    private lastSnapshotSeq: number,
  ) {}

  private compacting = false;
  private trailing: ReturnType<typeof setTimeout> | undefined;
  /** `performance.now()` before which no snapshot is written (the time budget). */
  private nextSnapshotAt = 0;
  /** JSON size of the state when last measured (loaded from or written as a snapshot), and its seq. */
  private measured = { bytes: 0, seq: 0 };

  /** Approximate size of the state in bytes (its JSON size): the last measured size plus the events
   * applied since, at the rate the session grew up to that measurement. */
  get bytes(): number {
    const { bytes, seq } = this.measured;
    const perEvent = seq > 0 ? bytes / seq : DEFAULT_EVENT_BYTES;
    return Math.round(bytes + (this.seq - seq) * perEvent);
  }

  /** Latest snapshot (if any) + the events after it. */
  static async load(
    store: SessionStore,
    sessionId: string,
    factory: ProjectorFactory,
  ): Promise<SessionProjection> {
    const projector = factory();
    // A snapshot of a long session is tens of MB: it is read, hydrated and its first views built in
    // slices, turns of the event loop apart, so other requests are answered meanwhile.
    const snapshot = await store.latestSnapshot(sessionId);
    if (snapshot) {
      const slicer = new Slicer();
      const input = { kind: "projection", state: snapshot.state } as const;
      // The parsed state is the gateway's alone: handed over, its rows are kept rather than copied.
      if (projector.hydrateSteps)
        for (const _ of projector.hydrateSteps(input, { handOver: true })) await slicer.step();
      else projector.hydrate(input);
      if (projector.prepareSteps) for (const _ of projector.prepareSteps()) await slicer.step();
    }
    const projection = new SessionProjection(projector, snapshot?.seq ?? 0, snapshot?.seq ?? 0);
    if (snapshot?.bytes !== undefined) projection.measured = { bytes: snapshot.bytes, seq: snapshot.seq };
    await projection.catchUp(store, sessionId);
    // No snapshot, or a tail long beside it: measure the state (costs less than replaying that tail did).
    const tail = projection.seq - (snapshot?.seq ?? 0);
    if (snapshot?.bytes === undefined ? tail > 0 : tail * 4 > snapshot.seq)
      projection.measured = { bytes: JSON.stringify(projection.state).length, seq: projection.seq };
    return projection;
  }

  /** Applies what the log holds after `seq`, read from the store page by page. */
  async catchUp(store: SessionStore, sessionId: string): Promise<void> {
    for (;;) {
      // One page per turn of the event loop: a long tail never holds it for the whole replay.
      await nextTurn();
      const page = await store.readEvents(sessionId, { after: this.seq, limit: TAIL_PAGE });
      if (page.length === 0) break;
      this.apply(page);
      this.publish();
    }
  }

  apply(entries: readonly LogEntry[]): void {
    for (const entry of entries) {
      if (entry.seq <= this.seq) continue;
      this.projector.apply(entry.event);
      this.seq = entry.seq;
    }
    this.publishSoon();
  }

  private publishing: ReturnType<typeof setImmediate> | undefined;

  /** The projector builds the views of what changed when its state is read, O(changes since the last
   * read). Read after every applied batch (once per turn), the views stay current in small steps,
   * instead of one read after a million events — a late joiner's — holding the event loop for all of
   * them at once. */
  private publishSoon(): void {
    this.publishing ??= setImmediate(() => {
      this.publishing = undefined;
      this.publish();
    });
  }

  /** Builds the views of what changed since the last read (O(changes)). */
  publish(): void {
    this.projector.getState();
  }

  get state(): ProjectionState {
    return this.projector.getState();
  }

  /** Writes a snapshot when `every` events arrived since the last one — off the delivery path and within
   * a time budget. Serializing the state is synchronous and grows with the session (MBs after tens of
   * thousands of events), so a snapshot per `every` events would stall live delivery to every viewer
   * for tens of ms each time and, summed, cost time quadratic in the log. Instead: the snapshot runs after
   * the pending deliveries of this turn (a timer, never inside the feed callback), and the next one waits
   * until `SNAPSHOT_TIME_SHARE` of wall time has passed since the last took — a long session is
   * snapshotted less often, and its hydration tail grows only while it streams that fast. */
  async compact(store: SessionStore, sessionId: string, every: number): Promise<boolean> {
    if (every <= 0 || this.compacting || this.seq - this.lastSnapshotSeq < every) return false;
    const wait = this.nextSnapshotAt - performance.now();
    if (wait > 0) {
      // A burst that ends inside the wait still gets its snapshot once the budget allows.
      this.trailing ??= setTimeout(() => {
        this.trailing = undefined;
        void this.compact(store, sessionId, every).catch(() => {});
      }, wait);
      this.trailing.unref?.();
      return false;
    }
    this.compacting = true;
    try {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const started = performance.now();
      const seq = this.seq;
      this.lastSnapshotSeq = seq;
      const bytes = await store.saveSnapshot(sessionId, seq, this.projector.getState());
      if (typeof bytes === "number") this.measured = { bytes, seq };
      const took = performance.now() - started;
      this.nextSnapshotAt = performance.now() + took / SNAPSHOT_TIME_SHARE;
      return true;
    } finally {
      this.compacting = false;
    }
  }
}

/** At most this share of wall time goes to writing snapshots of one session. */
const SNAPSHOT_TIME_SHARE = 0.02;
