// The work a team write sets in motion, as the runtime's team service would run it: a teammate spawned
// with lineage, a follow-up task, a short run that ends in a worker notification (`subagent.completed`
// with summary and result ref), and review runs that end in a verdict backed by evidence. These facts
// belong to no turn (the writes arrive between or during turns), so they carry thread, agent and task ids
// but never a `turnId` that may already be terminal.
import type { DemoEngine } from "./engine";
import { type Script, sleep } from "./process";
import type { TeamMember } from "./team-registry";
import { preview } from "./text";
import type { EventFields } from "./writer";

/** Emits a fact on the engine's thread (no turn). */
export function emitTeamFact(
  engine: DemoEngine,
  type: string,
  payload: Record<string, unknown>,
  fields: EventFields = {},
): void {
  engine.emit(type, { threadId: engine.threadId, ...fields }, payload);
}

export const memberFields = (member: Pick<TeamMember, "agentId">, taskId?: string): EventFields => ({
  subagentId: member.agentId,
  agentId: member.agentId,
  ...(taskId ? { taskId } : {}),
});

/** `task.created` for a work item of the coordinator's board, optionally already assigned. */
export function createWorkItem(
  engine: DemoEngine,
  taskId: string,
  title: string,
  assignee?: Pick<TeamMember, "agentId" | "name">,
): void {
  const coordinator = engine.team.coordinator;
  emitTeamFact(
    engine,
    "task.created",
    {
      status: "queued",
      title,
      objective: title,
      workItem: {
        title,
        status: assignee ? "claimed" : "open",
        ...(assignee ? { assignee: assignee.name } : {}),
      },
    },
    {
      taskId,
      workItemId: taskId,
      ...(assignee ? memberFields(assignee) : {}),
      ...(coordinator?.taskId ? { parentTaskId: coordinator.taskId, rootTaskId: coordinator.taskId } : {}),
    },
  );
}

/** `subagent.spawned` under the coordinator, with full lineage (TEAM-02). */
export function spawnMember(
  engine: DemoEngine,
  spec: { agentId: string; name: string; role: string; taskId: string; reason: string },
): void {
  const coordinator = engine.team.coordinator;
  emitTeamFact(
    engine,
    "subagent.spawned",
    {
      agentName: spec.name,
      role: spec.role,
      model: "gpt-5.4-mini",
      status: "running",
      spawnReason: spec.reason,
      childSessionId: `${engine.sessionId}__${spec.agentId}`,
      childThreadId: `thread__${spec.agentId}`,
      ...(coordinator ? { parentAgentId: coordinator.agentId } : {}),
    },
    {
      runtimeEntity: "subagent_turn",
      subagentId: spec.agentId,
      taskId: spec.taskId,
      ...(engine.team.teamName ? { teamName: engine.team.teamName } : {}),
      parentSessionId: coordinator?.childSessionId ?? engine.sessionId,
      parentThreadId: coordinator?.childThreadId ?? engine.threadId,
      ...(coordinator?.taskId ? { parentTaskId: coordinator.taskId } : {}),
    },
  );
}

export interface MemberWork {
  taskId: string;
  title: string;
  /** The user's input to the teammate (`continue_agent`, `assign`), shown as its pending input. */
  input?: string;
  summary: string;
  /** The teammate's full result notes (kept by the gateway as the detail of `resultRef`). */
  result: string;
  /** Facts the teammate produces right before it reports back (e.g. a review verdict). */
  beforeReport?: () => void;
}

/** One piece of teammate work: runs, reports back (a worker notification) and completes its task. */
export function* memberRun(engine: DemoEngine, member: TeamMember, work: MemberWork): Script {
  const fields = memberFields(member, work.taskId);
  if (work.input !== undefined)
    emitTeamFact(engine, "subagent.input", { input: preview(work.input, 200) }, fields);
  emitTeamFact(engine, "subagent.status", { status: "running" }, fields);
  emitTeamFact(engine, "task.started", { status: "running" }, fields);
  yield sleep(500);
  emitTeamFact(
    engine,
    "task.progress",
    { status: "running", progress: { message: "Working", ratio: 0.5 } },
    fields,
  );
  yield sleep(700);
  work.beforeReport?.();
  emitTeamFact(
    engine,
    "subagent.completed",
    {
      status: "completed",
      summary: work.summary,
      resultRef: `result://${work.taskId}/notes.md`,
      // The full notes travel beside their ref; the gateway keeps them as a detail for open_detail.
      result: work.result,
    },
    fields,
  );
  emitTeamFact(engine, "task.completed", { status: "completed" }, fields);
}
