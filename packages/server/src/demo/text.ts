// Deterministic pseudo-randomness and text chunking for the demo runtime. The demo must replay the same
// events for the same seed and writes, so nothing here reads Math.random or the wall clock.

/** A small seeded PRNG (mulberry32): fast, deterministic, good enough for pacing and chunk sizes. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}

/** Mixes a label into a seed so independent streams (per turn, per agent) stay independent. */
export function deriveSeed(seed: number, label: string): number {
  let h = seed >>> 0 || 0x9e3779b9;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Splits text into realistic streaming chunks of a few characters; word boundaries are not respected,
 * as with real model deltas. Joining the chunks gives the text back exactly. */
export function chunkText(text: string, rng: Rng, minChars = 2, maxChars = 7): string[] {
  const chunks: string[] = [];
  let at = 0;
  while (at < text.length) {
    const size = rng.int(minChars, maxChars);
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks;
}

/** A short single-line preview, as a runtime would put in a queue item or tool result. */
export function preview(text: string, max = 80): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}
