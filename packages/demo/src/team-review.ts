// A review the user requested (`request_review`, TEAM-08, EVID-*): the review is requested as an evidence
// fact, the reviewer runs real checks against what the runtime holds (the artifact's current text, or the
// work item's state), and the verdict with its verification outcomes and requested fixes is an evidence
// fact again — never only prose in a message.
import type { DemoEngine } from "./engine";
import { withPackBody } from "./evidence-pack";
import type { ArtifactRecord, TeamMember, WorkItem } from "./team-registry";
import { emitTeamFact, type MemberWork } from "./team-work";

interface Check {
  name: string;
  passed: boolean;
  fix: string;
}

export interface ReviewRequest {
  n: string;
  target: string;
  artifact?: ArtifactRecord;
  item?: WorkItem;
  reviewer: TeamMember;
}

function checksFor(engine: DemoEngine, request: ReviewRequest): { checks: Check[]; versionId?: string } {
  const { artifact, item } = request;
  if (artifact) {
    const current = engine.team.currentVersion(artifact);
    const text = current?.content ?? "";
    const label = current ? `${artifact.title} v${current.version}` : artifact.title;
    return {
      versionId: current?.versionId,
      checks: [
        { name: "has_content", passed: text.trim() !== "", fix: `Write the content of ${label}` },
        { name: "no_open_todos", passed: !/\bTODO\b/.test(text), fix: `Resolve the TODOs in ${label}` },
        {
          name: "cites_sources",
          passed: /^## Sources/m.test(text),
          fix: `Add a Sources section to ${label}`,
        },
      ],
    };
  }
  const done = item?.done === true;
  return {
    checks: [{ name: "work_item_done", passed: done, fix: `Finish ${item?.title ?? request.target}` }],
  };
}

export function reviewWork(engine: DemoEngine, request: ReviewRequest) {
  const { n, target, reviewer } = request;
  const reviewId = `review_${n}`;
  const evidenceId = `evidence_${n}_review`;
  const taskId = `task_${n}_review`;
  const title = `Review ${request.artifact?.title ?? request.item?.title ?? target}`;
  const { sessionId } = engine;
  const { checks, versionId } = checksFor(engine, request);
  const verdict = checks.every((c) => c.passed) ? "passed" : "changes_requested";
  const requestedFixes = checks.filter((c) => !c.passed).map((c) => c.fix);
  const review = {
    reviewId,
    reviewer: reviewer.agentId,
    target,
    ...(versionId ? { targetVersionId: versionId } : {}),
  };
  const artifactIds = request.artifact ? { artifactIds: [request.artifact.artifactId] } : {};
  const passedCount = checks.filter((c) => c.passed).length;
  const work: MemberWork = {
    taskId,
    title,
    input: `Review ${target}`,
    summary: `Verdict: ${verdict} (${passedCount}/${checks.length} checks).`,
    result: [
      `# ${title}`,
      "",
      `Verdict: ${verdict}`,
      "",
      ...checks.map((c) => `- ${c.name}: ${c.passed ? "passed" : "failed"}`),
      ...(requestedFixes.length > 0 ? ["", "Requested fixes:", ...requestedFixes.map((f) => `- ${f}`)] : []),
    ].join("\n"),
    beforeReport: () =>
      emitTeamFact(
        engine,
        "evidence.changed",
        withPackBody(
          {
            status: "verified",
            packRef: `evidence://${sessionId}/${reviewId}`,
            reviewRef: `review://${sessionId}/${reviewId}`,
            verificationOutcomes: checks.map((c) => ({
              name: c.name,
              status: c.passed ? "passed" : "failed",
            })),
            review: { ...review, verdict, requestedFixes },
            ...artifactIds,
          },
          evidenceId,
          { sessionId, threadId: engine.threadId, taskId },
        ),
        { evidenceId, taskId },
      ),
  };
  return {
    reviewId,
    taskId,
    title,
    work,
    /** The request itself, as an evidence fact without a verdict (`review.requested`). */
    request: () =>
      emitTeamFact(
        engine,
        "evidence.changed",
        { status: "collecting", review: { ...review, status: "requested" }, ...artifactIds },
        { evidenceId, taskId },
      ),
  };
}
