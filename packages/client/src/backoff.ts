// Reconnect delays: exponential growth with full jitter, so a fleet of clients that lost the same gateway
// does not reconnect in lockstep.

export interface BackoffOptions {
  /** First delay ceiling in ms (default 250). */
  baseMs?: number;
  /** Largest delay ceiling in ms (default 10 000). */
  maxMs?: number;
  /** Source of randomness in [0, 1) (tests inject a fixed one). */
  random?: () => number;
}

/** Delay before reconnect attempt `attempt` (1-based): uniform in [ceiling/2, ceiling], where the ceiling
 * doubles per attempt up to `maxMs`. Half the ceiling is kept so a retry is never instantaneous. */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const base = options.baseMs ?? 250;
  const max = options.maxMs ?? 10_000;
  const random = options.random ?? Math.random;
  const ceiling = Math.min(max, base * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  // A random source outside [0, 1) (a bad injection) must not push the delay out of its bounds.
  const r = Math.min(Math.max(Number(random()) || 0, 0), 1);
  return Math.round(ceiling / 2 + r * (ceiling / 2));
}
