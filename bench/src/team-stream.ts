// A team-heavy session: a lead agent spawns `teammates` workers, one after another. Each teammate is
// spawned with its lineage (a roster entry and a spawn edge), gets a work item through its task, is
// waited on by the lead (a wait edge, every fourth), reports a worker notification, finishes its task
// (the board entry follows) and completes; every tenth hands off to the next one and every tenth is
// reviewed. Every list of the team slice grows with the session, so a read of the team after a change
// shows whether it costs O(change) or O(team).
import type { AgentUiEvent } from "@agent-ui/contracts";

export function teamSession(teammates: number, sessionId = "team-session"): AgentUiEvent[] {
  const events: AgentUiEvent[] = [];
  let sequence = 0;
  let turn = 0;
  const push = (type: string, fields: Partial<AgentUiEvent>): void => {
    sequence++;
    events.push({
      eventId: `e${sequence}`,
      sequence,
      streamId: "team",
      sessionId,
      turnId: `turn-${turn}`,
      ...fields,
      type,
    } as AgentUiEvent);
  };
  push("agent.spawned", { agentId: "lead", payload: { agentName: "Lead", status: "running" } });
  for (let i = 0; i < teammates; i++) {
    const agentId = `w${i}`;
    turn = i;
    const taskId = `k${i}`;
    const workItemId = `wi${i}`;
    push("agent.spawned", {
      agentId,
      teamActiveCount: Math.min(i + 1, 8),
      payload: { agentName: `Worker ${i}`, role: "worker", status: "running", parentAgentId: "lead" },
    });
    push("task.changed", {
      taskId,
      agentId,
      workItemId,
      payload: { status: "running", title: `Task ${i}`, workItem: { workItemId, assignee: agentId } },
    });
    if (i % 4 === 0)
      push("agent.changed", { agentId: "lead", payload: { status: "waiting", waitingOn: [agentId] } });
    push("worker.notification", {
      agentId,
      taskId,
      workerNotificationId: `n${i}`,
      payload: { status: "completed", summary: `Worker ${i} finished` },
    });
    push("task.changed", { taskId, agentId, payload: { status: "completed" } });
    if (i % 4 === 0) push("agent.changed", { agentId: "lead", payload: { status: "running" } });
    if (i % 10 === 0)
      push("agent.handoff", {
        handoffId: `h${i}`,
        payload: { from: agentId, to: `w${i + 1}`, reason: "continue", status: "completed" },
      });
    if (i % 10 === 5) {
      push("review.requested", { reviewId: `r${i}`, payload: { reviewer: "lead", target: agentId } });
      push("review.completed", { reviewId: `r${i}`, payload: { status: "passed", verdict: "ok" } });
    }
    push("agent.completed", { agentId, payload: { status: "completed" } });
  }
  return events;
}
