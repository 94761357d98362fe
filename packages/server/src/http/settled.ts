// After a restart the gateway listens before every session is settled (gateway/restart.ts). A request
// for a session not settled yet settles it first and waits; past `SETTLE_WAIT_MS` it is answered 503
// `session_settling` with `Retry-After`, never served a status the restart is about to change.
import type { MiddlewareHandler } from "hono";
import type { RestartSettlement } from "../gateway/restart";
import { fail } from "./fail";

export const SETTLE_WAIT_MS = 10_000;

export function settledFirst(settlement: RestartSettlement, waitMs = SETTLE_WAIT_MS): MiddlewareHandler {
  return async (c, next) => {
    const settling = settlement.whenSettled(c.req.param("id") ?? "");
    if (settling !== undefined) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((done) => {
        timer = setTimeout(() => done("late"), waitMs);
      });
      const outcome = await Promise.race([settling, late]);
      clearTimeout(timer);
      if (outcome === "late") {
        c.header("retry-after", "1");
        return fail(c, 503, "session_settling", "the gateway restarted and is still settling this session");
      }
    }
    await next();
  };
}
