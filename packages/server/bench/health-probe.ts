// The health probe of the gateway benches: `/api/health` one request at a time, 50 ms apart (or
// `intervalMs`), each latency a user's wait while the gateway does something heavy.

/** Probes `/api/health` one request at a time until stopped; each latency is a user's wait. */
export function healthProbe(url: string, intervalMs = 50): { stop(): Promise<number[]>; slow: string[] } {
  const latencies: number[] = [];
  const slow: string[] = [];
  const t0 = performance.now();
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(60_000) }).then((r) =>
          r.arrayBuffer(),
        );
      } catch {
        // A timeout counts as its full wait.
      }
      latencies.push(performance.now() - started);
      if (performance.now() - started > 500)
        slow.push(`${((started - t0) / 1000).toFixed(1)}s:${(performance.now() - started).toFixed(0)}ms`);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    slow,
    stop: async () => {
      running = false;
      await loop;
      return latencies;
    },
  };
}

/** Nearest-rank percentile of sorted latencies. */
export function nearestRank(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
