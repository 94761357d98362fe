// The gateway's session list, live: `GET /api/feed/sessions` (SSE) sends the whole list on connect and
// again after every change (a session created, renamed, deleted, or its log grown), so a UI never polls.
// The feed also tells whether the gateway is reachable at all: it reconnects with a short backoff (capped
// at 2 s by default, so a gateway that is back is noticed within that) and `reconnectNow()` skips the wait.
import { type BackoffOptions, backoffDelay } from "./backoff";
import { SseDecoder } from "@agent-ui/contracts";
import { type SessionInfo, SSE_SESSIONS_EVENT } from "@agent-ui/contracts";
import { apiUrl, authHeaders, type HttpOptions } from "./write-port";

/** `live`: the list is current. `down`: the gateway cannot be reached (retrying). `unauthorized`: the
 * gateway refused the token (401/403); not retried until `reconnectNow()`. */
export type GatewayReachability = "connecting" | "live" | "down" | "unauthorized";

export interface GatewayStatus {
  state: GatewayReachability;
  reason?: string;
  /** Failed tries in a row. */
  attempt: number;
  /** When the next try starts (epoch ms) while `down`. */
  retryAt?: number;
}

export interface SessionsFeedOptions extends HttpOptions {
  onSessions: (sessions: SessionInfo[]) => void;
  onStatus?: (status: GatewayStatus) => void;
  /** Default: 250 ms doubling up to 2 s. */
  backoff?: BackoffOptions;
  /** No frame (not even the 15 s heartbeat) for this long means a half-open connection (default 45 s). */
  idleTimeoutMs?: number;
}

export interface SessionsFeed {
  readonly status: GatewayStatus;
  /** Drops the wait and connects now (after a refusal too: the user may have fixed the token). */
  reconnectNow(): void;
  close(): void;
}

export function watchSessions(options: SessionsFeedOptions): SessionsFeed {
  const backoff = { baseMs: 250, maxMs: 2000, ...options.backoff };
  let status: GatewayStatus = { state: "connecting", attempt: 0 };
  let abort: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const setStatus = (next: GatewayStatus) => {
    status = next;
    options.onStatus?.(next);
  };
  const retry = (reason: string) => {
    if (closed) return;
    const attempt = status.attempt + 1;
    const delay = backoffDelay(attempt, backoff);
    setStatus({ state: "down", reason, attempt, retryAt: Date.now() + delay });
    clearTimeout(timer);
    timer = setTimeout(connect, delay);
  };
  const connect = () => {
    if (closed) return;
    clearTimeout(timer);
    abort?.abort();
    const controller = new AbortController();
    abort = controller;
    void (async () => {
      const doFetch = options.fetch ?? fetch;
      const response = await doFetch(apiUrl(options, "/api/feed/sessions"), {
        headers: { accept: "text/event-stream", ...authHeaders(options) },
        signal: controller.signal,
      });
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel().catch(() => {});
        setStatus({ state: "unauthorized", reason: `HTTP ${response.status}`, attempt: status.attempt });
        return;
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => {});
        throw new Error(`HTTP ${response.status}`);
      }
      const decoder = new SseDecoder();
      const text = new TextDecoder();
      const reader = response.body.getReader();
      const idleMs = options.idleTimeoutMs ?? 45_000;
      let idle = setTimeout(() => controller.abort(), idleMs);
      try {
        for (;;) {
          const { done, value } = await reader.read();
          clearTimeout(idle);
          if (done) break;
          idle = setTimeout(() => controller.abort(), idleMs);
          for (const message of decoder.push(text.decode(value, { stream: true }))) {
            if (message.event !== SSE_SESSIONS_EVENT) continue;
            const list = parseList(message.data);
            if (!list) throw new Error("malformed session list from the gateway");
            if (status.state !== "live") setStatus({ state: "live", attempt: 0 });
            options.onSessions(list);
          }
        }
      } finally {
        clearTimeout(idle);
      }
      throw new Error("the gateway closed the session feed");
    })().catch((error: unknown) => {
      if (closed || controller !== abort) return;
      controller.abort();
      retry(error instanceof Error ? error.message : String(error));
    });
  };
  setStatus(status);
  connect();
  return {
    get status() {
      return status;
    },
    reconnectNow() {
      if (closed) return;
      setStatus({ state: "connecting", attempt: status.attempt });
      connect();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      abort?.abort();
    },
  };
}

function parseList(data: string): SessionInfo[] | undefined {
  try {
    const value = JSON.parse(data) as { sessions?: unknown };
    return Array.isArray(value?.sessions) ? (value.sessions as SessionInfo[]) : undefined;
  } catch {
    return undefined;
  }
}
