import { REDUCER_IDS } from "./reducers";
import type { WorkerResult, WorkerTask } from "./tasks";

// The three run shapes: the full benchmark (`npm run bench`), the ~30-second one (`npm run bench
// -- --quick`) and a tiny smoke run (tests).
export interface BenchOptions {
  /** Session sizes in our envelope events. 10k and 100k give the growth exponent. */
  sizes: number[];
  /** Reducer ids (reducers/index.ts); default all. */
  reducers: string[];
  /** A reducer is skipped at a size where one run is estimated to exceed this (ms). */
  capMs: number;
  seed: number;
  /** Timed runs at a size (the median is reported; fewer at large sizes). */
  runs: (events: number) => number;
  marginalHistories: number[];
  marginalNext: number;
  marginalRuns: number;
  /** Envelope events of the hydration snapshot's session; 0 skips the hydration benchmark. */
  hydrationEvents: number;
  hydrationRuns: number;
  /** Server benchmark sizes; empty skips it. */
  serverEvents: number[];
  /** Run `npm run bench:ui` when the root package.json has it. */
  ui: boolean;
  /** Run the gateway's benches (`bench:window`, `bench:import`, `bench:store`) and report them. */
  gateway?: boolean;
  /** Run the workbench's first paint (`bench:first-paint`) and the selector reads (`bench:selectors`). */
  surfaces?: boolean;
  /** Measure `agent-ui --help` start-up and the browser bundle of the React binding (bench/src/product.ts). */
  product: boolean;
  /** Where the JSON report goes; null writes nothing. */
  outFile: string | null;
  log: (line: string) => void;
  /** Runs one measurement; default a fresh child process (child.ts). Tests run tasks in-process. */
  execute?: (task: WorkerTask, deadlineMs: number) => Promise<WorkerResult>;
}

const ALL_REDUCERS = [...REDUCER_IDS];

function runsBySize(events: number): number {
  if (events <= 1_000) return 7;
  if (events <= 10_000) return 5;
  return 3;
}

export function fullOptions(outFile: string | null, log: (line: string) => void): BenchOptions {
  return {
    sizes: [1_000, 5_000, 10_000, 20_000, 100_000],
    reducers: ALL_REDUCERS,
    capMs: 60_000,
    seed: 1,
    runs: runsBySize,
    marginalHistories: [1_000, 10_000, 100_000],
    marginalNext: 1_000,
    marginalRuns: 5,
    hydrationEvents: 100_000,
    hydrationRuns: 5,
    serverEvents: [10_000, 100_000],
    ui: true,
    gateway: true,
    surfaces: true,
    product: true,
    outFile,
    log,
  };
}

/** About a minute on an idle 2-core machine: small sizes, a low cap, three runs of each measurement (the
 * fewest a target is judged on). */
export function quickOptions(outFile: string | null, log: (line: string) => void): BenchOptions {
  return {
    ...fullOptions(outFile, log),
    sizes: [1_000, 10_000, 100_000],
    capMs: 3_000,
    runs: () => 3,
    marginalHistories: [1_000, 100_000],
    marginalRuns: 3,
    hydrationRuns: 3,
    serverEvents: [],
    ui: false,
    gateway: false,
    surfaces: false,
    product: true,
  };
}

/** Tiny sizes for the runner's own smoke test: every code path, seconds of work. */
export function smokeOptions(outFile: string | null, log: (line: string) => void): BenchOptions {
  return {
    ...fullOptions(outFile, log),
    sizes: [200, 400],
    capMs: 20_000,
    runs: () => 1,
    marginalHistories: [200],
    marginalNext: 50,
    marginalRuns: 1,
    hydrationEvents: 400,
    hydrationRuns: 1,
    serverEvents: [],
    ui: false,
    gateway: false,
    surfaces: false,
    product: false,
  };
}
