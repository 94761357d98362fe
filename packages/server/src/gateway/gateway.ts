// The gateway core, independent of HTTP: creates sessions on a runtime source, stores what the source
// produces (adapt → redact → append), fans the log out live, keeps a compacting projection per session and
// runs controlled writes idempotently. The HTTP layer (../http) only translates requests to these calls.
import { randomUUID } from "node:crypto";
import type { SessionRunSummary, SourceInfo } from "@agent-ui/contracts";
import { type ControlCommand, redactSourceConfig, redactText, type WriteResult } from "@agent-ui/contracts";
import type { RuntimeSource, RuntimeSourceFactory } from "@agent-ui/contracts";
import type { WebhookRegistry } from "./webhooks";
import type { DetailRecord, SessionRecord, SessionStore } from "../store/session-store";
import { IdempotentCommands } from "./commands";
import { GatewayError } from "./errors";
import { runSummaryOf } from "./run-summary";
import { refusalOf, SourceKinds } from "./source-kinds";
import { errorMessage, SessionIngest } from "./ingest";
import { DEFAULT_PUMP_LIMITS, type PumpLimits } from "./live-pump";
import { type CachedProjection, ProjectionCache } from "./projection-cache";
import { type EntriesListener, type FeedSubscription, SessionFeed } from "./session-feed";
import { defaultProjectorFactory, type ProjectorFactory, SessionProjection } from "./session-projection";
import { type AttachedRuntime, runtimeSink } from "./runtime-sink";
import { GATEWAY_SHUTDOWN_REASON, sourceStatusEvents } from "./status-events";

export interface GatewayOptions {
  store: SessionStore;
  sources: readonly RuntimeSourceFactory[];
  /** Write a projection snapshot every N events (default 200; 0 disables compaction). */
  snapshotEvery?: number;
  projectorFactory?: ProjectorFactory;
  /** Projections kept in memory for sessions no runtime here feeds (default 200). */
  maxCachedProjections?: number;
  /** Bound on the projections kept in memory, in approximate bytes (JSON size of their states; default
   * 128 MiB): beyond it the least recently used of sessions no runtime here feeds are dropped. */
  maxCachedProjectionBytes?: number;
  /** Backpressure limits of SSE and WebSocket viewers (./live-pump). */
  viewerLimits?: Partial<PumpLimits>;
  /** Callback URLs for upstreams (./webhooks); without it sources get none. */
  webhooks?: WebhookRegistry;
}

export interface CreateSessionInput {
  source: string;
  scenario?: string;
  config?: Record<string, unknown>;
  title?: string;
  id?: string;
}

const MAX_TITLE = 200;
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export class Gateway {
  readonly store: SessionStore;
  /** Callback URLs upstreams post to (A2A push notifications). */
  readonly webhooks: WebhookRegistry | undefined;
  /** The source kinds this gateway offers (`GET /api/sources`, session creation, connection tests). */
  readonly sources: SourceKinds;
  private readonly snapshotEvery: number;
  /** What builds each of its projectors (a custom one, or `createProjector`). */
  readonly projectorFactory: ProjectorFactory;
  private readonly feeds = new Map<string, Promise<SessionFeed>>();
  private readonly projections: ProjectionCache;
  /** Backpressure limits the SSE and WebSocket routes give each viewer. */
  readonly viewerLimits: PumpLimits;
  private readonly runtimes = new Map<string, AttachedRuntime>();
  private readonly commands: IdempotentCommands;
  private readonly detach: () => void;
  private closed = false;
  private readonly listChanged = new Set<() => void>();
  private readonly evicted = new Set<(sessionId: string, projection: SessionProjection) => void>();
  private readonly advanced = new Set<(sessionId: string, projection: SessionProjection) => void>();

  constructor(options: GatewayOptions) {
    this.store = options.store;
    this.webhooks = options.webhooks;
    this.sources = new SourceKinds(options.sources);
    this.snapshotEvery = options.snapshotEvery ?? 200;
    this.projectorFactory = options.projectorFactory ?? defaultProjectorFactory;
    this.projections = new ProjectionCache(
      options.maxCachedProjections,
      options.maxCachedProjectionBytes,
      (sessionId, projection) => {
        for (const listener of this.evicted) listener(sessionId, projection);
      },
    );
    this.viewerLimits = { ...DEFAULT_PUMP_LIMITS, ...options.viewerLimits };
    this.commands = new IdempotentCommands(this.store);
    this.detach = this.store.onAppended((sessionId, lastSeq, entries) => {
      const feed = this.feeds.get(sessionId);
      if (feed) void feed.then((f) => f.announce(lastSeq, entries));
      this.sessionsChanged();
    });
  }

  sourceKinds(): SourceInfo[] {
    return this.sources.list();
  }

  async createSession(input: CreateSessionInput): Promise<SessionRecord> {
    const factory = this.sources.factory(input.source);
    const id = input.id ?? randomUUID();
    if (!SESSION_ID.test(id))
      throw new GatewayError("invalid", "invalid_session_id", "session id must match [A-Za-z0-9._:-]{1,128}");
    if (await this.store.getSession(id))
      throw new GatewayError("conflict", "session_exists", `session ${id} already exists`);
    const config = input.config ?? {};
    let source: RuntimeSource;
    try {
      source = factory.create({ sessionId: id, scenario: input.scenario, config });
    } catch (error) {
      throw refusalOf(error);
    }
    const record = await this.store.createSession({
      id,
      // Everything a caller sends is stored through the one redactor, like every event (SEC-01/02).
      title: input.title === undefined ? undefined : redactText(input.title),
      sourceKind: factory.kind,
      scenario: input.scenario === undefined ? undefined : redactText(input.scenario),
      config: redactSourceConfig(config),
    });
    await this.projection(id);
    this.attach(id, source);
    this.sessionsChanged();
    return record;
  }

  /** `listener` runs after a session is created, renamed, deleted, changes status or grows its log. */
  onSessionsChanged(listener: () => void): () => void {
    this.listChanged.add(listener);
    return () => this.listChanged.delete(listener);
  }

  private sessionsChanged(): void {
    for (const listener of this.listChanged) listener();
  }

  async renameSession(id: string, title: string): Promise<SessionRecord> {
    const trimmed = title.trim();
    if (trimmed.length === 0 || trimmed.length > MAX_TITLE)
      throw new GatewayError("invalid", "invalid_title", `a title has 1 to ${MAX_TITLE} characters`);
    if (!(await this.store.renameSession(id, trimmed)))
      throw new GatewayError("not_found", "session_not_found", `no session ${id}`);
    this.sessionsChanged();
    return this.getSession(id);
  }

  /** Stops the session's runtime, then removes the session and everything stored for it. */
  async deleteSession(id: string): Promise<void> {
    await this.getSession(id);
    await this.stopSession(id);
    this.projections.drop(id);
    this.feeds.delete(id);
    if (!(await this.store.deleteSession(id)))
      throw new GatewayError("not_found", "session_not_found", `no session ${id}`);
    this.sessionsChanged();
  }

  /** The run's state from the session's projection (not the source's health). Loads the projection only
   * when `load` is set or it is already held, so listing many sessions stays bounded. */
  async runSummary(id: string, load: boolean): Promise<SessionRunSummary | undefined> {
    if (!load && !this.projections.has(id)) return undefined;
    return runSummaryOf((await this.projection(id)).state);
  }

  async getSession(id: string): Promise<SessionRecord> {
    const session = await this.store.getSession(id);
    if (!session) throw new GatewayError("not_found", "session_not_found", `no session ${id}`);
    if (session.damage !== undefined)
      throw new GatewayError("damaged", "session_damaged", `session ${id} is damaged: ${session.damage}`);
    return session;
  }

  isAttached(id: string): boolean {
    return this.runtimes.has(id);
  }

  /** The runtime source feeding a session in this process (push ingest talks to it directly). */
  sourceOf(id: string): RuntimeSource | undefined {
    return this.runtimes.get(id)?.source;
  }

  /** Binds `listener` and delivers every entry after `after`, then live entries; `pace` is awaited
   * between catch-up pages (the connection's backpressure). */
  async subscribe(
    sessionId: string,
    after: number,
    listener: EntriesListener,
    pace?: () => Promise<void>,
  ): Promise<FeedSubscription> {
    await this.getSession(sessionId);
    const feed = await this.feed(sessionId);
    return feed.subscribe(after, listener, pace);
  }

  /** The current projection of a session and the log seq it reflects. */
  async currentProjection(sessionId: string): Promise<SessionProjection> {
    await this.getSession(sessionId);
    return this.projection(sessionId);
  }

  /** Whether the session's projection is loaded (not merely loading). */
  projectionLoaded(sessionId: string): boolean {
    return this.projections.loaded(sessionId);
  }

  /** The session's projection when it is held, caught up with everything its log holds (live delivery
   * may still be on its way, or stopped after `close`). */
  async caughtUpProjection(sessionId: string): Promise<SessionProjection | undefined> {
    if (!this.projections.has(sessionId)) return undefined;
    const projection = await this.projection(sessionId);
    await projection.catchUp(this.store, sessionId);
    return projection;
  }

  async command(command: ControlCommand): Promise<WriteResult> {
    const session = await this.getSession(command.sessionId);
    return this.commands.run(command, async (cmd) => {
      const runtime = this.runtimes.get(cmd.sessionId);
      if (!runtime) {
        const why = session.statusReason ? ` (${session.status}: ${session.statusReason})` : "";
        return {
          status: "unavailable",
          idempotencyKey: cmd.idempotencyKey,
          reason: `host_unavailable: the session's runtime source is not attached to this gateway${why}`,
        };
      }
      return runtime.source.command(cmd);
    });
  }

  /** A detail body the gateway kept for `ref` (open_detail, EVID-10): 404 for an unknown session or ref. */
  async readDetail(sessionId: string, ref: string): Promise<DetailRecord> {
    await this.getSession(sessionId);
    const detail = await this.store.readDetail(sessionId, ref);
    if (!detail)
      throw new GatewayError("not_found", "detail_not_found", `session ${sessionId} has no detail ${ref}`);
    return detail;
  }

  async stopSession(id: string): Promise<void> {
    const runtime = this.runtimes.get(id);
    if (!runtime) return;
    this.runtimes.delete(id);
    runtime.abort.abort();
    await runtime.source.stop().catch(() => {});
    await runtime.rowWrite;
    // A session whose source already finished (completed / failed) keeps that status: stopping the source
    // then only releases it, and a clean restart does not turn a completed session into a stopped one.
    const settled = (await this.store.getSession(id))?.status;
    if (settled === "completed" || settled === "failed") return;
    const reason = this.closed ? GATEWAY_SHUTDOWN_REASON : "stopped on request";
    const events = [...runtime.ingest.finish(), ...sourceStatusEvents(runtime.ingest, "stopped", reason)];
    await this.store.append(id, events, runtime.ingest.takeDetails()).catch(() => {});
    await this.store.setStatus(id, "stopped", reason);
    this.sessionsChanged();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.runtimes.keys()].map((id) => this.stopSession(id)));
    this.detach();
  }

  private feed(sessionId: string): Promise<SessionFeed> {
    let feed = this.feeds.get(sessionId);
    if (!feed) {
      feed = this.store
        .getSession(sessionId)
        .then((s) => new SessionFeed(this.store, sessionId, s?.lastSeq ?? 0));
      this.feeds.set(sessionId, feed);
    }
    return feed;
  }

  private projection(sessionId: string): Promise<SessionProjection> {
    const cached = this.projections.use(sessionId);
    if (cached) return cached.projection;
    const entry: CachedProjection = { projection: undefined as never, release: () => {} };
    entry.projection = (async () => {
      const loaded = await SessionProjection.load(this.store, sessionId, this.projectorFactory);
      const feed = await this.feed(sessionId);
      const subscription = feed.subscribe(loaded.seq, (entries) => {
        loaded.apply(entries);
        void loaded.compact(this.store, sessionId, this.snapshotEvery).catch(() => {});
        this.advance(sessionId, loaded);
      });
      entry.release = () => subscription.unsubscribe();
      // The events after the load could not be read (the store failed or closed): this projection would
      // miss them, so it is dropped and the next request loads it again.
      subscription.ready.catch(() => {
        subscription.unsubscribe();
        this.projections.forget(sessionId, entry);
      });
      entry.loaded = loaded;
      this.advance(sessionId, loaded);
      this.evictIdleProjections();
      return loaded;
    })();
    entry.projection.catch(() => this.projections.forget(sessionId, entry));
    this.projections.set(sessionId, entry);
    this.evictIdleProjections();
    return entry.projection;
  }

  /** Bounded memory: beyond `maxCachedProjections` or `maxCachedProjectionBytes`, the least recently used
   * projections of sessions no runtime here feeds are dropped (they reload from snapshot + tail). */
  private evictIdleProjections(): void {
    this.projections.evict((sessionId) => this.runtimes.has(sessionId));
  }

  /** `listener` runs with each projection dropped from memory to stay within the cache's bounds (the
   * HTTP layer stores the session's window then, ../http/stored-window). */
  onProjectionEvicted(listener: (sessionId: string, projection: SessionProjection) => void): () => void {
    this.evicted.add(listener);
    return () => this.evicted.delete(listener);
  }

  /** `listener` runs when a session's projection is loaded into memory and each time it applies new log
   * entries. */
  onProjectionAdvanced(listener: (sessionId: string, projection: SessionProjection) => void): () => void {
    this.advanced.add(listener);
    return () => this.advanced.delete(listener);
  }

  private advance(sessionId: string, projection: SessionProjection): void {
    for (const listener of this.advanced) listener(sessionId, projection);
  }

  /** Projections held in memory and their accounted bytes (JSON size of their states). */
  cachedProjections(): { sessions: number; bytes: number } {
    this.evictIdleProjections();
    return this.projections.usage();
  }

  /** Attaches a source that resumed a session after a restart (./restart); `reason` goes with its `live`.
   * The session's projection loads when a request needs it, not here (a long session's load takes
   * seconds, beside its first joiner's paint). */
  async attachResumed(sessionId: string, source: RuntimeSource, reason: string): Promise<void> {
    this.attach(sessionId, source, reason, `r${Date.now().toString(36)}`);
  }

  private attach(sessionId: string, source: RuntimeSource, liveReason?: string, epoch?: string): void {
    const runtime: AttachedRuntime = {
      source,
      abort: new AbortController(),
      ingest: new SessionIngest(sessionId, true),
      reportedStatus: false,
      rowWrite: Promise.resolve(),
    };
    runtime.ingest.epoch = epoch;
    this.runtimes.set(sessionId, runtime);
    const { sink, setStatus, finishIfTerminal } = runtimeSink(this.store, sessionId, runtime, () =>
      this.sessionsChanged(),
    );
    // A source that throws synchronously is treated like one whose start rejected.
    Promise.resolve()
      .then(() =>
        source.start({
          sessionId,
          sink,
          signal: runtime.abort.signal,
          webhook: this.webhooks?.forSession(sessionId, runtime.abort.signal),
        }),
      )
      .then(
        () => (runtime.reportedStatus ? undefined : setStatus("live", liveReason)),
        (error) =>
          // A misbehaving upstream is a fact on the stream (failed + diagnostic), never a crashed server.
          Promise.all([
            finishIfTerminal("failed"),
            setStatus("failed", `runtime source failed to start: ${errorMessage(error)}`),
          ]),
      )
      .catch(() => {});
  }
}
