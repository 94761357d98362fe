// createProjector / projectEvents: the gate (shape → dedupe/order) in front of the family reducers, and
// memoized immutable views out (useSyncExternalStore-ready).
import type {
  AgentUiEvent,
  Diagnostic,
  Message,
  MessageCut,
  ProjectionState,
  TeamList,
  TimelineEntry,
} from "@agent-ui/contracts";
import { EVENT_CLASSES, redact, TEAM_LISTS } from "@agent-ui/contracts";
import { HANDLERS } from "./dispatch";
import type { EntityTable } from "./internal/entity-table";
import { copyPlain, fillMissing } from "./internal/json";
import { type EntityReads, entityReads } from "./entity-reads";
import { type HydrationInput, hydrateInput, hydrateInputSteps } from "./hydration";
import { type ProjectorOptions, resolveOptions } from "./options";
import { OrderingGate } from "./ordering";
import { isUiOwnedRuntimeFact } from "./ownership";
import { statesMissingDecision } from "./families/action";
import { replaysAtSlot } from "./restated-slots";
import { type EventContext, Store, sourceOf } from "./store";
import { type ShapeProblem, bodyProblem, envelopeProblem } from "./validate";
import { mergeTeamPage } from "./team-pages";
import { completeMessage } from "./message-complete";
import { StateView, settleAll } from "./view";

export interface CreateProjectorOptions extends ProjectorOptions {
  /** When set, a new stream's sequences are expected to start here (e.g. 1): an event ahead of it is
   * held as a gap instead of becoming the baseline. Default: the first event seen is the baseline. */
  expectStreamStart?: number;
  /** The schema validator behind `validation: "full"` and the detailed diagnostics of a rejected event
   * (the contracts' `validateEvent`; the package's main entry passes it). Without it (the `/core` entry,
   * for browsers: events arrive validated by the gateway) a rejected event gets the shape gate's own
   * finding and `full` adds nothing. */
  validator?: (event: unknown) => Diagnostic[];
}

export interface HydrateStepsOptions {
  /** The input is handed over: the projector keeps the rows of a stored projection's tables as they are
   * (redacted) instead of copying them. The caller must not use the input afterwards. Default false. */
  handOver?: boolean;
}

/** The `select*` methods read one entity of the current snapshot in O(1) (entity-reads.ts). */
export interface Projector extends EntityReads {
  /** Idempotent by eventId; ordered by sequence per stream (streamKeyOf). Never throws. */
  apply(event: AgentUiEvent): void;
  applyAll(events: Iterable<AgentUiEvent>): void;
  /** Straight from a snapshot, no replay (HYD-09). */
  hydrate(input: HydrationInput): void;
  /** `hydrate(input)` in bounded steps: a stored projection (`kind: "projection"`) loads a bounded number
   * of rows per `next()` (any other input in one step), so a caller can yield between steps (a server's
   * event loop). Nothing may be applied to the projector until the iteration ends. */
  hydrateSteps(input: HydrationInput, options?: HydrateStepsOptions): Generator<void, void, undefined>;
  /** Builds, a bounded number of entities per `next()`, the views of what changed since the last
   * `getState()` — after a large hydration that is the whole state — so the next `getState()` and the
   * first reads of its slices only take them. Nothing may be applied until the iteration ends. */
  prepareSteps(): Generator<void, void, undefined>;
  /** Adds rows of a record table loaded later (a page of older rows, HYD-02/05) before the rows it holds.
   * A row it already holds is kept as it is: the projection's own is newer. */
  mergeRecords(table: RecordTable, records: Readonly<Record<string, unknown>>): void;
  /** Completes a held row that came as a preview (a hydration window's tool row has no `outputText`)
   * with the fields of its whole row it lacks; a field it holds is kept. A row it does not hold is
   * added as by `mergeRecords`. */
  completeRecord(table: RecordTable, id: string, row: unknown): void;
  /** Adds a page of older entries of one of the team's lists (HYD-02/05) before the ones it
   * holds, except the held entries keyed in `older` (sent ahead of their page): they stay before it. An
   * entry it already holds is kept as it is, at the page's place (team-pages.ts). */
  mergeTeam(list: TeamList, entries: readonly unknown[], older?: ReadonlySet<string>): void;
  /** Adds a page of older timeline rows (HYD-02/05) before the rows it holds; a row it holds is kept. */
  mergeTimeline(entries: readonly unknown[]): void;
  /** Completes a message a window or page sent cut (`cut`) with the whole message, keeping every part
   * and delta it holds (message-complete.ts); false when it does not hold the message or its cut text
   * changed since (ask again later). */
  completeMessage(whole: Message, cut: MessageCut): boolean;
  /** Memoized immutable view: unchanged slices and entities keep identity (===) between calls. Costs
   * O(slices + entities changed since the last call), never O(history): a large changed table or list is
   * an own enumerable accessor that builds it on first read (as of this call, however late it is read)
   * and then becomes a plain data property; reading it costs O(its size) once. */
  getState(): ProjectionState;
  /** For React useSyncExternalStore: called after each apply/applyAll/hydrate that changed state. */
  subscribe(listener: () => void): () => void;
  /** Increments on every state change. */
  readonly version: number;
}

/** Entity views built per step of `prepareSteps()`. */
const PREPARED_PER_STEP = 64;

const KNOWN_CLASSES: ReadonlySet<string> = new Set<string>(EVENT_CLASSES);

/** The projection's record tables (keyed by id) that a window can cut and a page can fill. */
export type RecordTable = "tools" | "actions" | "tasks" | "agents" | "artifacts" | "evidence";
const RECORD_TABLES: ReadonlySet<string> = new Set<RecordTable>([
  "tools",
  "actions",
  "tasks",
  "agents",
  "artifacts",
  "evidence",
]);

/** High-volume deltas whose `payload.delta` the projection redacts where it accumulates (the part's text
 * as a whole, the bounded tool output preview), so a secret split across deltas is caught there. */
const ACCUMULATED_DELTAS: ReadonlySet<string> = new Set([
  "text.delta",
  "reasoning.delta",
  "plan.delta",
  "tool.output.delta",
  "tool.args",
]);
/** Delta payload keys that carry no free text. */
const DELTA_PLAIN_KEYS: ReadonlySet<string> = new Set(["delta", "role", "visibility", "complete"]);

/** Defence in depth (SEC-01/02): the redaction the CLI and the gateway apply at ingest, applied again to
 * every event, so a caller that hands events straight to the projector never puts a secret in state.
 * Copy-on-write: an event with nothing to redact is used as is. A delta's own text is left to the place
 * it accumulates (one scan of the text instead of one per delta); the rest of its payload is redacted. */
function redacted(event: AgentUiEvent): AgentUiEvent {
  if (!ACCUMULATED_DELTAS.has(event.type)) return redact(event).value;
  const payload = event.payload as Record<string, unknown> | undefined;
  if (payload === undefined || payload === null || typeof payload !== "object") return event;
  let plain = true;
  for (const key in payload)
    if (!DELTA_PLAIN_KEYS.has(key)) {
      plain = false;
      break;
    }
  if (plain) return event;
  const { delta, ...rest } = payload;
  const safe = redact(rest).value;
  return safe === rest ? event : { ...event, payload: delta === undefined ? safe : { ...safe, delta } };
}

export function createProjector(options: CreateProjectorOptions = {}): Projector {
  const resolved = resolveOptions(options);
  const { validator } = options;
  let store: Store;
  const gate = new OrderingGate(
    {
      apply: (event) => reduce(event),
      late: (event, kind) => {
        if (kind === "late")
          store.diag(
            "out_of_order",
            "warning",
            "event arrived after later events of its stream were applied",
            event,
          );
        else
          store.diag(
            "duplicate_event",
            "info",
            "another event already holds this stream sequence: ignored",
            event,
          );
        version++;
      },
      // A restated fact's sequenced copy filled its slot: the cursor moved (listeners must hear of it),
      // and a position-sensitive setter is stated again where the stream states it (restated-slots.ts).
      filled: (event) => {
        version++;
        if (replaysAtSlot(store, event)) reduce(event);
      },
      // A copy of a resolution stating the decision its first copy lacked (same fact id): merged.
      duplicate: (event) => {
        if (statesMissingDecision(store, event)) reduce(event);
      },
    },
    options.expectStreamStart,
  );
  store = new Store(resolved, gate);
  const view = new StateView();
  const listeners = new Set<() => void>();
  let version = 0;
  let batchDepth = 0;
  let notifiedVersion = 0;

  function reduce(raw: AgentUiEvent): void {
    version++;
    const event = redacted(raw);
    const problem = bodyProblem(event);
    if (problem !== null) {
      reportInvalid(event, problem);
      return;
    }
    if (resolved.validation === "full" && validator) store.pushDiagnostics(validator(event));
    if (isUiOwnedRuntimeFact(event.type, event.owner, event.payload as Record<string, unknown> | undefined)) {
      store.diag(
        "ui_owned_fact_ignored",
        "warning",
        `${event.type} is owned by ui_projection: a client write is not the runtime's fact (ARCH-01, HITL-03)`,
        event,
        "/owner",
      );
      return;
    }
    const handler = HANDLERS.get(event.type);
    if (handler === undefined) {
      const code = KNOWN_CLASSES.has(event.type) ? "unsupported_source_event" : "unknown_event_class";
      store.diag(code, "warning", `no projection rule for event class "${event.type}"`, event);
      return;
    }
    const ctx: EventContext = {
      event,
      payload: (event.payload as Record<string, unknown> | undefined) ?? {},
      source: sourceOf(event),
      turnKey: store.turnKeyOf(event),
    };
    const session = store.session.value;
    if (session.hydration.status === "empty") {
      session.hydration = { status: "live" };
      store.session.touch();
    }
    // The stream's own session id makes the projector's session (HYD-03: later snapshots for another
    // session are then ignored), unless options.sessionId already fixed it.
    if (session.sessionId === undefined && typeof event.sessionId === "string") {
      session.sessionId = resolved.sessionId ?? event.sessionId;
      store.session.touch();
    }
    try {
      handler(store, ctx);
    } catch (error) {
      // A safety net: reducers are written not to throw, but a bad event must never break the stream.
      store.diag(
        "schema_mismatch",
        "error",
        `event could not be projected: ${error instanceof Error ? error.message : "error"}`,
        event,
      );
    }
    if (store.repairRequested) {
      store.repairRequested = false;
      gate.repairAll();
    }
  }

  /** A rejected event is reported with the contracts' full validation diagnostics (codes and JSON
   * pointers); the cheap gate's own finding is the fallback. */
  function reportInvalid(raw: unknown, problem: ShapeProblem): void {
    const detailed = (validator?.(raw) ?? []).filter((d) => d.severity === "error");
    if (detailed.length > 0 && problem.code !== "unparseable_input") store.pushDiagnostics(detailed);
    else {
      const event =
        raw !== null && typeof raw === "object" && !Array.isArray(raw) ? (raw as AgentUiEvent) : undefined;
      store.diag(problem.code, "warning", problem.message, event, problem.path);
    }
  }

  function notify(): void {
    if (batchDepth > 0 || notifiedVersion === version) return;
    notifiedVersion = version;
    for (const listener of Array.from(listeners)) listener();
  }

  function admit(raw: unknown): void {
    const problem = envelopeProblem(raw);
    if (problem !== null) {
      version++;
      const event =
        raw !== null && typeof raw === "object" && !Array.isArray(raw) ? (raw as AgentUiEvent) : undefined;
      store.diag(problem.code, "warning", problem.message, event, problem.path);
      return;
    }
    gate.admit(raw as AgentUiEvent);
  }

  function mergeRecords(table: RecordTable, records: Readonly<Record<string, unknown>>): void {
    if (!RECORD_TABLES.has(table)) return;
    const entries = Object.entries(records).filter(([, row]) => row !== null && typeof row === "object");
    const added = (store[table] as EntityTable<unknown>).prepend(
      entries.map(([id, row]) => [id, copyPlain(row)] as const),
    );
    if (added === 0) return;
    if (table === "actions")
      for (const [id] of entries) {
        const status = store.actions.get(id)?.status;
        if (status === "pending" || status === "stale") store.pendingActions.add(id);
      }
    version++;
    gate.markChanged();
    notify();
  }

  return {
    ...entityReads(store),
    apply(event) {
      admit(event);
      notify();
    },
    applyAll(events) {
      batchDepth++;
      try {
        for (const event of events) admit(event);
      } finally {
        batchDepth--;
      }
      notify();
    },
    hydrate(input) {
      version++;
      hydrateInput(store, redact(input).value);
      gate.markChanged();
      notify();
    },
    *hydrateSteps(input, options = {}) {
      if (input?.kind !== "projection" || input.state === null || typeof input.state !== "object") {
        this.hydrate(input);
        return;
      }
      // The small slices are redacted here, whole; each row of the large ones as it is loaded.
      const { messages, tools, actions, tasks, agents, artifacts, evidence, timeline, diagnostics } =
        input.state;
      const head = redact({
        ...input,
        state: {
          ...input.state,
          ...{ messages: [], tools: {}, actions: {}, tasks: {}, agents: {}, artifacts: {}, evidence: {} },
          ...{ timeline: [], diagnostics: [] },
        },
      }).value;
      const rows = { messages, tools, actions, tasks, agents, artifacts, evidence, timeline, diagnostics };
      version++;
      const clean = <T>(row: T): T => (row === null || typeof row !== "object" ? row : redact(row).value);
      const filter = options.handOver
        ? { keep: clean, clean }
        : { keep: <T>(row: T) => copyPlain(clean(row)), clean };
      yield* hydrateInputSteps(store, { ...head, state: { ...head.state, ...rows } }, undefined, filter);
      gate.markChanged();
      notify();
    },
    *prepareSteps() {
      for (const table of store.entityTables()) while (table.stage(PREPARED_PER_STEP) > 0) yield;
    },
    mergeRecords,
    mergeTeam(list, entries, older) {
      if (!TEAM_LISTS.includes(list)) return;
      if (mergeTeamPage(store.team.value, list, entries, older) === 0) return;
      store.team.touch();
      version++;
      gate.markChanged();
      notify();
    },
    mergeTimeline(entries) {
      const rows = entries.filter(
        (row): row is TimelineEntry =>
          row !== null && typeof row === "object" && typeof (row as { id?: unknown }).id === "string",
      );
      if (store.timeline.prepend(rows.map((row) => [row.id, copyPlain(row)] as const)) === 0) return;
      version++;
      gate.markChanged();
      notify();
    },
    completeMessage(whole, cut) {
      if (whole === null || typeof whole !== "object") return false;
      const done = completeMessage(store, redact(whole).value as Message, cut);
      version++;
      gate.markChanged();
      notify();
      return done;
    },
    completeRecord(table, id, row) {
      if (!RECORD_TABLES.has(table) || row === null || typeof row !== "object") return;
      const records = store[table] as unknown as EntityTable<Record<string, unknown>>;
      const held = records.get(id);
      if (held === undefined) return mergeRecords(table, { [id]: row });
      if (!fillMissing(held, row as Record<string, unknown>)) return;
      records.touch(id);
      version++;
      gate.markChanged();
      notify();
    },
    getState() {
      return view.build(store);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get version() {
      return version;
    },
  };
}

/** Projects a finite stream in one call (CLI, conformance, tests). */
export function projectEvents(
  events: Iterable<AgentUiEvent>,
  options: CreateProjectorOptions = {},
): ProjectionState {
  const projector = createProjector(options);
  projector.applyAll(events);
  // The projector is dropped here: a plain snapshot, not one whose unread slices hold the projector.
  return settleAll(projector.getState());
}
