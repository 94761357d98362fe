// One gateway session as React surfaces need it, over `@agent-ui/client`: a projection store (one
// notification per frame), the connection fact, history paging, typed writes and a surface `Dispatch`.
// The handle outlives its connections: `connect()` opens a fresh `SessionClient` and returns the function
// that closes it, so React's mount → unmount → mount (StrictMode) never leaves a closed client behind, and
// subscribers keep their store across reconnects.
import {
  type ConnectionInfo,
  type CutMessage,
  type EarlierState,
  type RestoreTiming,
  GatewayHttpClient,
  type RuntimeClient,
  type SessionClient,
  type SessionSnapshot,
  WRITE_METHODS,
  type WriteMethod,
  connectSession,
} from "@agent-ui/client";
import { type OlderPages, olderPagesOf } from "../older-pages";
import type { ProjectionState, WriteResult } from "@agent-ui/contracts";
import { createProjector } from "@agent-ui/projection/core";
import type { CommandIntent, Dispatch } from "../commands";
import type { DetailLoader } from "../lazy-detail";
import { StreamMetrics, type StreamMetricsSnapshot } from "../stream-metrics";
import { type ProjectionStore, frameBatched } from "../use-projection";

export interface AgentSessionOptions {
  /** Gateway origin (default: the page's origin). */
  url?: string;
  sessionId: string;
  /** Bearer token the gateway requires (sent as `Authorization`). */
  token?: string;
  transport?: "sse" | "websocket";
  /** Recent messages in the hydration window (default: the gateway's 40). */
  messageWindow?: number;
  fetch?: typeof fetch;
  /** Measured restore durations of each connection (PERF-03), e.g. `SessionMetrics.record`. */
  onTiming?: (metric: RestoreTiming, ms: number) => void;
  /** Called with each client this handle opens (instrumentation); may return its cleanup. */
  onClient?: (client: SessionClient) => (() => void) | undefined;
  /** The session's hydration window, already fetched (while the page loaded, or by a server render):
   * `store` shows it from the start, and the first `connect()` listens from its seq without asking for
   * another. */
  initialWindow?: SessionSnapshot;
}

/** Why a session cannot be shown, from the gateway's refusal (else undefined). */
export type SessionProblem = "not_found" | "unauthorized" | "unreachable";

/** The client's typed writes (one per command kind, CTRL-01, plus approve / reject / answer), bound to the
 * live connection. */
export type AgentCommands = Pick<RuntimeClient, WriteMethod>;

const NO_CUTS: ReadonlyMap<string, CutMessage> = new Map();
const EMPTY_HISTORY: EarlierState = { count: 0, loading: false, reachedStart: false };

export class AgentSession {
  readonly sessionId: string;
  readonly store: ProjectionStore<ProjectionState>;
  readonly commands: AgentCommands;
  readonly dispatch: Dispatch;
  readonly loadDetail: DetailLoader;
  private current: SessionClient | undefined;
  /** Built with `initialWindow`, shown until the first `connect()` opens it. */
  private held: SessionClient | undefined;
  private readonly empty: ProjectionState = createProjector().getState();
  private readonly listeners = new Set<() => void>();
  private readonly metaListeners = new Set<() => void>();
  private connectionInfo: ConnectionInfo;
  private readonly metrics: StreamMetrics;
  private hydratedClient: SessionClient | undefined;

  constructor(readonly options: AgentSessionOptions) {
    this.sessionId = options.sessionId;
    this.connectionInfo = {
      state: "connecting",
      transport: options.transport ?? "sse",
      lastSeq: 0,
      attempt: 0,
      since: Date.now(),
    };
    const raw: ProjectionStore<ProjectionState> = {
      getState: () => (this.current ?? this.held)?.state ?? this.empty,
      subscribe: (listener) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
    };
    // A busy main thread renders streaming text at half rate instead of falling behind; how far rendering
    // lags the stream is kept as PERF-02 metrics (`streamMetrics()`).
    this.metrics = new StreamMetrics(() => performance.now(), typeof requestAnimationFrame !== "function");
    this.store = frameBatched(raw, undefined, { shedLoad: true, metrics: this.metrics });
    const commands: Record<string, unknown> = {};
    for (const name of WRITE_METHODS) {
      commands[name] = (...args: unknown[]) => {
        const runtime = this.current?.runtime;
        if (!runtime) return Promise.resolve(notConnected());
        return (runtime[name] as (...a: unknown[]) => Promise<WriteResult>).apply(runtime, args);
      };
    }
    this.commands = commands as unknown as AgentCommands;
    this.dispatch = (intent) => this.write(intent);
    const http = new GatewayHttpClient(this.http());
    this.loadDetail = async (ref) => (await http.readDetail(this.sessionId, ref)).body;
    if (options.initialWindow) this.held = this.newClient(options.initialWindow);
  }

  /** Older pages of the record tables and the team's lists, for the surfaces that page them in as the
   * user scrolls (HYD-02). */
  readonly older: OlderPages = olderPagesOf(() => this.current);

  /** The client of the open connection (undefined before `connect()` and after its cleanup). */
  get client(): SessionClient | undefined {
    return this.current;
  }

  get connection(): ConnectionInfo {
    return this.connectionInfo;
  }

  /** The open connection finished its hydration (the recent window is in `store`). */
  get hydrated(): boolean {
    return this.current !== undefined && this.hydratedClient === this.current;
  }

  get history(): EarlierState {
    return this.current?.history ?? EMPTY_HISTORY;
  }

  /** What keeps the session from being shown, read from the connection's refusal. */
  get problem(): SessionProblem | undefined {
    return problemOf(this.connectionInfo);
  }

  /** Stream rendering metrics (PERF-02): queue depth, oldest unrendered age, render mode and its changes. */
  streamMetrics(): StreamMetricsSnapshot {
    return this.metrics.snapshot();
  }

  /** When the open connection last received the session's facts, epoch ms (`SessionClient.lastEventAt`):
   * for `RuntimeStatus`'s `lastEventAt`. */
  readonly lastEventAt = (): number | undefined => this.current?.lastEventAt;

  /** Messages shown cut to the gateway's byte budget (HYD-13); a new map whenever one changes. */
  get cutMessages(): ReadonlyMap<string, CutMessage> {
    return this.current?.cutMessages ?? NO_CUTS;
  }

  /** Loads a cut message whole into the conversation (on the user's request: it may weigh megabytes). */
  loadWholeMessage(messageId: string): Promise<boolean> {
    return this.current?.loadWholeMessage(messageId) ?? Promise.resolve(false);
  }

  /** Loads the next older page of the conversation (HYD-05). */
  loadEarlier(limit?: number): Promise<void> {
    return this.current?.loadEarlier(limit) ?? Promise.resolve();
  }

  /** Opens a connection (hydrate, then listen); returns the function that closes it. */
  connect(): () => void {
    const client = this.held ?? this.newClient();
    this.held = undefined;
    this.current = client;
    const offState = client.subscribe(() => this.emit());
    const offConnection = client.onConnection((info) => {
      this.connectionInfo = info;
      this.emitMeta();
    });
    const offHost = this.options.onClient?.(client);
    this.connectionInfo = client.connection;
    void client.open().then(
      () => {
        this.hydratedClient = client;
        this.emitMeta();
      },
      () => {},
    );
    this.emit();
    const offVisibility = watchVisibility((hidden) => this.metrics.visibility(hidden));
    return () => {
      offVisibility();
      offHost?.();
      offState();
      offConnection();
      client.close();
      if (this.current === client) this.current = undefined;
    };
  }

  /** Connection and history changes (not projection changes). */
  subscribeMeta(listener: () => void): () => void {
    this.metaListeners.add(listener);
    return () => this.metaListeners.delete(listener);
  }

  private newClient(initialSnapshot?: SessionSnapshot): SessionClient {
    return connectSession({
      ...this.http(),
      sessionId: this.sessionId,
      transport: this.options.transport,
      messageWindow: this.options.messageWindow,
      onTiming: this.options.onTiming,
      initialSnapshot,
    });
  }

  private http() {
    const base = this.options.url ?? (typeof window === "undefined" ? "" : window.location.origin);
    return { baseUrl: base, token: this.options.token, fetch: this.options.fetch };
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
    this.emitMeta();
  }

  private emitMeta(): void {
    for (const listener of this.metaListeners) listener();
  }

  private write(intent: CommandIntent): Promise<WriteResult> {
    const runtime = this.current?.runtime;
    return runtime ? dispatchTo(runtime)(intent) : Promise.resolve(notConnected());
  }
}

/** A surface intent as the client's typed write: sends and queues get their `clientMessageId`, action
 * answers keep their derived key (a repeat in flight is one write, HITL-05); a thrown transport error is a
 * `failed` result, never an exception (CTRL-07). */
export function dispatchTo(runtime: RuntimeClient): (intent: CommandIntent) => Promise<WriteResult> {
  return async (intent) => {
    try {
      const { kind, ...input } = intent;
      return await runtime.write(kind, input as never);
    } catch (error) {
      return {
        status: "failed",
        idempotencyKey: "",
        reason: error instanceof Error ? error.message : String(error),
      };
    }
  };
}

/** Calls `onChange` when the page is hidden or shown again (frames stop while hidden). */
function watchVisibility(onChange: (hidden: boolean) => void): () => void {
  if (typeof document === "undefined") return () => {};
  const listener = () => onChange(document.hidden);
  document.addEventListener("visibilitychange", listener);
  return () => document.removeEventListener("visibilitychange", listener);
}

function notConnected(): WriteResult {
  return {
    status: "unavailable",
    idempotencyKey: "",
    reason: "host_unavailable: the session is not connected",
  };
}

/** Reads a refusal's HTTP status from the connection fact's reason. */
export function problemOf(info: ConnectionInfo): SessionProblem | undefined {
  const status = Number(/HTTP (\d{3})/.exec(info.reason ?? "")?.[1]);
  if (info.state === "failed" && (status === 401 || status === 403)) return "unauthorized";
  if (info.state === "failed" && status === 404) return "not_found";
  if (info.state === "reconnecting" || info.state === "stale") return "unreachable";
  return undefined;
}
