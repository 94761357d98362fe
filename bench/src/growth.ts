/** Growth exponent between two measurements: time ∝ n^k (1 = linear, 2 = quadratic). */
export function growthExponent(a: { events: number; ms: number }, b: { events: number; ms: number }): number {
  return Math.log(b.ms / a.ms) / Math.log(b.events / a.events);
}
