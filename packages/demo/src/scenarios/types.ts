import type { TurnContext } from "../context";
import type { Script } from "../process";

export const DEMO_SCENARIO_NAMES = ["solo", "team", "approval", "retry", "blocked", "queue-steer"] as const;
export type DemoScenarioName = (typeof DEMO_SCENARIO_NAMES)[number];

/** One selectable demo: the prompt of its opening turn and the script every turn of it runs. */
export interface DemoScenario {
  /** One of DEMO_SCENARIO_NAMES for the built-in ones; custom scenarios pick their own. */
  name: DemoScenarioName | (string & {});
  title: string;
  description: string;
  /** The user input of the turn the runtime starts on `start()` (a scripted user prompt). */
  openingPrompt: string;
  /** The body of one turn, between `turn.started` and `turn.completed` (emitted by the runtime). */
  turn(ctx: TurnContext): Script;
}
