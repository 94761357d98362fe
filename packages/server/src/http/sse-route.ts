// `GET /api/sessions/:id/events` — Server-Sent Events, resumable by cursor: `?after=<seq>[.<tag>]` or the
// `Last-Event-ID` header the browser sends on reconnect. The `ready` event says the listener is bound
// (COMP-05); each entry is one SSE event whose `id` is its cursor (`<seq>.<tag>`, ../gateway/resume-cursor);
// a comment line keeps proxies from timing out.
// Each wake's frames (pre-encoded once for all viewers by the feed) are one chunk of the response body.
import { type ResumeCursor, SSE_CLOSE_EVENT, SSE_READY_EVENT } from "@agent-ui/contracts";
import type { Context } from "hono";
import { sseEntryFrames } from "../gateway/encoded-frames";
import { GatewayError } from "../gateway/errors";
import type { Gateway } from "../gateway/gateway";
import {
  type FrameEncoding,
  type FrameSink,
  LivePump,
  type PumpLimits,
  type Subscribe,
} from "../gateway/live-pump";
import { parseResumeCursor, resumeRefusal } from "../gateway/resume-cursor";

const HEARTBEAT_MS = 15_000;
const HEARTBEAT = Buffer.from(": keep-alive\n\n");
/** A cut viewer that has not read its final event within this time is disconnected. */
export const CUT_GRACE_MS = 5_000;

const SSE_HEADERS: Record<string, string> = {
  "content-type": "text/event-stream",
  "cache-control": "no-cache",
  connection: "keep-alive",
  // Reverse proxies (nginx) must not buffer a live stream.
  "x-accel-buffering": "no",
};

const SSE_ENCODING: FrameEncoding = {
  readyBeforeBacklog: true,
  ready: (after, head) =>
    Buffer.from(`event: ${SSE_READY_EVENT}\ndata: ${JSON.stringify({ type: "ready", after, head })}\n\n`),
  entries: sseEntryFrames,
};

/** A cursor the log no longer reaches: beyond the stored head (`cursor_ahead`) or naming an entry that is
 * not the one stored at its seq (`log_rewound`) — the client saw events this store no longer has (a
 * restored or rewound database). Told so with a 409 — never silently served from the head, which would
 * hand it reused seqs. */
export function refuseResume(refusal: { code: string; message: string } | undefined): void {
  if (refusal !== undefined) throw new GatewayError("conflict", refusal.code, refusal.message);
}

/** Where a viewer resumes: `Last-Event-ID`, else `?after=`; a bare seq or a `<seq>.<tag>` cursor. */
export function resumePoint(c: Context): ResumeCursor {
  const header = c.req.header("last-event-id");
  if (header !== undefined && header !== "") return parseResumeCursor(header, "Last-Event-ID");
  const after = c.req.query("after");
  if (after === undefined || after === "") return { seq: 0 };
  return parseResumeCursor(after, "after");
}

export function sseRoute(gateway: Gateway) {
  return async (c: Context) => {
    const id = c.req.param("id") as string;
    const session = await gateway.getSession(id);
    const cursor = resumePoint(c);
    refuseResume(await resumeRefusal(gateway.store, session, cursor));
    const after = cursor.seq;
    // The node response under Hono (@hono/node-server): a cut viewer that stops reading is disconnected.
    const outgoing = (c.env as { outgoing?: { destroy(): void; writableFinished?: boolean } } | undefined)
      ?.outgoing;
    return c.newResponse(
      liveStream(
        (listener, pace) => gateway.subscribe(id, after, listener, pace),
        after,
        gateway.viewerLimits,
        outgoing,
      ),
      200,
      SSE_HEADERS,
    );
  };
}

/** The response body of one viewer: a byte stream we enqueue to directly (one chunk per wake), read by the
 * HTTP server only as fast as the socket drains. Ends when the client goes away (cancel), the gateway
 * shuts down, or the viewer is cut as too slow. */
function liveStream(
  subscribe: Subscribe,
  after: number,
  limits: PumpLimits,
  outgoing: { destroy(): void; writableFinished?: boolean } | undefined,
): ReadableStream<Uint8Array> {
  let pump: LivePump | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let ended = false;
  const end = () => {
    ended = true;
    clearInterval(heartbeat);
    pump?.stop();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const sink: FrameSink = {
          // Bytes queued here and not yet taken by the server (it stops reading while the socket is full).
          get buffered() {
            return -(controller.desiredSize ?? 0);
          },
          write(frames) {
            if (ended) return;
            controller.enqueue(frames.length === 1 ? frames[0] : Buffer.concat(frames));
          },
          close(reason) {
            if (ended) return;
            end();
            // The last event names why the stream ends; the client resumes from its last seq.
            controller.enqueue(
              Buffer.from(
                `event: ${SSE_CLOSE_EVENT}\ndata: ${JSON.stringify({ type: "close", reason })}\n\n`,
              ),
            );
            controller.close();
            if (outgoing)
              setTimeout(() => {
                if (!outgoing.writableFinished) outgoing.destroy();
              }, CUT_GRACE_MS).unref();
          },
        };
        pump = new LivePump(sink, SSE_ENCODING, limits);
        heartbeat = setInterval(() => sink.write([HEARTBEAT]), HEARTBEAT_MS);
        pump.start(subscribe, after).catch(() => {
          // The session vanished or the store failed while binding: end the stream; the client retries.
          sink.close("subscribe failed");
        });
      },
      cancel: end,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
}
