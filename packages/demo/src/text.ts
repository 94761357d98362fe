// Deterministic pseudo-randomness and text chunking for the demo runtime. The demo must replay the same
// events for the same seed and writes, so nothing here reads Math.random or the wall clock.

import type { Rng } from "@agent-ui/contracts";

// The seeded PRNG is the one in @agent-ui/contracts (shared with the benchmark generator).
export { createRng, type Rng } from "@agent-ui/contracts";

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
