// Format detection: each registered module scores a sample of records; the best average wins.
import type { FramedRecord, RecordMeta } from "@agent-ui/contracts";
import { ADAPTERS } from "./registry";
import type { AdapterModule } from "./types";

export interface DetectedFormat {
  /** The winning adapter's format, or `"unknown"` when no adapter is sure of the sample. */
  format: string;
  /** Average `detect` score of the winner over the sampled records, 0..1. */
  confidence: number;
  reason: string;
  /** The best-scoring formats (at most `DETECT_CANDIDATES`, score > 0), best first: what a caller lists
   * when detection is unsure, so the user can pick one with `--from`. */
  candidates: DetectCandidate[];
}

export interface DetectCandidate {
  format: string;
  /** Average `detect` score over the sample, rounded to two decimals. */
  score: number;
}

/** Below this average score no adapter is sure of a sample: detection answers `"unknown"` with its
 * candidates rather than guess (a guess reads another format's records as nothing — an empty projection). */
export const MIN_DETECT_CONFIDENCE = 0.5;

/** How many candidates an unsure detection lists. */
export const DETECT_CANDIDATES = 3;

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
    return {
      format: "unknown",
      confidence: 0,
      reason: "no JSON object or array records to sample",
      candidates: [],
    };
  const scored: { module: AdapterModule; score: number }[] = [];
  for (const module of adapters) {
    let total = 0;
    for (const record of sample) total += safeDetect(module, record);
    scored.push({ module, score: total / sample.length });
  }
  // Stable: among equal scores the registry order decides, as before.
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0];
  const runnerUp = scored[1]?.score ?? 0;
  const candidates = scored
    .filter((s) => s.score > 0)
    .slice(0, DETECT_CANDIDATES)
    .map((s) => ({ format: s.module.format, score: round(s.score) }));
  if (best === undefined || best.score < MIN_DETECT_CONFIDENCE) {
    const listed = candidates.map((c) => `${c.format} ${c.score.toFixed(2)}`).join(", ");
    return {
      format: "unknown",
      confidence: round(best?.score ?? 0),
      reason:
        candidates.length === 0
          ? `no adapter recognised the first ${sample.length} record(s)`
          : `no adapter is sure of the first ${sample.length} record(s) (below ${MIN_DETECT_CONFIDENCE}); candidates: ${listed}`,
      candidates,
    };
  }
  return {
    format: best.module.format,
    confidence: round(best.score),
    reason: `${best.module.format} scored ${round(best.score)} over ${sample.length} record(s) (next best ${round(runnerUp)})`,
    candidates,
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
