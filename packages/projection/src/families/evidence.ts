// evidence.changed (EVID-*): refs lifted onto one record per evidenceId; verification only from the
// owner's `verificationOutcomes`; known gaps only when reported, else `unavailable`; a missing reviewRef is
// `unavailable`. Replay and review lanes are selectors over this one record (EVID-03). A fact that belongs
// to a turn or message is cited there by an `evidence_ref` part (evidence-parts.ts).
import type { EvidenceRecord } from "@agent-ui/contracts";
import { addCitations, citationsOf } from "../internal/citations";
import { addUnique, asString, asStringArray, isRecord } from "../internal/json";
import { safeValue } from "../internal/safety";
import type { EventContext, Store } from "../store";
import { citeEvidence } from "./evidence-parts";

const SPINE = ["runtimeId", "sessionId", "threadId", "turnId", "taskId", "runId", "traceId"] as const;

export function evidenceFor(store: Store, evidenceId: string, ctx: EventContext): EvidenceRecord {
  let record = store.evidence.get(evidenceId);
  if (record === undefined) {
    record = {
      evidenceId,
      status: "unknown",
      packRef: "unavailable",
      replayRef: "unavailable",
      reviewRef: "unavailable",
      correlation: {},
      verification: "unavailable",
      knownGaps: "unavailable",
      toolCallIds: [],
      artifactIds: [],
      source: ctx.source,
    };
    store.evidence.set(evidenceId, record);
  }
  return record;
}

/** Verification outcomes as reported (EVID-02, FALL-05): names and statuses copied, nothing derived. */
export function outcomesOf(value: unknown): { name: string; status: string }[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .filter(
      (item): item is Record<string, unknown> =>
        isRecord(item) && typeof item.name === "string" && typeof item.status === "string",
    )
    .map((item) => ({ name: item.name as string, status: item.status as string }));
}

export function applyEvidenceFields(
  store: Store,
  record: EvidenceRecord,
  fields: Record<string, unknown>,
  ctx: EventContext,
): void {
  const packRef = asString(fields.evidencePackRef) ?? asString(fields.packRef);
  if (packRef !== undefined) record.packRef = packRef;
  const replayRef = asString(fields.replayRef);
  if (replayRef !== undefined) record.replayRef = replayRef;
  const reviewRef = asString(fields.reviewRef);
  if (reviewRef !== undefined) record.reviewRef = reviewRef;
  const status = asString(fields.status);
  if (status !== undefined) record.status = status;
  const outcomes = outcomesOf(fields.verificationOutcomes);
  if (outcomes !== undefined) record.verification = outcomes;
  if (Array.isArray(fields.knownGaps))
    record.knownGaps = fields.knownGaps.map((gap) => (isRecord(gap) ? { ...gap } : gap));
  if (isRecord(fields.correlation))
    for (const [key, value] of Object.entries(fields.correlation))
      if (typeof value === "string") record.correlation[key] = value;
  const traceId = asString(fields.traceId);
  if (traceId !== undefined) record.traceId = traceId;
  if (isRecord(fields.benchmark))
    record.benchmark = { ...record.benchmark, ...safeValue(fields.benchmark).value };
  const [, dropped] = addCitations(record, citationsOf(fields.citations));
  if (dropped > 0)
    store.diag(
      "large_payload_inline",
      "warning",
      `evidence ${record.evidenceId}: ${dropped} source refs past the per-record limit were not kept`,
      ctx.event,
    );
  record.source = ctx.source;
  store.evidence.touch(record.evidenceId);
}

function evidenceChanged(store: Store, ctx: EventContext): void {
  const { event, payload } = ctx;
  const evidenceId = asString(event.evidenceId);
  if (evidenceId === undefined) {
    store.diag("missing_correlation", "warning", "evidence.changed without evidenceId", event);
    return;
  }
  const record = evidenceFor(store, evidenceId, ctx);
  // Envelope refs win over payload refs (the adapter lifts payload.packRef → evidencePackRef, EVID-05).
  applyEvidenceFields(store, record, { ...payload, ...liftedRefs(ctx) }, ctx);
  for (const field of SPINE) {
    const value = event[field];
    if (typeof value === "string") record.correlation[field] = value;
  }
  const toolCallIds = asStringArray(payload.toolCallIds);
  if (typeof event.toolCallId === "string") toolCallIds.push(event.toolCallId);
  addUnique(record.toolCallIds, toolCallIds);
  for (const toolCallId of toolCallIds) {
    const tool = store.tools.get(toolCallId);
    if (tool !== undefined && addUnique(tool.evidenceIds, [evidenceId])) store.tools.touch(toolCallId);
  }
  const artifactIds = asStringArray(payload.artifactIds);
  if (typeof event.artifactId === "string") artifactIds.push(event.artifactId);
  addUnique(record.artifactIds, artifactIds);
  for (const artifactId of artifactIds) {
    const artifact = store.artifacts.get(artifactId);
    if (artifact !== undefined && addUnique(artifact.evidenceRefs, [evidenceId]))
      store.artifacts.touch(artifactId);
  }
  citeEvidence(store, record, ctx, toolCallIds);
  store.timelineEntry(`evidence:${evidenceId}`, "evidence", record.citations?.[0]?.title ?? "Evidence", ctx, {
    status: record.status,
    refs: { evidenceId, ...(toolCallIds[0] ? { toolCallId: toolCallIds[0] } : {}) },
  });
}

function liftedRefs(ctx: EventContext): Record<string, unknown> {
  const { event } = ctx;
  const refs: Record<string, unknown> = {};
  if (typeof event.evidencePackRef === "string") refs.evidencePackRef = event.evidencePackRef;
  if (typeof event.replayRef === "string") refs.replayRef = event.replayRef;
  if (typeof event.reviewRef === "string") refs.reviewRef = event.reviewRef;
  if (typeof event.traceId === "string") refs.traceId = event.traceId;
  return refs;
}

export const evidenceHandlers = {
  "evidence.changed": evidenceChanged,
} as const;
