// Evidence, replay, review and artifact selectors. Replay and review lanes read the same evidence record
// and never recompute status, so they cannot contradict each other (EVID-03, GF-3).
import type {
  ArtifactRecord,
  EvidenceRecord,
  Honest,
  MessagePart,
  ProjectionState,
} from "@agent-ui/contracts";
import { memoByInput } from "./memo";

export interface EvidenceLane {
  evidenceId: string;
  /** The lane's own ref: `unavailable` when the runtime gave none (AUI-AR-EVID-003/004). */
  ref: Honest<string>;
  status: string;
  verification: EvidenceRecord["verification"];
  knownGaps: EvidenceRecord["knownGaps"];
  /** The one shared record (identity-equal between the lanes). */
  record: EvidenceRecord;
}

function lane(record: EvidenceRecord, ref: Honest<string>): EvidenceLane {
  return {
    evidenceId: record.evidenceId,
    ref,
    status: record.status,
    verification: record.verification,
    knownGaps: record.knownGaps,
    record,
  };
}

const replayLane = memoByInput((record: EvidenceRecord) => lane(record, record.replayRef));
const reviewLane = memoByInput((record: EvidenceRecord) => lane(record, record.reviewRef));

export function selectReplayLane(state: ProjectionState, evidenceId: string): EvidenceLane | undefined {
  const record = state.evidence[evidenceId];
  return record === undefined ? undefined : replayLane(record);
}

export function selectReviewLane(state: ProjectionState, evidenceId: string): EvidenceLane | undefined {
  const record = state.evidence[evidenceId];
  return record === undefined ? undefined : reviewLane(record);
}

/** The evidence record an `evidence_ref` part cites: the same object the replay and review lanes read
 * (EVID-03), or undefined when the fact is not (yet) known — render it `unavailable`, never a guess. */
export function selectCitedEvidence(state: ProjectionState, part: MessagePart): EvidenceRecord | undefined {
  if (part.evidenceId === undefined) return undefined;
  return state.evidence[part.evidenceId];
}

const evidenceList = memoByInput((evidence: Record<string, EvidenceRecord>) => Object.values(evidence));

export function selectEvidence(state: ProjectionState): EvidenceRecord[] {
  return evidenceList(state.evidence);
}

const artifactList = memoByInput((artifacts: Record<string, ArtifactRecord>) => Object.values(artifacts));

/** Artifact cards in first-seen order, one per artifactId (ART-10); deleted ones keep their history. */
export function selectArtifacts(state: ProjectionState): ArtifactRecord[] {
  return artifactList(state.artifacts);
}
