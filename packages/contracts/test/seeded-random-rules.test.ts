import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "../src/index";

describe("seeded random numbers: the same seed, the same sequence everywhere", () => {
  it("BENCH-01 a seed gives a fixed sequence (mulberry32), seeds taken modulo 2^32", () => {
    const rng = createRng(42);
    expect([rng.next(), rng.next(), rng.next()]).toEqual([
      0.6011037519201636, 0.44829055899754167, 0.8524657934904099,
    ]);
    expect(createRng(2 ** 32 + 42).next()).toBe(0.6011037519201636);
    expect(createRng(-1).next()).toBe(createRng(4294967295).next());
    const dice = createRng(7);
    expect(Array.from({ length: 8 }, () => dice.int(1, 6))).toEqual([1, 1, 6, 5, 4, 3, 3, 2]);
    const picks = createRng(9);
    expect(Array.from({ length: 6 }, () => picks.pick(["a", "b", "c"]))).toEqual([
      "a",
      "c",
      "a",
      "c",
      "c",
      "c",
    ]);
  });

  it("BENCH-01 property: next() lies in [0, 1) and int(min, max) in [min, max], both ends reached", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 0, max: 3 }),
        (seed, min, span) => {
          const rng = createRng(seed);
          const seen = new Set<number>();
          for (let i = 0; i < 200; i++) {
            const x = rng.next();
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThan(1);
            const n = rng.int(min, min + span);
            expect(Number.isInteger(n)).toBe(true);
            seen.add(n);
          }
          expect([...seen].sort((a, b) => a - b)).toEqual(
            Array.from({ length: span + 1 }, (_, i) => min + i),
          );
        },
      ),
    );
  });

  it("BENCH-01 chance(p) is true about p of the time: never at 0, always at 1", () => {
    const rng = createRng(3);
    const draws = (p: number) => Array.from({ length: 4000 }, () => rng.chance(p)).filter(Boolean).length;
    expect(draws(0)).toBe(0);
    expect(draws(1)).toBe(4000);
    const quarter = draws(0.25);
    expect(quarter).toBeGreaterThan(900);
    expect(quarter).toBeLessThan(1100);
    const mean = Array.from({ length: 4000 }, () => rng.next()).reduce((a, b) => a + b, 0) / 4000;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });
});
