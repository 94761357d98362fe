// A store whose session reads and writes wait for a check that runs after it opened (the SQLite store's
// integrity check, ./sqlite-integrity): the gateway listens while it runs, and no session's events are
// served, and nothing is written, before the check has said which sessions are damaged. One answer does
// not wait: a session's stored hydration window (`beforeCheck`: its record and its window, one row each),
// so the first paint after a restart does not wait for a scan of the whole file. A damaged row there
// fails its read or its parse, and that request takes the waiting path; a session the check then finds
// damaged answers `session_damaged` on every request after it, its stream included.
import type { SessionStore } from "./session-store";

type AsyncMethods = {
  [K in keyof SessionStore]-?: SessionStore[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof SessionStore];

/** Every method that reads or writes a session's rows (not `onAppended`, not `close`). */
const GATED: readonly AsyncMethods[] = [
  "createSession",
  "getSession",
  "listSessions",
  "setStatus",
  "renameSession",
  "deleteSession",
  "append",
  "readEvents",
  "saveSnapshot",
  "latestSnapshot",
  "saveWindow",
  "readWindow",
  "claimIdempotency",
  "completeIdempotency",
  "releaseIdempotency",
  "putDetails",
  "readDetail",
  "claimRuntimes",
];

/** Makes `store`'s session methods wait for `checked` (whether it resolves or fails) until it settles;
 * afterwards they run as they are. `beforeCheck` keeps the two reads of a stored window unwaited. */
export function gateUntil<S extends SessionStore>(store: S, checked: Promise<unknown>): S {
  let open = false;
  const passed = checked.then(
    () => {
      open = true;
    },
    () => {
      open = true;
    },
  );
  const methods = store as unknown as Record<AsyncMethods, (...args: unknown[]) => Promise<unknown>>;
  const beforeCheck = { getSession: store.getSession.bind(store), readWindow: store.readWindow.bind(store) };
  Object.defineProperty(store, "beforeCheck", { value: beforeCheck, enumerable: false });
  for (const name of GATED) {
    const method = methods[name].bind(store);
    methods[name] = async (...args) => {
      if (!open) await passed;
      return method(...args);
    };
  }
  return store;
}
