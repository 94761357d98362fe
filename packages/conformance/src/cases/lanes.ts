// EVID-03 / GF-3: evidence, replay and review lanes are views of one evidence record. The check reads the
// lanes through the projection's own selectors and fails when either shows a status, verdict or ref that
// is not that record's, or when a review verdict contradicts the record's outcomes.
import type { ProjectionState } from "@agent-ui/contracts";
import { selectReplayLane, selectReviewLane } from "@agent-ui/projection";
import { stableJson } from "../checks";

/** Failure messages; empty when the lanes agree with the one evidence record. */
export function lanesAgree(state: ProjectionState, evidenceId: string): string[] {
  const record = state.evidence[evidenceId];
  if (!record) return [`evidence.${evidenceId}: missing`];
  const failures: string[] = [];
  const lanes = { replay: selectReplayLane(state, evidenceId), review: selectReviewLane(state, evidenceId) };
  for (const [name, lane] of Object.entries(lanes)) {
    if (!lane) {
      failures.push(`${name} lane: missing for ${evidenceId}`);
      continue;
    }
    if (lane.status !== record.status)
      failures.push(`${name} lane status ${lane.status} ≠ evidence ${record.status}`);
    if (stableJson(lane.verification) !== stableJson(record.verification)) {
      failures.push(`${name} lane verification differs from the evidence record`);
    }
  }
  if (lanes.replay && lanes.replay.ref !== record.replayRef)
    failures.push("replay lane ref is not the record's replayRef");
  if (lanes.review && lanes.review.ref !== record.reviewRef)
    failures.push("review lane ref is not the record's reviewRef");
  if (!state.timeline.some((e) => Object.values(e.refs).includes(evidenceId))) {
    failures.push(`timeline: no entry links ${evidenceId}`);
  }
  const failedOutcome =
    Array.isArray(record.verification) && record.verification.some((v) => v.status === "failed");
  for (const review of state.team.reviews) {
    if (failedOutcome && review.evidenceRefs.includes(evidenceId) && review.status === "passed") {
      failures.push(`review ${review.reviewId} shows passed while ${evidenceId} reports a failed outcome`);
    }
  }
  return failures;
}
