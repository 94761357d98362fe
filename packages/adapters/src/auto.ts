// Format detection: each registered module scores a sample of records; the best average wins.
import type { FramedRecord, RecordMeta } from "@agent-ui/contracts";
import { ADAPTERS } from "./registry";
import type { AdapterModule } from "./types";

export interface DetectedFormat {
  /** The winning adapter's format, or `"unknown"` when no adapter recognises the sample. */
  format: string;
  /** Average `detect` score of the winner over the sampled records, 0..1. */
  confidence: number;
  reason: string;
}

/** Below this average score a sample is not claimed by any adapter. */
export const MIN_DETECT_CONFIDENCE = 0.2;

export function detectFormat(
  records: readonly unknown[],
  sampleSize = 5,
  adapters: readonly AdapterModule[] = ADAPTERS,
): DetectedFormat {
  const sample = sampleOf(records, sampleSize, (value) => ({ value, index: 0, meta: NO_META }));
  return detectSample(sample, adapters);
}

/** Like `detectFormat`, for framed records: each adapter also sees the framing meta (SSE `event:` /
 * `id:`), so a stream known only by its SSE event names (LangGraph Agent Server) is recognised. */
export function detectFramedFormat(
  records: readonly FramedRecord[],
  sampleSize = 5,
  adapters: readonly AdapterModule[] = ADAPTERS,
): DetectedFormat {
  return detectSample(
    sampleOf(records, sampleSize, (record) => record),
    adapters,
  );
}

const NO_META: RecordMeta = {};

/** Objects and arrays are sampled (LangGraph stream chunks are `[namespace, mode, payload]` tuples), and
 * any record an SSE event name describes (an Agent Server `end` frame carries `null`); bare scalars
 * without framing say nothing about a format. Only the sample is wrapped: no per-record copy. */
function sampleOf<T>(
  records: readonly T[],
  sampleSize: number,
  framedOf: (record: T) => FramedRecord,
): FramedRecord[] {
  const sample: FramedRecord[] = [];
  for (const record of records) {
    if (sample.length >= sampleSize) break;
    const framed = framedOf(record);
    const value = framed.value;
    if ((value !== null && typeof value === "object") || framed.meta.sseEvent !== undefined)
      sample.push(framed);
  }
  return sample;
}

function detectSample(sample: readonly FramedRecord[], adapters: readonly AdapterModule[]): DetectedFormat {
  if (sample.length === 0)
    return { format: "unknown", confidence: 0, reason: "no JSON object or array records to sample" };
  let best: { module: AdapterModule; score: number } | undefined;
  let runnerUp = 0;
  for (const module of adapters) {
    let total = 0;
    for (const record of sample) total += safeDetect(module, record);
    const score = total / sample.length;
    if (best === undefined || score > best.score) {
      runnerUp = best?.score ?? 0;
      best = { module, score };
    } else if (score > runnerUp) runnerUp = score;
  }
  if (best === undefined || best.score < MIN_DETECT_CONFIDENCE)
    return {
      format: "unknown",
      confidence: best?.score ?? 0,
      reason: `no adapter recognised the first ${sample.length} record(s)`,
    };
  return {
    format: best.module.format,
    confidence: round(best.score),
    reason: `${best.module.format} scored ${round(best.score)} over ${sample.length} record(s) (next best ${round(runnerUp)})`,
  };
}

/** A detector that throws counts as "not this format". */
function safeDetect(module: AdapterModule, record: FramedRecord): number {
  try {
    const score = module.detect(record.value, record.meta);
    return Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0;
  } catch {
    return 0;
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
