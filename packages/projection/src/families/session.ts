// session.* (HYD-*): the session shell (ids, title, hydration status, closed). The shell is what paints
// first when a session opens (HYD-01).
import { asString } from "../internal/json";
import type { EventContext, Store } from "../store";

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
    if (kind === "hydrated") session.hydration = { status: "hydrated", source: "event" };
    else if (session.hydration.status === "empty") session.hydration = { status: "live" };
    store.session.touch();
  };
}

export const sessionHandlers = {
  "session.opened": sessionEvent("opened"),
  "session.hydrated": sessionEvent("hydrated"),
  "session.updated": sessionEvent("updated"),
  "session.closed": sessionEvent("closed"),
} as const;
