// The serialized hydration windows a gateway keeps: one per session (the newest asked for), as the bytes
// of its content every joiner is sent (the session record is added per answer), bounded in total bytes
// (least recently used first out). A window is built once per (session, key): joiners that ask while it
// is being built wait for that build instead of starting their own, and later joiners get the same
// bytes without serializing anything.

import { Slicer } from "../slices/turns";

/** Default bound on the bytes of cached windows (a 1M-event session's window is about 355 KB). */
export const DEFAULT_WINDOW_CACHE_BYTES = 32 * 1024 * 1024;

export interface WindowCacheOptions {
  /** Bound on the cached bodies' total bytes; a body larger than this is served but not kept. */
  maxBytes?: number;
  /** Longest stretch a build holds the event loop before it yields a turn (default 8 ms). */
  sliceMs?: number;
  /** Called when a window build starts (after every cache and in-flight miss). */
  onBuild?: (sessionId: string, key: string) => void;
}

interface Entry {
  key: string;
  body: Buffer;
}

export class WindowCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, { key: string; body: Promise<Buffer> }>();
  private bytes = 0;
  readonly maxBytes: number;
  private readonly onBuild: WindowCacheOptions["onBuild"];
  private readonly sliceMs: number | undefined;

  constructor(options: WindowCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_WINDOW_CACHE_BYTES;
    this.onBuild = options.onBuild;
    this.sliceMs = options.sliceMs;
  }

  /** The session's window for `key`: cached, being built (shared), or built now by `build`, which gets
   * the slicer to step between its slices. */
  get(sessionId: string, key: string, build: (slicer: Slicer) => Promise<Buffer>): Promise<Buffer> {
    const cached = this.entries.get(sessionId);
    if (cached !== undefined && cached.key === key) {
      // Most recently used last.
      this.entries.delete(sessionId);
      this.entries.set(sessionId, cached);
      return Promise.resolve(cached.body);
    }
    const inFlight = this.building.get(sessionId);
    if (inFlight !== undefined && inFlight.key === key) return inFlight.body;
    this.onBuild?.(sessionId, key);
    const body = build(new Slicer(this.sliceMs)).then(
      (built) => {
        // Kept only while it is the session's newest build (an older one finishing late is not).
        if (this.building.get(sessionId)?.body === body) {
          this.building.delete(sessionId);
          this.keep(sessionId, key, built);
        }
        return built;
      },
      (error: unknown) => {
        if (this.building.get(sessionId)?.body === body) this.building.delete(sessionId);
        throw error;
      },
    );
    this.building.set(sessionId, { key, body });
    return body;
  }

  /** The session's kept window when it is the one for `key` (no build, no change of its place). */
  peek(sessionId: string, key: string): Buffer | undefined {
    const cached = this.entries.get(sessionId);
    return cached !== undefined && cached.key === key ? cached.body : undefined;
  }

  /** Keeps `body` as the session's window for `key` (one that was built elsewhere: a stored window), unless
   * a build for the session is under way. */
  put(sessionId: string, key: string, body: Buffer): void {
    if (!this.building.has(sessionId)) this.keep(sessionId, key, body);
  }

  /** The session's kept window, whatever its key (no change of its place). */
  kept(sessionId: string): { key: string; body: Buffer } | undefined {
    return this.entries.get(sessionId);
  }

  /** The kept windows, most recently used first, at most `max`. */
  recent(max: number): { sessionId: string; key: string; body: Buffer }[] {
    return [...this.entries]
      .reverse()
      .slice(0, max)
      .map(([sessionId, { key, body }]) => ({ sessionId, key, body }));
  }

  /** Forgets a session's window (deleted session). */
  drop(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (entry === undefined) return;
    this.entries.delete(sessionId);
    this.bytes -= entry.body.byteLength;
  }

  /** Windows kept and their bytes. */
  usage(): { windows: number; bytes: number } {
    return { windows: this.entries.size, bytes: this.bytes };
  }

  private keep(sessionId: string, key: string, body: Buffer): void {
    this.drop(sessionId);
    if (body.byteLength > this.maxBytes) return;
    this.entries.set(sessionId, { key, body });
    this.bytes += body.byteLength;
    for (const [id, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(id);
      this.bytes -= entry.body.byteLength;
    }
  }
}
