import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { CASES } from "@agent-ui/conformance";
import { describe, expect, it } from "vitest";
import type { CommandIO } from "../src/command";
import { main } from "../src/main";

async function conformance(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), stdin: () => [] };
  const code = await main(["conformance", ...args], io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("agent-ui conformance", () => {
  it("prints one PASS/FAIL line per case and a final count; exit code follows failures", async () => {
    const { code, out } = await conformance([]);
    const lines = out.split("\n");
    const caseLines = lines.filter((l) => /^(PASS|FAIL) /.test(l));
    expect(caseLines).toHaveLength(CASES.length);
    for (const c of CASES)
      expect(caseLines.some((l) => l.startsWith(`PASS ${c.id} `) || l.startsWith(`FAIL ${c.id} `))).toBe(
        true,
      );
    const failed = caseLines.filter((l) => l.startsWith("FAIL")).length;
    expect(lines.at(-1)).toBe(`${CASES.length - failed} passed, ${failed} failed`);
    expect(code).toBe(failed > 0 ? 1 : 0);
  });

  it("--json prints the results", async () => {
    const { out } = await conformance(["--json"]);
    const report = JSON.parse(out) as {
      results: { id: string; passed: boolean }[];
      passed: number;
      failed: number;
    };
    expect(report.results.map((r) => r.id)).toEqual(CASES.map((c) => c.id));
    expect(report.passed + report.failed).toBe(CASES.length);
  });

  it("--id runs selected cases; a passing selection exits 0", async () => {
    const { code, out } = await conformance(["--id", "AS-PROJ-03", "--json"]);
    const report = JSON.parse(out) as { results: { id: string; failures: string[] }[] };
    expect(report.results.map((r) => r.id)).toEqual(["AS-PROJ-03"]);
    expect(code).toBe(report.results[0].failures.length === 0 ? 0 : 1);
  });

  it("a missing fixture folder fails the fixture cases with the path, exit 1", async () => {
    const { code, out } = await conformance([
      "--shared",
      "/nonexistent/shared",
      "--id",
      "FIX-submit-turn-event",
    ]);
    expect(code).toBe(1);
    expect(out).toMatch(/^FAIL FIX-submit-turn-event /m);
    expect(out).toMatch(/^\s+case threw: fixture unavailable: cannot read \/nonexistent\/shared/m);
    expect(out.split("\n").at(-1)).toBe("0 passed, 1 failed");
  });

  it("exits 2 on an unknown argument or an id that matches nothing", async () => {
    expect((await conformance(["--verbose"])).code).toBe(2);
    expect((await conformance(["--id", "NOPE-1"])).code).toBe(2);
  });

  it("runs through the real bin (npx agent-ui conformance)", () => {
    const bin = fileURLToPath(new URL("../bin/agent-ui.mjs", import.meta.url));
    const out = execFileSync(process.execPath, [bin, "conformance", "--id", "AS-PROJ-03"], {
      encoding: "utf8",
    });
    expect(out).toMatch(/^PASS AS-PROJ-03 /m);
    expect(out.trim().split("\n").at(-1)).toBe("1 passed, 0 failed");
  });
});
