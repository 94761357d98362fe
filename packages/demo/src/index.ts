export {
  createDemoRuntime,
  DEMO_EPOCH,
  type DemoRuntime,
  type DemoRuntimeOptions,
  type DemoTimers,
} from "./runtime";
export {
  DEMO_SCENARIOS,
  DEMO_SCENARIO_NAMES,
  type DemoScenario,
  type DemoScenarioName,
  findScenario,
  UnknownScenarioError,
} from "./scenarios";
export {
  type CarriedQueuedTurn,
  type DemoResumePlan,
  type DemoResumePoint,
  describeResume,
  type InheritedIds,
  type OpenFact,
  planDemoResume,
} from "./resume-plan";
export { emitRecoveryFacts, prepareResume, RESTART_CLOSE_REASON } from "./recovery";
export { DEMO_FORMAT, DemoSource, type DemoSourceSettings, demoSource, readDemoSettings } from "./source";
export { PACING, type ToolOutcome, type ToolSpec, TurnContext, type TurnScope } from "./context";
export { awaitAction, join, type Script, sleep, type Wait } from "./process";
