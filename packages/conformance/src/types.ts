import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import type { FixtureLoader } from "./fixtures";

/** What a case feeds the pipeline: source records in one format, optionally after a hydration input. */
export interface CaseInput {
  /** `agent-ui` records are our envelope as-is; any other registered adapter format id (`lime`, `ag-ui`,
   * `ai-sdk`, `langgraph`, `openai-agents`, `a2a`, `claude-agent-sdk`, `codex`, `mcp`, …) goes through that
   * adapter. */
  format: string;
  records: unknown[];
  /** Applied with `Projector.hydrate` before the records (a projection `HydrationInput`). */
  hydrate?: unknown;
}

/** What a check can see besides the final state. */
export interface CaseContext {
  /** The envelope events the records adapted to, in input order. */
  events: AgentUiEvent[];
  /** Diagnostics the adapter or framing reported (not the projection's own). */
  adapterDiagnostics: AgentUiEvent[];
  /** Time travel: the state after hydration plus every event with `sequence <= n` (same stream order). */
  stateAt(sequence: number): ProjectionState;
  /** The state after hydration plus whatever the first `count` input records adapted to (an adapter may
   * emit several events, or diagnostics, per record; counting records keeps cases independent of that). */
  stateAfter(count: number): ProjectionState;
  /** Projects a different set of events (and optional hydration) with a fresh projector. */
  project(events: AgentUiEvent[], hydrate?: unknown): ProjectionState;
}

export interface ConformanceCase {
  /** Stable id from the standard: `AUI-AR-…`, `GF-n`, `AS-PROJ-nn`, `AS-nn`, `VC-nn` or `FIX-<fixture>`. */
  id: string;
  title: string;
  /** Requirement ids from spec/requirements.md this case gives evidence for. */
  requirements: string[];
  /** Where the standard and a fixture disagree, the decision taken (spec §E). */
  notes?: string;
  /** A function when the input is loaded at run time (official fixtures). */
  input: CaseInput | ((fixtures: FixtureLoader) => CaseInput);
  /** Failure messages; an empty array is a pass. */
  check(state: ProjectionState, ctx: CaseContext): string[];
}

export interface CaseResult {
  id: string;
  title: string;
  requirements: string[];
  passed: boolean;
  failures: string[];
  /** Listed in `KNOWN_GAPS`: expected to fail until the named package does it. */
  knownGap?: string;
}

export interface ConformanceReport {
  results: CaseResult[];
  passed: number;
  failed: number;
}

export interface RunOptions {
  /** The shared standard folder (holding `fixtures/`); default `AGENT_UI_SHARED_DIR` or `../shared`. */
  sharedDir?: string;
  /** Run only these case ids. */
  ids?: string[];
  /** Run these cases instead of the built-in suite. */
  cases?: ConformanceCase[];
}
