import { approvalScenario } from "./approval";
import { blockedScenario } from "./blocked";
import { queueSteerScenario } from "./queue-steer";
import { retryScenario } from "./retry";
import { soloScenario } from "./solo";
import { teamScenario } from "./team";
import { DEMO_SCENARIO_NAMES, type DemoScenario } from "./types";

export { DEMO_SCENARIO_NAMES, type DemoScenario, type DemoScenarioName } from "./types";

export const DEMO_SCENARIOS: readonly DemoScenario[] = [
  teamScenario,
  soloScenario,
  approvalScenario,
  retryScenario,
  blockedScenario,
  queueSteerScenario,
];

export class UnknownScenarioError extends Error {
  constructor(readonly scenario: string) {
    super(`Unknown demo scenario "${scenario}". Choose one of: ${DEMO_SCENARIO_NAMES.join(", ")}.`);
    this.name = "UnknownScenarioError";
  }
}

export function findScenario(name: string): DemoScenario {
  const scenario = DEMO_SCENARIOS.find((s) => s.name === name);
  if (!scenario) throw new UnknownScenarioError(name);
  return scenario;
}
