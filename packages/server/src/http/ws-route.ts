// `GET /api/sessions/:id/ws?after=N` — the same resumable log over WebSocket: a `ready` frame once the
// listener is bound, then `entries` frames in seq order. Backpressure: when the socket's buffer grows past
// a limit the connection is closed (code 1013) and the client resumes from its last seq.
import type { ServerFrame } from "@agent-ui/client";
import { upgradeWebSocket } from "@hono/node-server";
import type { Context } from "hono";
import type { FeedSubscription } from "../gateway/session-feed";
import type { Gateway } from "../gateway/gateway";
import { resumePoint } from "./sse-route";

const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
/** A client that does not answer a ping within one interval is gone (half-open TCP): terminate it. */
const PING_INTERVAL_MS = 30_000;

interface RawSocket {
  bufferedAmount?: number;
  ping?: () => void;
  terminate?: () => void;
  on?: (event: "pong", listener: () => void) => void;
}

export function wsRoute(gateway: Gateway) {
  return async (c: Context, next: () => Promise<void>) => {
    const id = c.req.param("id") as string;
    await gateway.getSession(id);
    const after = resumePoint(c);
    let subscription: FeedSubscription | undefined;
    let closed = false;
    let pinger: ReturnType<typeof setInterval> | undefined;
    const cleanup = () => {
      closed = true;
      clearInterval(pinger);
      subscription?.unsubscribe();
    };
    const handler = upgradeWebSocket(() => ({
      onOpen(_event, ws) {
        const raw = ws.raw as RawSocket | undefined;
        let alive = true;
        raw?.on?.("pong", () => {
          alive = true;
        });
        pinger = setInterval(() => {
          if (!alive) {
            raw?.terminate?.();
            cleanup();
            return;
          }
          alive = false;
          raw?.ping?.();
        }, PING_INTERVAL_MS);
        const send = (frame: ServerFrame) => {
          if (closed) return;
          if ((raw?.bufferedAmount ?? 0) > MAX_BUFFERED_BYTES) {
            ws.close(1013, "client too slow; resume from the last seq");
            return;
          }
          ws.send(JSON.stringify(frame));
        };
        void gateway
          .subscribe(id, after, (entries) => send({ type: "entries", entries: [...entries] }))
          .then(async (sub) => {
            subscription = sub;
            if (closed) {
              sub.unsubscribe();
              return;
            }
            // Backlog entries already went out through the listener; `ready` marks the live point.
            const { head } = await sub.ready;
            send({ type: "ready", after, head });
          })
          .catch((error: unknown) => {
            send({
              type: "error",
              code: "subscribe_failed",
              message: error instanceof Error ? error.message : String(error),
            });
            ws.close(1011, "subscribe failed");
          });
      },
      onClose: cleanup,
      onError: cleanup,
    }));
    return handler(c, next);
  };
}
