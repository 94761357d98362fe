// WebSocket transport. Browsers pass nothing (global WebSocket); Node 20 passes the `ws` package's
// WebSocket class. Browsers cannot set WebSocket headers, so the token travels as a subprotocol
// (`agent-ui.token.<hex>`) next to the gateway's own `agent-ui`: never in the URL, where logs keep it.
import {
  formatCursor,
  parseCursor,
  type ServerFrame,
  WS_PROTOCOL,
  WS_TOKEN_PROTOCOL_PREFIX,
} from "@agent-ui/contracts";
import type { HttpOptions } from "../write-port";
import {
  type EventTransport,
  onceClosed,
  type TransportConnection,
  type TransportHandlers,
} from "./transport";

/** The part of the WebSocket API this transport uses (browser WebSocket and `ws` both have it). */
export interface WebSocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code?: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string, protocols?: string[]) => WebSocketLike;

/** The subprotocols to offer: the token as hex of its UTF-8 bytes (any token stays a valid protocol name). */
export function wsProtocols(token: string | undefined): string[] {
  if (!token) return [WS_PROTOCOL];
  let hex = "";
  for (const byte of new TextEncoder().encode(token)) hex += byte.toString(16).padStart(2, "0");
  return [WS_PROTOCOL, `${WS_TOKEN_PROTOCOL_PREFIX}${hex}`];
}

/** Error-frame codes that say the gateway will not serve this subscription: retrying cannot help. (A
 * browser cannot read the HTTP status of a refused upgrade, so a gateway that wants clients to stop must
 * accept, send one of these, then close; close code 1008 says the same.) */
const REFUSALS = new Set(["unauthorized", "forbidden", "session_not_found"]);
const POLICY_VIOLATION = 1008;

export class WebSocketTransport implements EventTransport {
  readonly name = "websocket";
  constructor(private readonly options: HttpOptions & { WebSocket?: WebSocketConstructor }) {}

  connect(sessionId: string, after: number, handlers: TransportHandlers, tag?: string): TransportConnection {
    const h = onceClosed(handlers);
    const Ctor = this.options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!Ctor) {
      queueMicrotask(() => h.onClose("no WebSocket implementation available"));
      return { close: () => h.onClose("closed by client") };
    }
    const base = this.options.baseUrl.replace(/\/$/, "").replace(/^http/, "ws");
    const socket = new Ctor(
      `${base}/api/sessions/${encodeURIComponent(sessionId)}/ws?after=${formatCursor({ seq: after, tag })}`,
      wsProtocols(this.options.token),
    );
    socket.onmessage = (message) => {
      const frame = parseFrame(message.data);
      if (frame === undefined) {
        // Skipping a frame we cannot read could skip entries: end the connection instead, so the
        // subscription reconnects from its last applied seq and nothing is lost.
        h.onClose("malformed frame from the gateway");
        socket.close();
        return;
      }
      if (frame.type === "entries") {
        const cursor = typeof frame.cursor === "string" ? parseCursor(frame.cursor) : undefined;
        h.onEntries(frame.entries, cursor);
      } else if (frame.type === "ready") h.onReady(frame.head);
      else if (frame.type === "error") {
        h.onClose(`${frame.code}: ${frame.message}`, REFUSALS.has(frame.code));
        socket.close();
      }
      // Other frame types are from a newer gateway and carry no entries: ignored.
    };
    socket.onclose = (event) =>
      h.onClose(
        `socket closed (${event.code ?? "?"}${event.reason ? ` ${event.reason}` : ""})`,
        event.code === POLICY_VIOLATION,
      );
    socket.onerror = () => h.onClose("socket error");
    return {
      close: () => {
        h.onClose("closed by client");
        socket.close();
      },
    };
  }
}

/** A frame with the shape its type promises, or undefined. */
function parseFrame(data: unknown): ServerFrame | undefined {
  let frame: unknown;
  try {
    frame = JSON.parse(typeof data === "string" ? data : String(data));
  } catch {
    return undefined;
  }
  if (frame === null || typeof frame !== "object") return undefined;
  const value = frame as Record<string, unknown>;
  if (typeof value.type !== "string") return undefined;
  if (value.type === "entries" && !Array.isArray(value.entries)) return undefined;
  if (value.type === "ready" && typeof value.head !== "number") return undefined;
  return frame as ServerFrame;
}
