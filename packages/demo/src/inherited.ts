// Honest answers to writes that name something of the previous runtime process (after a gateway restart,
// see recovery.ts): an approval of the dead run, its turn, its teammates, tasks or artifacts. The resumed
// runtime does not hold them, so the write is rejected with why — never resolved as if it had reached a
// runtime that could act on it (HITL-03, CTRL-06, FALL-01), and never answered as an unknown id.
import type { ControlCommand } from "@agent-ui/contracts";
import type { DemoEngine } from "./engine";
import type { InheritedIds } from "./resume-plan";

const GONE =
  "it belonged to the demo runtime process that ended when the gateway restarted and was not carried over";

const isString = (value: unknown): value is string => typeof value === "string" && value !== "";

/** The reason a write about the previous process cannot apply, or undefined when it is not about one. */
export function inheritedRefusal(engine: DemoEngine, command: ControlCommand): string | undefined {
  const inherited = engine.inherited;
  if (!inherited) return undefined;
  const about = aboutInherited(engine, inherited, command);
  if (about === undefined) return undefined;
  const advice =
    command.kind === "respond_action"
      ? " Nothing will act on this decision; send a new message to try again."
      : "";
  return `${about} is no longer available: ${GONE}.${advice}`;
}

/** What the write names that only the previous process had (a phrase), if anything. */
function aboutInherited(
  engine: DemoEngine,
  inherited: InheritedIds,
  command: ControlCommand,
): string | undefined {
  const oldTurn = (turnId: unknown) =>
    isString(turnId) && inherited.turns.has(turnId) && engine.active?.scope.turnId !== turnId
      ? `Turn ${turnId}`
      : undefined;
  const oldAgent = (agentId: unknown) =>
    isString(agentId) &&
    engine.team.find(agentId) === undefined &&
    (inherited.agents.has(agentId) || inherited.agentNames.has(agentId.toLowerCase()))
      ? `Teammate ${agentId}`
      : undefined;
  const oldTask = (taskId: unknown) =>
    isString(taskId) &&
    inherited.tasks.has(taskId) &&
    // The recovery `task.lost` fact put it on this runtime's board as done: only live work counts.
    engine.team.workItems.get(taskId)?.done !== false &&
    !engine.workers.has(taskId) &&
    !engine.retryGates.has(taskId)
      ? `Task ${taskId}`
      : undefined;
  const oldArtifact = (artifactId: unknown) =>
    isString(artifactId) &&
    inherited.artifacts.has(artifactId) &&
    !engine.team.artifacts.has(artifactId) &&
    engine.queue.find(artifactId) === undefined
      ? `Artifact ${artifactId} (for writes; its stored versions stay readable)`
      : undefined;
  switch (command.kind) {
    case "respond_action":
      return isString(command.actionId) &&
        inherited.actions.has(command.actionId) &&
        !engine.facts.actions.has(command.actionId)
        ? `Action ${command.actionId}`
        : undefined;
    case "interrupt":
      return oldTurn(command.turnId);
    case "steer":
      return oldTurn(command.targetTurnId);
    case "retry":
      return oldTask(command.taskId) ?? oldTurn(command.turnId);
    case "stop":
      return oldTask(command.taskId) ?? oldAgent(command.agentId);
    case "edit":
    case "rollback":
      return oldArtifact(command.artifactId);
    case "export":
      return (
        oldArtifact(command.artifactId) ??
        (isString(command.evidenceId) &&
        inherited.evidence.has(command.evidenceId) &&
        !engine.readModel.evidenceRefs.includes(command.evidenceId)
          ? `Evidence pack ${command.evidenceId} (exporting it)`
          : undefined)
      );
    case "continue_agent":
    case "close":
      return oldAgent(command.agentId) ?? oldTeam(engine, inherited);
    case "wait":
      return (
        (Array.isArray(command.agentIds) ? command.agentIds.map(oldAgent).find(isString) : undefined) ??
        oldTeam(engine, inherited)
      );
    case "assign":
      return oldTask(command.workItemId) ?? oldAgent(command.assignee) ?? oldTeam(engine, inherited);
    case "request_review":
      return oldArtifact(command.target) ?? oldTeam(engine, inherited);
    case "delegate":
      return oldTeam(engine, inherited);
    default:
      return undefined;
  }
}

/** Team writes need a team this runtime holds; the previous process's team was not carried over. */
function oldTeam(engine: DemoEngine, inherited: InheritedIds): string | undefined {
  return !engine.team.active && inherited.agents.size > 0 ? "The team" : undefined;
}

/** `open_detail` of a ref handed out before the restart: a read the gateway still serves. */
export function isInheritedRef(engine: DemoEngine, ref: string): boolean {
  return engine.inherited?.refs.has(ref) === true;
}
