// The options of a `SessionClient` (./session-client): how it loads the owner's snapshot and pages, the
// projector it feeds, and the restore durations it reports.
import type { AgentUiEvent, Message, MessageCut, ProjectionState, WindowInfo } from "@agent-ui/contracts";
import type { TeamList, WindowTable } from "@agent-ui/contracts";
import type { BackoffOptions } from "./backoff";
import type { LoadHistory } from "./earlier-messages";
import type { ListPageLoaders } from "./list-pages";
import type { EventTransport } from "./transports/transport";
import type { MessageRow, TableRow } from "@agent-ui/contracts";
import type { WritePort } from "./write-port";

/** The owner's snapshot: the hydration window's state, the seq it reflects and what it left out. */
export interface SessionSnapshot {
  seq: number;
  state: ProjectionState;
  window?: {
    messages?: WindowInfo;
    tables?: Partial<Record<WindowTable, WindowInfo>>;
    team?: Partial<Record<TeamList, WindowInfo>>;
    timeline?: WindowInfo;
    cut?: MessageCut;
  };
}

/** The slice of the projection API the client uses. */
export interface ClientProjector {
  apply(event: AgentUiEvent): unknown;
  hydrate(input: { kind: "projection"; state: ProjectionState }): unknown;
  getState(): ProjectionState;
  /** Rows of a record table loaded after hydration (older pages); projectors without it get none. */
  mergeRecords?(table: WindowTable, records: Readonly<Record<string, unknown>>): unknown;
  /** Completes a row the window sent as a preview with the fields of its whole row it lacks. */
  completeRecord?(table: WindowTable, id: string, row: unknown): unknown;
  /** Entries of the team's roster or edges loaded after hydration (older pages), placed before the held
   * ones except those keyed in `older`; projectors without it get none. */
  mergeTeam?(list: TeamList, entries: readonly unknown[], older?: ReadonlySet<string>): unknown;
  /** Timeline rows loaded after hydration (older pages), placed before the held ones. */
  mergeTimeline?(entries: readonly unknown[]): unknown;
  /** Completes a message sent cut with its whole copy, keeping what it holds; false when it could not. */
  completeMessage?(whole: Message, cut: MessageCut): boolean;
}

/** The page loaders (`loadTablePage`, `loadTeamPage`, `loadTimelinePage`) enable paging the window's
 * record tables, team lists and timeline by cursor (HYD-02). */
export interface SessionClientOptions extends ListPageLoaders {
  sessionId: string;
  transport: EventTransport;
  port: WritePort;
  /** The owner's snapshot (hydration window) and the seq it reflects. Without it the client replays the
   * log from the start. */
  loadSnapshot?: () => Promise<SessionSnapshot>;
  /** A hydration window the caller already holds (fetched while the page loaded, or by a server render):
   * applied when the client is built, so `state` shows it before `open()`, and the first `open()` listens
   * from its seq instead of loading one. A gap's repair loads a fresh one as ever. */
  initialSnapshot?: SessionSnapshot;
  /** Older messages before a window cursor (HYD-05); enables `loadEarlier()`. */
  loadHistory?: LoadHistory;
  /** One whole message (the gateway's `/messages/:id`): a window or page may send one cut. */
  loadMessage?: (messageId: string) => Promise<MessageRow>;
  /** One whole row of a record table (the gateway's `/tables/:table/:id`). */
  loadTableRow?: (table: WindowTable, id: string) => Promise<TableRow>;
  createProjector?: () => ClientProjector;
  backoff?: BackoffOptions;
  staleAfterAttempts?: number;
  /** A write waits at most this long for the listener to bind, then answers `unavailable` (default 10 s). */
  bindTimeoutMs?: number;
  /** Show a sent message at once, marked `optimistic`, until the runtime confirms it (default true). */
  optimisticSends?: boolean;
  /** Measured restore durations (PERF-03), in ms of `performance.now()`. */
  onTiming?: (metric: RestoreTiming, ms: number) => void;
}

/** The restore durations a session client observes itself (PERF-03): the hydration window's request, its
 * apply into the projector, the whole recent-message hydration, and an older history page. */
export type RestoreTiming =
  | "session.detail_request_ms"
  | "session.snapshot_apply_ms"
  | "session.messages_hydrate_ms"
  | "history.page_load_ms";
