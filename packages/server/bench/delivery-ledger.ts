// What one viewer received: first-delivery latency per bench event, duplicates, and what is missing.
// Shared by both viewer kinds so "lost" and "duplicate" mean the same thing whichever decoder ran.

/** Sub-millisecond wall-clock ms, comparable between processes on one machine. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

export class DeliveryLedger {
  /** Receive − send, ms, one per first delivery. */
  latencies: number[] = [];
  duplicates = 0;
  private readonly seen: Uint8Array;
  private received = 0;
  private onProgress: (() => void) | undefined;

  constructor(capacity: number) {
    this.seen = new Uint8Array(capacity);
  }

  get receivedCount(): number {
    return this.received;
  }

  /** One bench event arrived; indexes outside the round are ignored (they are not this round's events). */
  record(index: number, sentAt: number, receivedAt: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.seen.length || !Number.isFinite(sentAt))
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
}
