// The two benchmark viewers must agree on what arrived: the light byte-scanning viewer (the bench default)
// counts exactly the events the client's full decoder counts, however the frames are split on the wire —
// otherwise its latencies and loss figures would not describe the same delivery.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ScanViewer } from "../bench/scan-viewer";
import { type BenchViewer, SseViewer } from "../bench/sse-viewer";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

function entryFrame(seq: number, benchIndex: number, sentAt: number): string {
  const entry = { seq, event: { type: "job.progress", sequence: seq, payload: { benchIndex, sentAt } } };
  return `event: entry\nid: ${seq}\ndata: ${JSON.stringify(entry)}\n\n`;
}

/** Serves one SSE response: `ready`, then `body` written in pieces of `pieceBytes` (1 = byte by byte). */
async function serveSplit(body: string, pieceBytes: number): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.write('event: ready\ndata: {"after":0,"head":0}\n\n');
    const bytes = Buffer.from(body);
    let at = 0;
    const next = () => {
      if (at >= bytes.length) return;
      response.write(bytes.subarray(at, at + pieceBytes));
      at += pieceBytes;
      setImmediate(next);
    };
    next();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
}

async function receive(viewer: BenchViewer, expected: number): Promise<void> {
  await viewer.connect();
  await viewer.ledger.waitFor(expected, 5_000);
  await viewer.close();
}

describe("bench:server viewers", () => {
  it.each([1, 7, 4096])(
    "ORD-01/ORD-07 the scanning viewer counts every frame once, like the full decoder (pieces of %i bytes)",
    async (pieceBytes) => {
      const indexes = [0, 1, 2, 3, 5, 5, 8, 9];
      const sentAt = 1_764_000_000_000.125;
      const body = [
        ": heartbeat\n\n",
        ...indexes.map((index, i) => entryFrame(i + 10, index, sentAt + index)),
        entryFrame(99, 11, sentAt),
        'event: entry\nid: 100\ndata: {"seq":100,"event":{"type":"run.started","payload":{}}}\n\n',
      ].join("");
      const url = await serveSplit(body, pieceBytes);
      const scan = new ScanViewer(url, 10);
      const full = new SseViewer(url, 10);
      await Promise.all([receive(scan, 7), receive(full, 7)]);
      for (const viewer of [scan, full]) {
        expect(viewer.ledger.receivedCount).toBe(7);
        expect(viewer.ledger.duplicates).toBe(1);
        // 4, 6 and 7 never came; 11 is outside the round's capacity and not counted.
        expect(viewer.ledger.lost(10)).toBe(3);
        expect(viewer.ledger.latencies).toHaveLength(7);
        for (const latency of viewer.ledger.latencies) expect(Number.isFinite(latency)).toBe(true);
      }
    },
  );
});
