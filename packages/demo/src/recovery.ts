// A fresh demo runtime re-attached to a session after a gateway restart (CTRL-06 `resume_thread`): it takes
// over the numbering the store holds, restores the queue, then emits one recovery fact for everything the
// previous process left open — before it accepts new work. Nothing of the dead run is continued or
// resolved as if it had happened (HITL-03, FALL-01): its approvals expire, its tasks are lost, its
// teammates are closed and the turn ends `failed` with category `runtime_lost`, so its open tools end
// `unknown` in the projection (the process running them died; whether they took effect is not known).
import type { DemoEngine } from "./engine";
import type { QueuedTurn } from "./queue";
import type { DemoResumePlan } from "./resume-plan";

/** Why every recovery fact closes what it closes. */
export const RESTART_CLOSE_REASON =
  "the demo runtime process that owned it ended when the gateway restarted; it was not carried over";

/** Numbering, queue and read model of the resumed runtime (before any event or write). */
export function prepareResume(engine: DemoEngine, plan: DemoResumePlan): void {
  const { point } = plan;
  engine.continueTurnsAfter(point.turnNo);
  engine.team.continueWritesAfter(point.writeNo);
  const createdAt = engine.now();
  const carried: QueuedTurn[] = plan.carriedQueue.map((item) => ({
    id: item.id,
    text: item.text,
    createdAt: item.createdAt ?? createdAt,
  }));
  engine.queue.restore(carried, point.queuedNo, point.steerNo);
  for (const steer of plan.pendingSteers)
    engine.queue.steers.push({
      id: steer.id,
      // Only its stored preview is known; it is shown again with the rejection, never run.
      text: steer.preview ?? "",
      targetTurnId: steer.targetTurnId ?? plan.deadRun?.turnId ?? "",
      status: "rejected",
      reason: "Its run ended when the gateway restarted; send it as a new message instead.",
    });
  engine.readModel.seed(plan.turns);
  engine.inherited = plan.inherited;
}

/** The recovery facts, in the order a reader needs them: approvals, tasks and teammates first, then the
 * queue as the runtime now holds it, then the dead turn's terminal fact and the read model. */
export function emitRecoveryFacts(engine: DemoEngine, plan: DemoResumePlan): void {
  const { threadId } = engine;
  const reason = RESTART_CLOSE_REASON;
  for (const action of plan.pendingActions)
    engine.emit(
      "action.resolved",
      {
        threadId,
        actionId: action.id,
        status: "expired",
        ...(action.turnId ? { turnId: action.turnId } : {}),
        ...(action.toolCallId ? { toolCallId: action.toolCallId } : {}),
        ...(action.taskId ? { taskId: action.taskId } : {}),
        ...(action.agentId ? { subagentId: action.agentId } : {}),
      },
      { outcome: "expired", reason: `No answer can reach it any more: ${reason}.` },
    );
  for (const task of plan.openTasks)
    engine.emit(
      "task.lost",
      { threadId, taskId: task.id, status: "lost", ...(task.agentId ? { subagentId: task.agentId } : {}) },
      { status: "lost", reason: `Its outcome is unknown: ${reason}.` },
    );
  for (const agent of plan.openAgents)
    engine.emit(
      "subagent.closed",
      { threadId, subagentId: agent.id, status: "closed", ...(agent.taskId ? { taskId: agent.taskId } : {}) },
      { status: "closed", reason: `Closed: ${reason}.` },
    );
  const queueChanged =
    plan.carriedQueue.length > 0 || plan.droppedQueue.length > 0 || plan.pendingSteers.length > 0;
  if (queueChanged) engine.emitQueue();
  if (plan.deadRun) {
    const { turnId, runId } = plan.deadRun;
    engine.emit(
      "turn.failed",
      { threadId, turnId, ...(runId ? { runId } : {}), status: "failed" },
      {
        status: "failed",
        failureCategory: "runtime_lost",
        message: `The run was in flight when the gateway restarted; ${reason}. Its outcome is unknown: tools it was running may or may not have taken effect.`,
        retryable: false,
      },
    );
  }
  if (plan.deadRun || queueChanged) engine.emitReadModel();
}
