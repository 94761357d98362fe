// `GET /api/sessions/:id/ws?after=<seq>[.<tag>]` — the same resumable log over WebSocket: a `ready` frame once the
// listener is bound, then `entries` frames in seq order (each batch encoded once for every viewer by the
// feed, sent as a text frame without re-encoding per socket). Backpressure: when the socket's buffer grows
// past a limit the connection is closed (code 1013) and the client resumes from its last seq.
import type { ServerFrame } from "@agent-ui/contracts";
import { upgradeWebSocket } from "@hono/node-server";
import type { Context } from "hono";
import { wsEntriesFrame } from "../gateway/encoded-frames";
import type { Gateway } from "../gateway/gateway";
import { type FrameEncoding, LivePump } from "../gateway/live-pump";
import { resumeRefusal } from "../gateway/resume-cursor";
import { CUT_GRACE_MS, refuseResume, resumePoint } from "./sse-route";

/** A client that does not answer a ping within one interval is gone (half-open TCP): terminate it. */
const PING_INTERVAL_MS = 30_000;

/** The `ws` socket under Hono's wrapper. */
interface RawSocket {
  bufferedAmount?: number;
  ping?: () => void;
  terminate?: () => void;
  on?: (event: "pong", listener: () => void) => void;
  send?: (data: Uint8Array, options: { binary: boolean }) => void;
}

const frameBytes = (frame: ServerFrame) => Buffer.from(JSON.stringify(frame));

const WS_ENCODING: FrameEncoding = {
  readyBeforeBacklog: false,
  ready: (after, head) => frameBytes({ type: "ready", after, head }),
  entries: wsEntriesFrame,
};

export function wsRoute(gateway: Gateway) {
  return async (c: Context, next: () => Promise<void>) => {
    const id = c.req.param("id") as string;
    const session = await gateway.getSession(id);
    const cursor = resumePoint(c);
    const after = cursor.seq;
    // A browser cannot read the status of a refused upgrade: a WebSocket is accepted and told with an error
    // frame (`cursor_ahead` / `log_rewound`) before it is closed (4409); a plain GET gets the 409.
    const refusal = await resumeRefusal(gateway.store, session, cursor);
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") refuseResume(refusal);
    let pump: LivePump | undefined;
    let pinger: ReturnType<typeof setInterval> | undefined;
    const cleanup = () => {
      clearInterval(pinger);
      pump?.stop();
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
        // Text frames from the shared bytes; through Hono's wrapper (a string) only without a `ws` socket.
        const sendText = (bytes: Uint8Array) => {
          if (raw?.send) raw.send(bytes, { binary: false });
          else ws.send(Buffer.from(bytes).toString("utf8"));
        };
        if (refusal !== undefined) {
          sendText(frameBytes({ type: "error", code: refusal.code, message: refusal.message }));
          ws.close(4409, refusal.code);
          return;
        }
        pump = new LivePump(
          {
            get buffered() {
              return raw?.bufferedAmount ?? 0;
            },
            write: (frames) => {
              for (const frame of frames) sendText(frame);
            },
            close: (reason) => {
              // 1013 "try again later" with the reason; a peer that never reads the close frame is dropped.
              ws.close(1013, reason);
              setTimeout(() => raw?.terminate?.(), CUT_GRACE_MS).unref();
            },
          },
          WS_ENCODING,
          gateway.viewerLimits,
        );
        pump
          .start((listener, pace) => gateway.subscribe(id, after, listener, pace), after)
          .catch((error: unknown) => {
            sendText(
              frameBytes({
                type: "error",
                code: "subscribe_failed",
                message: error instanceof Error ? error.message : String(error),
              }),
            );
            ws.close(1011, "subscribe failed");
          });
      },
      onClose: cleanup,
      onError: cleanup,
    }));
    return handler(c, next);
  };
}
