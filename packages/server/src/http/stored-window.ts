// The hydration window kept in the session store, so the first joiner of a session after a restart is
// answered before its projection is loaded (AS-10, HYD-02): loading a long session's projection reads
// and hydrates a snapshot of tens of MB, while its window is a few hundred KB.
// - When the gateway closes, the newest window it served for each session (at most
//   `MAX_WINDOWS_SAVED`, the most recently served first) is brought up to the session's head and stored:
//   its `{ state, window }` content, the seq it reflects, its message limit and a stamp of what its shape
//   depends on (`WINDOW_STAMP`). A window over `MAX_STORED_WINDOW_BYTES` is not stored.
// - When a session's projection is dropped from memory (the projection cache's bounds), the window
//   served for it is stored the same way, brought up to the dropped projection's seq: a gateway that
//   ends without a clean close still leaves the windows of the sessions it let go.
// - While a session's projection is held in memory, its window is stored at rest and while it streams
//   (./resting-windows.ts): a gateway that ends without a clean close (a crash, a kill) still leaves a
//   window at or a few seconds behind every session's head.
// - A snapshot request for a session whose projection is not loaded is answered from the window this
//   gateway still keeps for it (its projection was evicted), or else from the stored window, when it is
//   at the session's head or at most `MAX_EVENTS_AFTER_STORED_WINDOW` events behind it, for the same
//   limit and with this gateway's stamp; the session record and the attached flag are the current ones.
//   The joiner's client reads the events after the window's seq from the stream (HYD-08), as a joiner
//   at that seq did: after a crash mid-stream, the events since the last store; after a restart, the
//   settlement's status facts (../gateway/restart.ts). The projection then loads behind it, for the
//   requests that need it. Otherwise the request takes the projection's path (./app.ts).
// That answer does not wait for the store's check at open (../store/gate.ts: the SQLite store's scan of
// its whole file); the requests after it do.
// The window itself is never brought forward over the events after it: it is a cut of the state (newest
// messages, timeline tail, table pages), and an event applied to a cut is not the cut of the state with
// that event. Only its runtime (kept whole) and its live actions are read at the head
// (`storedStateAtHead`): by applying those events to a projector hydrated from it, as the client does.
import { PROJECTION_SCHEMA_VERSION, type ProjectionState } from "@agent-ui/contracts";
import type { MiddlewareHandler } from "hono";
import type { Gateway } from "../gateway/gateway";
import { defaultProjectorFactory, type ProjectorFactory } from "../gateway/session-projection";
import type { SessionRecord, SessionStore } from "../store/session-store";
import {
  composeWindowBody,
  DEFAULT_MESSAGE_WINDOW,
  keyOfWindow,
  MAX_PAGE,
  MESSAGE_WINDOW_BYTES,
  WINDOW_TIMELINE_ROWS,
  windowContentBytes,
  windowKey,
} from "./hydration-window";
import { WINDOW_TABLE_ROWS } from "./table-window";
import { intParam } from "./params";
import type { WindowCache } from "./window-cache";

/** Bump when what a window selects or how it is shaped changes without a projection schema change. */
export const WINDOW_FORMAT = "agent-ui-window/1";
/** What a stored window's bytes depend on besides the state: a window stamped otherwise is not served. */
export const WINDOW_STAMP = [
  WINDOW_FORMAT,
  PROJECTION_SCHEMA_VERSION,
  MESSAGE_WINDOW_BYTES,
  WINDOW_TIMELINE_ROWS,
  WINDOW_TABLE_ROWS,
].join(";");
/** A window's bound (`npm run bench:window`): a larger one is not stored. */
export const MAX_STORED_WINDOW_BYTES = 512 * 1024;
/** Windows stored when the gateway closes, the most recently served first. */
export const MAX_WINDOWS_SAVED = 32;
/** How many events a stored window may be behind the session's head and still be served (see above):
 * a few seconds of a streaming runtime's events, which the joiner's client reads from the stream. */
export const MAX_EVENTS_AFTER_STORED_WINDOW = 2_048;

/** `GET /api/sessions/:id/snapshot` from the stored window, before the projection is loaded (see above);
 * any other case goes on to the route. */
export function storedWindowFirst(gateway: Gateway, windows: WindowCache): MiddlewareHandler {
  return async (c, next) => {
    const id = c.req.param("id") ?? "";
    const limit = windowLimit(c.req.query("limit"));
    if (c.req.query("before") !== undefined || limit === undefined) return next();
    if (gateway.projectionLoaded(id)) return next();
    // Unwaited by the store's check at open (../store/gate): the first paint after a restart.
    const reads = gateway.store.beforeCheck ?? gateway.store;
    const stored = await storedContent(gateway, windows, id, limit, reads).catch(() => undefined);
    if (stored === undefined) return next();
    const { session, seq, content } = stored;
    windows.put(id, windowKey(seq, limit), content);
    // The requests after this one (table pages, history, details) need the projection: it loads now.
    void gateway.currentProjection(id).catch(() => {});
    const body = composeWindowBody(session, gateway.isAttached(id), seq, content);
    return c.body(body as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/json; charset=UTF-8",
    });
  };
}

/** The route's message limit, or `undefined` for one the route refuses (it answers that 400 itself). */
function windowLimit(raw: string | undefined): number | undefined {
  try {
    return intParam(raw, "limit", DEFAULT_MESSAGE_WINDOW, 1, MAX_PAGE);
  } catch {
    return undefined;
  }
}

/** The stored window's content when it may be served: at the session's head or a few events behind it,
 * this limit, this stamp, and JSON with the content's two parts. */
export async function storedContent(
  gateway: Gateway,
  windows: WindowCache,
  id: string,
  limit: number,
  reads: Pick<SessionStore, "getSession" | "readWindow"> = gateway.store,
) {
  const session = await reads.getSession(id);
  // A session the store found damaged or rewound is answered by the route, as ever.
  if (session === undefined || session.damage !== undefined || session.logRewound !== undefined) return;
  // Still kept here (its projection was evicted since): no read of the store.
  const kept = windows.peek(id, windowKey(session.lastSeq, limit));
  if (kept !== undefined) return { session, seq: session.lastSeq, content: kept };
  const stored = await reads.readWindow(id);
  if (stored === undefined || stored.messageLimit !== limit) return;
  if (!servedAt(stored.seq, session)) return;
  const content = Buffer.from(stored.body);
  if (stored.stamp !== WINDOW_STAMP || content.byteLength > MAX_STORED_WINDOW_BYTES) return;
  const parsed = JSON.parse(stored.body) as { state?: unknown; window?: unknown } | null;
  if (!isObject(parsed) || !isObject(parsed.state) || !isObject(parsed.window)) return;
  return { session, seq: stored.seq, content };
}

/** Whether a stored window at `seq` may be served for `session` (see the file comment). */
function servedAt(seq: number, session: SessionRecord): boolean {
  return seq <= session.lastSeq && session.lastSeq - seq <= MAX_EVENTS_AFTER_STORED_WINDOW;
}

/** The runtime state at the session's head from its stored window (the restart settlement reads whether
 * a run was in flight there instead of loading the projection). */
export async function storedRuntimeAtHead(
  store: SessionStore,
  sessionId: string,
  factory: ProjectorFactory = defaultProjectorFactory,
): Promise<ProjectionState["runtime"] | undefined> {
  const session = await store.getSession(sessionId);
  return session && (await storedStateAtHead(store, session, factory))?.runtime;
}

/** The runtime and the live actions at `session`'s head (`lastSeq`) from its stored window, without
 * loading the projection: the window's own when it is at the head; when it is a few events behind (see
 * `MAX_EVENTS_AFTER_STORED_WINDOW`), those of a projector (`factory`'s) hydrated from it with the events
 * after it applied, as a joiner's client does. The runtime is kept whole in a window; its record tables
 * are cut as the window cuts them (every live row, up to its bounds). */
export async function storedStateAtHead(
  store: SessionStore,
  session: SessionRecord,
  factory: ProjectorFactory = defaultProjectorFactory,
): Promise<Pick<ProjectionState, "runtime" | "actions"> | undefined> {
  if (session.damage !== undefined || session.logRewound !== undefined) return;
  const stored = await store.readWindow(session.id);
  if (stored === undefined || !servedAt(stored.seq, session) || stored.stamp !== WINDOW_STAMP) return;
  const state = (JSON.parse(stored.body) as { state?: Record<string, unknown> } | null)?.state;
  const runtime = state?.runtime;
  if (!isObject(runtime) || typeof (runtime as { status?: unknown }).status !== "string") return;
  const behind = session.lastSeq - stored.seq;
  if (behind === 0) {
    const actions = isObject(state?.actions) ? state.actions : {};
    return { runtime, actions } as Pick<ProjectionState, "runtime" | "actions">;
  }
  const entries = await store.readEvents(session.id, { after: stored.seq, limit: behind });
  if (entries.length !== behind || entries[behind - 1].seq !== session.lastSeq) return;
  const projector = factory();
  projector.hydrate({ kind: "projection", state: state as unknown as ProjectionState });
  for (const entry of entries) projector.apply(entry.event);
  const head = projector.getState();
  return { runtime: head.runtime, actions: head.actions };
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Stores the newest window served for each session (at most `MAX_WINDOWS_SAVED`), brought up to the
 * session's head: run when the gateway closes, after its runtimes stopped. A window that cannot be
 * stored is skipped (the next start builds it from the projection). */
export async function saveServedWindows(gateway: Gateway, windows: WindowCache): Promise<void> {
  for (const { sessionId, key, body } of windows.recent(MAX_WINDOWS_SAVED)) {
    await saveWindow(gateway, sessionId, key, body, async (seq) => {
      const session = await gateway.store.getSession(sessionId);
      if (session === undefined) return;
      if (seq === session.lastSeq) return { seq };
      return gateway.caughtUpProjection(sessionId);
    });
  }
}

/** Stores the served window of each session whose projection the gateway drops from memory, brought up
 * to that projection's seq. `idle()` resolves when the saves under way are done (the close awaits it
 * before its own). */
export function saveEvictedWindows(gateway: Gateway, windows: WindowCache): { idle(): Promise<void> } {
  const pending = new Set<Promise<void>>();
  gateway.onProjectionEvicted((sessionId, projection) => {
    const kept = windows.kept(sessionId);
    if (kept === undefined) return;
    const saving = saveWindow(gateway, sessionId, kept.key, kept.body, async (seq) =>
      seq === projection.seq ? { seq } : projection,
    ).finally(() => pending.delete(saving));
    pending.add(saving);
  });
  return { idle: async () => void (await Promise.all(pending)) };
}

/** Stores `body` (the window for `key`) when `at` says it is current (`{ seq }`), else the window built
 * from the state `at` gives; nothing when `at` gives nothing or the window is over the bound. */
export async function saveWindow(
  gateway: Gateway,
  sessionId: string,
  key: string,
  body: Buffer,
  at: (seq: number) => Promise<{ seq: number; state?: ProjectionState } | undefined>,
): Promise<void> {
  try {
    const { seq, messageLimit } = keyOfWindow(key);
    const current = await at(seq);
    if (current === undefined) return;
    const content =
      current.state === undefined ? body : await windowContentBytes(current.state, messageLimit);
    if (content.byteLength > MAX_STORED_WINDOW_BYTES) return;
    await gateway.store.saveWindow(sessionId, {
      seq: current.seq,
      messageLimit,
      stamp: WINDOW_STAMP,
      body: content.toString(),
    });
  } catch {
    // The store is closing or the session went away: nothing to keep for it.
  }
}
