// One call to open a session against a running gateway over HTTP: hydration window + SSE or WebSocket.
import { GatewayHttpClient } from "./gateway-http";
import { SessionClient, type SessionClientOptions } from "./session-client";
import { SseTransport } from "./transports/sse";
import { type WebSocketConstructor, WebSocketTransport } from "./transports/websocket";
import { HttpWritePort, type HttpOptions } from "./write-port";

export interface ConnectOptions extends HttpOptions {
  sessionId: string;
  transport?: "sse" | "websocket";
  WebSocket?: WebSocketConstructor;
  /** Recent messages in the hydration window (default: the gateway's 40). */
  messageWindow?: number;
  backoff?: SessionClientOptions["backoff"];
  createProjector?: SessionClientOptions["createProjector"];
  staleAfterAttempts?: SessionClientOptions["staleAfterAttempts"];
  bindTimeoutMs?: SessionClientOptions["bindTimeoutMs"];
  onTiming?: SessionClientOptions["onTiming"];
  /** A hydration window already held: shown at once, and the first `open()` does not load one. */
  initialSnapshot?: SessionClientOptions["initialSnapshot"];
}

/** Builds a `SessionClient` for a gateway session; call `open()` (or any write) to hydrate and bind. */
export function connectSession(options: ConnectOptions): SessionClient {
  const http = new GatewayHttpClient(options);
  const transport =
    options.transport === "websocket"
      ? new WebSocketTransport({ ...options, WebSocket: options.WebSocket })
      : new SseTransport(options);
  return new SessionClient({
    sessionId: options.sessionId,
    transport,
    port: new HttpWritePort(options),
    loadSnapshot: () => http.snapshot(options.sessionId, { limit: options.messageWindow }),
    loadTablePage: (table, before) => http.tablePage(options.sessionId, table, before),
    loadTableRow: (table, id) => http.tableRow(options.sessionId, table, id),
    loadTeamPage: (list, before) => http.teamPage(options.sessionId, list, before),
    loadTimelinePage: (before) => http.timelinePage(options.sessionId, before),
    loadHistory: (before, limit) => http.history(options.sessionId, before, limit),
    loadMessage: (messageId) => http.message(options.sessionId, messageId),
    backoff: options.backoff,
    createProjector: options.createProjector,
    staleAfterAttempts: options.staleAfterAttempts,
    bindTimeoutMs: options.bindTimeoutMs,
    onTiming: options.onTiming,
    initialSnapshot: options.initialSnapshot,
  });
}
