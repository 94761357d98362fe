// Argument handling of `npm run bench` (bench/src/main.ts): options in, tables out.
import { join } from "node:path";
import { BENCH_DIR } from "./child";
import { type BenchOptions, fullOptions, quickOptions } from "./options";
import { runBench } from "./runner";

export const BENCH_USAGE = `npm run bench -- [--quick] [--sizes 1000,10000] [--reducers ours-batch,ag-ui] [--cap-seconds 60] [--seed 1] [--out FILE | --no-write]

Benchmarks our projector against AG-UI's client pipeline, the AI SDK's readUIMessageStream and Chat
class, and a minimal immutable reducer, on the same seeded agent session; plus marginal cost, hydration
from a runtime snapshot, the SQLite server store, the gateway's benches, \`agent-ui project\` against the
limit, the workbench's first paint of a 1M-event session, selector reads at 1M history and the workbench
UI benchmark when present, with every target judged in one table.
Markdown tables go to stdout, JSON to bench/results/latest.json.
  --quick        about a minute: 1k/10k/100k, a 3 s cap for peers, three runs each; skips the server, UI,
                 gateway, CLI, first-paint and selector benches (the report says so)`;

export const DEFAULT_OUT = join(BENCH_DIR, "results", "latest.json");

export interface BenchIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

function numberList(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const list = value.split(",").map((v) => Number(v.trim()));
  return list.every((n) => Number.isInteger(n) && n > 0) ? list : undefined;
}

/** Parses the flags; returns an error message for a bad one. */
export function parseBenchArgs(args: readonly string[], io: BenchIO): BenchOptions | string {
  const log = (line: string) => io.stderr(`${line}\n`);
  let out: string | null = DEFAULT_OUT;
  let options = fullOptions(out, log);
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    const value = args[i + 1];
    switch (flag) {
      case "--quick":
        options = { ...quickOptions(out, log), reducers: options.reducers, seed: options.seed };
        break;
      case "--sizes": {
        const sizes = numberList(value);
        if (sizes === undefined) return "--sizes takes positive integers, e.g. 1000,10000";
        options.sizes = sizes;
        i++;
        break;
      }
      case "--reducers":
        if (value === undefined) return "--reducers takes a comma-separated list";
        options.reducers = value.split(",").map((r) => r.trim());
        i++;
        break;
      case "--cap-seconds":
        if (!(Number(value) > 0)) return "--cap-seconds takes a positive number";
        options.capMs = Number(value) * 1000;
        i++;
        break;
      case "--seed":
        if (!Number.isInteger(Number(value))) return "--seed takes an integer";
        options.seed = Number(value);
        i++;
        break;
      case "--out":
        if (value === undefined) return "--out takes a file path";
        out = value;
        options.outFile = value;
        i++;
        break;
      case "--no-write":
        out = null;
        options.outFile = null;
        break;
      default:
        return `unknown option ${flag}`;
    }
  }
  return options;
}

export async function benchMain(args: readonly string[], io: BenchIO): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout(`${BENCH_USAGE}\n`);
    return 0;
  }
  const options = parseBenchArgs(args, io);
  if (typeof options === "string") {
    io.stderr(`${options}\n${BENCH_USAGE}\n`);
    return 2;
  }
  const report = await runBench(options);
  io.stdout(`${report.markdown}\n`);
  if (options.outFile !== null) io.stderr(`JSON written to ${options.outFile}\n`);
  return 0;
}
