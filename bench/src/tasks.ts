// What the runner asks a measuring child process to do, and what it answers. One measurement per child:
// every reducer starts from a fresh heap and a cold JIT, and a runaway peer can be killed.

export type WorkerTask =
  | { kind: "reducer"; reducer: string; events: number; seed: number; runs: number; warmup: boolean }
  | {
      kind: "marginal";
      reducer: "ours" | "minimal";
      history: number;
      next: number;
      seed: number;
      runs: number;
    }
  | { kind: "hydration"; events: number; seed: number; runs: number }
  | { kind: "server"; events: number; seed: number; batch: number }
  | { kind: "team"; teammates: number; mode: TeamMode };

/** A team-heavy session folded in one batch, or applied one event at a time with `getState()` and its
 * roster read every 16 events (team-stream.ts). */
export type TeamMode = "batch" | "reads";

export interface ReducerResult {
  kind: "reducer";
  reducer: string;
  events: number;
  /** Events in the reducer's own encoding (AG-UI events, AI SDK chunks) for the same session. */
  inputs: number;
  timesMs: number[];
  medianMs: number;
  /** Median CPU ms of the same runs. */
  medianCpuMs: number;
  peakHeapBytes: number;
  retainedHeapBytes: number;
}

export interface MarginalResult {
  kind: "marginal";
  reducer: string;
  history: number;
  next: number;
  timesMs: number[];
  medianMs: number;
}

export interface HydrationResult {
  kind: "hydration";
  events: number;
  snapshotBytes: number;
  timesMs: number[];
  medianMs: number;
  medianCpuMs: number;
  messages: number;
  tools: number;
}

export interface ServerResult {
  kind: "server";
  events: number;
  appendMs: number;
  snapshotWriteMs: number;
  hydrateReadMs: number;
}

export interface TeamResult {
  kind: "team";
  mode: TeamMode;
  teammates: number;
  events: number;
  wallMs: number;
  /** User + system CPU of the child (GC helper threads included). */
  cpuMs: number;
  edges: number;
}

export type WorkerResult = ReducerResult | MarginalResult | HydrationResult | ServerResult | TeamResult;

/** The line prefix that marks the child's answer among anything the peers print. */
export const RESULT_MARKER = "@@bench-result ";
