// SSE transport over `fetch` (works in browsers and Node, and can send the bearer token as a header,
// which EventSource cannot). Resumes with `?after=` — the same point `Last-Event-ID` would give.
import { SseDecoder } from "../sse-decoder";
import { SSE_ENTRY_EVENT, SSE_READY_EVENT, type LogEntry, type ReadyFrame } from "../wire";
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

  connect(sessionId: string, after: number, handlers: TransportHandlers): TransportConnection {
    const abort = new AbortController();
    const h = onceClosed(handlers);
    const url = apiUrl(this.options, `/api/sessions/${encodeURIComponent(sessionId)}/events?after=${after}`);
    const doFetch = this.options.fetch ?? fetch;
    void (async () => {
      const response = await doFetch(url, {
        headers: { accept: "text/event-stream", ...authHeaders(this.options) },
        signal: abort.signal,
      });
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => {});
        h.onClose(`HTTP ${response.status}`);
        return;
      }
      const decoder = new SseDecoder();
      const text = new TextDecoder();
      const reader = response.body.getReader();
      // The gateway sends a comment every 15 s; silence for longer means a half-open connection.
      const idleMs = this.options.idleTimeoutMs ?? 45_000;
      let idle = setTimeout(() => abort.abort(), idleMs);
      for (;;) {
        const { done, value } = await reader.read();
        clearTimeout(idle);
        if (done) break;
        idle = setTimeout(() => abort.abort(), idleMs);
        const batch: LogEntry[] = [];
        for (const message of decoder.push(text.decode(value, { stream: true }))) {
          if (message.event === SSE_ENTRY_EVENT) batch.push(JSON.parse(message.data) as LogEntry);
          else if (message.event === SSE_READY_EVENT) {
            if (batch.length > 0) h.onEntries(batch.splice(0));
            h.onReady((JSON.parse(message.data) as ReadyFrame).head);
          }
        }
        if (batch.length > 0) h.onEntries(batch);
      }
      h.onClose("server closed the stream");
    })().catch((error: unknown) => h.onClose(error instanceof Error ? error.message : String(error)));
    return {
      close: () => {
        h.onClose("closed by client");
        abort.abort();
      },
    };
  }
}
