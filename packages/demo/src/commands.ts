// Controlled writes to the demo runtime (CTRL-01). Each returns a `WriteResult` at once; its effect comes
// later as runtime facts. A repeated idempotency key returns the first result and causes nothing
// (ORD-07); a write that cannot apply is rejected with a reason and causes nothing either.
import type { ControlCommand, WriteResult } from "@agent-ui/contracts";
import { editArtifact, exportWrite, openDetail, rollback } from "./commands-artifact";
import { assign, close, continueAgent, delegate, requestReview, wait } from "./commands-team";
import { PACING } from "./context";
import type { DemoEngine } from "./engine";
import { closeOpenFacts, inWorkerScope } from "./close-facts";
import { inheritedRefusal } from "./inherited";
import { accepted, type Command, rejected, WRITE_LATENCY } from "./write-results";

export function handleCommand(engine: DemoEngine, command: ControlCommand): WriteResult {
  if (!command || typeof command !== "object" || typeof command.kind !== "string") {
    return {
      status: "rejected",
      idempotencyKey: String((command as { idempotencyKey?: unknown } | null)?.idempotencyKey ?? ""),
      reason: "Malformed command.",
    };
  }
  const prior = engine.results.get(command.idempotencyKey);
  if (prior) return { ...prior, duplicate: true };
  const result = engine.stopped
    ? {
        status: "unavailable" as const,
        idempotencyKey: command.idempotencyKey,
        reason: "The demo runtime stopped.",
      }
    : (refuseInherited(engine, command) ?? decide(engine, command));
  engine.results.set(command.idempotencyKey, result);
  return result;
}

/** A write about something of the runtime process before a gateway restart: rejected with why. */
function refuseInherited(engine: DemoEngine, command: ControlCommand): WriteResult | undefined {
  const reason = inheritedRefusal(engine, command);
  return reason === undefined ? undefined : rejected(command, reason);
}

function decide(engine: DemoEngine, command: ControlCommand): WriteResult {
  switch (command.kind) {
    case "send":
    case "queue":
      return submit(engine, command);
    case "steer":
      return steer(engine, command);
    case "interrupt":
      return interrupt(engine, command);
    case "respond_action":
      return respond(engine, command);
    case "retry":
      return retry(engine, command);
    case "stop":
      return stop(engine, command);
    case "remove_queued":
    case "promote_queued":
      return reorder(engine, command);
    case "delegate":
      return delegate(engine, command);
    case "continue_agent":
      return continueAgent(engine, command);
    case "wait":
      return wait(engine, command);
    case "close":
      return close(engine, command);
    case "assign":
      return assign(engine, command);
    case "request_review":
      return requestReview(engine, command);
    case "edit":
      return editArtifact(engine, command);
    case "rollback":
      return rollback(engine, command);
    case "export":
      return exportWrite(engine, command);
    case "open_detail":
      return openDetail(engine, command);
    default:
      return rejected(
        command,
        `The demo runtime does not support "${(command as ControlCommand).kind}" writes.`,
      );
  }
}

/** `send` and `queue`: start a turn when idle; while a turn runs, the input is queued ("run this next"). */
function submit(engine: DemoEngine, command: Command<"send"> | Command<"queue">): WriteResult {
  const text = typeof command.text === "string" ? command.text.trim() : "";
  if (!text) return rejected(command, "The message is empty.");
  if (command.threadId && command.threadId !== engine.threadId)
    return rejected(command, `Unknown thread ${command.threadId}.`);
  const contextRefs = Array.isArray(command.contextRefs)
    ? command.contextRefs.filter((ref): ref is string => typeof ref === "string")
    : undefined;
  if (engine.active) {
    const item = engine.queue.enqueue(text, engine.now(), command.clientMessageId, contextRefs);
    engine.effect(WRITE_LATENCY, () => engine.emitQueue());
    return accepted(command, { queuedId: item.id, mode: "queue" });
  }
  const scope = engine.startTurn(text, {
    clientMessageId: command.clientMessageId,
    contextRefs,
    source: "user",
  });
  return accepted(command, {
    turnId: scope.turnId,
    messageId: `msg_${String(scope.turnNo).padStart(3, "0")}_user`,
  });
}

/** `steer`: pending on the running turn, then accepted at its next checkpoint or rejected if it is finishing. */
function steer(engine: DemoEngine, command: Command<"steer">): WriteResult {
  const text = typeof command.text === "string" ? command.text.trim() : "";
  if (!text) return rejected(command, "The steer is empty.");
  const active = engine.active;
  if (!active) return rejected(command, "No turn is running to steer; send it as a new message.");
  const turnId = active.scope.turnId;
  if (command.targetTurnId && command.targetTurnId !== turnId)
    return rejected(command, `Turn ${command.targetTurnId} is not running.`);
  const item = engine.queue.addSteer(text, turnId);
  engine.effect(WRITE_LATENCY, () => {
    engine.emitQueue();
    if (engine.active?.scope.turnId !== turnId || engine.active.finishing)
      engine.rejectSteers(turnId, "The turn was already finishing; send it as a new message instead.");
  });
  return accepted(command, { steerId: item.id, turnId });
}

/** `interrupt`: the turn is cancelled, its open tools, actions, agents and tasks are closed, queued work stays. */
function interrupt(engine: DemoEngine, command: Command<"interrupt">): WriteResult {
  const active = engine.active;
  if (!active) return rejected(command, "No turn is running.");
  if (command.turnId && command.turnId !== active.scope.turnId)
    return rejected(command, `Turn ${command.turnId} is not running.`);
  if (active.interruptRequested) return rejected(command, "An interrupt is already in progress.");
  active.interruptRequested = true;
  const { scope, process } = active;
  engine.effect(WRITE_LATENCY, () => {
    if (engine.active?.scope.turnId !== scope.turnId) return;
    engine.runner.cancel(process);
    engine.rejectSteers(scope.turnId, "The turn was interrupted.");
    closeOpenFacts(engine, (f) => f.turnId === scope.turnId, "Interrupted by the user.");
    const fields = { threadId: scope.threadId, turnId: scope.turnId, runId: scope.runId };
    engine.emit("run.status", fields, { status: "cancelled", reason: "Interrupted by the user." });
    engine.emit(
      "turn.completed",
      { ...fields, status: "cancelled" },
      { status: "cancelled", outcome: "cancelled", reason: "user_interrupt" },
    );
    engine.emitReadModel();
  });
  return accepted(command, { turnId: scope.turnId });
}

/** `respond_action`: resumes the tool waiting on that action; a second answer is refused, not replayed. */
function respond(engine: DemoEngine, command: Command<"respond_action">): WriteResult {
  const action = engine.facts.actions.get(command.actionId);
  if (!action) return rejected(command, `Unknown action ${command.actionId}.`);
  if (action.state !== "pending")
    return rejected(command, `Action ${command.actionId} is already ${action.state}.`);
  if (command.decision !== "approve" && command.decision !== "reject")
    return rejected(command, "This action takes approve or reject.");
  if (command.agentId && action.fields.subagentId && command.agentId !== action.fields.subagentId)
    return rejected(command, `Action ${command.actionId} belongs to ${action.fields.subagentId}.`);
  if (!engine.runner.answer(command.actionId, command, PACING.decision))
    return rejected(command, `A decision for ${command.actionId} is already being applied.`);
  return accepted(command, { actionId: command.actionId });
}

/** `retry`: resumes a task the runtime holds blocked or failed with a retry gate. */
function retry(engine: DemoEngine, command: Command<"retry">): WriteResult {
  if (command.turnId && !command.taskId && !command.toolCallId) return regenerate(engine, command);
  const gates = [...engine.retryGates.keys()];
  const taskId = command.taskId ?? (gates.length === 1 ? gates[0] : undefined);
  if (!taskId || !engine.retryGates.has(taskId))
    return rejected(
      command,
      gates.length > 1 ? "Name the task to retry." : "Nothing is waiting for a retry.",
    );
  engine.retryGates.delete(taskId);
  engine.runner.answer(`retry:${taskId}`, command, WRITE_LATENCY);
  return accepted(command, { taskId });
}

/** `retry` naming a finished turn (regenerate): its input runs again as a new turn with a new answer;
 * the earlier answer stays as it was said. */
function regenerate(engine: DemoEngine, command: Command<"retry">): WriteResult {
  const turnId = command.turnId as string;
  const input = engine.turnInputs.get(turnId);
  if (input === undefined) return rejected(command, `Turn ${turnId} cannot be run again here.`);
  if (engine.active)
    return rejected(command, "A turn is running; wait for it to finish or interrupt it first.");
  const scope = engine.startTurn(input, { source: "regenerate" });
  return accepted(command, { turnId: scope.turnId, regenerated: turnId });
}

/** `stop`: ends one worker (by task or agent id); the coordinator sees it end and carries on. */
function stop(engine: DemoEngine, command: Command<"stop">): WriteResult {
  const id = command.taskId ?? command.agentId;
  if (!id) return rejected(command, "Name the task or agent to stop.");
  const worker = engine.workers.get(id);
  if (!worker || worker.process.state === "done" || worker.process.state === "cancelled")
    return rejected(command, `No running task or agent ${id}.`);
  engine.effect(WRITE_LATENCY, () => {
    if (worker.process.state === "done" || worker.process.state === "cancelled") return;
    engine.runner.cancel(worker.process);
    closeOpenFacts(engine, inWorkerScope(worker.fields), "Stopped by the user.");
  });
  return accepted(command, { stopped: id });
}

function reorder(
  engine: DemoEngine,
  command: Command<"remove_queued"> | Command<"promote_queued">,
): WriteResult {
  const done =
    command.kind === "remove_queued"
      ? engine.queue.remove(command.queuedId)
      : engine.queue.promote(command.queuedId);
  if (!done) return rejected(command, `${command.queuedId} is not queued (already started or removed).`);
  engine.effect(WRITE_LATENCY, () => engine.emitQueue());
  return accepted(command, { queuedId: command.queuedId });
}
