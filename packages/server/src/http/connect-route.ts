// `POST /api/connect/test`: tries an upstream agent before a session is created on it, and says what
// failed (or what was found) with a code. The test itself belongs to the source kind (its factory's
// `test`, which goes through that connector's upstream policy); this route checks the request and picks
// the kind. Behind the same token, Origin and JSON-write guards as every write.
import { MAX_CONNECTION_TEST_MS } from "@agent-ui/contracts";
import type { Hono } from "hono";
import type { Gateway } from "../gateway/gateway";
import { badRequest, readJsonObject } from "./params";

export function connectRoutes(app: Hono, gateway: Gateway): void {
  app.post("/api/connect/test", async (c) => {
    const body = await readJsonObject(c);
    const test = gateway.sources.tester(body.source);
    const config = body.config;
    if (typeof config !== "object" || config === null || Array.isArray(config))
      throw badRequest('"config" (an object with "url" and optional "headers") is required');
    const timeoutMs = body.timeoutMs;
    if (
      timeoutMs !== undefined &&
      (typeof timeoutMs !== "number" ||
        !Number.isInteger(timeoutMs) ||
        timeoutMs < 100 ||
        timeoutMs > MAX_CONNECTION_TEST_MS)
    )
      throw badRequest(`"timeoutMs" must be an integer between 100 and ${MAX_CONNECTION_TEST_MS}`);
    return c.json(await test(config as Record<string, unknown>, { timeoutMs }));
  });
}
