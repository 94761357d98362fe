// The sessions a host keeps warm (HYD-06): one connected handle per warm tab, so returning to a tab shows its
// last state at once while it catches up; a released tab's handle is closed and dropped (its projection,
// message window and listeners go with it). `sync()` takes the warm ids from the residency state machine.

/** A handle that opens a connection and returns the function that closes it (e.g. `AgentSession`). */
export interface Connectable {
  connect(): () => void;
}

export class SessionPool<H extends Connectable> {
  private readonly entries = new Map<string, { handle: H; disconnect?: () => void }>();

  constructor(
    private readonly create: (id: string) => H,
    /** Called after a handle was closed and dropped. */
    private readonly onRelease?: (id: string, handle: H) => void,
  ) {}

  /** The handle of `id` (created on first use, connected by the next `sync()` that keeps it). */
  get(id: string): H {
    const entry = this.entries.get(id);
    if (entry) return entry.handle;
    const handle = this.create(id);
    this.entries.set(id, { handle });
    return handle;
  }

  /** Whether `id` holds an open connection. */
  connected(id: string): boolean {
    return this.entries.get(id)?.disconnect !== undefined;
  }

  /** Ids currently held. */
  ids(): string[] {
    return [...this.entries.keys()];
  }

  /** Keeps exactly `warm` connected: opens the missing, closes and drops the rest. */
  sync(warm: Iterable<string>): void {
    const keep = new Set(warm);
    for (const id of [...this.entries.keys()]) if (!keep.has(id)) this.release(id);
    for (const id of keep) {
      this.get(id);
      const entry = this.entries.get(id);
      if (entry && !entry.disconnect) entry.disconnect = entry.handle.connect();
    }
  }

  /** Closes every connection; the handles stay (a later `sync()` reconnects the ones it keeps). */
  disconnectAll(): void {
    for (const entry of this.entries.values()) {
      entry.disconnect?.();
      entry.disconnect = undefined;
    }
  }

  /** Closes and drops every handle. */
  clear(): void {
    for (const id of [...this.entries.keys()]) this.release(id);
  }

  private release(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    entry.disconnect?.();
    this.onRelease?.(id, entry.handle);
  }
}
