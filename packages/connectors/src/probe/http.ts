// One bounded HTTP exchange for the connection test, with every failure named in words a user can act
// on: the host name does not resolve, the upstream policy refuses it, nothing listens, no answer in time,
// TLS failed, or the answer's status. The socket connects only where the upstream policy allows (its own
// DNS lookup applies the policy, like the connectors'); redirects are never followed; at most
// MAX_PROBE_BYTES of the body are read, then the connection is closed.
import type { IncomingMessage } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { lookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import type { ConnectionTestCode } from "@agent-ui/contracts";
import type { UpstreamGuard } from "../upstream/policy";

/** The most of an answer's body the probe reads. */
export const MAX_PROBE_BYTES = 64 * 1024;

/** Why a connection test failed (or `ok`), as a stable code. */
export type ProbeCode = ConnectionTestCode;

export class ProbeFailure extends Error {
  constructor(
    readonly code: ProbeCode,
    message: string,
  ) {
    super(message);
    this.name = "ProbeFailure";
  }
}

export interface ProbeAnswer {
  status: number;
  contentType: string;
  /** The first bytes of the body (≤ MAX_PROBE_BYTES), or, with `firstFrame`, what arrived until then. */
  body: string;
}

export interface ProbeRequest {
  url: URL;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  guard: UpstreamGuard;
  /** Deadline for the whole exchange. */
  deadline: number;
  /** Stop reading once this says the body holds enough (an event stream never ends by itself). */
  enough?: (body: string, contentType: string) => boolean;
}

/** The host resolves and the policy allows it, else a ProbeFailure that says which. */
export async function checkHost(url: URL, guard: UpstreamGuard): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) === 0) {
    try {
      await lookup(host, { all: true });
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      throw new ProbeFailure(
        "dns_not_found",
        `the host name ${host} does not resolve (${code || "DNS lookup failed"}): check the spelling, or that the agent's host is reachable from the gateway`,
      );
    }
  }
  if (!(await guard.permits(url)))
    throw new ProbeFailure(
      "refused_by_policy",
      `the gateway's upstream policy refuses ${host}: it is (or resolves to) a private, link-local or metadata address; start the gateway with --upstream-allow ${host} to allow it`,
    );
}

export async function probeRequest(request: ProbeRequest): Promise<ProbeAnswer> {
  const { url } = request;
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const controller = new AbortController();
  const wait = Math.max(1, request.deadline - Date.now());
  const timer = setTimeout(() => controller.abort(), wait);
  let timedOut = false;
  controller.signal.addEventListener("abort", () => {
    timedOut = true;
  });
  try {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const headers: Record<string, string> = { ...request.headers };
      if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
      const req = send(
        url,
        {
          method: request.method,
          headers,
          signal: controller.signal,
          lookup: request.guard.lookup as LookupFunction,
        },
        resolve,
      );
      req.once("error", reject);
      req.end(request.body);
    });
    const answer: ProbeAnswer = {
      status: response.statusCode ?? 0,
      contentType: String(response.headers["content-type"] ?? ""),
      body: "",
    };
    if (answer.status >= 300 && answer.status < 400) {
      response.destroy();
      const location = response.headers.location;
      throw new ProbeFailure(
        "redirected",
        `${url.origin}${url.pathname} answers with a redirect (HTTP ${answer.status}${location ? ` to ${safeLocation(location, url)}` : ""}); the gateway does not follow redirects: give the final URL`,
      );
    }
    const text = new TextDecoder();
    try {
      for await (const chunk of response as AsyncIterable<Uint8Array>) {
        answer.body += text.decode(chunk, { stream: true });
        if (answer.body.length >= MAX_PROBE_BYTES || request.enough?.(answer.body, answer.contentType)) break;
      }
    } catch {
      // A body cut by the deadline or by the peer: the status and what arrived are still the answer.
    }
    response.destroy();
    return answer;
  } catch (error) {
    if (error instanceof ProbeFailure) throw error;
    throw networkFailure(error, url, timedOut, wait);
  } finally {
    clearTimeout(timer);
  }
}

/** The origin and path of a redirect target (no query: it may carry a token). */
function safeLocation(location: string, base: URL): string {
  try {
    const target = new URL(location, base);
    return `${target.origin}${target.pathname}`;
  } catch {
    return "an unreadable location";
  }
}

const TLS_CODES = new Set([
  "EPROTO",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

function networkFailure(error: unknown, url: URL, timedOut: boolean, waitMs: number): ProbeFailure {
  const code = (error as { code?: string }).code ?? "";
  const where = `${url.hostname}:${url.port || (url.protocol === "https:" ? 443 : 80)}`;
  if (timedOut || code === "ETIMEDOUT")
    return new ProbeFailure(
      "timeout",
      `no answer from ${where} within ${Math.round(waitMs / 100) / 10} s: the agent is slow, or a firewall drops the connection`,
    );
  if (code === "EUPSTREAMPOLICY")
    return new ProbeFailure("refused_by_policy", `the gateway's upstream policy refuses ${url.hostname}`);
  if (code === "ECONNREFUSED")
    return new ProbeFailure(
      "connection_refused",
      `nothing accepts connections at ${where} (ECONNREFUSED): is the agent running, and on this port?`,
    );
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new ProbeFailure("dns_not_found", `the host name ${url.hostname} does not resolve (${code})`);
  if (
    TLS_CODES.has(code) ||
    code.startsWith("ERR_SSL_") ||
    code.startsWith("ERR_TLS_") ||
    code.includes("CERT")
  )
    return new ProbeFailure(
      "tls_error",
      `the TLS handshake with ${where} failed (${code}): the certificate is not trusted or the port does not speak HTTPS${url.protocol === "https:" ? " (try http://?)" : ""}`,
    );
  if (code === "ECONNRESET" || code === "EPIPE")
    return new ProbeFailure(
      "connection_reset",
      `${where} closed the connection without an answer (${code})${url.protocol === "http:" ? ": does it expect https://?" : ""}`,
    );
  return new ProbeFailure("unreachable", `${where} could not be reached (${code || "connection failed"})`);
}

/** A status outside 2xx as a failure that says what it means for the user. */
export function statusFailure(status: number, what: string): ProbeFailure | undefined {
  if (status >= 200 && status <= 299) return undefined;
  if (status === 401)
    return new ProbeFailure(
      "unauthorized",
      `${what} asks for credentials (HTTP 401): add the header it expects, e.g. Authorization: Bearer …`,
    );
  if (status === 403)
    return new ProbeFailure(
      "forbidden",
      `${what} refused these credentials (HTTP 403): check the header's value and the key's permissions`,
    );
  if (status === 404)
    return new ProbeFailure("not_found", `${what} does not exist (HTTP 404): check the path`);
  if (status >= 500) return new ProbeFailure("upstream_error", `${what} failed on its side (HTTP ${status})`);
  return new ProbeFailure("http_error", `${what} refused the request (HTTP ${status})`);
}

/** What a body looks like, for a wrong-protocol message. */
export function describeBody(answer: ProbeAnswer): "html" | "json" | "sse" | "other" {
  const type = answer.contentType.toLowerCase();
  const head = answer.body.trimStart().slice(0, 64).toLowerCase();
  if (type.includes("text/html") || head.startsWith("<!doctype html") || head.startsWith("<html"))
    return "html";
  if (type.includes("text/event-stream")) return "sse";
  if (type.includes("json") || head.startsWith("{") || head.startsWith("[")) return "json";
  return "other";
}
