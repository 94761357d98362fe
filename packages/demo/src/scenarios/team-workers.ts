// The worker scripts of the coordinator team. Each runs as its own process with its own scope
// (`subagentId`, `taskId`); what it reports back is a worker notification (`subagent.completed` with a
// summary and result ref), never user speech.
import { PACING, type ToolOutcome, type TurnContext } from "../context";
import type { Script } from "../process";
import { emitArtifactVersion } from "../artifact-facts";
import { withPackBody } from "../evidence-pack";
import type { Teammate, TeamState } from "./team-roster";
import { REPORT_V1 } from "./team-report";

/** What a worker hands back to the coordinator (undefined when it was stopped). */
export interface WorkerResult {
  value?: { outcome: ToolOutcome; summary: string };
}

export interface ReportArtifact {
  artifactId: string;
  title: string;
  path: string;
}

function startTask(ctx: TurnContext, member: Teammate, team: TeamState) {
  team.active += 1;
  team.queued = Math.max(0, team.queued - 1);
  ctx.emit(
    "task.started",
    { status: "running", workItem: { assignee: member.name, status: "running" } },
    team.facts(),
  );
}

function finishTask(ctx: TurnContext, member: Teammate, team: TeamState, summary: string, resultRef: string) {
  team.active = Math.max(0, team.active - 1);
  ctx.emit("subagent.completed", {
    status: "completed",
    summary,
    resultRef,
    usage: { inputTokens: 1_800 + summary.length * 3, outputTokens: 240 + summary.length, toolCount: 1 },
  });
  ctx.emit(
    "task.completed",
    { status: "completed", workItem: { assignee: member.name, status: "done" } },
    team.facts(),
  );
}

export function* researcher(ctx: TurnContext, member: Teammate, team: TeamState, out: WorkerResult): Script {
  startTask(ctx, member, team);
  yield* ctx.think(ctx.id("msg", "researcher_plan"), "Collect how each peer protocol reconciles final text.");
  const search = { value: "failed" as ToolOutcome };
  yield* ctx.tool(
    {
      name: "web_search",
      kind: "search",
      input: { query: "agent ui protocol final text reconciliation" },
      inputSummary: "search: agent ui protocol final text reconciliation",
      progress: ["Querying 3 sources", "Ranking results"],
      durationMs: 900,
      result: {
        preview: "3 sources: AG-UI events, AI SDK UI stream, Lime AgentRuntime profile",
        bytes: 6_120,
      },
    },
    search,
  );
  ctx.emit("task.progress", {
    status: "running",
    progress: { message: "Summarising 3 sources", ratio: 0.8 },
  });
  yield ctx.jitter([200, 350]);
  const summary = "Found 3 sources; two peers append final text to deltas, Lime replaces it.";
  finishTask(ctx, member, team, summary, `result://${member.taskId}/notes.md`);
  out.value = { outcome: search.value, summary };
}

export function* coder(
  ctx: TurnContext,
  member: Teammate,
  team: TeamState,
  report: ReportArtifact,
  out: WorkerResult,
): Script {
  startTask(ctx, member, team);
  yield* ctx.think(ctx.id("msg", "coder_plan"), "Draft report.md and write it to the docs folder.");
  const write = { value: "failed" as ToolOutcome };
  yield* ctx.tool(
    {
      name: "write_file",
      kind: "edit",
      input: { path: report.path, bytes: 2_048 },
      inputSummary: `write ${report.path} (2 KB)`,
      progress: ["Writing file"],
      durationMs: 300,
      result: {
        preview: `Wrote ${report.path} (2,048 bytes)`,
        bytes: 2_048,
        artifactIds: [report.artifactId],
      },
      approval: {
        prompt: `Allow write_file to create ${report.path}?`,
        scope: { path: report.path },
        severity: "medium",
        requesterName: member.name,
      },
      onApproval: (phase, actionId) => {
        if (phase === "requested") {
          ctx.emit("task.waiting", {
            status: "waiting_permission",
            reason: "Waiting for write approval",
            actionId,
          });
          ctx.emit("subagent.status", { status: "needs_input", reason: "Waiting for write approval" });
        } else {
          ctx.emit("task.resumed", { status: "running" });
          ctx.emit("subagent.status", { status: "running" });
        }
      },
    },
    write,
  );
  const approved = write.value === "completed";
  yield ctx.pause(PACING.status);
  emitArtifactVersion(
    (type, payload, fields) => ctx.emit(type, payload, fields),
    { artifactId: report.artifactId, title: report.title, ...(approved ? { path: report.path } : {}) },
    {
      version: 1,
      content: REPORT_V1,
      extra: approved ? {} : { draft: true, reason: "write_file denied: kept in the artifact workspace" },
    },
  );
  const summary = approved
    ? `Wrote ${report.path} (v1).`
    : "write_file was denied; the draft stays in the artifact workspace, nothing was written to disk.";
  finishTask(ctx, member, team, summary, `artifact://${report.artifactId}/v1`);
  out.value = { outcome: write.value, summary };
}

export function* reviewer(
  ctx: TurnContext,
  member: Teammate,
  team: TeamState,
  report: ReportArtifact,
  facts: { written: boolean; version: number },
  out: WorkerResult,
): Script {
  const { written, version } = facts;
  startTask(ctx, member, team);
  const check = { value: "failed" as ToolOutcome };
  yield* ctx.tool(
    {
      name: "run_checks",
      kind: "command",
      input: { target: report.artifactId, checks: ["links_resolve", "claims_have_sources", "file_written"] },
      inputSummary: `verify ${report.title} v${version} (3 checks)`,
      progress: ["links_resolve", "claims_have_sources", "file_written"],
      durationMs: 800,
      result: { preview: written ? "3 checks: 3 passed" : "3 checks: 2 passed, 1 skipped", bytes: 1_204 },
    },
    check,
  );
  const { sessionId, turnId } = ctx.scope;
  const evidenceId = ctx.id("evidence", "review");
  const reviewId = ctx.id("review", "report");
  ctx.emit(
    "evidence.changed",
    withPackBody(
      {
        status: "verified",
        packRef: `evidence://${sessionId}/${turnId}/review`,
        replayRef: `replay://${sessionId}/${turnId}`,
        reviewRef: `review://${sessionId}/${reviewId}`,
        verificationOutcomes: [
          { name: "links_resolve", status: "passed" },
          { name: "claims_have_sources", status: "passed" },
          { name: "file_written", status: written ? "passed" : "skipped" },
        ],
        review: {
          reviewId,
          reviewer: member.subagentId,
          target: report.artifactId,
          targetVersionId: `${report.artifactId}_v${version}`,
          verdict: "passed",
          requestedFixes: [],
        },
        artifactIds: [report.artifactId],
      },
      evidenceId,
      { sessionId, threadId: ctx.scope.threadId, turnId, runId: ctx.scope.runId, taskId: member.taskId },
    ),
    { evidenceId, runId: ctx.scope.runId },
  );
  const summary = written
    ? "Verdict: passed (3/3 checks)."
    : "Verdict: passed (2/3 checks; file not written).";
  finishTask(ctx, member, team, summary, `review://${sessionId}/${reviewId}`);
  out.value = { outcome: check.value, summary };
}
