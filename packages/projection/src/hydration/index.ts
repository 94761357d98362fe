// One hydration path for `hydrate()` and for `state.snapshot` events (AUI-AR-HYDRATE-001..004). Stale
// safety first (HYD-03): a snapshot for another session, or older than what is already applied, is
// ignored with `stale_hydration_ignored`.
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { EventContext, Store } from "../store";
import { sourceOf } from "../store";
import { hydrateProjection } from "./projection";
import { hydrateEvidencePack, hydrateRuntimeSession, hydrateTask, hydrateThread } from "./read-model";
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
      hydrateProjection(store, input.state, ctx);
      return;
  }
  const session = store.session.value;
  session.hydration = { status: "hydrated", source: input.kind };
  store.session.touch();
  for (const [stream, sequence] of Object.entries(input.cursor ?? {}))
    store.gate.setBaseline(stream, sequence);
}
