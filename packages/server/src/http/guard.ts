// The gateway's front door, in the order a request meets it: the Host must be a loopback name or one the
// operator listed (DNS rebinding), an Origin must be the gateway's own or one listed with `--cors`
// (cross-site requests and WebSocket hijacking), `/api/*` needs the access token (health excepted), and
// writes must be `application/json` (a `text/plain` form post cannot be one). Every answer carries the
// browser-side defences: a strict CSP with `frame-ancestors 'none'`, `X-Frame-Options: DENY`, `nosniff`,
// `Referrer-Policy: no-referrer`.
import { createHash, timingSafeEqual } from "node:crypto";
import { WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from "@agent-ui/contracts";
import type { Context, MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { fail } from "./fail";

/** Host names a browser only reaches on this machine. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Read-only stream routes where an EventSource (which cannot set headers) may pass `?token=`. */
const STREAM_ROUTE = /^\/api\/sessions\/[^/]+\/(events|ws)$/;

export interface GuardOptions {
  /** The access token `/api/*` requires; undefined only when auth is explicitly off. */
  token?: string;
  /** Origins allowed besides the gateway's own (`--cors`). */
  corsOrigins?: readonly string[];
  /** Host names allowed besides the loopback names (`--allowed-host`), e.g. `agents.example.internal`. */
  allowedHosts?: readonly string[];
}

export const securityHeaders: MiddlewareHandler = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: "DENY",
  xContentTypeOptions: "nosniff",
  referrerPolicy: "no-referrer",
  crossOriginResourcePolicy: "same-origin",
  crossOriginOpenerPolicy: "same-origin",
  // The gateway speaks plain HTTP on loopback; HSTS is for a TLS proxy in front of it to decide.
  strictTransportSecurity: false,
});

/** The Host header's name without its port, lower-cased (`[::1]` keeps its brackets). */
export function hostName(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith("[")) return lower.slice(0, lower.indexOf("]") + 1);
  const colon = lower.lastIndexOf(":");
  return colon === -1 ? lower : lower.slice(0, colon);
}

export function hostGuard(allowedHosts: readonly string[] = []): MiddlewareHandler {
  const allowed = new Set([...LOOPBACK_HOSTS, ...allowedHosts.map((h) => hostName(h))]);
  return async (c, next) => {
    const host = c.req.header("host");
    if (!host || !allowed.has(hostName(host)))
      return fail(
        c,
        403,
        "host_not_allowed",
        "the Host header is not a loopback name or one listed with --allowed-host",
      );
    return next();
  };
}

export function originGuard(corsOrigins: readonly string[] = []): MiddlewareHandler {
  const listed = new Set(corsOrigins);
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (origin !== undefined && origin !== new URL(c.req.url).origin && !listed.has(origin))
      return fail(c, 403, "origin_not_allowed", "requests from this origin are refused (see --cors)");
    return next();
  };
}

/** `/api/*` except health: `Authorization: Bearer`, the WebSocket token subprotocol, or `?token=` on a
 * stream GET only (a token in a write's URL is refused: URLs end up in logs and histories). */
export function tokenGuard(token: string): MiddlewareHandler {
  const expected = digest(token);
  return async (c, next) => {
    if (c.req.path === "/api/health") return next();
    const given = presentedToken(c);
    if (given === "query_not_allowed")
      return fail(
        c,
        401,
        "unauthorized",
        "?token= is accepted only on stream GETs (events, ws); send Authorization: Bearer <token>",
      );
    // Compared as fixed-length digests in constant time: the answer's timing says nothing of the token.
    if (given === undefined || !timingSafeEqual(digest(given), expected))
      return fail(c, 401, "unauthorized", "missing or wrong access token");
    return next();
  };
}

function presentedToken(c: Context): string | undefined | "query_not_allowed" {
  const header = c.req.header("authorization");
  if (header?.startsWith("Bearer ")) return header.slice(7);
  const fromProtocol = protocolToken(c.req.header("sec-websocket-protocol"));
  if (fromProtocol !== undefined) return fromProtocol;
  const query = c.req.query("token");
  if (query === undefined) return undefined;
  return c.req.method === "GET" && STREAM_ROUTE.test(c.req.path) ? query : "query_not_allowed";
}

/** A browser cannot set headers on a WebSocket: its token arrives as the subprotocol
 * `agent-ui.token.<hex of the UTF-8 token>` (see the client's `wsProtocols`). */
function protocolToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(",")) {
    const protocol = part.trim();
    if (!protocol.startsWith(WS_TOKEN_PROTOCOL_PREFIX)) continue;
    const hex = protocol.slice(WS_TOKEN_PROTOCOL_PREFIX.length);
    if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return "";
    return Buffer.from(hex, "hex").toString("utf8");
  }
  return undefined;
}

/** Writes (`POST`, `PUT`, `PATCH`, `DELETE`) carry `application/json`: the content types a cross-site
 * form or a no-cors fetch can send without a preflight are refused with 415. */
export const jsonWrites: MiddlewareHandler = async (c, next) => {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
  // A DELETE carries no body; a page cannot send one cross-origin without a CORS preflight.
  const length = c.req.header("content-length");
  if (
    method === "DELETE" &&
    (length === undefined || length === "0") &&
    c.req.header("transfer-encoding") === undefined
  )
    return next();
  const type = c.req.header("content-type")?.split(";")[0].trim().toLowerCase();
  // NDJSON is accepted only where records are pushed; like JSON it is not a type a page may send
  // cross-origin without a preflight.
  if (type === "application/x-ndjson" && c.req.path.endsWith("/ingest")) return next();
  if (type !== "application/json")
    return fail(c, 415, "unsupported_media_type", "writes must be sent as Content-Type: application/json");
  return next();
};

/** The subprotocol the gateway answers a WebSocket handshake with (`ws`'s `handleProtocols`): its own
 * name when offered, never the token. */
export function chooseWsProtocol(protocols: Set<string>): string | false {
  return protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false;
}

function digest(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}
