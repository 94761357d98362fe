// JSON Schema entries of the artifact and evidence records of the projection snapshot (ART-*, EVID-*);
// assembled into the whole snapshot schema by projection-schema.ts.
import type { ArtifactRecord, ArtifactVersion, EvidenceRecord } from "./projection-state";
import { FACT_SOURCE } from "./projection-schema-records";
import { SOURCE_REF } from "./source-ref";
import { ID, STRING, STRINGS, arrayOf, enumOf, honest, objectSchema } from "./schema-builders";
import { ARTIFACT_KINDS, ARTIFACT_STATUSES } from "./taxonomy";

const ARTIFACT_VERSION = objectSchema<ArtifactVersion>(
  { versionId: ID, sourceRefs: STRINGS, source: FACT_SOURCE },
  { versionId: true, sourceRefs: true },
);

export const ARTIFACT_RECORD = objectSchema<ArtifactRecord>(
  {
    artifactId: ID,
    kind: enumOf(ARTIFACT_KINDS),
    title: STRING,
    status: enumOf(ARTIFACT_STATUSES),
    versions: arrayOf(ARTIFACT_VERSION),
    currentVersionId: STRING,
    preview: STRING,
    previewRef: STRING,
    readRef: STRING,
    diffRef: STRING,
    export: objectSchema<ArtifactRecord["export"]>(
      { status: enumOf(["none", "exporting", "completed", "failed"]), exportId: STRING, ref: STRING },
      { status: true },
    ),
    sourceRefs: STRINGS,
    evidenceRefs: STRINGS,
    citations: arrayOf(SOURCE_REF),
    toolCallId: STRING,
    turnId: STRING,
    taskId: STRING,
    error: STRING,
    source: FACT_SOURCE,
  },
  {
    artifactId: true,
    kind: true,
    status: true,
    versions: true,
    export: true,
    sourceRefs: true,
    evidenceRefs: true,
  },
);

const VERIFICATION = arrayOf(
  objectSchema<{ name: string; status: string }>(
    { name: STRING, status: STRING },
    { name: true, status: true },
  ),
);

export const EVIDENCE_RECORD = objectSchema<EvidenceRecord>(
  {
    evidenceId: ID,
    status: STRING,
    packRef: honest(STRING),
    replayRef: honest(STRING),
    reviewRef: honest(STRING),
    traceId: STRING,
    correlation: { type: "object", additionalProperties: STRING },
    verification: honest(VERIFICATION),
    knownGaps: honest({ type: "array" }),
    toolCallIds: STRINGS,
    artifactIds: STRINGS,
    citations: arrayOf(SOURCE_REF),
    benchmark: { type: "object" },
    source: FACT_SOURCE,
  },
  {
    evidenceId: true,
    status: true,
    packRef: true,
    replayRef: true,
    reviewRef: true,
    correlation: true,
    verification: true,
    knownGaps: true,
    toolCallIds: true,
    artifactIds: true,
  },
);
