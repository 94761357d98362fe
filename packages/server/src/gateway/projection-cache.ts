// The projections a gateway keeps in memory, bounded in count and in approximate bytes: beyond either
// bound the least recently used projections of sessions no runtime here feeds are dropped (they reload
// from snapshot + tail on the next request). A projection's bytes are the JSON size of its state, taken
// when it was loaded from a snapshot or last written as one, plus the events applied since at the rate
// the session grew so far (see SessionProjection.bytes).
import type { SessionProjection } from "./session-projection";

export const DEFAULT_MAX_CACHED_PROJECTIONS = 200;
/** Default bound on the projections' accounted bytes (JSON size of their states). */
export const DEFAULT_MAX_CACHED_PROJECTION_BYTES = 128 * 1024 * 1024;

export interface CachedProjection {
  projection: Promise<SessionProjection>;
  /** Set once the projection loaded. */
  loaded?: SessionProjection;
  /** Stops feeding it live entries. */
  release(): void;
}

export class ProjectionCache {
  private readonly entries = new Map<string, CachedProjection>();

  constructor(
    private readonly maxCount = DEFAULT_MAX_CACHED_PROJECTIONS,
    private readonly maxBytes = DEFAULT_MAX_CACHED_PROJECTION_BYTES,
    /** Called with each projection `evict` drops, before it is released. */
    private readonly onEvict: (sessionId: string, projection: SessionProjection) => void = () => {},
  ) {}

  has(sessionId: string): boolean {
    return this.entries.has(sessionId);
  }

  /** Whether the session's projection finished loading. */
  loaded(sessionId: string): boolean {
    return this.entries.get(sessionId)?.loaded !== undefined;
  }

  /** The entry, marked most recently used. */
  use(sessionId: string): CachedProjection | undefined {
    const entry = this.entries.get(sessionId);
    if (entry === undefined) return undefined;
    this.entries.delete(sessionId);
    this.entries.set(sessionId, entry);
    return entry;
  }

  set(sessionId: string, entry: CachedProjection): void {
    this.entries.set(sessionId, entry);
  }

  /** Releases and forgets a session's projection. */
  drop(sessionId: string): void {
    this.entries.get(sessionId)?.release();
    this.entries.delete(sessionId);
  }

  /** Forgets `entry` if it is still the session's (a load that failed). */
  forget(sessionId: string, entry: CachedProjection): void {
    if (this.entries.get(sessionId) === entry) this.entries.delete(sessionId);
  }

  /** Sessions held and their accounted bytes. */
  usage(): { sessions: number; bytes: number } {
    let bytes = 0;
    for (const entry of this.entries.values()) bytes += entry.loaded?.bytes ?? 0;
    return { sessions: this.entries.size, bytes };
  }

  /** Drops the least recently used projections `fed` says no runtime feeds while either bound is
   * exceeded. Fed ones stay whatever their size (their runtime needs them). */
  evict(fed: (sessionId: string) => boolean): void {
    let { sessions, bytes } = this.usage();
    for (const [sessionId, entry] of this.entries) {
      if (sessions <= this.maxCount && bytes <= this.maxBytes) break;
      if (fed(sessionId) || entry.loaded === undefined) continue;
      bytes -= entry.loaded.bytes;
      sessions -= 1;
      this.onEvict(sessionId, entry.loaded);
      this.drop(sessionId);
    }
  }
}
