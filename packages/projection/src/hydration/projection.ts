// Resume from a stored projection (server compaction, ARCH-04): every slice is loaded as-is and the
// cursor becomes each stream's baseline, so the event tail continues where the stored state ended.
import type { MessagePart, ProjectionState } from "@agent-ui/contracts";
import { adoptRestoredPart } from "../families/restored-part";
import { copyPlain } from "../internal/json";
import { stateLimitExceeded } from "../internal/state-bounds";
import { copyMessageFields, type MessageState, type PartState } from "../internal/message-state";
import type { EventContext, Store } from "../store";
import type { EntityTable } from "../internal/entity-table";

/** Rows loaded between two steps of a hydration run in steps. */
const ROWS_PER_STEP = 64;
/** Messages loaded between two steps (a message carries its parts: more than a row). */
const MESSAGES_PER_STEP = 16;

/** How the rows of a stored projection's large slices (tables, timeline, diagnostics, messages) are
 * taken: `keep` returns the row the store keeps (redacted when the state was not redacted whole
 * beforehand, and a copy unless the input was handed over), `clean` only redacts (a message is rebuilt
 * into the store's own shape anyway). */
export interface RowFilter {
  keep<T>(row: T): T;
  clean<T>(row: T): T;
}

/** Rows of an input redacted whole beforehand and still the caller's: copied, not redacted again. */
export const COPY_ROWS: RowFilter = { keep: copyPlain, clean: (row) => row };

function* loadTable<T>(
  table: EntityTable<T, T>,
  record: Record<string, T> | undefined,
  rows: RowFilter,
): Generator<void, void, undefined> {
  if (record === undefined || record === null) return;
  let count = 0;
  for (const id of Object.keys(record)) {
    table.set(id, rows.keep(record[id]));
    if (++count % ROWS_PER_STEP === 0) yield;
  }
}

export function partState(part: MessagePart): PartState {
  const { text, ...rest } = copyPlain(part);
  // A part stored without its status (the contract requires one) reads as a new part does.
  const status = rest.status ?? "streaming";
  return { ...rest, status, chunks: typeof text === "string" ? [text] : null, rev: 0 };
}

/** Runs every step of `steps` at once. */
export function runSteps(steps: Iterator<void>): void {
  while (steps.next().done !== true) {}
}

/** Loads a stored projection (see the file comment), a bounded number of rows per step, the rows of its
 * large slices taken through `rows`. Nothing else may touch the store until it ends. */
export function* hydrateProjectionSteps(
  store: Store,
  state: ProjectionState,
  ctx: EventContext,
  rows: RowFilter,
): Generator<void, void, undefined> {
  // A stored projection that was degraded stays degraded: resuming from it repairs nothing (HYD-12).
  const stored = state.session?.hydration;
  store.session.replace({
    ...copyPlain(state.session),
    hydration:
      stored?.status === "degraded" ? copyPlain(stored) : { status: "hydrated", source: "projection" },
  });
  store.runtime.replace(copyPlain(state.runtime));
  store.team.replace(copyPlain(state.team));
  store.queue.replace(copyPlain(state.queue));
  store.context.replace(copyPlain(state.context));
  store.permissions.replace(copyPlain(state.permissions));
  store.metrics.replace({ ...(state.metrics ?? {}) });
  yield* loadTable(store.tools, state.tools, rows);
  yield* loadTable(store.actions, state.actions, rows);
  yield* loadTable(store.tasks, state.tasks, rows);
  yield* loadTable(store.agents, state.agents, rows);
  yield* loadTable(store.artifacts, state.artifacts, rows);
  yield* loadTable(store.evidence, state.evidence, rows);
  let count = 0;
  // An id handed out to an id-less part stays taken after a restore (PROC-09): the timeline entries its
  // removed parts left bring each message's part-id floor back.
  const floors = new Map<string, number>();
  for (const entry of state.timeline ?? []) {
    const row = rows.keep(entry);
    store.timeline.set(row.id, row);
    const [, messageId, index] = /:(.+):\w+:(\d+)$/.exec(row.id) ?? [];
    if (messageId) floors.set(messageId, Math.max(floors.get(messageId) ?? 0, +index + 1));
    if (++count % ROWS_PER_STEP === 0) yield;
  }
  for (const diagnostic of state.diagnostics ?? []) {
    store.diagnostics.push(rows.keep(diagnostic));
    if (++count % ROWS_PER_STEP === 0) yield;
  }
  const refused = stateLimitExceeded(state.appState ?? {}, store.options);
  if (refused === undefined) store.appState = copyPlain(state.appState ?? {});
  else {
    store.diag(
      "state_limit_exceeded",
      "error",
      `stored projection appState refused (${refused}): appState kept as it was and marked stale`,
      ctx.event,
      "/appState",
    );
    store.markStale("appState");
  }
  // By the id the table files a row under (what the facts name), not the row's own `actionId` field.
  for (const id of Object.keys(state.actions ?? {})) {
    const status = store.actions.get(id)?.status;
    if (status === "pending" || status === "stale") store.pendingActions.add(id);
  }
  let messages = 0;
  for (const message of state.messages ?? []) {
    loadMessage(store, rows.clean(message), floors.get(message.id));
    if (++messages % MESSAGES_PER_STEP === 0) yield;
  }
  const runtime = store.runtime.value;
  if (runtime.runId !== undefined && runtime.turnId !== undefined && !store.runToTurn.has(runtime.runId))
    store.runToTurn.set(runtime.runId, runtime.turnId);
  if (
    runtime.turnId !== undefined &&
    ["completed", "failed", "cancelled", "interrupted"].includes(runtime.status)
  )
    store.terminalTurns.add(runtime.turnId);
  for (const [stream, sequence] of Object.entries(state.cursor?.streams ?? {}))
    store.gate.setBaseline(stream, sequence);
  for (const section of state.cursor?.staleSections ?? [])
    if (!section.startsWith("stream:")) store.markStale(section);
}

function loadMessage(
  store: Store,
  message: ProjectionState["messages"][number],
  partFloor: number | undefined,
): void {
  const key = `m${store.messageCounter++}`;
  const state: MessageState = {
    key,
    id: message.id,
    role: message.role,
    parts: [],
    partsById: new Map(),
    partFloor,
  };
  copyMessageFields(message, state);
  for (const part of message.parts) {
    const loaded = partState(part);
    state.parts.push(loaded);
    state.partsById.set(loaded.id, loaded);
  }
  store.messages.set(key, state);
  store.messageKeyById.set(message.id, key);
  const turnKey = message.turnId ?? "default";
  // Later events that name only the run reach the run's turn, as they do live.
  if (message.runId !== undefined && message.turnId !== undefined && !store.runToTurn.has(message.runId))
    store.runToTurn.set(message.runId, message.turnId);
  const turn = store.turnMessages.get(turnKey) ?? [];
  turn.push(state);
  store.turnMessages.set(turnKey, turn);
  if (message.role === "assistant") store.laneMessage.set(`${turnKey}|${message.agentId ?? ""}`, state);
  for (const part of state.parts) adoptRestoredPart(store, state, part);
}
