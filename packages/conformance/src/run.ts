// The suite runner: records → adapter → projector → check. Every case gets a fresh adapter and projector,
// so cases never share state; a case that throws (a missing fixture, an adapter that is not registered, a
// projection crash) fails with the error as its message — a crash is never a pass.
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { findAdapter } from "@agent-ui/adapters";
import { createProjector } from "@agent-ui/projection";
import { CASES } from "./cases/index";
import { createFixtureLoader, defaultSharedDir, type FixtureLoader } from "./fixtures";
import { KNOWN_GAPS } from "./known-gaps";
import { eventsUpTo } from "./time-travel";
import type {
  CaseContext,
  CaseInput,
  CaseResult,
  ConformanceCase,
  ConformanceReport,
  RunOptions,
} from "./types";

export interface AdaptedInput {
  events: AgentUiEvent[];
  /** `recordEnds[i]` = how many events records 0..i produced (the end offset of record i). */
  recordEnds: number[];
}

/** Adapts a case's records to envelope events with the adapter registered for its format. */
export function adaptInput(input: CaseInput): AdaptedInput {
  const module = findAdapter(input.format);
  if (!module) {
    // Our own envelope needs no translation; every other format must come from the adapter registry.
    if (input.format === "agent-ui") {
      return { events: input.records as AgentUiEvent[], recordEnds: input.records.map((_, i) => i + 1) };
    }
    throw new Error(`no '${input.format}' adapter is registered in @agent-ui/adapters`);
  }
  const adapter = module.create();
  const events: AgentUiEvent[] = [];
  const recordEnds: number[] = [];
  input.records.forEach((record, index) => {
    events.push(...adapter.push(record, index));
    recordEnds.push(events.length);
  });
  events.push(...adapter.finish());
  return { events, recordEnds };
}

/** Projects hydration (if any) then events with a fresh projector. */
export function projectCase(events: Iterable<AgentUiEvent>, hydrate?: unknown): ProjectionState {
  const projector = createProjector();
  if (hydrate !== undefined) projector.hydrate(hydrate as Parameters<typeof projector.hydrate>[0]);
  projector.applyAll(events);
  return projector.getState();
}

function contextFor({ events, recordEnds }: AdaptedInput, hydrate: unknown): CaseContext {
  return {
    events,
    adapterDiagnostics: events.filter((e) => e.type === "diagnostic.changed"),
    stateAt: (sequence) => projectCase(eventsUpTo(events, sequence), hydrate),
    stateAfter: (count) => projectCase(events.slice(0, count === 0 ? 0 : recordEnds[count - 1]), hydrate),
    project: (other, otherHydrate) => projectCase(other, otherHydrate),
  };
}

export function runCase(testCase: ConformanceCase, fixtures: FixtureLoader): CaseResult {
  const gap = KNOWN_GAPS.find((g) => g.id === testCase.id);
  let failures: string[];
  try {
    const input = typeof testCase.input === "function" ? testCase.input(fixtures) : testCase.input;
    const adapted = adaptInput(input);
    const state = projectCase(adapted.events, input.hydrate);
    failures = testCase.check(state, contextFor(adapted, input.hydrate));
  } catch (error) {
    failures = [`case threw: ${error instanceof Error ? error.message : String(error)}`];
  }
  const result: CaseResult = {
    id: testCase.id,
    title: testCase.title,
    requirements: testCase.requirements,
    passed: failures.length === 0,
    failures,
  };
  if (gap) result.knownGap = gap.reason;
  return result;
}

/** Runs the suite (or `options.cases`, or the listed `options.ids`). */
export function runConformance(options: RunOptions = {}): ConformanceReport {
  const fixtures = createFixtureLoader(options.sharedDir ?? defaultSharedDir());
  const all = options.cases ?? CASES;
  const selected = options.ids ? all.filter((c) => options.ids?.includes(c.id)) : all;
  const results = selected.map((testCase) => runCase(testCase, fixtures));
  const passed = results.filter((r) => r.passed).length;
  return { results, passed, failed: results.length - passed };
}
