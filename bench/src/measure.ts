// Timing and heap helpers for the measuring child process (started with --expose-gc).
import { getHeapStatistics } from "node:v8";

export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc !== undefined) {
    gc();
    gc();
  }
}

export const gcAvailable = (): boolean => typeof (globalThis as { gc?: unknown }).gc === "function";

function heapUsed(): number {
  return getHeapStatistics().used_heap_size;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface RunTimes {
  /** Wall-clock ms per run. */
  wallMs: number[];
  /** CPU ms (user + system, all threads of this process) per run: less sensitive to a loaded machine. */
  cpuMs: number[];
}

/** Times `runs` runs, each after a full GC so one run's garbage never bills the next. */
export async function timeRuns(runs: number, once: () => Promise<unknown>): Promise<RunTimes> {
  const wallMs: number[] = [];
  const cpuMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    collectGarbage();
    const cpu = process.cpuUsage();
    const start = performance.now();
    await once();
    wallMs.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
  }
  return { wallMs, cpuMs };
}

export interface HeapMeasurement {
  /** Highest heap in use during the run above the post-GC baseline (includes not-yet-collected garbage). */
  peakBytes: number;
  /** Heap still held by the result after a full GC. */
  retainedBytes: number;
}

/** One extra, untimed run that samples the heap through the reducer's probe. */
export async function measureHeap(run: (probe: () => void) => Promise<unknown>): Promise<HeapMeasurement> {
  collectGarbage();
  const baseline = heapUsed();
  let peak = baseline;
  const result = await run(() => {
    const used = heapUsed();
    if (used > peak) peak = used;
  });
  const end = heapUsed();
  if (end > peak) peak = end;
  collectGarbage();
  const retained = heapUsed() - baseline;
  // Keep the result reachable until the retained size is read.
  if (result === Symbol.for("never")) return { peakBytes: 0, retainedBytes: 0 };
  return { peakBytes: Math.max(0, peak - baseline), retainedBytes: Math.max(0, retained) };
}
