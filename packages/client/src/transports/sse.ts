// SSE transport over `fetch` (works in browsers and Node, and can send the bearer token as a header,
// which EventSource cannot). Resumes with `?after=<cursor>` — the same point `Last-Event-ID` would give: the
// `id:` of each entry is its resume cursor (`<seq>.<tag>`), handed up with the batch.
import {
  formatCursor,
  type LogEntry,
  parseCursor,
  type ReadyFrame,
  type ResumeCursor,
  SSE_CLOSE_EVENT,
  SSE_ENTRY_EVENT,
  SSE_READY_EVENT,
  SseDecoder,
} from "@agent-ui/contracts";
import { apiUrl, authHeaders, type HttpOptions } from "../write-port";
import {
  type EventTransport,
  onceClosed,
  type TransportConnection,
  type TransportHandlers,
} from "./transport";

export class SseTransport implements EventTransport {
  readonly name = "sse";
  constructor(private readonly options: HttpOptions & { idleTimeoutMs?: number }) {}

  connect(sessionId: string, after: number, handlers: TransportHandlers, tag?: string): TransportConnection {
    const abort = new AbortController();
    const h = onceClosed(handlers);
    const url = apiUrl(
      this.options,
      `/api/sessions/${encodeURIComponent(sessionId)}/events?after=${formatCursor({ seq: after, tag })}`,
    );
    const doFetch = this.options.fetch ?? fetch;
    void (async () => {
      const response = await doFetch(url, {
        headers: { accept: "text/event-stream", ...authHeaders(this.options) },
        signal: abort.signal,
      });
      if (!response.ok || !response.body) {
        // A 409 (`cursor_ahead`, `log_rewound`) says the log no longer holds what this cursor names: its code
        // goes up as the reason.
        let code: { code?: unknown; message?: unknown } | undefined;
        if (response.status === 409)
          code = await response
            .json()
            .then((body: { error?: { code?: unknown; message?: unknown } }) => body.error)
            .catch(() => undefined);
        else await response.body?.cancel().catch(() => {});
        const refused = response.status === 401 || response.status === 403 || response.status === 404;
        h.onClose(
          typeof code?.code === "string"
            ? `${code.code}: ${String(code.message ?? "")}`
            : `HTTP ${response.status}`,
          refused,
        );
        return;
      }
      const decoder = new SseDecoder();
      const text = new TextDecoder();
      const reader = response.body.getReader();
      let closeReason: string | undefined;
      // The gateway sends a comment every 15 s; silence for longer means a half-open connection.
      const idleMs = this.options.idleTimeoutMs ?? 45_000;
      let idle = setTimeout(() => abort.abort(), idleMs);
      for (;;) {
        const { done, value } = await reader.read();
        clearTimeout(idle);
        if (done) break;
        idle = setTimeout(() => abort.abort(), idleMs);
        const batch: LogEntry[] = [];
        let cursor: ResumeCursor | undefined;
        for (const message of decoder.push(text.decode(value, { stream: true }))) {
          if (message.event === SSE_ENTRY_EVENT) {
            const entry = parseEntry(message.data);
            if (entry === undefined) {
              // The entries before it are good: deliver them, then end so the resume starts after them.
              if (batch.length > 0) h.onEntries(batch, cursor);
              throw new Error("malformed entry frame from the gateway");
            }
            batch.push(entry);
            const id = message.id === undefined ? undefined : parseCursor(message.id);
            cursor = id?.seq === entry.seq ? id : undefined;
          } else if (message.event === SSE_READY_EVENT) {
            if (batch.length > 0) h.onEntries(batch.splice(0), cursor);
            h.onReady((JSON.parse(message.data) as ReadyFrame).head);
          } else if (message.event === SSE_CLOSE_EVENT) closeReason = closeReasonOf(message.data);
        }
        if (batch.length > 0) h.onEntries(batch, cursor);
      }
      h.onClose(closeReason ?? "server closed the stream");
    })().catch((error: unknown) => {
      h.onClose(error instanceof Error ? error.message : String(error));
      // A stream that failed mid-way (unreadable entry, network error) must not stay open on the gateway.
      abort.abort();
    });
    return {
      close: () => {
        h.onClose("closed by client");
        abort.abort();
      },
    };
  }
}

function closeReasonOf(data: string): string {
  try {
    const reason = (JSON.parse(data) as { reason?: unknown }).reason;
    return typeof reason === "string"
      ? `server closed the stream: ${reason.slice(0, 200)}`
      : "server closed the stream";
  } catch {
    return "server closed the stream";
  }
}

/** An entry frame's data, or undefined when it is not one (the caller ends the connection: the
 * subscription resumes from its last applied seq, so an unreadable frame loses nothing). */
function parseEntry(data: string): LogEntry | undefined {
  let entry: unknown;
  try {
    entry = JSON.parse(data);
  } catch {
    return undefined;
  }
  const value = entry as Partial<LogEntry> | null;
  if (value === null || typeof value !== "object") return undefined;
  if (typeof value.seq !== "number" || value.event === null || typeof value.event !== "object")
    return undefined;
  return entry as LogEntry;
}
