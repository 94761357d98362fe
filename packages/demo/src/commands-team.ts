// Team writes (TEAM-14, CTRL-01): delegate, continue_agent, wait, close, assign, request_review. Each is
// accepted or rejected at once against the runtime's own team record; its effect arrives later, only as
// runtime facts (a spawned teammate with lineage, a resumed teammate, a waiting coordinator, a closed
// teammate, an assigned work item, a review with a verdict and evidence). A write that cannot apply
// (unknown or closed teammate, no active team, a busy teammate) is rejected with a reason and causes nothing.
import type { WriteResult } from "@agent-ui/contracts";
import { closeOpenFacts, inWorkerScope } from "./close-facts";
import type { DemoEngine } from "./engine";
import { join, type Script, sleep } from "./process";
import type { TeamMember } from "./team-registry";
import { reviewWork } from "./team-review";
import { createWorkItem, emitTeamFact, memberFields, memberRun, spawnMember } from "./team-work";
import { preview } from "./text";
import { accepted, type Command, rejected, textOf, WRITE_LATENCY } from "./write-results";

const NO_TEAM = "No active team: run the team scenario (or a team turn) first.";

/** An open teammate, or the reason why the name does not give one. */
export function openMember(engine: DemoEngine, idOrName: unknown): TeamMember | string {
  const key = textOf(idOrName);
  if (!key) return "Name a teammate.";
  const member = engine.team.find(key);
  if (!member) return `Unknown agent ${key}.`;
  if (member.state === "closed") return `${member.name} (${member.agentId}) is closed.`;
  return member;
}

/** Why a teammate cannot take new work now, if it cannot. */
export function busyReason(engine: DemoEngine, member: TeamMember): string | undefined {
  if (member.state === "needs_input") return `${member.name} is waiting on an action; answer it first.`;
  if (member.state === "running" || member.state === "waiting" || engine.activeWork(member.agentId))
    return `${member.name} is busy; wait for it, or stop it first.`;
  return undefined;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "") || "worker";

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Runs a write's effect as teammate work after the runtime's processing time. */
function startWork(engine: DemoEngine, id: string, fields: Record<string, string>, body: () => Script) {
  const script = function* (): Script {
    yield sleep(WRITE_LATENCY);
    yield* body();
  };
  engine.spawnTeamWork(id, script(), fields);
}

const notes = (who: string, title: string, detail: string) =>
  `# ${title}\n\n${who} worked on: ${title}\n\n${detail}\n`;

/** `delegate`: the coordinator spawns a new teammate with a task and lineage; it works and reports back. */
export function delegate(engine: DemoEngine, command: Command<"delegate">): WriteResult {
  const text = textOf(command.text);
  if (!text) return rejected(command, "Say what to delegate.");
  const { team } = engine;
  if (!team.active) return rejected(command, NO_TEAM);
  const wanted = textOf(command.agentName);
  const existing = wanted ? team.find(wanted) : undefined;
  if (existing && existing.state !== "closed")
    return rejected(
      command,
      `${existing.name} is already on the team (${existing.agentId}); use continue_agent.`,
    );
  const role = textOf(command.role) ?? "worker";
  const n = team.nextWriteNo();
  const agentId = `agent_${n}_${slug(role)}`;
  const taskId = `task_${n}_${slug(role)}`;
  const name = wanted ?? `${capitalized(role)} ${n.slice(1)}`;
  const title = preview(text, 80);
  startWork(engine, `delegate:${agentId}`, { subagentId: agentId, taskId }, function* () {
    createWorkItem(engine, taskId, title, { agentId, name });
    spawnMember(engine, { agentId, name, role, taskId, reason: `Delegated by the user: ${title}` });
    const member = engine.team.members.get(agentId);
    if (!member) return;
    yield* memberRun(engine, member, {
      taskId,
      title,
      summary: `Done: ${preview(text, 60)}`,
      result: notes(name, title, text),
    });
  });
  return accepted(command, { agentId, taskId });
}

/** `continue_agent`: an idle teammate takes new input and runs again under a follow-up task. */
export function continueAgent(engine: DemoEngine, command: Command<"continue_agent">): WriteResult {
  const text = textOf(command.text);
  if (!text) return rejected(command, "The input is empty.");
  if (!engine.team.active) return rejected(command, NO_TEAM);
  const member = openMember(engine, command.agentId);
  if (typeof member === "string") return rejected(command, member);
  if (member.agentId === engine.team.coordinatorId)
    return rejected(command, "The coordinator takes input as a send, queue or steer.");
  const busy = busyReason(engine, member);
  if (busy) return rejected(command, busy);
  const taskId = `task_${engine.team.nextWriteNo()}_followup`;
  const title = preview(text, 80);
  startWork(engine, `continue:${taskId}`, { subagentId: member.agentId, taskId }, function* () {
    if (engine.team.members.get(member.agentId)?.state === "closed") return;
    createWorkItem(engine, taskId, title, member);
    yield* memberRun(engine, member, {
      taskId,
      title,
      input: text,
      summary: `Follow-up done: ${preview(text, 60)}`,
      result: notes(member.name, title, text),
    });
  });
  return accepted(command, { agentId: member.agentId, taskId });
}

/** `wait`: the coordinator waits on the named teammates' work, then carries on with their states. */
export function wait(engine: DemoEngine, command: Command<"wait">): WriteResult {
  const ids = Array.isArray(command.agentIds) ? command.agentIds : [];
  if (ids.length === 0) return rejected(command, "Name the teammates to wait for.");
  const { team } = engine;
  const coordinator = team.coordinator;
  if (!team.active || !coordinator) return rejected(command, NO_TEAM);
  const members: TeamMember[] = [];
  for (const id of ids) {
    const member = openMember(engine, id);
    if (typeof member === "string") return rejected(command, member);
    if (member.agentId === coordinator.agentId)
      return rejected(command, "The coordinator cannot wait on itself.");
    members.push(member);
  }
  const agentIds = members.map((m) => m.agentId);
  const fields = memberFields(coordinator);
  const names = members.map((m) => m.name).join(", ");
  const script = function* (): Script {
    yield sleep(WRITE_LATENCY);
    const resumeAs = coordinator.state === "running" ? "running" : "idle";
    emitTeamFact(
      engine,
      "subagent.status",
      { status: "waiting", reason: `Waiting for ${names}`, waitingOn: agentIds },
      fields,
    );
    const busy = agentIds.flatMap((id) => engine.activeWork(id) ?? []);
    if (busy.length > 0) yield join(...busy);
    else yield sleep(WRITE_LATENCY);
    const outcome = members.map((m) => `${m.name} ${engine.team.members.get(m.agentId)?.state}`).join(", ");
    emitTeamFact(
      engine,
      "subagent.status",
      { status: resumeAs, reason: `Wait finished: ${outcome}` },
      fields,
    );
  };
  engine.spawnTeamWork(`wait:${command.idempotencyKey}`, script(), {});
  return accepted(command, { agentId: coordinator.agentId, waitingOn: agentIds.join(",") });
}

/** `close`: the teammate's running work is cancelled (its open facts closed) and it is closed. Closing
 * the coordinator closes the whole team; later team writes are then rejected. */
export function close(engine: DemoEngine, command: Command<"close">): WriteResult {
  const member = openMember(engine, command.agentId);
  if (typeof member === "string") return rejected(command, member);
  const isCoordinator = member.agentId === engine.team.coordinatorId;
  if (isCoordinator && engine.active)
    return rejected(command, `The coordinator is running ${engine.active.scope.turnId}; interrupt it first.`);
  const reason = "Closed by the user.";
  engine.effect(WRITE_LATENCY, () => {
    if (isCoordinator)
      for (const other of [...engine.team.members.values()])
        if (other.agentId !== member.agentId) closeMember(engine, other, "The team was closed by the user.");
    closeMember(engine, member, reason);
  });
  return accepted(command, { closed: member.agentId });
}

function closeMember(engine: DemoEngine, member: TeamMember, reason: string): void {
  if (member.state === "closed") return;
  const process = engine.activeWork(member.agentId);
  const worker = engine.workers.get(member.agentId);
  if (process && worker) {
    engine.runner.cancel(process);
    closeOpenFacts(engine, inWorkerScope(worker.fields), reason);
  }
  if (engine.team.members.get(member.agentId)?.state !== "closed")
    emitTeamFact(engine, "subagent.closed", { status: "closed", reason }, memberFields(member));
}

/** `assign`: a work item on the board goes to a teammate, who picks it up and reports back. */
export function assign(engine: DemoEngine, command: Command<"assign">): WriteResult {
  const { team } = engine;
  if (!team.active) return rejected(command, NO_TEAM);
  const item = team.workItems.get(textOf(command.workItemId) ?? "");
  if (!item) return rejected(command, `Unknown work item ${command.workItemId}.`);
  if (item.done) return rejected(command, `Work item ${item.taskId} is already done.`);
  if (engine.activeWork(item.taskId))
    return rejected(command, `Work item ${item.taskId} is being worked on.`);
  const member = openMember(engine, command.assignee);
  if (typeof member === "string") return rejected(command, member);
  if (item.assigneeId === member.agentId)
    return rejected(command, `Work item ${item.taskId} is already assigned to ${member.name}.`);
  const busy = busyReason(engine, member);
  if (busy) return rejected(command, busy);
  startWork(
    engine,
    `assign:${item.taskId}`,
    { subagentId: member.agentId, taskId: item.taskId },
    function* () {
      emitTeamFact(
        engine,
        "task.updated",
        {
          status: "queued",
          title: item.title,
          assignee: member.name,
          assigneeAgentId: member.agentId,
          workItem: { title: item.title, assignee: member.name, status: "claimed" },
        },
        { ...memberFields(member, item.taskId), workItemId: item.taskId },
      );
      yield* memberRun(engine, member, {
        taskId: item.taskId,
        title: item.title,
        input: `Assigned: ${item.title}`,
        summary: `Done: ${preview(item.title, 60)}`,
        result: notes(member.name, item.title, "Picked up from the work board and finished."),
      });
    },
  );
  return accepted(command, { workItemId: item.taskId, agentId: member.agentId });
}

/** `request_review`: the reviewer gets a review task; a verdict with evidence follows (TEAM-08). */
export function requestReview(engine: DemoEngine, command: Command<"request_review">): WriteResult {
  const { team } = engine;
  if (!team.active) return rejected(command, NO_TEAM);
  const target = textOf(command.target);
  if (!target) return rejected(command, "Name what to review (an artifact or a work item).");
  const artifact = team.artifacts.get(target);
  const item = team.workItems.get(target);
  if (!artifact && !item)
    return rejected(command, `Unknown review target ${target}: name an artifact or a work item.`);
  const reviewer =
    command.reviewer !== undefined
      ? openMember(engine, command.reviewer)
      : (team.byRole("reviewer") ?? "No reviewer on the team; name one.");
  if (typeof reviewer === "string") return rejected(command, reviewer);
  const busy = busyReason(engine, reviewer);
  if (busy) return rejected(command, busy);
  const n = team.nextWriteNo();
  const review = reviewWork(engine, { n, target, artifact, item, reviewer });
  startWork(
    engine,
    `review:${review.taskId}`,
    { subagentId: reviewer.agentId, taskId: review.taskId },
    function* () {
      createWorkItem(engine, review.taskId, review.title, reviewer);
      review.request();
      yield* memberRun(engine, reviewer, review.work);
    },
  );
  return accepted(command, { reviewId: review.reviewId, taskId: review.taskId, agentId: reviewer.agentId });
}
