// A2A push notifications: where the agent card offers them, the connector registers the session's webhook
// (a gateway URL with a token made for this session) on each task it follows — `CreateTaskPushNotificationConfig`
// (1.0) or `tasks/pushNotificationConfig/set` (0.3) — and hands every update the agent posts there to the
// `a2a` adapter like a streamed frame. The adapter keys facts by the agent's own ids, so an update that
// arrives both ways is projected once.
import { type A2aEndpoint, rpcCall } from "./wire";
import type { UpstreamGuard } from "../upstream/policy";

export const PUSH_METHODS = {
  "1.0": "CreateTaskPushNotificationConfig",
  "0.3": "tasks/pushNotificationConfig/set",
};

/** The registration's params in the endpoint's wire generation. */
export function pushConfigParams(
  version: A2aEndpoint["version"],
  taskId: string,
  hook: { url: string; token: string },
): Record<string, unknown> {
  return version === "1.0"
    ? { taskId, url: hook.url, token: hook.token }
    : { taskId, pushNotificationConfig: { url: hook.url, token: hook.token } };
}

/** Registers `hook` for `taskId`; resolves to undefined, or the reason it was not registered. */
export async function registerPush(
  endpoint: A2aEndpoint,
  taskId: string,
  hook: { url: string; token: string },
  headers: Record<string, string> | undefined,
  signal: AbortSignal,
  guard: UpstreamGuard,
): Promise<string | undefined> {
  try {
    await rpcCall(
      endpoint.rpcUrl,
      endpoint.version,
      PUSH_METHODS[endpoint.version],
      pushConfigParams(endpoint.version, taskId, hook),
      headers,
      signal,
      guard,
    );
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
