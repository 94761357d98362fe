// Setup for mutation runs only (vitest.mutation.config.ts): every fast-check property runs at most
// `MUTATION_FC_RUNS` cases (default 20) instead of its hundreds. A mutant re-runs every test that covers it and a
// survivor runs them all to the end, so full-length properties made a whole-package run take hours on two cores.
// Fewer cases can only let a mutant survive that more cases would kill: the score this measures is a lower bound.
import { vi } from "vitest";

const cap = Number(process.env.MUTATION_FC_RUNS ?? 20);

vi.mock("fast-check", async (importOriginal) => {
  const original = await importOriginal<typeof import("fast-check")>();
  const fc = original.default ?? original;
  const capped = ((property: unknown, params?: { numRuns?: number }) =>
    fc.assert(property as never, {
      ...params,
      numRuns: Math.min(params?.numRuns ?? 100, cap),
    })) as typeof fc.assert;
  return { ...original, assert: capped, default: { ...fc, assert: capped } };
});
