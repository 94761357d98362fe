// One hydration path for `hydrate()` and for `state.snapshot` events (AUI-AR-HYDRATE-001..004). Stale
// safety first (HYD-03): a snapshot for another session, or older than what is already applied, is
// ignored with `stale_hydration_ignored`.
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { EventContext, Store } from "../store";
import { sourceOf } from "../store";
import { COPY_ROWS, type RowFilter, hydrateProjectionSteps, runSteps } from "./projection";
import { isRecord } from "../internal/json";
import { hydrateEvidencePack, hydrateRuntimeSession, hydrateTask, hydrateThread } from "./read-model";
import { degrade, flaggedPartial, settleHydration } from "./repair";
import type { HydrationInput, StreamCursor } from "./types";

export type { HydrationInput, StreamCursor } from "./types";

function sessionOf(input: HydrationInput): string | undefined {
  switch (input.kind) {
    case "runtime-session":
      return input.snapshot?.sessionId;
    case "thread":
      return input.sessionId;
    case "task":
      return typeof input.task?.sessionId === "string" ? input.task.sessionId : undefined;
    case "evidence-pack":
      return input.pack?.runtimeCorrelation?.sessionId;
    case "projection":
      return input.state?.session?.sessionId;
  }
}

function updatedAtOf(input: HydrationInput): string | undefined {
  if (input.kind === "runtime-session" && typeof input.snapshot?.updatedAt === "string")
    return input.snapshot.updatedAt;
  if (input.kind === "thread" && typeof input.thread?.updatedAt === "string") return input.thread.updatedAt;
  return undefined;
}

function cursorOf(input: HydrationInput): StreamCursor | undefined {
  return input.kind === "projection" ? input.state?.cursor?.streams : input.cursor;
}

function isPayloadPresent(input: HydrationInput): boolean {
  switch (input.kind) {
    case "runtime-session":
      return input.snapshot !== null && typeof input.snapshot === "object";
    case "thread":
      return input.thread !== null && typeof input.thread === "object";
    case "task":
      return input.task !== null && typeof input.task === "object";
    case "evidence-pack":
      return input.pack !== null && typeof input.pack === "object";
    case "projection":
      return input.state !== null && typeof input.state === "object";
    default:
      return false;
  }
}

/** Why a snapshot must not be applied, or null when it is current for this session. */
function staleReason(store: Store, input: HydrationInput): string | null {
  const owner = store.options.sessionId ?? store.session.value.sessionId;
  const session = sessionOf(input);
  if (owner !== undefined && session !== undefined && session !== owner)
    return `snapshot for session ${session} arrived in session ${owner}`;
  const updatedAt = updatedAtOf(input);
  const newest = store.snapshotTimes.get(input.kind);
  if (updatedAt !== undefined && newest !== undefined && updatedAt < newest)
    return `snapshot from ${updatedAt} is older than the applied ${newest}`;
  const cursor = cursorOf(input);
  const applied = store.gate.streamBaselines();
  for (const [stream, sequence] of Object.entries(cursor ?? {}))
    if (applied[stream] !== undefined && sequence < applied[stream])
      return `snapshot cursor ${stream}@${sequence} is behind the applied ${applied[stream]}`;
  return null;
}

/** Applies a hydration input. `event` is the state.snapshot carrying it, when there is one. */
export function hydrateInput(store: Store, input: HydrationInput, event?: AgentUiEvent): void {
  runSteps(hydrateInputSteps(store, input, event, COPY_ROWS));
}

/** `hydrateInput` in bounded steps: a stored projection loads a bounded number of rows per step, the rows
 * of its large slices taken through `rows`. Nothing else may touch the store until it ends. */
export function* hydrateInputSteps(
  store: Store,
  input: HydrationInput,
  event: AgentUiEvent | undefined,
  rows: RowFilter,
): Generator<void, void, undefined> {
  const carrier: AgentUiEvent = event ?? { type: "state.snapshot" };
  const ctx: EventContext = {
    event: carrier,
    payload: {},
    source: event !== undefined ? sourceOf(event) : { type: `hydrate:${String(input?.kind)}` },
    turnKey: event !== undefined ? store.turnKeyOf(event) : "default",
  };
  if (input === null || typeof input !== "object" || !isPayloadPresent(input)) {
    store.diag(
      "schema_mismatch",
      "warning",
      `hydration input of kind "${String(input?.kind)}" has no snapshot`,
      event,
    );
    return;
  }
  const stale = staleReason(store, input);
  if (stale !== null) {
    store.diag("stale_hydration_ignored", "info", stale, event);
    return;
  }
  const updatedAt = updatedAtOf(input);
  if (updatedAt !== undefined) store.snapshotTimes.set(input.kind, updatedAt);
  switch (input.kind) {
    case "runtime-session":
      hydrateRuntimeSession(store, input.snapshot, ctx);
      break;
    case "thread":
      if (input.sessionId !== undefined) store.session.value.sessionId ??= input.sessionId;
      hydrateThread(store, input.thread, ctx);
      break;
    case "task":
      hydrateTask(store, input.task, ctx);
      break;
    case "evidence-pack":
      hydrateEvidencePack(store, input.pack, ctx);
      break;
    case "projection":
      coverSnapshot(store, input.state.cursor, "/cursor/eventCount", event);
      yield* hydrateProjectionSteps(store, input.state, ctx, rows);
      settleHydration(store, "hydrated", "projection");
      return;
  }
  if (input.eventCount !== undefined) {
    // One stream: its last sequence is the snapshot's last event. Several: which came last is unknown.
    const streams = Object.values(input.cursor ?? {});
    const lastSequence = streams.length === 1 ? streams[0] : null;
    coverSnapshot(store, { eventCount: input.eventCount, lastSequence }, "/eventCount", event);
  }
  for (const [stream, sequence] of Object.entries(input.cursor ?? {}))
    store.gate.setBaseline(stream, sequence);
  const partial = partialSectionsOf(input);
  if (partial.length > 0) degrade(store, partial, "the snapshot reports a partial recovery", event);
  else settleHydration(store, "hydrated", input.kind);
}

/** Counts the events a hydrated snapshot reflects (HYD-09), before its cursor releases any held tail
 * event (those are counted as they apply). A count that is not a whole number is reported and ignored. */
function coverSnapshot(
  store: Store,
  position: { eventCount?: unknown; lastSequence?: unknown } | undefined,
  path: string,
  event?: AgentUiEvent,
): void {
  const count = position?.eventCount;
  if (count === undefined) return;
  if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 0) {
    store.diag(
      "schema_mismatch",
      "warning",
      "snapshot eventCount is not a whole number of events: not counted",
      event,
      path,
    );
    return;
  }
  const last = position?.lastSequence;
  store.gate.coverSnapshot(count, typeof last === "number" ? last : null);
}

/** Sections the runtime itself flags as not recovered (HYD-12): on the snapshot, a thread, or its
 * history summary. Absent flags mean nothing is degraded; nothing is inferred from missing optional
 * fields (they render `unavailable`, AUI-AR-READ-006). */
function partialSectionsOf(input: HydrationInput): string[] {
  const sections: string[] = [];
  const fromThread = (thread: unknown): void => {
    if (!isRecord(thread)) return;
    const scope = typeof thread.threadId === "string" ? `thread:${thread.threadId}` : "thread";
    sections.push(...flaggedPartial(thread, scope));
    sections.push(...flaggedPartial(thread.history, "messages"));
  };
  switch (input.kind) {
    case "runtime-session":
      sections.push(...flaggedPartial(input.snapshot, "session"));
      sections.push(...flaggedPartial(input.snapshot.historySummary, "messages"));
      for (const thread of Array.isArray(input.snapshot.threads) ? input.snapshot.threads : [])
        fromThread(thread);
      break;
    case "thread":
      fromThread(input.thread);
      break;
    case "task":
      sections.push(...flaggedPartial(input.task, `task:${String(input.task.taskId)}`));
      break;
    case "evidence-pack":
      sections.push(...flaggedPartial(input.pack, "evidence"));
      break;
  }
  return Array.from(new Set(sections));
}
