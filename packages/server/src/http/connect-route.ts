// `POST /api/connect/test`: tries an upstream agent before a session is created on it, and says what
// failed (or what was found) with a code (../connect/connection-test). Behind the same token, Origin and
// JSON-write guards as every write; every request it makes goes through the upstream policy.
import type { Hono } from "hono";
import {
  ConnectionConfigError,
  MAX_TEST_TIMEOUT_MS,
  TESTABLE_SOURCES,
  type TestableSource,
  testConnection,
} from "../connect/connection-test";
import { GatewayError } from "../gateway/errors";
import type { Gateway } from "../gateway/gateway";
import { UpstreamGuard, type UpstreamPolicy } from "../sources/upstream-policy";
import { badRequest, readJsonObject } from "./params";

export function connectRoutes(app: Hono, gateway: Gateway, policy: UpstreamPolicy = {}): void {
  const guard = new UpstreamGuard(policy);
  app.post("/api/connect/test", async (c) => {
    const body = await readJsonObject(c);
    const source = body.source;
    const registered = new Set(gateway.sourceKinds().map((s) => s.kind));
    const testable = TESTABLE_SOURCES.filter((kind) => registered.has(kind));
    if (typeof source !== "string" || !(testable as readonly string[]).includes(source))
      throw new GatewayError(
        "invalid",
        "unknown_source",
        `"source" must be one of ${testable.join(", ")} (the connectors this gateway can test)`,
      );
    const config = body.config;
    if (typeof config !== "object" || config === null || Array.isArray(config))
      throw badRequest('"config" (an object with "url" and optional "headers") is required');
    const timeoutMs = body.timeoutMs;
    if (
      timeoutMs !== undefined &&
      (typeof timeoutMs !== "number" ||
        !Number.isInteger(timeoutMs) ||
        timeoutMs < 100 ||
        timeoutMs > MAX_TEST_TIMEOUT_MS)
    )
      throw badRequest(`"timeoutMs" must be an integer between 100 and ${MAX_TEST_TIMEOUT_MS}`);
    try {
      const result = await testConnection(
        { source: source as TestableSource, config: config as Record<string, unknown>, timeoutMs },
        guard,
      );
      return c.json(result);
    } catch (error) {
      if (error instanceof ConnectionConfigError)
        throw new GatewayError("invalid", "invalid_source_config", error.message);
      throw error;
    }
  });
}
