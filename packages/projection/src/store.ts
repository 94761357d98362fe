// The projector's internal store: mutable tables and slices with dirty tracking (see entity-table.ts),
// plus the indexes the family reducers share (turn → messages, open tools per turn, …). Family files
// mutate it through the helpers here; `view.ts` turns it into the immutable `ProjectionState`.
import { TeamIndex } from "./internal/team-index";
import type {
  ActionRecord,
  AgentRecord,
  AgentUiEvent,
  ArtifactRecord,
  ContextSlice,
  Diagnostic,
  EvidenceRecord,
  FactSource,
  Message,
  PermissionSlice,
  QueueSlice,
  RuntimeSlice,
  SessionSlice,
  Severity,
  TaskRecord,
  TeamSlice,
  TimelineEntry,
  TimelineKind,
  ToolRecord,
} from "@agent-ui/contracts";
import { TEAM_LISTS, diagnostic, redact } from "@agent-ui/contracts";
import { EntityTable, Slice } from "./internal/entity-table";
import { Lazy } from "./internal/lazy";
import { KeyedList } from "./internal/follow";
import { ListSlice } from "./internal/list-slice";
import { copyPlain } from "./internal/json";
import { type MessageState, type PartState, messageView } from "./internal/message-state";
import type { ResolvedOptions } from "./options";
import type { OrderingGate } from "./ordering";

/** Diagnostic codes a later fact may take back (`withdrawDiagnostics`). */
const WITHDRAWABLE = ["lineage_unknown"] as const;

export function emptyRuntime(): RuntimeSlice {
  return { status: "idle", attention: "low", model: { selected: "unknown" }, limits: { status: "unknown" } };
}

export function emptyTeam(): TeamSlice {
  return {
    topology: "solo_run",
    roster: [],
    workBoard: [],
    edges: [],
    handoffs: [],
    notifications: [],
    reviews: [],
    counts: {},
  };
}

export function emptyContext(): ContextSlice {
  return { refs: [], missing: [], compactions: [] };
}

export function emptyPermissions(): PermissionSlice {
  return { mode: "unknown", sandbox: "unknown", decisions: [], violations: [] };
}

/** What a family reducer gets besides the event: its source reference and resolved scope keys. */
export interface EventContext {
  event: AgentUiEvent;
  payload: Record<string, unknown>;
  source: FactSource;
  /** The turn this event belongs to: turnId, else the turn of its runId, else runId, else "default". */
  turnKey: string;
}

export class Store {
  readonly session = new Slice<SessionSlice>({ hydration: { status: "empty" } }, copyPlain);
  readonly runtime = new Slice<RuntimeSlice>(emptyRuntime(), copyPlain);
  /** Copy-on-write per list and per entry (internal/list-slice): a read after a change costs O(change). */
  readonly team = new ListSlice<TeamSlice>(emptyTeam(), TEAM_LISTS);
  /** Lookups into the team's lists by identity (internal/team-index). */
  readonly teamIndex = new TeamIndex();
  readonly queue = new ListSlice<QueueSlice>({ items: [], steers: [] }, ["items", "steers"]);
  readonly context = new ListSlice<ContextSlice>(emptyContext(), ["refs", "missing", "compactions"]);
  readonly permissions = new ListSlice<PermissionSlice>(emptyPermissions(), ["decisions", "violations"]);
  /** Decisions, violations and compactions by id (internal/follow). */
  readonly decisionsById = new KeyedList<PermissionSlice["decisions"][number]>((entry) => entry.id);
  readonly violationsById = new KeyedList<PermissionSlice["violations"][number]>((entry) => entry.id);
  readonly compactionsById = new KeyedList<ContextSlice["compactions"][number]>((entry) => entry.id);
  readonly metrics = new Slice<Record<string, number>>({}, (value) => ({ ...value }));

  readonly messages = new EntityTable<MessageState, Message>(messageView);
  readonly tools = new EntityTable<ToolRecord>(copyPlain);
  readonly actions = new EntityTable<ActionRecord>(copyPlain);
  readonly tasks = new EntityTable<TaskRecord>(copyPlain);
  readonly agents = new EntityTable<AgentRecord>(copyPlain);
  readonly artifacts = new EntityTable<ArtifactRecord>(copyPlain);
  readonly evidence = new EntityTable<EvidenceRecord>(copyPlain);
  readonly timeline = new EntityTable<TimelineEntry>(copyPlain);

  /** The entity tables, in the order a snapshot lists them. */
  entityTables(): EntityTable<unknown, unknown>[] {
    return [
      this.messages,
      this.tools,
      this.actions,
      this.tasks,
      this.agents,
      this.artifacts,
      this.evidence,
      this.timeline,
    ] as EntityTable<unknown, unknown>[];
  }

  /** Append-only; diagnostic objects are never mutated after creation, so a snapshot's view is the first
   * `length` entries, copied only when read. */
  readonly diagnostics: Diagnostic[] = [];
  private diagnosticsView: Lazy<Diagnostic[]> | null = null;
  private diagnosticsViewLength = 0;
  /** Diagnostics of `WITHDRAWABLE` codes by `code|message` (counts), up to `withdrawableSeen`. */
  private readonly withdrawable = new Map<string, number>();
  private withdrawableSeen = 0;

  /** External application state; replaced immutably by snapshots and patches, so it is its own view. */
  appState: Record<string, unknown> = {};

  // Indexes shared by family reducers.
  readonly messageKeyById = new Map<string, string>();
  /** Current assistant message per lane (turn + authoring agent). */
  readonly laneMessage = new Map<string, MessageState>();
  readonly turnMessages = new Map<string, MessageState[]>();
  readonly runToTurn = new Map<string, string>();
  /** Usage a turn reported before it had an answer, by turn (families/turn-usage.ts; bounded). */
  readonly waitingTurnUsage = new Map<string, Record<string, number>>();
  readonly openTools = new Map<string, Set<string>>();
  /** Where each tool's inline part lives, so status changes update it in O(1). */
  readonly toolPlaces = new Map<string, { turnKey: string; message: MessageState; part: PartState }>();
  /** The turn of each tool whose part went with a removed message (`removeMessage`): the tool still runs,
   * is retried and is closed in that turn (bounded by the tools). */
  readonly unplacedTools = new Map<string, string>();
  /** Where the one card of each artifact (`artifact:<artifactId>`, ART-04) and action (`action:<actionId>`,
   * HITL-03) sits: a later fact updates the card there, whichever turn the fact belongs to. */
  readonly cards = new Map<string, { message: MessageState; part: PartState }>();
  /** Ids of actions still waiting for the runtime's terminal fact. */
  readonly pendingActions = new Set<string>();
  /** Capsule state a task had before an action took its attention, restored on resolution. */
  readonly taskStateBeforeAction = new Map<string, TaskRecord["status"]>();
  /** Turns whose run reached a terminal fact (STAT-07); cleared when the turn starts again. */
  readonly terminalTurns = new Set<string>();
  /** Turns already flagged for text after their end (one diagnostic per turn). */
  readonly lateTextTurns = new Set<string>();
  /** Newest snapshot time applied per hydration kind (HYD-03 stale safety). */
  readonly snapshotTimes = new Map<string, string>();
  messageCounter = 0;
  /** The message the previous fact resolved to (a one-entry cache for streamed deltas). */
  lastMessage: { messageId: string; turnKey: string; agentId: unknown; message: MessageState } | null = null;
  /** Set by a repair snapshot; the projector then releases held events in order (HYD-10). */
  repairRequested = false;

  constructor(
    readonly options: ResolvedOptions,
    readonly gate: OrderingGate,
  ) {}

  diag(
    code: Diagnostic["code"],
    severity: Severity,
    message: string,
    event?: AgentUiEvent,
    path?: string,
  ): void {
    const extra: { path?: string; eventRef?: Diagnostic["eventRef"] } = {};
    if (path !== undefined) extra.path = path;
    if (event !== undefined) extra.eventRef = eventRefOf(event);
    // A message may name a value from the input (an unknown class, a status): redacted like any text.
    this.diagnostics.push(redact(diagnostic(code, severity, message, extra)).value);
    this.diagnosticsView = null;
  }

  /** Takes back the diagnostics of this code and message a later fact proved untrue (they must be true
   * of the snapshot). O(1) when there is none to take back: the messages of withdrawable codes are
   * counted as diagnostics are appended (followed by length: hydration appends directly). */
  withdrawDiagnostics(code: (typeof WITHDRAWABLE)[number], message: string): void {
    const diagnostics = this.diagnostics;
    for (; this.withdrawableSeen < diagnostics.length; this.withdrawableSeen++) {
      const seen = diagnostics[this.withdrawableSeen];
      if ((WITHDRAWABLE as readonly string[]).includes(seen.code)) {
        const key = `${seen.code}|${seen.message}`;
        this.withdrawable.set(key, (this.withdrawable.get(key) ?? 0) + 1);
      }
    }
    const key = `${code}|${message}`;
    if (!this.withdrawable.has(key)) return;
    this.withdrawable.delete(key);
    let kept = 0;
    for (const d of diagnostics) if (d.code !== code || d.message !== message) diagnostics[kept++] = d;
    diagnostics.length = kept;
    this.withdrawableSeen = kept;
    this.diagnosticsView = null;
  }

  /** Diagnostics produced elsewhere (contracts validation) are appended redacted. */
  pushDiagnostics(list: readonly Diagnostic[]): void {
    if (list.length === 0) return;
    this.diagnostics.push(...redact(list).value);
    this.diagnosticsView = null;
  }

  diagnosticsList(): Lazy<Diagnostic[]> {
    // Compared by length too: hydration appends to `diagnostics` directly.
    const length = this.diagnostics.length;
    if (this.diagnosticsView === null || this.diagnosticsViewLength !== length) {
      this.diagnosticsView = new Lazy(() => this.diagnostics.slice(0, length), length);
      this.diagnosticsViewLength = length;
    }
    return this.diagnosticsView;
  }

  markStale(section: string): void {
    if (!this.gate.staleSections.has(section)) {
      this.gate.staleSections.add(section);
      this.gate.markChanged();
    }
  }

  clearStale(section: string): void {
    if (this.gate.staleSections.delete(section)) this.gate.markChanged();
  }

  /** Resolves the turn an event belongs to without guessing from proximity (PROSE-03). */
  turnKeyOf(event: AgentUiEvent): string {
    if (typeof event.turnId === "string") return event.turnId;
    if (typeof event.runId === "string") return this.runToTurn.get(event.runId) ?? event.runId;
    return "default";
  }

  /** One timeline entry per fact, updated in place as the fact changes (PROC-03, PROC-09). */
  timelineEntry(
    id: string,
    kind: TimelineKind,
    title: string,
    ctx: EventContext,
    extra: { status?: string; refs?: Record<string, string> } = {},
  ): void {
    const existing = this.timeline.get(id);
    if (existing !== undefined) {
      existing.kind = kind;
      existing.title = title;
      if (extra.status !== undefined) existing.status = extra.status;
      if (extra.refs !== undefined) Object.assign(existing.refs, extra.refs);
      existing.source = ctx.source;
      this.timeline.touch(id);
      return;
    }
    const entry: TimelineEntry = { id, kind, title, refs: { ...(extra.refs ?? {}) }, source: ctx.source };
    if (extra.status !== undefined) entry.status = extra.status;
    if (ctx.turnKey !== "default") entry.turnId = ctx.turnKey;
    this.timeline.set(id, entry);
  }
}

export function eventRefOf(event: AgentUiEvent): Diagnostic["eventRef"] {
  const ref: NonNullable<Diagnostic["eventRef"]> = {};
  if (typeof event.eventId === "string") ref.eventId = event.eventId;
  if (typeof event.sequence === "number") ref.sequence = event.sequence;
  if (typeof event.type === "string") ref.type = event.type;
  if (typeof event.streamId === "string") ref.streamId = event.streamId;
  if (typeof event.source?.index === "number") ref.index = event.source.index;
  return ref;
}

export function sourceOf(event: AgentUiEvent): FactSource {
  const source: FactSource = {};
  if (typeof event.eventId === "string") source.eventId = event.eventId;
  if (typeof event.sequence === "number") source.sequence = event.sequence;
  source.type = event.type;
  return source;
}
