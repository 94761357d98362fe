// The session list as the UI shows it, and `GET /api/feed/sessions`: the same list pushed over SSE, whole
// on connect and again after every change (throttled), so no client polls. Each of the most recent
// sessions carries its run's state (`run`): from its projection when the gateway holds it, else from its
// stored hydration window when that window is at the session's head, else from its projection loaded for
// the list, but only for a session short enough to load in a moment (a list never waits for a
// million-event load, nor competes with a viewer's first paint for it). Older ones show only the
// source's health.
import { SSE_SESSIONS_EVENT, type SessionInfo, type SessionRunSummary } from "@agent-ui/contracts";
import type { Context } from "hono";
import type { Gateway } from "../gateway/gateway";
import { runSummaryOf } from "../gateway/run-summary";
import type { SessionRecord } from "../store/session-store";
import { storedStateAtHead } from "./stored-window";

const HEARTBEAT_MS = 15_000;
/** At most one list per this many ms while sessions stream (a text delta grows a log). */
const THROTTLE_MS = 250;
/** Run states are given for this many most recent sessions; older ones get one if already held. */
const RUN_STATE_LOADED = 50;
/** A session longer than this is not loaded for the list: it shows a run state once something loads it
 * (a viewer) or a stored window at its head says it. */
export const MAX_EVENTS_LOADED_FOR_LIST = 10_000;

/** Run states read from stored windows, by session, with the seq they are at (a list is sent after every
 * change: a window is read and parsed once per seq). */
const fromWindows = new WeakMap<Gateway, Map<string, { seq: number; run: SessionRunSummary | undefined }>>();

export async function listSessions(gateway: Gateway): Promise<SessionInfo[]> {
  const sessions = await gateway.store.listSessions();
  return Promise.all(
    sessions.map(async (s, index) => {
      const run = await runOf(gateway, s, index).catch(() => undefined);
      return { ...s, attached: gateway.isAttached(s.id), ...(run ? { run } : {}) };
    }),
  );
}

async function runOf(
  gateway: Gateway,
  session: SessionRecord,
  index: number,
): Promise<SessionRunSummary | undefined> {
  if (gateway.projectionLoaded(session.id)) return gateway.runSummary(session.id, true);
  if (index >= RUN_STATE_LOADED) return undefined;
  const run = await windowRunOf(gateway, session);
  if (run !== undefined || session.lastSeq > MAX_EVENTS_LOADED_FOR_LIST) return run;
  return gateway.runSummary(session.id, true);
}

async function windowRunOf(gateway: Gateway, session: SessionRecord): Promise<SessionRunSummary | undefined> {
  const known = fromWindows.get(gateway) ?? new Map();
  fromWindows.set(gateway, known);
  const cached = known.get(session.id);
  if (cached?.seq === session.lastSeq) return cached.run;
  const state = await storedStateAtHead(gateway.store, session, gateway.projectorFactory);
  const run = state && runSummaryOf(state);
  if (known.size >= RUN_STATE_LOADED * 4) known.clear();
  known.set(session.id, { seq: session.lastSeq, run });
  return run;
}

export function sessionsFeedRoute(gateway: Gateway) {
  return (c: Context) => {
    const encoder = new TextEncoder();
    let stop = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let ended = false;
        let timer: ReturnType<typeof setTimeout> | undefined;
        let sending = false;
        let again = false;
        const send = async () => {
          if (sending) {
            again = true;
            return;
          }
          sending = true;
          try {
            const sessions = await listSessions(gateway);
            if (!ended)
              controller.enqueue(
                encoder.encode(`event: ${SSE_SESSIONS_EVENT}\ndata: ${JSON.stringify({ sessions })}\n\n`),
              );
          } catch {
            // The store failed: the next change sends again; the client keeps its last list.
          } finally {
            sending = false;
            if (again && !ended) {
              again = false;
              schedule();
            }
          }
        };
        const schedule = () => {
          if (timer !== undefined || ended) return;
          timer = setTimeout(() => {
            timer = undefined;
            void send();
          }, THROTTLE_MS);
        };
        const off = gateway.onSessionsChanged(schedule);
        const heartbeat = setInterval(() => {
          if (!ended) controller.enqueue(encoder.encode(": keep-alive\n\n"));
        }, HEARTBEAT_MS);
        stop = () => {
          ended = true;
          off();
          clearInterval(heartbeat);
          clearTimeout(timer);
        };
        void send();
      },
      cancel: () => stop(),
    });
    return c.newResponse(body, 200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
  };
}
