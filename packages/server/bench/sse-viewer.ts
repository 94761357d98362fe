// One SSE viewer: a plain `fetch` stream of `GET /api/sessions/:id/events?after=0`, decoded with the
// client's `SseDecoder`, timing each benchmark event on arrival of its bytes (receive time − the producer's send time,
// carried in the event's `payload.sentAt` as epoch ms, so viewers in another process can time it too).
// Counts duplicates; loss is what is missing at the end.
import { type LogEntry, SSE_ENTRY_EVENT, SSE_READY_EVENT, SseDecoder } from "@agent-ui/client";

/** Sub-millisecond wall-clock ms, comparable between processes on one machine. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

export class SseViewer {
  /** Receive − send, ms, one per first delivery. */
  latencies: number[] = [];
  duplicates = 0;
  private seen: Uint8Array;
  private received = 0;
  private readonly abort = new AbortController();
  private done: Promise<void> | undefined;
  private onProgress: (() => void) | undefined;

  constructor(
    private readonly url: string,
    capacity: number,
  ) {
    this.seen = new Uint8Array(capacity);
  }

  /** Resolves once the gateway says the listener is bound (`event: ready`). */
  connect(): Promise<void> {
    return new Promise<void>((ready, fail) => {
      this.done = this.read(ready).catch((error: unknown) => {
        if (!this.abort.signal.aborted) fail(error);
      });
    });
  }

  get receivedCount(): number {
    return this.received;
  }

  /** Resolves when `count` distinct bench events arrived or `timeoutMs` passed. */
  async waitFor(count: number, timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (this.received < count && performance.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.onProgress = () => {
          if (this.received >= count) {
            clearTimeout(timer);
            resolve();
          }
        };
      });
    }
    this.onProgress = undefined;
  }

  /** Events in `[0, sent)` never received. */
  lost(sent: number): number {
    let missing = 0;
    for (let i = 0; i < sent; i++) if (this.seen[i] === 0) missing++;
    return missing;
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
        else if (message.event === SSE_ENTRY_EVENT)
          this.entry(JSON.parse(message.data) as LogEntry, receivedAt);
      }
    }
  }

  private entry(entry: LogEntry, receivedAt: number): void {
    const index = entry.event.payload?.benchIndex;
    const sentAt = entry.event.payload?.sentAt;
    if (typeof index !== "number" || typeof sentAt !== "number" || index < 0 || index >= this.seen.length)
      return;
    if (this.seen[index] === 1) {
      this.duplicates++;
      return;
    }
    this.seen[index] = 1;
    this.received++;
    this.latencies.push(receivedAt - sentAt);
    this.onProgress?.();
  }
}
