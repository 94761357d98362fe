// `npm run bench:cli`: `agent-ui project` on a recorded AG-UI session (JSONL, one event per line) of 100k
// and 1M events against the limit (cli/limit.mjs: read lines, parse, adapt, redact, fold, print). Both run
// as plain `node` on the built packages, each in its own process, alternating, N runs each; a preloaded
// hook (cli/usage-hook.mjs) reports the process's own CPU time and peak RSS. Targets are judged on the
// medians of those runs (CPU time, not wall time) and the spread is printed; both programs' stdout is
// compared byte for byte, so the limit cannot win by printing less.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { REPO_ROOT } from "./child";
import { encodeSession, generateSession } from "./generator";
import { fmtRatio, table } from "./markdown";
import type { TargetCheck } from "./report";
import { machineInfo } from "./runner";

const HOOK = fileURLToPath(new URL("./cli/usage-hook.mjs", import.meta.url));
const LIMIT = fileURLToPath(new URL("./cli/limit.mjs", import.meta.url));
const CLI = join(REPO_ROOT, "packages", "cli", "bin", "agent-ui.mjs");
const MARKER = "agent-ui-bench-usage ";

interface Usage {
  cpuMs: number;
  maxRssKB: number;
  output: string;
}

interface SizeResult {
  events: number;
  inputMB: number;
  ours: Usage[];
  limit: Usage[];
}

/** Writes the session's AG-UI events as JSONL, without building the file's text in one string. */
function writeAgUiJsonl(events: number, seed: number, file: string): number {
  const { agui } = encodeSession(generateSession({ events, seed }));
  const fd = openSync(file, "w");
  let lines = 0;
  let batch: string[] = [];
  for (const run of agui)
    for (const event of run.events) {
      batch.push(JSON.stringify(event));
      lines++;
      if (batch.length === 10_000) {
        writeSync(fd, `${batch.join("\n")}\n`);
        batch = [];
      }
    }
  if (batch.length > 0) writeSync(fd, `${batch.join("\n")}\n`);
  closeSync(fd);
  return lines;
}

function measure(args: readonly string[], outFile: string): Usage {
  const out = openSync(outFile, "w");
  const child = spawnSync(process.execPath, ["--import", HOOK, ...args], {
    cwd: REPO_ROOT,
    stdio: ["ignore", out, "pipe"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 30 * 60_000,
  });
  closeSync(out);
  const marked = child.stderr.split("\n").find((line) => line.startsWith(MARKER));
  if (child.status !== 0 || marked === undefined)
    throw new Error(`${args.join(" ")} failed (${child.status}): ${child.stderr.slice(-500)}`);
  const usage = JSON.parse(marked.slice(MARKER.length)) as { cpuMs: number; maxRssKB: number };
  const output = createHash("sha256").update(readFileSync(outFile)).digest("hex");
  rmSync(outFile, { force: true });
  return { ...usage, output };
}

const sizeLabel = (events: number) =>
  events % 1_000_000 === 0
    ? `${events / 1_000_000}M`
    : events % 1000 === 0
      ? `${events / 1000}k`
      : `${events}`;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export async function benchCli(
  sizes: readonly number[],
  runs: number,
  seed: number,
  log: (line: string) => void,
): Promise<{ results: SizeResult[]; markdown: string; targets: TargetCheck[] }> {
  // @ts-expect-error -- a plain ESM script without type declarations
  const { build } = (await import("../../scripts/build.mjs")) as {
    build(o: { ifStale: boolean; log: (line: string) => void }): Promise<string[]>;
  };
  await build({ ifStale: true, log });
  const dir = mkdtempSync(join(tmpdir(), "agent-ui-cli-bench-"));
  const results: SizeResult[] = [];
  try {
    for (const events of sizes) {
      const input = join(dir, `agui-${events}.jsonl`);
      const lines = writeAgUiJsonl(events, seed, input);
      const inputMB = statSync(input).size / 1_048_576;
      log(`${sizeLabel(events)}: ${lines} AG-UI lines, ${inputMB.toFixed(1)} MB`);
      const result: SizeResult = { events, inputMB, ours: [], limit: [] };
      for (let run = 0; run < runs; run++) {
        // Alternating, so a change in the machine's load falls on both.
        result.ours.push(measure([CLI, "project", "--from", "ag-ui", input], join(dir, "out")));
        result.limit.push(measure([LIMIT, "ag-ui", input], join(dir, "out")));
        const [o, l] = [result.ours.at(-1)!, result.limit.at(-1)!];
        log(
          `  run ${run + 1}: ours ${(o.cpuMs / 1000).toFixed(2)} s CPU, ${(o.maxRssKB / 1024).toFixed(0)} MB; ` +
            `limit ${(l.cpuMs / 1000).toFixed(2)} s, ${(l.maxRssKB / 1024).toFixed(0)} MB`,
        );
      }
      rmSync(input, { force: true });
      results.push(result);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { results, markdown: report(results, runs), targets: cliTargets(results) };
}

const TARGETS = [
  { target: "`agent-ui project` at 1M within 2× the limit's CPU", events: 1_000_000, of: "cpu" },
  { target: "`agent-ui project` at 1M within 2× the limit's peak RSS", events: 1_000_000, of: "rss" },
  { target: "the whole CLI at 100k within 2× the limit (CPU)", events: 100_000, of: "cpu" },
  { target: "the whole CLI at 100k within 2× the limit (peak RSS)", events: 100_000, of: "rss" },
] as const;

/** The CLI targets, judged on the medians of the runs; a size that did not run is not measured. */
export function cliTargets(results: readonly SizeResult[] | undefined): TargetCheck[] {
  return TARGETS.map(({ target, events, of }) => {
    const r = results?.find((result) => result.events === events);
    if (r === undefined)
      return {
        target,
        measured: `not measured (${results ? `no ${sizeLabel(events)} run` : "bench:cli not run"})`,
        met: null,
      };
    const pick = (u: Usage) => (of === "cpu" ? u.cpuMs : u.maxRssKB);
    const ratio = median(r.ours.map(pick)) / median(r.limit.map(pick));
    // A comparison with the limit only holds when both printed the same bytes.
    const same = [...r.ours, ...r.limit].every((u) => u.output === r.limit[0].output);
    const measured = `${fmtRatio(ratio)} (median of ${r.ours.length})${same ? "" : "; outputs differ"}`;
    return { target, measured, met: same && ratio <= 2 };
  });
}

function report(results: readonly SizeResult[], runs: number): string {
  const machine = machineInfo();
  const spread = (values: number[], unit: (v: number) => string) =>
    `${unit(median(values))} (${unit(Math.min(...values))}–${unit(Math.max(...values))})`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
  const rows = results.map((r) => {
    const cpu = median(r.ours.map((u) => u.cpuMs)) / median(r.limit.map((u) => u.cpuMs));
    const rss = median(r.ours.map((u) => u.maxRssKB)) / median(r.limit.map((u) => u.maxRssKB));
    const same =
      r.ours.every((u) => u.output === r.limit[0].output) &&
      r.limit.every((u) => u.output === r.limit[0].output);
    return [
      sizeLabel(r.events),
      r.inputMB.toFixed(1),
      spread(
        r.ours.map((u) => u.cpuMs),
        seconds,
      ),
      spread(
        r.limit.map((u) => u.cpuMs),
        seconds,
      ),
      fmtRatio(cpu),
      spread(
        r.ours.map((u) => u.maxRssKB),
        mb,
      ),
      spread(
        r.limit.map((u) => u.maxRssKB),
        mb,
      ),
      fmtRatio(rss),
      same ? "yes" : "NO",
      cpu <= 2 ? "yes" : "no",
      rss <= 2 ? "yes" : "no",
    ];
  });
  return [
    `#### \`agent-ui project\` against the limit (AG-UI JSONL, ${runs} run${runs === 1 ? "" : "s"} each, median (min–max))`,
    "",
    table(
      [
        "events",
        "input MB",
        "ours CPU",
        "limit CPU",
        "CPU ÷ limit",
        "ours peak RSS",
        "limit peak RSS",
        "RSS ÷ limit",
        "same output",
        "CPU ≤ 2×",
        "RSS ≤ 2×",
      ],
      rows,
    ),
    "",
    "Targets (medians of CPU time and peak RSS, one run of this table):",
    ...cliTargets(results).map(
      (t) => `- ${t.target}: ${t.measured}${t.met === null ? "" : t.met ? " → met" : " → not met"}`,
    ),
    "",
    `Machine: ${machine.nproc} cores, ${machine.cpu}, Node ${machine.node}, ${machine.platform}; load average ` +
      `${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} at the end (other work on the machine inflates both columns alike).`,
  ].join("\n");
}

async function main(args: readonly string[]): Promise<number> {
  let sizes = [100_000, 1_000_000];
  let runs = 3;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--sizes") sizes = (args[++i] ?? "").split(",").map(Number);
    else if (args[i] === "--runs") runs = Number(args[++i]);
    else {
      process.stderr.write("usage: npm run bench:cli -- [--sizes 100000,1000000] [--runs 3]\n");
      return 2;
    }
  }
  if (!sizes.every((n) => Number.isInteger(n) && n > 0) || !(Number.isInteger(runs) && runs > 0)) {
    process.stderr.write("--sizes takes positive integers and --runs a positive integer\n");
    return 2;
  }
  const { markdown } = await benchCli(sizes, runs, 1, (line) => process.stderr.write(`${line}\n`));
  process.stdout.write(`${markdown}\n`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
