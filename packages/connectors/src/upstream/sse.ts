// Reads an upstream HTTP endpoint that answers with Server-Sent Events of JSON (AG-UI, AI SDK UI message
// stream). Every failure mode is classified for the gateway instead of thrown at it: refused by the
// upstream policy, unreachable, redirected or non-2xx → `failed` with one uniform reason (no port-state
// oracle); a stream cut mid-way → `stale` (CTRL-07: stream_interrupted); a frame that is not JSON → a
// diagnostic, and reading continues.
import { SseDecoder } from "@agent-ui/contracts";
import type { RuntimeSink } from "@agent-ui/contracts";
import { forbiddenHeader, UPSTREAM_UNAVAILABLE, type UpstreamGuard } from "./policy";
import { postForStream, type UpstreamResponse } from "./post";

export interface UpstreamRequest {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  signal: AbortSignal;
  /** Decides whether the URL's host may be reached (./upstream-policy). */
  guard: UpstreamGuard;
}

export type UpstreamOutcome =
  | { kind: "ended" }
  | { kind: "aborted" }
  | { kind: "failed"; reason: string }
  | { kind: "interrupted"; reason: string };

/** POSTs `body` and hands each JSON `data:` frame to `onRecord` in order (awaiting it: back-pressure). */
export async function readUpstreamSse(
  request: UpstreamRequest,
  sink: RuntimeSink,
  onRecord: (record: unknown) => Promise<void>,
): Promise<UpstreamOutcome> {
  let response: UpstreamResponse;
  try {
    const url = new URL(request.url);
    if (!(await request.guard.permits(url))) return { kind: "failed", reason: UPSTREAM_UNAVAILABLE };
    response = await postForStream(
      url,
      { "content-type": "application/json", accept: "text/event-stream", ...request.headers },
      JSON.stringify(request.body),
      request.signal,
      request.guard,
    );
  } catch {
    if (request.signal.aborted) return { kind: "aborted" };
    return { kind: "failed", reason: UPSTREAM_UNAVAILABLE };
  }
  if (response.status < 200 || response.status > 299) {
    response.close();
    return { kind: "failed", reason: UPSTREAM_UNAVAILABLE };
  }
  const decoder = new SseDecoder();
  const text = new TextDecoder();
  let frames = 0;
  try {
    for await (const chunk of response.body) {
      for (const message of decoder.push(text.decode(chunk, { stream: true }))) {
        frames += 1;
        if (message.data === "[DONE]") return { kind: "ended" };
        let record: unknown;
        try {
          record = JSON.parse(message.data);
        } catch {
          await sink.diagnostic({
            code: "unparseable_input",
            severity: "warning",
            message: `upstream SSE frame #${frames} is not JSON (${message.data.length} chars); skipped`,
          });
          continue;
        }
        await onRecord(record);
      }
    }
  } catch (error) {
    if (request.signal.aborted) return { kind: "aborted" };
    return { kind: "interrupted", reason: `stream_interrupted: ${describe(error)}` };
  }
  return { kind: "ended" };
}

/** Applies an outcome to the session's status. */
export async function reportOutcome(sink: RuntimeSink, outcome: UpstreamOutcome): Promise<void> {
  if (outcome.kind === "failed") await sink.status("failed", outcome.reason);
  else if (outcome.kind === "interrupted") await sink.status("stale", outcome.reason);
  else if (outcome.kind === "ended")
    await sink.status("live", "upstream run ended; ready for the next write");
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}

export function requireUrl(config: Record<string, unknown>): string {
  const url = config.url;
  if (typeof url !== "string") throw new TypeError('"config.url" is required');
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new TypeError('"config.url" must be http(s)');
  return parsed.toString();
}

/** `value` as a plain object; anything else is a TypeError naming the config field. */
export function objectField(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new TypeError(`"${name}" must be an object`);
  return value as Record<string, unknown>;
}

/** `config.headers`: strings only, and none of the headers that name the target host or frame the
 * connection (Host, hop-by-hop, Content-Length, Forwarded). */
export function upstreamHeaders(value: unknown): Record<string, string> | undefined {
  const headers = stringRecord(value, "config.headers");
  const forbidden = forbiddenHeader(headers);
  if (forbidden !== undefined)
    throw new TypeError(
      `"config.headers" may not set '${forbidden}' (host and hop-by-hop headers are the gateway's)`,
    );
  return headers;
}

export function stringRecord(value: unknown, name: string): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  for (const v of Object.values(objectField(value, name)))
    if (typeof v !== "string") throw new TypeError(`"${name}" values must be strings`);
  return value as Record<string, string>;
}
