// `GET /api/sessions/:id/events` — Server-Sent Events, resumable by sequence: `?after=N` or the
// `Last-Event-ID` header the browser sends on reconnect. The `ready` event says the listener is bound
// (COMP-05); each entry is one SSE event whose `id` is its seq; a comment line keeps proxies from timing out.
import { type LogEntry, SSE_ENTRY_EVENT, SSE_READY_EVENT } from "@agent-ui/client";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { Gateway } from "../gateway/gateway";
import { GatewayError } from "../gateway/errors";
import { intParam } from "./params";

const HEARTBEAT_MS = 15_000;

export function resumePoint(c: Context): number {
  const header = c.req.header("last-event-id");
  if (header !== undefined && header !== "") {
    if (!/^\d+$/.test(header))
      throw new GatewayError(400, "invalid_request", "Last-Event-ID must be a sequence number");
    return Number(header);
  }
  return intParam(c.req.query("after"), "after", 0, 0, Number.MAX_SAFE_INTEGER);
}

export function sseRoute(gateway: Gateway) {
  return async (c: Context) => {
    const id = c.req.param("id") as string;
    await gateway.getSession(id);
    const after = resumePoint(c);
    return streamSSE(c, async (stream) => {
      const pending: LogEntry[] = [];
      let wake: (() => void) | undefined;
      let open = true;
      const subscription = await gateway.subscribe(id, after, (entries) => {
        pending.push(...entries);
        wake?.();
      });
      stream.onAbort(() => {
        open = false;
        subscription.unsubscribe();
        wake?.();
      });
      const { head } = await subscription.ready;
      await stream.writeSSE({ event: SSE_READY_EVENT, data: JSON.stringify({ type: "ready", after, head }) });
      const heartbeat = setInterval(() => {
        // A failed heartbeat means the client is gone even if no abort arrived: end the loop.
        void stream.write(": keep-alive\n\n").catch(() => {
          open = false;
          subscription.unsubscribe();
          wake?.();
        });
      }, HEARTBEAT_MS);
      try {
        while (open) {
          for (const entry of pending.splice(0)) {
            if (!open) break;
            await stream.writeSSE({
              event: SSE_ENTRY_EVENT,
              id: String(entry.seq),
              data: JSON.stringify(entry),
            });
          }
          if (!open) break;
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
        }
      } finally {
        clearInterval(heartbeat);
        subscription.unsubscribe();
      }
    });
  };
}
