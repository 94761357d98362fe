// The gateway's own benchmarks (packages/server/bench), run by `npm run bench` as child processes and
// reported verbatim, with their headline numbers judged against the targets: the hydration window of a
// 1M-event session, `/api/health` during a 1M-line replay import and under ten late joiners of that
// session, and store append throughput. A bench
// that did not run, or whose table lacks the number, is "not measured" — never estimated.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const GATEWAY_BENCHES = ["bench:window", "bench:import", "bench:store"] as const;
export type GatewayBench = (typeof GATEWAY_BENCHES)[number];

export interface GatewayBenchResult {
  script: GatewayBench;
  table?: string;
  skipped?: string;
}

export interface GatewayTargetCheck {
  target: string;
  measured: string;
  met: boolean | null;
}

/** Runs each gateway bench (`npm run -s <script>`) and keeps its stdout. */
export function runGatewayBenches(root: string, log: (line: string) => void): GatewayBenchResult[] {
  const scripts = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts ?? {};
  return GATEWAY_BENCHES.map((script) => {
    if (typeof scripts[script] !== "string") return { script, skipped: `no \`${script}\` script` };
    log(`  ${script}…`);
    try {
      const table = execFileSync("npm", ["run", "-s", script], {
        cwd: root,
        encoding: "utf8",
        timeout: 20 * 60_000,
        stdio: ["ignore", "pipe", "pipe"],
      });
      return { script, table: table.trim() };
    } catch (error) {
      return { script, skipped: `${script} failed: ${String(error).slice(0, 300)}` };
    }
  });
}

/** The cells of the Markdown table row whose first cell matches `first`. */
export function row(table: string | undefined, first: RegExp): string[] | undefined {
  for (const line of (table ?? "").split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    if (cells.length > 2 && first.test(cells[1])) return cells.slice(1, -1);
  }
  return undefined;
}

export const notMeasured = (target: string, why: string): GatewayTargetCheck => ({
  target,
  measured: why.startsWith("not measured") ? why : `not measured (${why})`,
  met: null,
});

/** The gateway targets, judged from the benches' own tables. */
export function gatewayTargets(results: readonly GatewayBenchResult[] | undefined): GatewayTargetCheck[] {
  const of = (script: GatewayBench) => results?.find((r) => r.script === script);
  const why = (script: GatewayBench) => of(script)?.skipped ?? (results ? "no such row" : "not run");
  const checks: GatewayTargetCheck[] = [];
  const windowTarget = "hydration window of a 1M-event session ≤ 512 KB";
  const window = row(of("bench:window")?.table, /^1,000,000$/);
  checks.push(
    window
      ? { target: windowTarget, measured: window[2], met: window[window.length - 1] === "yes" }
      : notMeasured(windowTarget, why("bench:window")),
  );
  const importTarget = "a 1M-line replay import leaves /api/health p99 ≤ 100 ms";
  const lines = /A ([\d,]+)-line replay import/.exec(of("bench:import")?.table ?? "")?.[1];
  const p99 = row(of("bench:import")?.table, /^\/api\/health p99$/);
  checks.push(
    p99 && lines === "1,000,000"
      ? { target: importTarget, measured: p99[1], met: p99[3] === "yes" }
      : notMeasured(importTarget, lines ? `${lines} lines` : why("bench:import")),
  );
  const joinTarget = "ten concurrent late joiners on a 1M session leave /api/health p99 ≤ 100 ms";
  const joined = row(of("bench:import")?.table, /late joiners/);
  checks.push(
    joined && lines === "1,000,000"
      ? { target: joinTarget, measured: joined[1], met: joined[3] === "yes" }
      : notMeasured(joinTarget, lines ? `${lines} lines` : why("bench:import")),
  );
  const storeTable = of("bench:store")?.table;
  for (const store of ["SQLite", "PostgreSQL"]) {
    const target = `${store} store appends ≥ 20k events/s (one session)`;
    const cells = row(storeTable, new RegExp(`^${store}$`));
    const measured = cells?.[2];
    checks.push(
      cells && measured !== undefined && /^[\d,]+$/.test(measured)
        ? { target, measured: `${measured} events/s (median, ${cells[3]})`, met: cells[4] === "yes" }
        : notMeasured(target, measured ?? why("bench:store")),
    );
  }
  return checks;
}
