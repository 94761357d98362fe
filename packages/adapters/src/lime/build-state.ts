// Builders for context, artifacts, evidence/review, snapshots, history windows and benchmark facts.
import { ARTIFACT_KINDS, ARTIFACT_STATUSES, isMember } from "@agent-ui/contracts";
import { normalizeMessages } from "../shared/messages";
import {
  type JsonObject,
  compact,
  readNumber,
  isRecord,
  readArray,
  readBoolean,
  readRecord,
  readString,
} from "../shared/record";
import { previewOf } from "../shared/safe-payload";
import {
  type BuildContext,
  type Builder,
  numberField,
  reasonOf,
  safe,
  statusWord,
  stringField,
  stringList,
} from "./build-common";
import type { LimeFacts } from "./facts";
import { lookupTable } from "@agent-ui/contracts";

export const contextChanged: Builder = (f) => {
  const refs = (readArray(f.payload, "refs", "sources", "items", "selected") ?? []).flatMap((r) => {
    const id = typeof r === "string" ? r : readString(r, "id", "ref", "name");
    return id === undefined
      ? []
      : [
          compact({
            id,
            label: readString(r, "label", "title", "name"),
            kind: readString(r, "kind", "type"),
          }),
        ];
  });
  const budget = readRecord(f.payload, "budget");
  const missing = readArray(f.payload, "missing", "missingContext");
  const failed = f.type === "context.compaction.failed" || f.type === "context.failed";
  return {
    payload: compact({
      refs: refs.length > 0 ? refs : undefined,
      budget:
        budget !== undefined
          ? compact({
              used: readNumber(budget, "used", "tokens"),
              limit: readNumber(budget, "limit", "max"),
            })
          : compact({
              used: numberField(f, "usedTokens", "tokensUsed"),
              limit: numberField(f, "tokenLimit", "limit"),
            }),
      missing: missing?.map((m) =>
        compact({
          id: readString(m, "id"),
          label: readString(m, "label", "name"),
          reason: readString(m, "reason"),
        }),
      ),
      failure: failed ? compact({ stage: f.type, reason: reasonOf(f) }) : undefined,
    }),
  };
};

export const compaction: Builder = (f) => ({
  payload: compact({
    compactionId: stringField(f, "compactionId", "compaction_id", "id"),
    summary: stringField(f, "summary") !== undefined ? previewOf(stringField(f, "summary"), 2000) : undefined,
    tokensBefore: numberField(f, "tokensBefore", "tokens_before"),
    tokensAfter: numberField(f, "tokensAfter", "tokens_after"),
  }),
});

/** §E-17: a specific artifact class only from an explicit lifecycle word; otherwise `artifact.changed`. */
const ARTIFACT_LIFECYCLE: Readonly<Record<string, string>> = lookupTable({
  created: "artifact.created",
  updated: "artifact.updated",
  preview_ready: "artifact.preview.ready",
  version_created: "artifact.version.created",
  versioned: "artifact.version.created",
  diff_ready: "artifact.diff.ready",
  export_started: "artifact.export.started",
  export_completed: "artifact.export.completed",
  exported: "artifact.export.completed",
  failed: "artifact.failed",
  deleted: "artifact.deleted",
});

export function artifactClassOf(f: LimeFacts): string {
  const lifecycle = stringField(f, "lifecycle", "event", "change");
  if (f.sourceType === "artifact.versioned") return "artifact.version.created";
  if (f.sourceType === "artifact.exported") return "artifact.export.completed";
  return (lifecycle !== undefined ? ARTIFACT_LIFECYCLE[lifecycle] : undefined) ?? "artifact.changed";
}

/** Artifact fields; a missing `artifactId` stays missing (the profile allows it) and renders `unknown`. */
export const artifactFact: Builder = (f) => {
  const artifactId = f.ids.artifactId ?? stringField(f, "artifactId", "artifact_id", "id");
  const kind = stringField(f, "kind", "artifactKind", "artifact_kind");
  const status = stringField(f, "status", "artifactStatus");
  const preview = stringField(f, "preview", "artifactPreview");
  return {
    ...(artifactId !== undefined ? { artifactId } : {}),
    ...compact({
      artifactKind: kind !== undefined ? (isMember(ARTIFACT_KINDS, kind) ? kind : "custom") : undefined,
      artifactStatus: status !== undefined && isMember(ARTIFACT_STATUSES, status) ? status : undefined,
      artifactVersionId: stringField(f, "versionId", "artifactVersionId", "version_id"),
      artifactExportId: stringField(f, "exportId", "artifactExportId"),
      artifactReadRef: stringField(f, "readRef", "artifactReadRef", "ref", "uri"),
      artifactDiffRef: stringField(f, "diffRef", "artifactDiffRef"),
      artifactPreviewRef: stringField(f, "previewRef", "preview_ref", "artifactPreviewRef"),
      artifactPreview: preview !== undefined ? previewOf(preview, 1000) : undefined,
      sourceRefs: stringList(f.payload.sourceRefs),
      evidenceRefs: stringList(f.payload.evidenceRefs),
    }),
    payload: compact({
      title: stringField(f, "title", "name", "fileName"),
      kind: kind !== undefined && isMember(ARTIFACT_KINDS, kind) ? kind : undefined,
      preview: preview !== undefined ? previewOf(preview, 1000) : undefined,
      exportRef: stringField(f, "exportRef", "export_ref"),
      error: artifactClassOf(f) === "artifact.failed" ? reasonOf(f) : undefined,
    }),
  };
};

/** §E-9: pack/replay/review refs are lifted to the envelope; an absent `reviewRef` stays absent. */
export const evidenceChanged: Builder = (f, ctx) => {
  const refs = compact({
    evidencePackRef: f.ids.evidencePackRef ?? stringField(f, "packRef", "pack_ref", "evidencePackRef"),
    replayRef: f.ids.replayRef ?? stringField(f, "replayRef", "replay_ref"),
    reviewRef: f.ids.reviewRef ?? stringField(f, "reviewRef", "review_ref"),
  });
  const outcomes = readArray(f.payload, "verificationOutcomes", "verification_outcomes");
  return {
    ...refs,
    payload: compact({
      status: statusWord(f) ?? (f.sourceType === "evidence.exported" ? "exported" : undefined),
      verificationOutcomes: outcomes?.flatMap((o) => {
        const name = readString(o, "name");
        const status = readString(o, "status");
        return name !== undefined && status !== undefined ? [{ name, status }] : [];
      }),
      // Known gaps only when the runtime lists them (EVID-06): never fabricated.
      knownGaps: Array.isArray(f.payload.knownGaps)
        ? (safe(ctx, f.payload.knownGaps) as unknown[])
        : undefined,
      correlation: readRecord(f.payload, "correlation", "runtimeCorrelation") as
        | Record<string, string>
        | undefined,
      toolCallIds: stringList(f.payload.toolCallIds),
      artifactIds: stringList(f.payload.artifactIds),
      benchmark: f.type.startsWith("benchmark.") ? benchmarkSummary(f, ctx) : undefined,
    }),
  };
};

function benchmarkSummary(f: LimeFacts, ctx: BuildContext) {
  return compact({
    benchmark: isRecord(f.record.benchmark) ? safe(ctx, f.record.benchmark) : undefined,
    comparison: isRecord(f.record.comparison) ? safe(ctx, f.record.comparison) : undefined,
    reward: numberField(f, "reward"),
    failureCategory: stringField(f, "failureCategory"),
    stage: f.type,
  });
}

/** True when a value has the shape of a Lime SessionSnapshot / thread read snapshot. */
export function isSessionSnapshot(value: unknown): boolean {
  return isRecord(value) && (Array.isArray(value.threads) || Array.isArray(value.tasks));
}

export function isTaskSnapshot(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.taskId === "string" &&
    typeof value.status === "string" &&
    !("type" in value)
  );
}

export function isEvidencePack(value: unknown): boolean {
  return isRecord(value) && (isRecord(value.runtimeCorrelation) || typeof value.packRef === "string");
}

/** The snapshot a `snapshot.*` / history payload carries, under the payload key that names its kind. */
export function snapshotPayload(source: JsonObject, ctx: BuildContext): Record<string, unknown> | undefined {
  const candidates: unknown[] = [source.snapshot, source.session, source.readModel, source];
  for (const candidate of candidates) {
    if (isSessionSnapshot(candidate)) return { runtimeSession: safe(ctx, candidate) };
  }
  const thread = readRecord(source, "thread", "threadReadModel");
  if (thread !== undefined) return { thread: safe(ctx, thread) };
  const task = readRecord(source, "task", "taskSnapshot");
  if (task !== undefined) return { task: safe(ctx, task) };
  const pack = readRecord(source, "evidencePack", "pack");
  if (pack !== undefined) return { evidencePack: safe(ctx, pack) };
  const projection = readRecord(source, "projection");
  if (projection !== undefined) return { projection: safe(ctx, projection) };
  return undefined;
}

export function stateSnapshot(repair: boolean): Builder {
  return (f, ctx) => {
    const snapshot = snapshotPayload(f.payload, ctx);
    if (snapshot === undefined) return null;
    return { phase: "hydrating", payload: repair ? { ...snapshot, repair: true } : snapshot };
  };
}

/** The session-level marker that accompanies a snapshot or history change. */
export function sessionMarker(kind: string): Builder {
  return (f) => ({
    payload: compact({
      change: kind,
      updatedAt: stringField(f, "updatedAt", "updated_at") ?? f.timestamp,
      stale: kind === "repaired" ? false : undefined,
      rollback: f.type.startsWith("history.rollback.") ? f.type.slice("history.rollback.".length) : undefined,
      reason: reasonOf(f),
    }),
  });
}

export const messagesSnapshot: Builder = (f) => {
  const list = readArray(f.payload, "messages", "window", "items");
  if (list === undefined) return null;
  const { messages, skipped } = normalizeMessages(list);
  return {
    payload: compact({
      messages,
      skipped: skipped > 0 ? skipped : undefined,
      partial: readBoolean(f.payload, "partial"),
    }),
  };
};
