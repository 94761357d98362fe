// `SessionClient`: what a UI (the workbench) holds for one open session. It hydrates a projector from the
// gateway's hydration window, binds the live subscription *before* any write can be sent (COMP-05), feeds
// every entry to the projector, repairs gaps from a fresh snapshot (AUI-AR-HYDRATE-002) and exposes the
// projection state and the connection state as facts. Writes go through `runtime` (a `RuntimeClient`); a
// send shows the user's message at once as optimistic until the runtime's fact confirms it (ENV-07).
import { createProjector } from "@agent-ui/projection/core";
import { backoffDelay } from "./backoff";
import { EarlierMessages, type EarlierState } from "./earlier-messages";
import { type ConnectionInfo, LogSubscription } from "./log-subscription";
import { OptimisticMessages, optimisticSendOf } from "./optimistic-messages";
import { RuntimeClient } from "./runtime-client";
import type { ControlCommand, LogEntry, ProjectionState, TeamList } from "@agent-ui/contracts";
import type { WindowTable, WriteResult } from "@agent-ui/contracts";
import { ListPages } from "./list-pages";
import { type CutMessage, MessageCuts } from "./message-cuts";
import type { ClientProjector, SessionClientOptions, SessionSnapshot } from "./session-options";
import { GatewayRequestError } from "./write-port";

export type {
  ClientProjector,
  RestoreTiming,
  SessionClientOptions,
  SessionSnapshot,
} from "./session-options";

export type SessionListener = (state: ProjectionState, entries: readonly LogEntry[]) => void;

export class SessionClient {
  readonly runtime: RuntimeClient;
  private projector: ClientProjector;
  private subscription: LogSubscription | undefined;
  private opening: Promise<void> | undefined;
  private readonly listeners = new Set<SessionListener>();
  private readonly connectionListeners = new Set<(info: ConnectionInfo) => void>();
  private readonly makeProjector: () => ClientProjector;
  private connectionInfo: ConnectionInfo;
  private readonly optimistic = new OptimisticMessages();
  private readonly earlier: EarlierMessages;
  private readonly cuts: MessageCuts;
  private closed = false;
  private eventsAt: number | undefined;
  /** Failed hydrations in a row, and the timer of the next try. */
  private openAttempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Paging of the team's lists and the timeline (list-pages.ts). */
  private readonly lists: ListPages;
  /** The seq of `initialSnapshot`, until the first `open()` listens from it. */
  private initialSeq: number | undefined;

  constructor(private readonly options: SessionClientOptions) {
    this.makeProjector = options.createProjector ?? (() => createProjector() as ClientProjector);
    const changed = () => this.notify([]);
    this.earlier = new EarlierMessages(options.loadHistory, changed, (cut) => this.cuts.page(cut));
    this.cuts = new MessageCuts(options.loadMessage, () => this.notify([]));
    this.projector = this.makeProjector();
    this.lists = new ListPages(
      options,
      () => this.projector,
      () => this.notify([]),
    );
    this.connectionInfo = {
      state: "connecting",
      transport: options.transport.name,
      lastSeq: 0,
      attempt: 0,
      since: Date.now(),
    };
    this.runtime = new RuntimeClient({
      sessionId: options.sessionId,
      port: options.port,
      // Bind-then-send: no write leaves before the listener is bound, so a fact the runtime emits
      // synchronously on submit cannot be missed.
      beforeWrite: () => this.boundWithin(options.bindTimeoutMs ?? 10_000),
      ...(options.optimisticSends === false
        ? {}
        : {
            onSubmit: (command: ControlCommand) => this.showOptimistic(command),
            onSettled: (command: ControlCommand, result: WriteResult) =>
              this.settleOptimistic(command, result),
          }),
    });
    if (options.initialSnapshot) this.initialSeq = this.applySnapshot(options.initialSnapshot).seq;
  }

  /** Hydrated and listening. Every write awaits this. */
  get ready(): Promise<void> {
    return this.open();
  }

  /** The projection, plus the user's sent messages the runtime has not confirmed yet (`optimistic`) and
   * the older messages `loadEarlier()` brought in before the hydration window. */
  get state(): ProjectionState {
    return this.earlier.overlay(this.optimistic.overlay(this.projector.getState()));
  }

  /** How far back the conversation is loaded: older pages, loading, reached the first message. */
  get history(): EarlierState {
    return this.earlier.state;
  }

  /** Loads the next older page of messages before the window (HYD-05); only on a user's request. */
  loadEarlier(limit?: number): Promise<void> {
    const before = this.earlier.state;
    const started = performance.now();
    const loading = this.earlier.loadEarlier(limit);
    // A new page's load time (a call joining a load in flight is not one); a failed load is not counted.
    if (!before.loading)
      void loading.then(() => {
        const after = this.earlier.state;
        if (after.error === undefined && after.count > before.count)
          this.options.onTiming?.("history.page_load_ms", performance.now() - started);
      });
    return loading;
  }

  /** Messages shown cut to the window's or a page's byte budget (HYD-13), by id: what is missing and
   * whether their whole copy is loading or failed. A new map whenever one changes. */
  get cutMessages(): ReadonlyMap<string, CutMessage> {
    return this.cuts.all;
  }

  /** Loads a cut message whole and swaps it in: through the projection for the window's message, whose
   * live deltas (applied before, during or after the load) are kept once each; in its page for an older
   * one. Resolves true once whole; a failure stays in `cutMessages` (`error`) until the next try. */
  loadWholeMessage(messageId: string): Promise<boolean> {
    return this.cuts.loadWhole(messageId, (whole, entry) =>
      entry.source === "page"
        ? this.earlier.replace(whole)
        : (this.projector.completeMessage?.(whole, entry.cut) ?? false),
    );
  }

  get connection(): ConnectionInfo {
    return this.connectionInfo;
  }

  /** Epoch ms of the session's last facts received (snapshot or live batch): `last_event_age_ms`'s origin. */
  get lastEventAt(): number | undefined {
    return this.eventsAt;
  }

  /** Whether a record table has older rows the hydration window left out (HYD-02). */
  hasOlderRows(table: WindowTable): boolean {
    return this.lists.hasOlderRows(table);
  }

  /** Loads the next older page of a record table into the projection (a surface calls it as the user
   * scrolls); resolves false when nothing older remains. */
  loadOlderRows(table: WindowTable): Promise<boolean> {
    return this.lists.loadOlderRows(table);
  }

  /** Whether one of the team's lists has older entries the hydration window left out (HYD-02). */
  hasOlderTeam(list: TeamList): boolean {
    return this.lists.hasOlderTeam(list);
  }

  /** Loads the next older page of one of the team's lists, with the agent rows it names, into the
   * projection (the roster, delegation graph and work board call it as the user scrolls); resolves false
   * when nothing older remains. Once every page is in, the list is in the team's own order. */
  loadOlderTeam(list: TeamList): Promise<boolean> {
    return this.lists.loadOlderTeam(list);
  }

  /** Whether the timeline has older rows the hydration window left out (HYD-02). */
  hasOlderTimeline(): boolean {
    return this.lists.hasOlderTimeline();
  }

  /** Loads the next older page of timeline rows into the projection; resolves false when nothing older
   * remains. */
  loadOlderTimeline(): Promise<boolean> {
    return this.lists.loadOlderTimeline();
  }

  /** Completes a row the hydration window sent as a preview (`window.previews`: a tool row has no
   * `outputText`) with its whole row, e.g. when the user opens it. Resolves false when the gateway's row
   * is older than what this client applied (ask again) or no loader is set; a field the row holds is
   * never replaced. */
  async loadRecord(table: WindowTable, id: string): Promise<boolean> {
    if (this.options.loadTableRow === undefined || this.projector.completeRecord === undefined) return false;
    const row = await this.options.loadTableRow(table, id);
    if (row.seq < this.seq) return false;
    this.projector.completeRecord(table, id, row.record);
    this.notify([]);
    return true;
  }

  /** Last log seq applied. */
  get seq(): number {
    return this.subscription?.seq ?? 0;
  }

  open(): Promise<void> {
    if (this.closed) return Promise.reject(new Error("the session client is closed"));
    this.opening ??= (async () => {
      let after: number;
      try {
        after = this.initialSeq ?? (await this.hydrate());
        this.initialSeq = undefined;
      } catch (error) {
        this.openFailed(error);
        throw error;
      }
      if (this.closed) throw new Error("the session client is closed");
      this.openAttempts = 0;
      this.subscription = new LogSubscription({
        transport: this.options.transport,
        sessionId: this.options.sessionId,
        after,
        onEntries: (entries) => this.apply(entries),
        repair: () => this.hydrate(),
        onConnection: (info) => this.setConnection(info),
        backoff: this.options.backoff,
        staleAfterAttempts: this.options.staleAfterAttempts,
      });
      await this.subscription.start();
    })();
    // A failed open (gateway down while hydrating) is retried by the next call instead of sticking.
    this.opening.catch(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  /** Hydration failed: a refusal (401, 403, 404: wrong token, no such session) is `failed` and not retried;
   * anything else (network down, 5xx) is retried with backoff, `reconnecting` then `stale` — as a fact with
   * the reason either way, never a silent `connecting`. */
  private openFailed(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    const status = error instanceof GatewayRequestError ? error.status : undefined;
    const refused = status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
    const reason =
      error instanceof GatewayRequestError ? `hydration ${error.code} (HTTP ${status}): ${message}` : message;
    if (refused) {
      this.setConnection({ ...this.connectionBase(), state: "failed", reason });
      return;
    }
    this.openAttempts += 1;
    const stale = this.openAttempts > (this.options.staleAfterAttempts ?? 3);
    this.setConnection({ ...this.connectionBase(), state: stale ? "stale" : "reconnecting", reason });
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(
      () => void this.open().catch(() => {}),
      backoffDelay(this.openAttempts, this.options.backoff),
    );
  }

  private connectionBase(): ConnectionInfo {
    return {
      state: this.connectionInfo.state,
      transport: this.options.transport.name,
      lastSeq: this.subscription?.seq ?? 0,
      attempt: this.openAttempts,
      since: Date.now(),
    };
  }

  private setConnection(info: ConnectionInfo): void {
    this.connectionInfo = info;
    for (const listener of this.connectionListeners) listener(info);
  }

  private boundWithin(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`listener not bound within ${ms} ms (${this.connectionInfo.state})`)),
        ms,
      );
    });
    return Promise.race([this.ready, timeout]).finally(() => clearTimeout(timer));
  }

  /** Called after every applied batch (and after a repair) with the new state. */
  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onConnection(listener: (info: ConnectionInfo) => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    if (this.subscription) this.subscription.close();
    else this.setConnection({ ...this.connectionBase(), state: "closed", reason: "closed by client" });
    this.listeners.clear();
  }

  /** Replaces the projection with the owner's snapshot; returns the seq it reflects. */
  private async hydrate(): Promise<number> {
    if (!this.options.loadSnapshot) {
      this.earlier.window(undefined);
      return this.subscription?.seq ?? 0;
    }
    const requested = performance.now();
    const snapshot = await this.options.loadSnapshot();
    const applying = performance.now();
    this.options.onTiming?.("session.detail_request_ms", applying - requested);
    const { seq, applied } = this.applySnapshot(snapshot, applying);
    this.options.onTiming?.("session.messages_hydrate_ms", applied - requested);
    return seq;
  }

  /** Replaces the projection with `snapshot` (from `applying`, `performance.now()`): the seq it reflects
   * and when it was applied. */
  private applySnapshot(snapshot: SessionSnapshot, applying = performance.now()) {
    const projector = this.makeProjector();
    projector.hydrate({ kind: "projection", state: snapshot.state });
    this.projector = projector;
    this.lists.reset(snapshot.state, snapshot.window);
    this.optimistic.reconcile(snapshot.state);
    this.earlier.window(snapshot.window?.messages);
    this.cuts.window(snapshot.window?.cut);
    this.eventsAt = Date.now();
    this.notify([]);
    const applied = performance.now();
    this.options.onTiming?.("session.snapshot_apply_ms", applied - applying);
    return { seq: snapshot.seq, applied };
  }

  private apply(entries: readonly LogEntry[]): void {
    for (const entry of entries) {
      this.projector.apply(entry.event);
      // In the same batch as its fact: no frame ever shows the optimistic copy beside the runtime's.
      if (this.optimistic.size > 0) this.optimistic.observe(entry.event);
    }
    if (entries.length > 0) this.eventsAt = Date.now();
    this.notify(entries);
  }

  private showOptimistic(command: ControlCommand): void {
    const send = optimisticSendOf(command);
    if (send && this.optimistic.add(send)) this.notify([]);
  }

  private settleOptimistic(command: ControlCommand, result: WriteResult): void {
    const send = optimisticSendOf(command);
    const projected = (id: string) => this.projector.getState().messages.some((m) => m.id === id);
    if (send && this.optimistic.settle(send.clientMessageId, result, projected)) this.notify([]);
  }

  private notify(entries: readonly LogEntry[]): void {
    const state = this.state;
    for (const listener of this.listeners) listener(state, entries);
  }
}
