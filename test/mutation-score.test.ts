// The mutation score merges a package's own report with its named slices: a file counts once, from the newest
// report; static mutants skipped by --ignoreStatic stay out of the score; source files no report covers are named.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM script without types
import { printScore } from "../scripts/mutation-score.mjs";

interface Tally {
  detected: number;
  survived: number;
  noCoverage: number;
  ignored: number;
  total: number;
  score: number | null;
  files: number;
  sources: number;
  missing: string[];
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function repo(): string {
  const root = mkdtempSync(join(tmpdir(), "agent-ui-mutation-"));
  dirs.push(root);
  mkdirSync(join(root, "packages", "contracts", "src", "nested"), { recursive: true });
  for (const name of ["a.ts", "b.ts", "nested/c.ts", "index.ts", "x.generated.ts", "y.d.ts"])
    writeFileSync(join(root, "packages", "contracts", "src", name), "export {};\n");
  return root;
}

const mutants = (...statuses: string[]) => ({ mutants: statuses.map((status) => ({ status })) });

function report(root: string, dir: string, files: Record<string, unknown>, age: number): void {
  const folder = join(root, "reports", "mutation", "contracts", dir);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, "mutation.json");
  writeFileSync(file, JSON.stringify({ files }));
  const time = new Date(Date.UTC(2026, 0, 1) + age * 1000);
  utimesSync(file, time, time);
}

describe("mutation score over slice reports", () => {
  it("counts each file once from its newest report and leaves ignored mutants out", () => {
    const root = repo();
    report(root, "", { "packages/contracts/src/a.ts": mutants("Survived", "Survived") }, 1);
    report(
      root,
      "slices/one",
      {
        "packages/contracts/src/a.ts": mutants("Killed", "Timeout", "Survived", "Ignored"),
        "packages/contracts/src/b.ts": mutants("Killed", "NoCoverage", "CompileError"),
      },
      2,
    );
    const lines: string[] = [];
    const tally = printScore("contracts", (line: string) => lines.push(line), root) as Tally;
    expect(tally).toMatchObject({ detected: 3, survived: 1, noCoverage: 1, ignored: 1, total: 5, files: 2 });
    expect(tally.score).toBeCloseTo(60);
    expect(tally.sources).toBe(3);
    expect(tally.missing).toEqual([join("packages", "contracts", "src", "nested", "c.ts")]);
    expect(lines[0]).toBe("contracts  (2 reports)");
    expect(lines.join("\n")).toContain("2 of 3 source files in the reports");
    expect(lines.join("\n")).toContain("not in any report");
  });

  it("prefers the newer report whichever folder it is in", () => {
    const root = repo();
    report(root, "slices/old", { "packages/contracts/src/a.ts": mutants("Survived") }, 1);
    report(root, "", { "packages/contracts/src/a.ts": mutants("Killed") }, 5);
    const tally = printScore("contracts", () => {}, root) as Tally;
    expect(tally).toMatchObject({ detected: 1, survived: 0, total: 1 });
  });

  it("says so when a package has no report", () => {
    const lines: string[] = [];
    expect(printScore("contracts", (line: string) => lines.push(line), repo())).toBeNull();
    expect(lines[0]).toContain("no report");
  });
});
