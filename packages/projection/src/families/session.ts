// session.* (HYD-*): the session shell (ids, title, hydration status, closed). The shell is what paints
// first when a session opens (HYD-01). `session.updated` also carries the gateway's view of the upstream
// source (FALL-01, HYD-08, ORD-05): `stale: true` (or `sourceStatus: "stale"`) renders the session
// `stale` until `stale: false` says the facts are current again; `sourceStatus` stays visible as given.
import type { SessionSlice } from "@agent-ui/contracts";
import { asString } from "../internal/json";
import { sourceStopped } from "../hydration/repair";
import type { EventContext, Store } from "../store";

type HydrationStatus = SessionSlice["hydration"]["status"];

/** Upstream source states after which the stream will not deliver the missing events. */
const STOPPED: ReadonlySet<string> = new Set(["stopped", "closed", "ended"]);

/** The status a session had before its source went stale, restored when the source recovers. */
const statusBeforeStale = new WeakMap<Store, HydrationStatus>();

function applySourceHealth(store: Store, session: SessionSlice, payload: Record<string, unknown>): void {
  const sourceStatus = asString(payload.sourceStatus);
  if (sourceStatus !== undefined) session.sourceStatus = sourceStatus;
  const stale =
    typeof payload.stale === "boolean" ? payload.stale : sourceStatus === "stale" ? true : undefined;
  if (stale === true && session.hydration.status !== "stale") {
    statusBeforeStale.set(store, session.hydration.status);
    session.hydration = { ...session.hydration, status: "stale" };
  } else if (stale === false && session.hydration.status === "stale") {
    // Only the branch above makes a session `stale`, and it records the status it had (never `empty`:
    // the projector makes a session `live` before its first fact is reduced).
    const previous = statusBeforeStale.get(store) ?? "live";
    statusBeforeStale.delete(store);
    session.hydration = { ...session.hydration, status: previous };
  }
}

function sessionEvent(kind: "opened" | "hydrated" | "updated" | "closed") {
  return (store: Store, ctx: EventContext): void => {
    const { event, payload } = ctx;
    const session = store.session.value;
    if (typeof event.sessionId === "string") session.sessionId = event.sessionId;
    if (typeof event.threadId === "string") session.threadId = event.threadId;
    const title = asString(payload.title);
    if (title !== undefined) session.title = title;
    if (kind === "closed") session.closed = true;
    if (kind === "opened") session.closed = false;
    // The marker that accompanies a snapshot says no more than the snapshot did: a repair still under
    // way or a partial recovery is kept (HYD-10, HYD-12).
    if (
      kind === "hydrated" &&
      session.hydration.status !== "repairing" &&
      session.hydration.status !== "degraded"
    )
      session.hydration = { status: "hydrated", source: "event" };
    if (kind === "updated") applySourceHealth(store, session, payload);
    store.session.touch();
    // A source that stopped can no longer fill gaps or repair stale sections: they are degraded (HYD-12).
    if (kind === "closed" || (kind === "updated" && STOPPED.has(String(payload.sourceStatus))))
      sourceStopped(store, event);
  };
}

export const sessionHandlers = {
  "session.opened": sessionEvent("opened"),
  "session.hydrated": sessionEvent("hydrated"),
  "session.updated": sessionEvent("updated"),
  "session.closed": sessionEvent("closed"),
} as const;
