// `team` (the default of `npm start`): a coordinator with researcher, coder and reviewer. Parallel
// workers with lineage, a gated write_file (approve → written; reject → denied, the coordinator adapts),
// a handoff to the reviewer, an artifact with versions and an export, a review verdict backed by evidence
// facts, and a synthesized final answer that is distinct from the worker notifications.
import { PACING, type TurnContext } from "../context";
import { join, type Script } from "../process";
import { emitArtifactVersion, exportArtifact } from "../artifact-facts";
import { evidenceExport, prepareModel } from "./solo";
import { createTask, spawnTeammate, type Teammate, TeamState, teammate, workerFields } from "./team-roster";
import { BACKLOG_ITEM, REPORT_V1, REPORT_V2 } from "./team-report";
import { coder, type ReportArtifact, researcher, reviewer, type WorkerResult } from "./team-workers";
import type { DemoScenario } from "./types";

function* teamTurn(ctx: TurnContext): Script {
  const team = new TeamState();
  const coordinator = teammate(ctx, "coordinator", "Coordinator");
  const research = teammate(ctx, "researcher", "Researcher");
  const code = teammate(ctx, "coder", "Coder");
  const review = teammate(ctx, "reviewer", "Reviewer");
  const report: ReportArtifact = {
    artifactId: ctx.id("artifact", "report"),
    title: "report.md",
    path: "docs/report.md",
  };
  const lead = ctx.scoped(
    { subagentId: coordinator.subagentId, agentId: coordinator.subagentId },
    "coordinator",
  );

  yield* prepareModel(ctx);
  createTask(ctx, coordinator, "Write a verified report on final-text reconciliation", coordinator, team);
  spawnTeammate(ctx, coordinator, undefined, "Team run requested by the user", team);
  yield* lead.think(
    ctx.id("msg", "coordinator_plan"),
    "Plan: the researcher gathers how peers reconcile final text while the coder drafts report.md; " +
      "then the reviewer verifies the report against evidence.",
  );

  // Fan out: two workers in parallel, within the team's parallel budget.
  team.phase = "active";
  team.queued = 2;
  createTask(ctx, research, "Collect peer reconciliation facts", coordinator, team);
  createTask(ctx, code, "Draft docs/report.md", coordinator, team);
  spawnTeammate(ctx, research, coordinator, "Gather sources for the report", team);
  spawnTeammate(ctx, code, coordinator, "Draft the report file", team);
  const researchOut: WorkerResult = {};
  const codeOut: WorkerResult = {};
  const workers = [
    ctx.spawn("researcher", (w) => researcher(w, research, team, researchOut), workerFields(research)),
    ctx.spawn("coder", (w) => coder(w, code, team, report, codeOut), workerFields(code)),
  ];
  team.phase = "waiting";
  yield join(...workers);
  ctx.checkpoint();

  // Fan in: the coordinator adapts to what the workers really did (a stopped worker reported nothing).
  team.phase = "merging";
  const drafted = codeOut.value !== undefined;
  const written = codeOut.value?.outcome === "completed";
  const version = drafted && researchOut.value ? 2 : 1;
  yield* lead.think(ctx.id("msg", "coordinator_merge"), mergePlan(drafted, written, version));
  const coordinatorFields = { subagentId: coordinator.subagentId, agentId: coordinator.subagentId };
  if (version === 2)
    emitArtifactVersion(
      (type, payload, fields) => ctx.emit(type, payload, fields),
      report,
      { version: 2, content: REPORT_V2, previous: { version: 1, content: REPORT_V1 } },
      coordinatorFields,
    );
  if (drafted) postBacklogItem(ctx, coordinator, team);
  if (drafted) yield* reviewAndExport(ctx, { coordinator, code, review }, team, report, { written, version });

  team.phase = "done";
  ctx.finishing();
  yield* ctx.say(ctx.id("msg", "answer"), finalAnswer(drafted, written, version));
  ctx.emit(
    "subagent.completed",
    { status: "completed" },
    { subagentId: coordinator.subagentId, taskId: coordinator.taskId },
  );
  ctx.emit("task.completed", { status: "completed" }, { ...team.facts(), taskId: coordinator.taskId });
  evidenceExport(ctx, [
    { name: "review_verdict_recorded", status: drafted ? "passed" : "not_run" },
    { name: "worker_results_linked", status: researchOut.value && codeOut.value ? "passed" : "partial" },
  ]);
}

/** Handoff coder → reviewer, the review with its evidence, then the export of the reviewed version. */
function* reviewAndExport(
  ctx: TurnContext,
  members: { coordinator: Teammate; code: Teammate; review: Teammate },
  team: TeamState,
  report: ReportArtifact,
  facts: { written: boolean; version: number },
): Script {
  const { coordinator, code, review } = members;
  yield ctx.pause(PACING.status);
  createTask(ctx, review, `Verify report.md v${facts.version}`, coordinator, team);
  ctx.emit(
    "task.delegated",
    {
      handoff: {
        handoffId: ctx.id("handoff", "coder_reviewer"),
        from: code.subagentId,
        to: review.subagentId,
        reason: "Verify the report against evidence before it is exported",
        resumeTarget: coordinator.subagentId,
        status: "accepted",
      },
    },
    {
      taskId: review.taskId,
      parentTaskId: coordinator.taskId,
      subagentId: review.subagentId,
      parentSessionId: coordinator.childSessionId,
      parentThreadId: coordinator.childThreadId,
    },
  );
  spawnTeammate(ctx, review, coordinator, "Review handoff from the coder", team);
  const reviewOut: WorkerResult = {};
  const verify = (w: TurnContext) => reviewer(w, review, team, report, facts, reviewOut);
  yield join(ctx.spawn("reviewer", verify, workerFields(review)));
  if (!reviewOut.value) return;
  yield* exportArtifact(
    (type, payload, fields) => ctx.emit(type, payload, fields),
    report,
    facts.version,
    ctx.id("export", "report"),
  );
}

/** A follow-up the coordinator leaves open and unassigned on the work board: an `assign` target (TEAM-15). */
function postBacklogItem(ctx: TurnContext, coordinator: Teammate, team: TeamState): void {
  ctx.emit(
    "task.created",
    {
      status: "queued",
      title: BACKLOG_ITEM,
      objective: BACKLOG_ITEM,
      workItem: { title: BACKLOG_ITEM, status: "open" },
    },
    {
      ...team.facts(),
      taskId: ctx.id("task", "backlog"),
      workItemId: ctx.id("task", "backlog"),
      parentTaskId: coordinator.taskId,
      rootTaskId: coordinator.taskId,
    },
  );
}

function mergePlan(drafted: boolean, written: boolean, version: number): string {
  if (!drafted) return "The coder was stopped before drafting, so there is no report to merge or review.";
  const merge =
    version === 2 ? "merge the research notes as version 2" : "keep version 1 (no research notes)";
  return written
    ? `Both workers are done. ${merge}, then hand the report to review.`
    : `The write was denied, so nothing is on disk. Keep the report in the artifact workspace, ${merge} and ` +
        "ask the reviewer to check it without the file.";
}

function finalAnswer(drafted: boolean, written: boolean, version: number): string {
  if (!drafted)
    return "The coder was stopped before drafting, so there is no report to review or export. The researcher's notes are in its worker result.";
  return written
    ? `The team finished. report.md (version ${version}) is written to docs/ and exported; the reviewer's verdict ` +
        "is passed, linked in the evidence lane. In short: peers differ, and the projection replaces streamed " +
        "text with the final text so the answer never appears twice."
    : `The team finished without writing to disk, because the write was denied. report.md (version ${version}) ` +
        "is in the artifact workspace and exported from there; the reviewer skipped the file check. In short: " +
        "the projection replaces streamed text with the final text.";
}

export const teamScenario: DemoScenario = {
  name: "team",
  title: "Coordinator team",
  description:
    "Coordinator + researcher + coder + reviewer: parallel workers with lineage, an approval-gated write_file, a " +
    "handoff, an artifact with versions and export, a review verdict from evidence and a synthesized answer.",
  openingPrompt: "Have the team write and verify a short report on how final answer text is reconciled.",
  turn: teamTurn,
};
