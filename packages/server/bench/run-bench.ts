// The benchmark itself, importable (the smoke test runs it at tiny sizes): a gateway on 127.0.0.1 with
// SQLite in a temp dir; per viewer count a fresh session, N SSE viewers bound, then events appended at the
// target rate through the bench source's sink, each stamped with its send time; afterwards every viewer
// is drained, counted and closed. Bounded: each round stops after `seconds` plus a drain timeout.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import type { RuntimeSink } from "../src";
import { startServer } from "../src";
import { benchSourceFactory } from "./bench-source";
import { epochNow } from "./delivery-ledger";
import { type RoundResult, summarize } from "./stats";
import { type ViewerDecode, type ViewerMode, viewerGroup } from "./viewer-group";

export interface BenchOptions {
  /** Target appended events per second (default 5000). */
  rate: number;
  /** Send window per round (default 3). */
  seconds: number;
  /** One round per entry (default 1, 10, 50). */
  viewers: readonly number[];
  /** How long viewers may take to catch up after the send window (default 30 000 ms); what has not
   * arrived by then counts as lost. */
  drainTimeoutMs?: number;
  /** Where the SSE viewers run (default in-process; `child-process` keeps their decoding off the
   * gateway's CPU, like remote clients). */
  viewerMode?: ViewerMode;
  /** Child processes the viewers are spread over (child-process mode; default 1). */
  viewerProcesses?: number;
  /** How viewers decode the stream (default `full`, like our client; `scan` is byte search). */
  viewerDecode?: ViewerDecode;
  /** Producer tick: events due are appended in one sink call per tick (default 5 ms). */
  tickMs?: number;
  /** The gateway's compaction interval (default: the server's default, 200 events; 0 disables). */
  snapshotEvery?: number;
}

export const DEFAULT_DRAIN_MS = 30_000;

export const DEFAULT_OPTIONS: BenchOptions = { rate: 5000, seconds: 3, viewers: [1, 10, 50] };

export async function runBench(options: BenchOptions): Promise<RoundResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-server-bench-"));
  const bench = benchSourceFactory();
  const server = await startServer({
    noAuth: true,
    port: 0,
    host: "127.0.0.1",
    dataDir,
    sources: [bench],
    snapshotEvery: options.snapshotEvery,
  });
  const results: RoundResult[] = [];
  try {
    for (const [round, viewers] of options.viewers.entries()) {
      const sessionId = `bench-${round}-${viewers}v`;
      await server.gateway.createSession({ source: bench.kind, id: sessionId });
      const sink = await bench.sinkOf(sessionId);
      results.push(await runRound(server.url, sessionId, sink, viewers, options));
      await server.gateway.stopSession(sessionId);
    }
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

async function runRound(
  baseUrl: string,
  sessionId: string,
  sink: RuntimeSink,
  viewerCount: number,
  options: BenchOptions,
): Promise<RoundResult> {
  const capacity = Math.ceil(options.rate * options.seconds) + 1;
  const url = `${baseUrl}/api/sessions/${encodeURIComponent(sessionId)}/events?after=0`;
  const viewers = viewerGroup(
    options.viewerMode ?? "in-process",
    url,
    viewerCount,
    capacity,
    options.viewerProcesses,
    options.viewerDecode,
  );
  try {
    await viewers.connect();
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    const produced = await produce(sink, capacity - 1, options);
    const totals = await viewers.drain(produced.sent, options.drainTimeoutMs ?? DEFAULT_DRAIN_MS);
    const cpu = process.cpuUsage(cpuBefore);
    const wallMs = performance.now() - wallBefore;
    const processCpuPct = ((cpu.user + cpu.system) / 1000 / wallMs) * 100;
    const viewerCpuPct = totals.cpuMs === undefined ? Number.NaN : (totals.cpuMs / wallMs) * 100;
    const { p50, p99, max } = summarize(totals.latencies);
    return {
      viewers: viewerCount,
      sent: produced.sent,
      achievedRate: produced.sent / (produced.elapsedMs / 1000),
      samples: totals.latencies.length,
      p50Ms: p50,
      p99Ms: p99,
      maxMs: max,
      lost: totals.lost,
      duplicates: totals.duplicates,
      appendErrors: produced.errors,
      processCpuPct,
      viewerCpuPct,
    };
  } finally {
    await viewers.close();
  }
}

/** Appends the events due by the clock each tick without awaiting the previous append (group commit
 * batches concurrent appends FIFO), then waits until every append is durable. */
async function produce(
  sink: RuntimeSink,
  total: number,
  options: BenchOptions,
): Promise<{ sent: number; elapsedMs: number; errors: number }> {
  const tickMs = options.tickMs ?? 5;
  const pending: Promise<void>[] = [];
  let errors = 0;
  let sent = 0;
  const start = performance.now();
  const windowMs = options.seconds * 1000;
  while (sent < total) {
    const elapsed = performance.now() - start;
    const due = Math.min(total, Math.floor((Math.min(elapsed, windowMs) * options.rate) / 1000));
    if (due > sent) {
      const sentAt = epochNow();
      const batch: Partial<AgentUiEvent>[] = [];
      for (; sent < due; sent++) batch.push({ type: "job.progress", payload: { benchIndex: sent, sentAt } });
      pending.push(
        sink.events(batch).catch(() => {
          errors++;
        }),
      );
    }
    if (elapsed >= windowMs) break;
    await new Promise((resolve) => setTimeout(resolve, tickMs));
  }
  const elapsedMs = performance.now() - start;
  await Promise.all(pending);
  return { sent, elapsedMs, errors };
}
