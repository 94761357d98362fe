// The LangGraph connector's HTTP side: the Agent Server (LangGraph Platform, `langgraph dev`) routes it
// calls, each through the upstream policy's guarded socket (./upstream-policy): the connection's own DNS
// lookup is checked, redirects are never followed, JSON answers and SSE frames are bounded. Paths and
// bodies are the ones `@langchain/langgraph-sdk`'s client sends: `POST /threads`, `POST
// /threads/{id}/runs/stream`, `GET /threads/{id}/runs/{run}/stream` with `Last-Event-ID` (join),
// `GET /threads/{id}/runs/{run}`, `POST /threads/{id}/runs/{run}/cancel?action=interrupt`. Also the
// request bodies a write becomes (run input, `Command({resume})` values) and the session config check.
import type { IncomingMessage } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { type ControlCommand, SseDecoder, type SseMessage } from "@agent-ui/contracts";
import { SourceConfigError } from "@agent-ui/contracts";
import { UPSTREAM_UNAVAILABLE, type UpstreamGuard } from "../upstream/policy";
import { requireUrl, upstreamHeaders } from "../upstream/sse";

/** The most a JSON answer (a thread, a run) may weigh. */
export const MAX_LANGGRAPH_JSON_BYTES = 1024 * 1024;
/** The most one SSE frame may weigh before the stream is given up as hostile. */
export const MAX_LANGGRAPH_FRAME_BYTES = 16 * 1024 * 1024;

/** The stream modes the `langgraph` adapter reads (`messages-tuple` arrives as `messages` events). */
export const STREAM_MODES = ["values", "updates", "messages-tuple", "custom"] as const;

/** A refused request: the status and, when the server said one, its reason (never a body dump). */
export class LangGraphHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "LangGraphHttpError";
  }
}

/** A frame past MAX_LANGGRAPH_FRAME_BYTES: the stream is hostile or broken, never read further. */
export class FrameTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FrameTooLargeError";
  }
}

export interface WireTarget {
  base: URL;
  headers: Record<string, string>;
  guard: UpstreamGuard;
}

export interface WireResponse {
  status: number;
  headers: IncomingMessage["headers"];
  body: IncomingMessage;
}

/** `path` resolved under the server's base URL (a deployment may live under a path prefix). */
export function endpoint(base: URL, path: string): URL {
  const root = new URL(base.toString());
  if (!root.pathname.endsWith("/")) root.pathname += "/";
  root.search = "";
  root.hash = "";
  return new URL(path.replace(/^\//, ""), root);
}

/** One request through the guarded socket. Throws on a refused host or a transport failure. */
export async function send(
  target: WireTarget,
  method: "GET" | "POST",
  path: string,
  extra: { body?: unknown; headers?: Record<string, string>; signal: AbortSignal },
): Promise<WireResponse> {
  const url = endpoint(target.base, path);
  if (!(await target.guard.permits(url))) throw new LangGraphHttpError(0, "refused by the upstream policy");
  const body = extra.body === undefined ? undefined : JSON.stringify(extra.body);
  const headers: Record<string, string> = { ...target.headers, ...extra.headers };
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(body));
  }
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, headers, signal: extra.signal, lookup: target.guard.lookup as LookupFunction },
      (res) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res }),
    );
    req.once("error", reject);
    req.end(body);
  });
}

/** A JSON request answered with one JSON body (2xx), or a LangGraphHttpError naming the status and the
 * server's own `detail`/`message`/`error`. A 202/204 answers `undefined`. */
export async function sendJson(
  target: WireTarget,
  method: "GET" | "POST",
  path: string,
  extra: { body?: unknown; signal: AbortSignal },
): Promise<unknown> {
  const response = await send(target, method, path, { ...extra, headers: { accept: "application/json" } });
  const text = await readBounded(response.body, MAX_LANGGRAPH_JSON_BYTES);
  if (response.status < 200 || response.status > 299)
    throw new LangGraphHttpError(response.status, `status ${response.status}${serverReason(text)}`);
  if (response.status === 202 || response.status === 204 || text.trim() === "") return undefined;
  return JSON.parse(text);
}

/** The server's reason for a refused stream request (its JSON `detail`/`message`/`error`), or "". */
export async function refusalReason(response: WireResponse): Promise<string> {
  try {
    return serverReason(await readBounded(response.body, MAX_LANGGRAPH_JSON_BYTES));
  } catch {
    return "";
  } finally {
    response.body.destroy();
  }
}

/** The server's reason, one line of at most 300 characters: its JSON `detail`/`message`/`error`, or
 * the text it answered with (a plain-text error page). */
function serverReason(text: string): string {
  let reason = text;
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    reason = "";
    for (const key of ["detail", "message", "error"])
      if (typeof body?.[key] === "string") {
        reason = body[key] as string;
        break;
      }
  } catch {
    // Not JSON: the text itself.
  }
  const line = reason
    .replace(/\p{Cc}+/gu, " ")
    .trim()
    .slice(0, 300);
  return line === "" ? "" : `: ${line}`;
}

async function readBounded(body: AsyncIterable<Uint8Array>, limit: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) throw new LangGraphHttpError(0, `answer over ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Hands each SSE frame of `body` to `onFrame` in order, awaiting it (back-pressure). Throws when the
 * connection breaks or one frame grows past MAX_LANGGRAPH_FRAME_BYTES (counted as characters since the
 * last blank line). Resolves with the characters of a frame the stream ended inside (0: none). */
export async function readFrames(
  body: AsyncIterable<Uint8Array>,
  onFrame: (frame: SseMessage) => Promise<void>,
): Promise<number> {
  const decoder = new SseDecoder();
  const text = new TextDecoder();
  let open = 0;
  for await (const chunk of body) {
    const piece = text.decode(chunk, { stream: true });
    const boundary = lastBoundary(piece);
    open = boundary === -1 ? open + piece.length : piece.length - boundary;
    if (open > MAX_LANGGRAPH_FRAME_BYTES)
      throw new FrameTooLargeError(`an SSE frame over ${MAX_LANGGRAPH_FRAME_BYTES} bytes`);
    for (const frame of decoder.push(piece)) await onFrame(frame);
  }
  return open;
}

/** Where the text after the last blank line (an SSE frame's end) starts, or -1 when there is none. */
function lastBoundary(piece: string): number {
  let end = -1;
  for (const separator of ["\n\n", "\r\n\r\n", "\r\r"]) {
    const at = piece.lastIndexOf(separator);
    if (at !== -1) end = Math.max(end, at + separator.length);
  }
  return end;
}

/** The run id a `Content-Location: /threads/{t}/runs/{r}` header names. */
export function runIdOf(headers: IncomingMessage["headers"]): string | undefined {
  const location = headers["content-location"];
  const value = Array.isArray(location) ? location[0] : location;
  return value?.match(/\/runs\/([^/?#]+)/)?.[1];
}

/** The ids of the interrupts a `values`/`updates` frame raises (`__interrupt__: [{id, value}]`). */
export function raisedInterrupts(event: string, data: unknown): string[] {
  const [mode] = event.split("|");
  if ((mode !== "values" && mode !== "updates") || event.includes("|")) return [];
  if (data === null || typeof data !== "object" || Array.isArray(data)) return [];
  const list = (data as Record<string, unknown>).__interrupt__;
  if (!Array.isArray(list)) return [];
  // The adapter's own key for an interrupt without an id (its position), so both name it alike.
  return list.map((entry, index) => {
    const id = (entry as { id?: unknown } | null)?.id;
    return typeof id === "string" && id !== "" ? id : `root:interrupt:${index}`;
  });
}

/** A user message as run input (`messages` state key, LangChain message dict). */
export function humanInput(id: string, text: string): Record<string, unknown> {
  return { messages: [{ type: "human", id, content: text }] };
}

/** What `Command({resume})` carries for an answered action: `payload.resume` verbatim when given (any
 * shape a graph expects), else the decision with the payload's fields (an answer's `text` alone). */
export function resumeValue(command: Extract<ControlCommand, { kind: "respond_action" }>): unknown {
  const payload = command.payload ?? {};
  if ("resume" in payload) return payload.resume;
  if (command.decision === "answer") {
    for (const key of ["text", "answer", "response"])
      if (typeof payload[key] === "string" && Object.keys(payload).length === 1) return payload[key];
    return payload;
  }
  return { ...payload, decision: command.decision, approved: command.decision === "approve" };
}

export function failure(what: string, error: unknown): string {
  if (error instanceof LangGraphHttpError && error.status > 0)
    return `the LangGraph server refused to ${what}: ${error.message}`;
  return UPSTREAM_UNAVAILABLE;
}

export function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { code?: string; cause?: { code?: string } }).code ?? undefined;
    return cause ?? error.message;
  }
  return String(error);
}

export function enc(segment: string | undefined): string {
  return encodeURIComponent(segment ?? "");
}

export function settle(over: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([over, timeout]).finally(() => clearTimeout(timer));
}

/** A session's `config`: the server, the graph, optionally the thread and a first message. */
export interface LangGraphConfig {
  url: string;
  assistantId: string;
  threadId?: string;
  headers?: Record<string, string>;
  text?: string;
}

/** `config` checked: a bad field is a SourceConfigError (400) naming it. */
export function readConfig(config: Record<string, unknown>): LangGraphConfig {
  try {
    const url = requireUrl(config);
    const headers = upstreamHeaders(config.headers);
    if (typeof config.assistantId !== "string" || config.assistantId === "")
      throw new TypeError('"config.assistantId" (the graph id or assistant id) is required');
    for (const field of ["threadId", "text"] as const)
      if (config[field] !== undefined && typeof config[field] !== "string")
        throw new TypeError(`"config.${field}" must be a string`);
    return {
      url,
      headers,
      assistantId: config.assistantId,
      threadId: config.threadId as string | undefined,
      text: config.text as string | undefined,
    };
  } catch (error) {
    throw new SourceConfigError((error as Error).message);
  }
}
