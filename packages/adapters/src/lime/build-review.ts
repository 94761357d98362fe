// Builders for the review lane (TEAM-08): `review.verdict` (§D.3) and the `payload.review` an
// `evidence.changed` carries. The verdict lives in review facts keyed by `reviewId`, never only in prose.
import { REVIEW_STATUSES, isMember } from "@agent-ui/contracts";
import type { EventFields } from "../shared/emitter";
import { type JsonObject, compact, readRecord, readString } from "../shared/record";
import { type Builder, stringList } from "./build-common";
import type { LimeFacts } from "./facts";
import { lookupTable } from "@agent-ui/contracts";

/** Verdict words and the review status they settle (REVIEW_STATUSES); others keep the review open. */
const STATUS_BY_VERDICT: Readonly<Record<string, string>> = lookupTable({
  passed: "passed",
  pass: "passed",
  approved: "passed",
  approve: "passed",
  accepted: "passed",
  changes_requested: "changes_requested",
  request_changes: "changes_requested",
  needs_changes: "changes_requested",
  failed: "failed",
  fail: "failed",
  rejected: "failed",
});

/** The review status: the source's own when it is a review status, else what its verdict settles,
 * else `requested` while no verdict exists; an unrecognised status is passed on for the projection to flag. */
function reviewStatus(source: JsonObject, verdict: string | undefined): string | undefined {
  const own = readString(source, "status", "reviewStatus", "review_status");
  if (own !== undefined && isMember(REVIEW_STATUSES, own)) return own;
  if (verdict !== undefined) return STATUS_BY_VERDICT[verdict] ?? own;
  return own ?? "requested";
}

function uniqueRefs(...lists: (readonly string[] | undefined)[]): string[] | undefined {
  const refs = new Set<string>();
  for (const list of lists) for (const ref of list ?? []) refs.add(ref);
  return refs.size > 0 ? [...refs] : undefined;
}

/** One review fact from `source`; `evidenceId` (the evidence record that carried it) is an evidence ref. */
function reviewFields(f: LimeFacts, source: JsonObject, evidenceId?: string): EventFields {
  const reviewId = f.ids.reviewId ?? readString(source, "reviewId", "review_id", "id");
  const verdict = readString(source, "verdict", "decision");
  return {
    ...(reviewId !== undefined ? { reviewId } : {}),
    payload: compact({
      reviewer: readString(source, "reviewer", "reviewerId", "reviewer_id"),
      target: readString(source, "target", "targetId", "target_id", "artifactId"),
      targetVersionId: readString(source, "targetVersionId", "target_version_id", "versionId"),
      status: reviewStatus(source, verdict),
      verdict,
      evidenceRefs: uniqueRefs(
        evidenceId !== undefined ? [evidenceId] : undefined,
        stringList(source.evidenceRefs ?? source.evidence_refs),
      ),
      requestedFixes: stringList(source.requestedFixes ?? source.requested_fixes),
    }),
  };
}

/** `review.verdict` (§D.3): the payload is the review. */
export const reviewCompleted: Builder = (f) => reviewFields(f, f.payload);

/**
 * `evidence.changed` with `payload.review`: `review.completed` once a verdict exists, `review.requested`
 * before (`stage`), so the review lane fills from the same record as the evidence it rests on.
 */
export function evidenceReview(stage: "requested" | "completed"): Builder {
  return (f) => {
    const review = readRecord(f.payload, "review");
    if (review === undefined) return null;
    const hasVerdict = readString(review, "verdict", "decision") !== undefined;
    if (hasVerdict !== (stage === "completed")) return null;
    return reviewFields(f, review, f.ids.evidenceId);
  };
}
