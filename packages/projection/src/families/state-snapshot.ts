// state.snapshot / state.delta (HYD-*, ORD-04/05): a snapshot carrying a runtime read model or a stored
// projection goes through the same hydration code as `hydrate()`; `appState` is replaced; `repair: true`
// releases held events and clears the stale marks of what it carries (what it lacks is degraded, see
// hydration/repair.ts). state.delta applies RFC 6902 ops to appState; a failing op is a `patch_failed`
// diagnostic and marks appState stale — never a silent skip. An appState past the size or depth bound
// (options.maxAppStateBytes / maxAppStateDepth) is refused: `state_limit_exceeded`, the state kept as it
// was and marked stale (internal/state-bounds.ts prices a patch without serializing it).
import { type AgentUiEvent, PatchError, type PatchOperation, applyPatch } from "@agent-ui/contracts";
import { hydrateInput } from "../hydration";
import { degradationCount, degrade, factSections, isCovered } from "../hydration/repair";
import type { HydrationInput } from "../hydration/types";
import { isRecord } from "../internal/json";
import { safeValue } from "../internal/safety";
import { stateLimitExceeded } from "../internal/state-bounds";
import type { EventContext, Store } from "../store";

function inputsOf(payload: Record<string, unknown>, event: AgentUiEvent): HydrationInput[] {
  const inputs: HydrationInput[] = [];
  if (isRecord(payload.projection)) inputs.push({ kind: "projection", state: payload.projection as never });
  if (isRecord(payload.runtimeSession))
    inputs.push({ kind: "runtime-session", snapshot: payload.runtimeSession as never });
  if (isRecord(payload.thread))
    inputs.push({
      kind: "thread",
      thread: payload.thread as never,
      ...(typeof event.sessionId === "string" ? { sessionId: event.sessionId } : {}),
    });
  if (isRecord(payload.task)) inputs.push({ kind: "task", task: payload.task as never });
  if (isRecord(payload.evidencePack))
    inputs.push({ kind: "evidence-pack", pack: payload.evidencePack as never });
  return inputs;
}

function stateSnapshot(store: Store, ctx: EventContext): void {
  const { payload, event } = ctx;
  const inputs = inputsOf(payload, event);
  const hasAppState = isRecord(payload.appState);
  const repair = payload.repair === true;
  // A repair snapshot restores what it carries: those stale marks go before it is applied (the snapshot
  // may set some again, e.g. a still-missing pending action). Sections it does not carry cannot be
  // repaired by it: they are degraded, never silently declared fresh (HYD-10, HYD-12).
  const uncovered: string[] = [];
  if (repair)
    for (const section of factSections(store)) {
      if (isCovered(section, inputs, hasAppState)) store.clearStale(section);
      else uncovered.push(section);
    }
  const degradedBefore = degradationCount(store);
  for (const input of inputs) hydrateInput(store, input, event);
  if (hasAppState) {
    const refused = stateLimitExceeded(payload.appState, store.options);
    if (refused === undefined) {
      store.appState = safeValue(payload.appState as Record<string, unknown>).value;
      store.clearStale("appState");
    } else refuseAppState(store, `state.snapshot appState refused (${refused})`, event, "/payload/appState");
  }
  if (inputs.length === 0 && !hasAppState && !repair) {
    store.diag(
      "schema_mismatch",
      "warning",
      "state.snapshot carries no runtimeSession, thread, task, evidencePack, projection or appState",
      event,
    );
    return;
  }
  if (repair) {
    store.repairRequested = true;
    degrade(store, uncovered, "the repair snapshot does not carry", event);
    if (degradationCount(store) === degradedBefore) {
      const session = store.session.value;
      session.hydration = {
        status: factSections(store).length > 0 ? "repairing" : "hydrated",
        source: "repair",
      };
      store.session.touch();
    }
  }
}

function stateDelta(store: Store, ctx: EventContext): void {
  const { payload, event } = ctx;
  if (!Array.isArray(payload.patch)) {
    store.diag(
      "patch_failed",
      "warning",
      "state.delta without a payload.patch array: appState marked stale",
      event,
      "/payload/patch",
    );
    store.markStale("appState");
    return;
  }
  const operations = payload.patch.map((op) =>
    isRecord(op) && "value" in op ? { ...op, value: safeValue(op.value).value } : op,
  ) as PatchOperation[];
  try {
    const next = applyPatch(store.appState, operations);
    if (!isRecord(next)) throw new PatchError("appState must stay an object");
    const refused = stateLimitExceeded(next, store.options);
    if (refused !== undefined) {
      refuseAppState(store, `state.delta refused (${refused})`, event, "/payload/patch");
      return;
    }
    store.appState = next;
  } catch (error) {
    const reason = error instanceof PatchError ? error.message : "patch could not be applied";
    store.diag(
      "patch_failed",
      "warning",
      `state.delta not applied (${reason}): appState marked stale`,
      event,
      "/payload/patch",
    );
    store.markStale("appState");
  }
}

/** The state stays as it was; it is marked stale because the runtime's own state has moved on. */
export function refuseAppState(store: Store, message: string, event: AgentUiEvent, path: string): void {
  store.diag(
    "state_limit_exceeded",
    "error",
    `${message}: appState kept as it was and marked stale`,
    event,
    path,
  );
  store.markStale("appState");
}

export const stateHandlers = {
  "state.snapshot": stateSnapshot,
  "state.delta": stateDelta,
} as const;
