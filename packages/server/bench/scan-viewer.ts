// The light SSE viewer (`scan` decode mode): a raw `node:http` stream whose frames are found by byte search
// — the `ready` frame, and in each complete `entry` frame the bench event's `"benchIndex":` and
// `"sentAt":` numbers — without decoding text or parsing JSON. On a 2-core box the viewers share the CPU
// with the gateway; with the full decoder 50 viewers spend ~1.4 cores decoding, and the latencies then
// measure the viewers' queue rather than delivery. Real viewers decode on their own machines. Frames are
// only counted once their terminating blank line arrived, so a frame split over two reads is timed when
// its last byte is in, as with the full decoder.
import { type ClientRequest, get } from "node:http";
import { SSE_READY_EVENT } from "@agent-ui/client";
import { DeliveryLedger, epochNow } from "./delivery-ledger";
import type { BenchViewer } from "./sse-viewer";

const FRAME_END = Buffer.from("\n\n");
const READY_FRAME = Buffer.from(`event: ${SSE_READY_EVENT}\n`);
const INDEX_KEY = Buffer.from('"benchIndex":');
const SENT_AT_KEY = Buffer.from('"sentAt":');

export class ScanViewer implements BenchViewer {
  readonly ledger: DeliveryLedger;
  private carry: Buffer | undefined;
  private isReady = false;
  private request: ClientRequest | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    capacity: number,
  ) {
    this.ledger = new DeliveryLedger(capacity);
  }

  connect(): Promise<void> {
    return new Promise<void>((ready, fail) => {
      const onFailure = (error: Error) => {
        if (!this.closed) fail(error);
      };
      this.request = get(this.url, { headers: { accept: "text/event-stream" }, agent: false }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          onFailure(new Error(`SSE ${this.url} answered ${response.statusCode}`));
          return;
        }
        response.on("data", (chunk: Buffer) => {
          this.push(chunk);
          if (this.isReady) ready();
        });
        response.on("error", onFailure);
      });
      this.request.on("error", onFailure);
    });
  }

  close(): Promise<void> {
    this.closed = true;
    const request = this.request;
    if (!request || request.destroyed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      request.once("close", () => resolve());
      request.destroy();
    });
  }

  private push(chunk: Buffer): void {
    const receivedAt = epochNow();
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const complete = bytes.lastIndexOf(FRAME_END);
    if (complete === -1) {
      this.carry = bytes;
      return;
    }
    this.carry = complete + 2 < bytes.length ? Buffer.from(bytes.subarray(complete + 2)) : undefined;
    if (!this.isReady) {
      const at = bytes.indexOf(READY_FRAME);
      if (at !== -1 && at < complete) this.isReady = true;
    }
    for (let at = bytes.indexOf(INDEX_KEY); at !== -1 && at < complete; ) {
      const indexEnd = numberEnd(bytes, at + INDEX_KEY.length);
      const sentKey = bytes.indexOf(SENT_AT_KEY, indexEnd);
      if (sentKey === -1 || sentKey > complete) break;
      const sentEnd = numberEnd(bytes, sentKey + SENT_AT_KEY.length);
      this.ledger.record(
        Number(bytes.toString("latin1", at + INDEX_KEY.length, indexEnd)),
        Number(bytes.toString("latin1", sentKey + SENT_AT_KEY.length, sentEnd)),
        receivedAt,
      );
      at = bytes.indexOf(INDEX_KEY, sentEnd);
    }
  }
}

/** End of the JSON number starting at `from` (digits, sign, point, exponent). */
function numberEnd(bytes: Buffer, from: number): number {
  let end = from;
  for (; end < bytes.length; end++) {
    const c = bytes[end];
    const numeric =
      (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d || c === 0x2b || c === 0x65 || c === 0x45;
    if (!numeric) break;
  }
  return end;
}
