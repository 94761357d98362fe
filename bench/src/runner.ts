// The benchmark runner: every measurement in its own child process, peers skipped where a run would
// exceed the cap (estimated from their growth so far), then Markdown tables to the log and JSON to disk.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { ChildTimeout, REPO_ROOT, runInChild } from "./child";
import { growthExponent } from "./growth";
import type { BenchOptions } from "./options";
import { measureProduct } from "./product";
import { benchCli } from "./cli-bench";
import { runGatewayBenches } from "./gateway-benches";
import { type BenchReport, type Skipped, renderReport } from "./report";
import { loadServer } from "./server-bench";
import { runSurfaceBenches } from "./surface-benches";
import type { HydrationResult, MarginalResult, ReducerResult, ServerResult, WorkerTask } from "./tasks";

/** Ours and the minimal reducer always run: the cap exists to spare the run from quadratic peers. */
const NEVER_CAPPED = new Set(["ours-batch", "ours-incremental", "minimal"]);
const CHILD_SLACK_MS = 90_000;

export function machineInfo(): BenchReport["machine"] {
  let cpu = cpus()[0]?.model ?? "unknown";
  try {
    const info = readFileSync("/proc/cpuinfo", "utf8").match(/^model name\s*:\s*(.+)$/m);
    if (info) cpu = info[1].trim();
  } catch {
    // not Linux: os.cpus() is the fallback
  }
  return {
    nproc: cpus().length,
    cpu,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

/** Estimated ms of one run at `events`, from the reducer's measurements so far (none: unknown). */
export function estimateMs(history: readonly ReducerResult[], events: number): number | undefined {
  const last = history[history.length - 1];
  if (last === undefined) return undefined;
  const prev = history[history.length - 2];
  const measured =
    prev === undefined
      ? 1.5
      : growthExponent(
          { events: prev.events, ms: prev.medianMs },
          { events: last.events, ms: last.medianMs },
        );
  const k = Math.min(3, Math.max(1, Number.isFinite(measured) ? measured : 1.5));
  return last.medianMs * (events / last.events) ** k;
}

async function measureReducers(options: BenchOptions, skipped: Skipped[]): Promise<ReducerResult[]> {
  const results: ReducerResult[] = [];
  for (const reducer of options.reducers) {
    const history: ReducerResult[] = [];
    for (const events of options.sizes) {
      const estimate = estimateMs(history, events);
      const capped = !NEVER_CAPPED.has(reducer);
      if (capped && estimate !== undefined && estimate > options.capMs) {
        skipped.push({ reducer, events, reason: "skipped (> cap)", estimateMs: estimate });
        options.log(`  ${reducer} @ ${events}: skipped (> cap, est ${(estimate / 1000).toFixed(0)} s)`);
        continue;
      }
      let runs = options.runs(events);
      if (capped && estimate !== undefined)
        runs = Math.max(1, Math.min(runs, Math.floor(options.capMs / estimate)));
      const warmup = estimate === undefined ? events <= 5_000 : estimate < 2_000;
      const task: WorkerTask = { kind: "reducer", reducer, events, seed: options.seed, runs, warmup };
      const budget = (runs + 2) * Math.max(options.capMs, estimate ?? 0) + CHILD_SLACK_MS;
      try {
        const result = (await execute(options)(task, budget)) as ReducerResult;
        history.push(result);
        results.push(result);
        options.log(`  ${reducer} @ ${events}: ${result.medianMs.toFixed(1)} ms (median of ${runs})`);
      } catch (error) {
        const reason =
          error instanceof ChildTimeout ? "skipped (timed out)" : `failed: ${String(error).slice(0, 300)}`;
        skipped.push({ reducer, events, reason, estimateMs: estimate });
        options.log(`  ${reducer} @ ${events}: ${reason}`);
        if (error instanceof ChildTimeout) break;
      }
    }
  }
  return results;
}

async function measureMarginal(options: BenchOptions): Promise<MarginalResult[]> {
  const results: MarginalResult[] = [];
  for (const reducer of ["ours", "minimal"] as const)
    for (const history of options.marginalHistories) {
      const task: WorkerTask = {
        kind: "marginal",
        reducer,
        history,
        next: options.marginalNext,
        seed: options.seed,
        runs: options.marginalRuns,
      };
      const result = (await execute(options)(task, options.capMs * 4 + CHILD_SLACK_MS)) as MarginalResult;
      results.push(result);
      options.log(
        `  marginal ${reducer} after ${history}: ${result.medianMs.toFixed(2)} ms / ${result.next}`,
      );
    }
  return results;
}

async function measureServerSizes(options: BenchOptions): Promise<ServerResult[] | string> {
  if (options.serverEvents.length === 0) return "not requested";
  if ((await loadServer()) === undefined) return "@agent-ui/server is not available";
  const results: ServerResult[] = [];
  for (const events of options.serverEvents) {
    const task: WorkerTask = { kind: "server", events, seed: options.seed, batch: 500 };
    try {
      results.push((await execute(options)(task, options.capMs * 3 + CHILD_SLACK_MS)) as ServerResult);
      options.log(`  server @ ${events}: append ${results[results.length - 1].appendMs.toFixed(0)} ms`);
    } catch (error) {
      return `failed: ${String(error).slice(0, 300)}`;
    }
  }
  return results;
}

/** The workbench's UI benchmark, when it exists: its own table, verbatim. */
function measureUi(options: BenchOptions): { table?: string; skipped?: string } {
  if (!options.ui) return { skipped: "not requested" };
  const scripts = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).scripts ?? {};
  if (typeof scripts["bench:ui"] !== "string") return { skipped: "no `bench:ui` script in package.json yet" };
  try {
    const table = execFileSync("npm", ["run", "-s", "bench:ui"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      timeout: 10 * 60_000,
      stdio: ["ignore", "pipe", "pipe"],
    });
    return { table: table.trim() };
  } catch (error) {
    return { skipped: `bench:ui failed: ${String(error).slice(0, 300)}` };
  }
}

function execute(options: BenchOptions): NonNullable<BenchOptions["execute"]> {
  return options.execute ?? runInChild;
}

export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const started = Date.now();
  const machine = machineInfo();
  const loadBefore = loadavg();
  options.log(
    `Machine: ${machine.nproc} cores, ${machine.cpu}, Node ${machine.node}; load ${loadBefore.map((l) => l.toFixed(1)).join(" ")}`,
  );
  options.log("Reducers:");
  const skipped: Skipped[] = [];
  const reducers = await measureReducers(options, skipped);
  options.log("Marginal cost:");
  const marginal = await measureMarginal(options);
  let hydration: HydrationResult | undefined;
  if (options.hydrationEvents > 0) {
    const task: WorkerTask = {
      kind: "hydration",
      events: options.hydrationEvents,
      seed: options.seed,
      runs: 5,
    };
    hydration = (await execute(options)(task, options.capMs * 2 + CHILD_SLACK_MS)) as HydrationResult;
    options.log(`Hydration: ${hydration.medianMs.toFixed(1)} ms`);
  }
  options.log("Server:");
  const server = await measureServerSizes(options);
  const ui = measureUi(options);
  if (options.gateway) options.log("Gateway:");
  const gateway = options.gateway ? runGatewayBenches(REPO_ROOT, options.log) : undefined;
  if (options.gateway) options.log("CLI against the limit:");
  const cli = options.gateway
    ? await benchCli([100_000, 1_000_000], 3, options.seed, options.log).then(
        ({ markdown, targets }) => ({ markdown, targets }),
        (error: unknown) => ({ skipped: `failed: ${String(error).slice(0, 300)}` }),
      )
    : undefined;
  if (options.surfaces) options.log("First paint and selector reads:");
  const surfaces = options.surfaces ? runSurfaceBenches(REPO_ROOT, options.log) : undefined;
  const product = options.product
    ? await measureProduct(options.log).then(
        (result) => ({ result }),
        (error: unknown) => ({ skipped: `failed: ${String(error).slice(0, 300)}` }),
      )
    : { skipped: "not requested" };
  const report: BenchReport = {
    generatedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    machine,
    loadAverage: { before: loadBefore, after: loadavg() },
    seed: options.seed,
    sizes: options.sizes,
    capMs: options.capMs,
    reducers,
    skipped,
    marginal,
    hydration,
    server: typeof server === "string" ? { skipped: server } : { results: server },
    ui,
    gateway,
    product,
    cli,
    surfaces,
    markdown: "",
  };
  report.markdown = renderReport(report);
  if (options.outFile !== null) {
    if (!existsSync(dirname(options.outFile))) mkdirSync(dirname(options.outFile), { recursive: true });
    writeFileSync(options.outFile, `${JSON.stringify(report, null, 2)}\n`);
  }
  return report;
}
