// state.snapshot / state.delta (HYD-*, ORD-04/05): a snapshot carrying a runtime read model or a stored
// projection goes through the same hydration code as `hydrate()`; `appState` is replaced; `repair: true`
// releases held events and clears stale marks. state.delta applies RFC 6902 ops to appState; a failing op
// is a `patch_failed` diagnostic and marks appState stale — never a silent skip.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { hydrateInput } from "../hydration";
import type { HydrationInput } from "../hydration/types";
import { isRecord } from "../internal/json";
import { PatchError, type PatchOperation, applyPatch } from "../internal/json-patch";
import { safeValue } from "../internal/safety";
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
  for (const input of inputs) hydrateInput(store, input, event);
  const hasAppState = isRecord(payload.appState);
  if (hasAppState) {
    store.appState = safeValue(payload.appState as Record<string, unknown>).value;
    store.clearStale("appState");
  }
  if (inputs.length === 0 && !hasAppState && payload.repair !== true) {
    store.diag(
      "schema_mismatch",
      "warning",
      "state.snapshot carries no runtimeSession, thread, task, evidencePack, projection or appState",
      event,
    );
    return;
  }
  if (payload.repair === true) {
    store.repairRequested = true;
    for (const section of Array.from(store.gate.staleSections))
      if (!section.startsWith("stream:")) store.clearStale(section);
    const session = store.session.value;
    if (session.hydration.status === "stale" || session.hydration.status === "repairing") {
      session.hydration = { status: "hydrated", source: "repair" };
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

export const stateHandlers = {
  "state.snapshot": stateSnapshot,
  "state.delta": stateDelta,
} as const;
