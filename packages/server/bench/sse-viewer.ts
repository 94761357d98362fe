// One SSE viewer decoding like our client does: a `fetch` stream of `GET /api/sessions/:id/events?after=0`,
// the client's `SseDecoder`, `JSON.parse` of every entry. Each benchmark event is timed on arrival of its
// bytes (receive time − the producer's send time, carried in `payload.sentAt` as epoch ms, so viewers in
// another process can time it too). This is the `full` decode mode; `./scan-viewer` is the light one.
import { type LogEntry, SSE_ENTRY_EVENT, SSE_READY_EVENT, SseDecoder } from "@agent-ui/client";
import { DeliveryLedger, epochNow } from "./delivery-ledger";

export { epochNow };

/** What the viewer group needs of a viewer, whatever it decodes with. */
export interface BenchViewer {
  readonly ledger: DeliveryLedger;
  /** Resolves once the gateway says the listener is bound (`event: ready`). */
  connect(): Promise<void>;
  close(): Promise<void>;
}

export class SseViewer implements BenchViewer {
  readonly ledger: DeliveryLedger;
  private readonly abort = new AbortController();
  private done: Promise<void> | undefined;

  constructor(
    private readonly url: string,
    capacity: number,
  ) {
    this.ledger = new DeliveryLedger(capacity);
  }

  connect(): Promise<void> {
    return new Promise<void>((ready, fail) => {
      this.done = this.read(ready).catch((error: unknown) => {
        if (!this.abort.signal.aborted) fail(error);
      });
    });
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.done;
  }

  private async read(ready: () => void): Promise<void> {
    const response = await fetch(this.url, {
      headers: { accept: "text/event-stream" },
      signal: this.abort.signal,
    });
    if (!response.ok || !response.body) throw new Error(`SSE ${this.url} answered ${response.status}`);
    const decoder = new SseDecoder();
    const text = new TextDecoder();
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Delivery is the moment the bytes reached this viewer; decoding them is the client's own work
      // and must not be counted as the gateway's latency for the entries of this chunk.
      const receivedAt = epochNow();
      for (const message of decoder.push(text.decode(value, { stream: true }))) {
        if (message.event === SSE_READY_EVENT) ready();
        else if (message.event === SSE_ENTRY_EVENT) {
          const payload = (JSON.parse(message.data) as LogEntry).event.payload;
          this.ledger.record(Number(payload?.benchIndex), Number(payload?.sentAt), receivedAt);
        }
      }
    }
  }
}
