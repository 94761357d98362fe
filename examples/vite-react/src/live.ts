// A live gateway session: `?session=<id>&token=<token>` in the page's URL (the gateway proxied at /api).
import { connectSession, type SessionClient } from "@agent-ui/client";

export function liveSession(params: URLSearchParams): SessionClient | undefined {
  const sessionId = params.get("session");
  if (!sessionId) return undefined;
  const token = params.get("token") ?? undefined;
  return connectSession({ baseUrl: window.location.origin, sessionId, token });
}
