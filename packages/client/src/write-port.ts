// Where controlled writes go. The runtime client builds `ControlCommand`s; a `WritePort` delivers them to
// the owner and returns its `WriteResult` (CTRL-01). A transport failure is an honest `unavailable` with
// `host_unavailable`, never a fabricated success (CTRL-07).
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";
import type { ErrorBody } from "@agent-ui/contracts";

export interface WritePort {
  write(command: ControlCommand): Promise<WriteResult>;
}

export interface HttpOptions {
  /** Gateway origin, e.g. `http://127.0.0.1:4318`. */
  baseUrl: string;
  token?: string;
  fetch?: typeof fetch;
}

/** A gateway refusal (4xx/5xx) with its stable code. */
export class GatewayRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "GatewayRequestError";
  }
}

export function authHeaders(options: HttpOptions): Record<string, string> {
  return options.token ? { authorization: `Bearer ${options.token}` } : {};
}

export function apiUrl(options: HttpOptions, path: string): string {
  return `${options.baseUrl.replace(/\/$/, "")}${path}`;
}

/** Reads a JSON answer or throws `GatewayRequestError` with the gateway's `{ error: { code, message } }`. */
export async function readJsonResponse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    throw new GatewayRequestError(
      response.status,
      "invalid_response",
      `gateway answered non-JSON (HTTP ${response.status})`,
    );
  }
  if (!response.ok) {
    const error = (body as ErrorBody | undefined)?.error;
    throw new GatewayRequestError(
      response.status,
      error?.code ?? "http_error",
      error?.message ?? `HTTP ${response.status}`,
    );
  }
  return body as T;
}

export class HttpWritePort implements WritePort {
  constructor(private readonly options: HttpOptions) {}

  async write(command: ControlCommand): Promise<WriteResult> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(
        apiUrl(this.options, `/api/sessions/${encodeURIComponent(command.sessionId)}/commands`),
        {
          method: "POST",
          headers: { "content-type": "application/json", ...authHeaders(this.options) },
          body: JSON.stringify(command),
        },
      );
    } catch (error) {
      return {
        status: "unavailable",
        idempotencyKey: command.idempotencyKey,
        reason: `host_unavailable: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    try {
      return await readJsonResponse<WriteResult>(response);
    } catch (error) {
      const reason = error instanceof GatewayRequestError ? `${error.code}: ${error.message}` : String(error);
      return {
        status: response.status >= 500 ? "failed" : "rejected",
        idempotencyKey: command.idempotencyKey,
        reason,
      };
    }
  }
}
