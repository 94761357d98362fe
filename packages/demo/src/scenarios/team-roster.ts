// Identity and lineage of the coordinator team, and the team-level facts every task event carries
// (teamPhase, parallel budget, active/queued counts: seed 001 §Runtime execution alignment).
import type { TurnContext } from "../context";
import type { EventFields } from "../writer";

export type TeamRole = "coordinator" | "researcher" | "coder" | "reviewer";

export interface Teammate {
  role: TeamRole;
  name: string;
  subagentId: string;
  taskId: string;
  childSessionId: string;
  childThreadId: string;
  model: string;
}

export const TEAM_NAME = "report-team";
export const PARALLEL_BUDGET = 2;

const MODELS: Record<TeamRole, string> = {
  coordinator: "gpt-5.4",
  researcher: "gpt-5.4-mini",
  coder: "gpt-5.4",
  reviewer: "gpt-5.4-mini",
};

export function teammate(ctx: TurnContext, role: TeamRole, name: string): Teammate {
  const subagentId = ctx.id("agent", role);
  return {
    role,
    name,
    subagentId,
    taskId: ctx.id("task", role),
    childSessionId: `${ctx.scope.sessionId}__${subagentId}`,
    childThreadId: `thread__${subagentId}`,
    model: MODELS[role],
  };
}

/** Live team counters, shared by the coordinator and its workers. They travel as top-level execution
 * shape fields (`teamPhase`, `teamParallelBudget`, …), where adapters read them. */
export class TeamState {
  phase = "forming";
  active = 0;
  queued = 0;

  facts(): Record<string, unknown> {
    return {
      teamName: TEAM_NAME,
      teamPhase: this.phase,
      teamParallelBudget: PARALLEL_BUDGET,
      teamActiveCount: this.active,
      teamQueuedCount: this.queued,
    };
  }
}

/** The scope ids of a teammate's own events. `agentId` restates `subagentId` under the Agent UI name
 * (§D.5), so the teammate's text, reasoning and tools stay attributed to it (TEAM-05). */
export const workerFields = (member: Teammate): EventFields => ({
  subagentId: member.subagentId,
  agentId: member.subagentId,
  taskId: member.taskId,
});

/** `subagent.spawned` with full lineage: parent session/thread (and parent agent), child session/thread,
 * task id and spawn reason (TEAM-02). */
export function spawnTeammate(
  ctx: TurnContext,
  member: Teammate,
  parent: Teammate | undefined,
  spawnReason: string,
  team: TeamState,
): void {
  ctx.emit(
    "subagent.spawned",
    {
      agentName: member.name,
      role: member.role,
      model: member.model,
      status: "running",
      spawnReason,
      childSessionId: member.childSessionId,
      childThreadId: member.childThreadId,
      ...(parent ? { parentAgentId: parent.subagentId } : {}),
    },
    {
      ...team.facts(),
      runtimeEntity: "subagent_turn",
      subagentId: member.subagentId,
      taskId: member.taskId,
      parentSessionId: parent ? parent.childSessionId : ctx.scope.sessionId,
      parentThreadId: parent ? parent.childThreadId : ctx.scope.threadId,
      ...(parent ? { parentTaskId: parent.taskId } : {}),
    },
  );
}

/** `task.created` for a teammate's work item, linked to the root task. */
export function createTask(
  ctx: TurnContext,
  member: Teammate,
  title: string,
  root: Teammate,
  team: TeamState,
) {
  ctx.emit(
    "task.created",
    {
      status: "queued",
      title,
      objective: title,
      workItem: { title, assignee: member.name, status: "open" },
    },
    {
      ...team.facts(),
      taskId: member.taskId,
      subagentId: member.subagentId,
      ...(member === root ? {} : { parentTaskId: root.taskId, rootTaskId: root.taskId }),
    },
  );
}
