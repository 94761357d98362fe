// The session list as the UI shows it, and `GET /api/feed/sessions`: the same list pushed over SSE, whole
// on connect and again after every change (throttled), so no client polls. Each session carries its run's
// state from the projection (`run`) for the most recent sessions, whose projections the gateway holds or
// loads; older ones show only the source's health.
import { SSE_SESSIONS_EVENT, type SessionInfo } from "@agent-ui/contracts";
import type { Context } from "hono";
import type { Gateway } from "../gateway/gateway";

const HEARTBEAT_MS = 15_000;
/** At most one list per this many ms while sessions stream (a text delta grows a log). */
const THROTTLE_MS = 250;
/** Run states are loaded for this many most recent sessions; older ones get one if already held. */
const RUN_STATE_LOADED = 50;

export async function listSessions(gateway: Gateway): Promise<SessionInfo[]> {
  const sessions = await gateway.store.listSessions();
  return Promise.all(
    sessions.map(async (s, index) => {
      const run = await gateway.runSummary(s.id, index < RUN_STATE_LOADED).catch(() => undefined);
      return { ...s, attached: gateway.isAttached(s.id), ...(run ? { run } : {}) };
    }),
  );
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
