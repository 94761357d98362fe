export type {
  CaseContext,
  CaseInput,
  CaseResult,
  ConformanceCase,
  ConformanceReport,
  RunOptions,
} from "./types";
export { CASES } from "./cases/index";
export { KNOWN_GAPS, type KnownGap } from "./known-gaps";
export { adaptInput, projectCase, runCase, runConformance } from "./run";
export {
  createFixtureLoader,
  defaultSharedDir,
  FixtureUnavailableError,
  LIME_PROFILE_FIXTURES,
  LIME_PROFILE_FIXTURE_DIR,
  type FixtureLoader,
  type LimeProfileFixture,
} from "./fixtures";
export { Checks, collect } from "./checks";
export { eventsUpTo } from "./time-travel";
