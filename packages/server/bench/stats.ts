// Latency statistics and the Markdown report. Percentiles are nearest-rank over all samples of a round
// (every viewer, every event), so p99 is a delivery any user actually saw, not an interpolation.

export interface RoundResult {
  viewers: number;
  sent: number;
  /** Events appended per second over the send window. */
  achievedRate: number;
  /** Delivered (viewer, event) pairs that were measured. */
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Sum over viewers of events sent but never received. */
  lost: number;
  /** Sum over viewers of events received more than once. */
  duplicates: number;
  /** Sink appends that rejected (should be 0). */
  appendErrors: number;
  /** CPU time of the benchmark process (producer + gateway, + viewers when in-process) per wall second
   * of the round, in % of one core: a load-independent view of what the gateway costs. */
  processCpuPct: number;
  /** CPU of the viewer child process per wall second, % of one core (NaN when viewers run in-process). */
  viewerCpuPct: number;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** Sorts once and reads p50 / p99 / max. */
export function summarize(latencies: Float64Array): { p50: number; p99: number; max: number } {
  const sorted = latencies.slice().sort();
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "n/a");

export function markdownTable(results: readonly RoundResult[], targetP99Ms: number): string {
  const lines = [
    "| viewers | events sent | achieved ev/s | p50 ms | p99 ms | max ms | lost | duplicates | process CPU % | viewers CPU % | p99 target |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---|",
  ];
  for (const r of results) {
    const verdict = r.p99Ms <= targetP99Ms ? `met (≤ ${targetP99Ms})` : `MISSED (> ${targetP99Ms})`;
    lines.push(
      `| ${r.viewers} | ${r.sent} | ${Math.round(r.achievedRate)} | ${ms(r.p50Ms)} | ${ms(r.p99Ms)} | ${ms(r.maxMs)} | ${r.lost} | ${r.duplicates} | ${Math.round(r.processCpuPct)} | ${Number.isNaN(r.viewerCpuPct) ? "in process" : Math.round(r.viewerCpuPct)} | ${verdict} |`,
    );
  }
  return lines.join("\n");
}
