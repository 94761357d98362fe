// `POST /hooks/:kind/:sessionId`: where an upstream delivers updates it pushes (A2A push notifications).
// Outside `/api`, so the gateway's API token is neither asked for nor accepted: the hook's own token is,
// sent as `X-A2A-Notification-Token` or `Authorization: Bearer` (../gateway/webhooks). Any JSON body type
// (`application/a2a+json` included); capped like every request body.
import type { Hono } from "hono";
import type { Gateway } from "../gateway/gateway";
import { fail } from "./fail";

export function webhookRoutes(app: Hono, gateway: Gateway): void {
  app.post("/hooks/:kind/:sessionId", async (c) => {
    const hooks = gateway.webhooks;
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const token = c.req.header("x-a2a-notification-token") ?? bearer;
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return fail(c, 400, "invalid_json", "the request body must be JSON");
    }
    const outcome = hooks
      ? await hooks.receive(c.req.param("kind"), c.req.param("sessionId"), token, body)
      : "unauthorized";
    if (outcome === "unauthorized") return fail(c, 401, "unauthorized", "no webhook here takes this token");
    return c.json({ accepted: true });
  });
}
