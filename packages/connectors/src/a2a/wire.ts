// The A2A connector's HTTP side: agent card discovery and the JSON-RPC calls that answer with one JSON
// body (`GetTask`, `CancelTask`). Every request goes through the upstream policy's guarded socket
// (./upstream-post), bodies are bounded, redirects are never followed, and every failure reads the same
// to the caller (no port-state oracle). Both wire generations are spoken: A2A 1.0 (`SendStreamingMessage`,
// `SubscribeToTask`, `CancelTask`, `GetTask`, the `A2A-Version` header, a card with `supportedInterfaces`)
// and 0.3 (`message/stream`, `tasks/resubscribe`, `tasks/cancel`, `tasks/get`, a card with `url`).
import type { IncomingMessage } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { UpstreamGuard } from "../upstream/policy";
import { postForStream } from "../upstream/post";

/** The most an agent card or a JSON-RPC answer may weigh. */
export const MAX_A2A_JSON_BYTES = 1024 * 1024;

/** The one reason a card that could not be read gives, whatever went wrong. */
export const A2A_DISCOVERY_FAILED =
  "upstream_unavailable: no usable A2A agent card (unreachable, refused by the gateway's upstream policy, not an agent card, no JSON-RPC interface, or no streaming)";

export type A2aVersion = "1.0" | "0.3";

/** What the connector needs from an agent card. */
export interface A2aEndpoint {
  /** The JSON-RPC endpoint the card names. */
  rpcUrl: string;
  version: A2aVersion;
  name?: string;
  /** The card offers push notifications (`capabilities.pushNotifications`). */
  pushNotifications?: boolean;
}

export const METHODS: Record<A2aVersion, Record<"stream" | "resubscribe" | "cancel" | "get", string>> = {
  "1.0": {
    stream: "SendStreamingMessage",
    resubscribe: "SubscribeToTask",
    cancel: "CancelTask",
    get: "GetTask",
  },
  "0.3": {
    stream: "message/stream",
    resubscribe: "tasks/resubscribe",
    cancel: "tasks/cancel",
    get: "tasks/get",
  },
};

/** Headers every request of a version carries. */
export function versionHeaders(version: A2aVersion): Record<string, string> {
  return version === "1.0" ? { "A2A-Version": "1.0" } : {};
}

/** A user message in the version's encoding. */
export function userMessage(
  version: A2aVersion,
  messageId: string,
  text: string,
  contextId: string | undefined,
  taskId: string | undefined,
): Record<string, unknown> {
  const message: Record<string, unknown> =
    version === "1.0"
      ? { messageId, role: "ROLE_USER", parts: [{ text }] }
      : { kind: "message", messageId, role: "user", parts: [{ kind: "text", text }] };
  if (contextId !== undefined) message.contextId = contextId;
  if (taskId !== undefined) message.taskId = taskId;
  return message;
}

/** The card's JSON-RPC interface, or undefined when it has none or does not stream. */
export function endpointOf(card: unknown): A2aEndpoint | undefined {
  const endpoint = interfaceOf(card);
  if (endpoint === undefined) return undefined;
  const capabilities = (card as { capabilities?: { pushNotifications?: unknown } }).capabilities;
  return capabilities?.pushNotifications === true ? { ...endpoint, pushNotifications: true } : endpoint;
}

function interfaceOf(card: unknown): A2aEndpoint | undefined {
  if (card === null || typeof card !== "object" || Array.isArray(card)) return undefined;
  const c = card as Record<string, unknown>;
  const capabilities = c.capabilities as { streaming?: unknown } | undefined;
  if (capabilities?.streaming !== true) return undefined;
  const name = typeof c.name === "string" ? c.name : undefined;
  if (Array.isArray(c.supportedInterfaces)) {
    // A JSON-RPC interface of protocol 1.x first (no version said: 1.0), else one of 0.x.
    const jsonRpc = (c.supportedInterfaces as unknown[]).filter(
      (i): i is Record<string, unknown> =>
        i !== null && typeof i === "object" && (i as Record<string, unknown>).protocolBinding === "JSONRPC",
    );
    const legacy = (i: Record<string, unknown>) =>
      typeof i.protocolVersion === "string" && i.protocolVersion.startsWith("0.");
    const modern = jsonRpc.find((i) => !legacy(i) && httpUrl(i.url) !== undefined);
    if (modern !== undefined) return { rpcUrl: httpUrl(modern.url) as string, version: "1.0", name };
    const old = jsonRpc.find((i) => legacy(i) && httpUrl(i.url) !== undefined);
    if (old !== undefined) return { rpcUrl: httpUrl(old.url) as string, version: "0.3", name };
  }
  const preferred = typeof c.preferredTransport === "string" ? c.preferredTransport : "JSONRPC";
  const url = httpUrl(c.url);
  if (url !== undefined && preferred.toUpperCase() === "JSONRPC")
    return { rpcUrl: url, version: "0.3", name };
  if (Array.isArray(c.additionalInterfaces)) {
    const jsonRpc = c.additionalInterfaces.find(
      (i) => i !== null && typeof i === "object" && (i as Record<string, unknown>).transport === "JSONRPC",
    ) as Record<string, unknown> | undefined;
    const other = httpUrl(jsonRpc?.url);
    if (other !== undefined) return { rpcUrl: other, version: "0.3", name };
  }
  return undefined;
}

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** Where a card may be: the well-known path beside the given URL, at its origin, then the URL itself. */
export function cardCandidates(given: string): string[] {
  const url = new URL(given);
  const candidates: string[] = [];
  if (!url.pathname.endsWith(".json")) {
    const base = new URL(url.toString());
    base.search = "";
    base.hash = "";
    if (!base.pathname.endsWith("/")) base.pathname += "/";
    candidates.push(new URL(".well-known/agent-card.json", base).toString());
    candidates.push(new URL("/.well-known/agent-card.json", url).toString());
  }
  candidates.push(url.toString());
  return [...new Set(candidates)];
}

/** Reads the agent card: the first candidate that answers with a card naming a streaming JSON-RPC
 * interface. Undefined when none does (the reason is always A2A_DISCOVERY_FAILED). */
export async function discoverEndpoint(
  given: string,
  headers: Record<string, string> | undefined,
  signal: AbortSignal,
  guard: UpstreamGuard,
): Promise<A2aEndpoint | undefined> {
  for (const candidate of cardCandidates(given)) {
    if (signal.aborted) return undefined;
    const card = await getJson(new URL(candidate), headers ?? {}, signal, guard).catch(() => undefined);
    const endpoint = endpointOf(card);
    if (endpoint !== undefined) return endpoint;
  }
  return undefined;
}

/** GET a JSON document through the guarded socket (2xx only, bounded). */
export async function getJson(
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  guard: UpstreamGuard,
): Promise<unknown> {
  if (!(await guard.permits(url))) throw new Error("refused");
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(
      url,
      {
        method: "GET",
        // An agent that speaks both generations serves the 0.3 card to a request without the header.
        headers: { accept: "application/json", "A2A-Version": "1.0", ...headers },
        signal,
        lookup: guard.lookup as LookupFunction,
      },
      resolve,
    );
    req.once("error", reject);
    req.end();
  });
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    response.destroy();
    throw new Error(`status ${status}`);
  }
  return JSON.parse(await readBounded(response));
}

/** One JSON-RPC call answered with one JSON body: its `result`, or a thrown error (the JSON-RPC error's
 * message when the agent sent one; transport failures say nothing about the upstream). */
export async function rpcCall(
  rpcUrl: string,
  version: A2aVersion,
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string> | undefined,
  signal: AbortSignal,
  guard: UpstreamGuard,
): Promise<unknown> {
  const url = new URL(rpcUrl);
  if (!(await guard.permits(url))) throw new A2aRpcError("upstream_unavailable");
  let text: string;
  try {
    const response = await postForStream(
      url,
      {
        "content-type": "application/json",
        accept: "application/json",
        ...versionHeaders(version),
        ...headers,
      },
      JSON.stringify({ jsonrpc: "2.0", id: method, method, params }),
      signal,
      guard,
    );
    if (response.status < 200 || response.status > 299) {
      response.close();
      throw new Error("status");
    }
    text = await readBounded(response.body);
  } catch {
    throw new A2aRpcError("upstream_unavailable");
  }
  let answer: { result?: unknown; error?: { message?: unknown } };
  try {
    answer = JSON.parse(text);
  } catch {
    throw new A2aRpcError("upstream_unavailable");
  }
  if (answer.error !== undefined)
    throw new A2aRpcError(
      `the agent refused ${method}: ${typeof answer.error.message === "string" ? answer.error.message : "no message"}`,
    );
  return answer.result;
}

export class A2aRpcError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "A2aRpcError";
  }
}

async function readBounded(body: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > MAX_A2A_JSON_BYTES) throw new Error(`over ${MAX_A2A_JSON_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
