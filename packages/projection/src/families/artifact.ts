// artifact.* (ART-01..11): explicit artifact facts only. Kind `unknown` when missing; versions kept; a
// failed save keeps the last confirmed version; export updates export state only; previews are bounded
// and never enter answer text; one card per artifactId (ART-10); the runtime's read, version, preview and
// diff refs stay refs, loaded on demand (ART-11).
import type { ArtifactKind, ArtifactRecord, ArtifactStatus } from "@agent-ui/contracts";
import { ARTIFACT_KINDS, ARTIFACT_STATUSES, isMember } from "@agent-ui/contracts";
import { addCitations, citationsOf } from "../internal/citations";
import { addUnique, asString, asStringArray, boundText, stringify } from "../internal/json";
import { safeText } from "../internal/safety";
import type { MessageState, PartState } from "../internal/message-state";
import { addPart, assistantMessage, touchPart } from "../message-ops";
import type { EventContext, Store } from "../store";

function artifactFor(store: Store, id: string, ctx: EventContext): ArtifactRecord {
  let record = store.artifacts.get(id);
  if (record === undefined) {
    record = {
      artifactId: id,
      kind: "unknown",
      status: "unknown",
      versions: [],
      export: { status: "none" },
      sourceRefs: [],
      evidenceRefs: [],
      source: ctx.source,
    };
    store.artifacts.set(id, record);
    addCard(store, record, ctx);
  }
  return record;
}

/** A compact card part in the conversation (ART-04): an entry point, never the body. */
function addCard(store: Store, record: ArtifactRecord, ctx: EventContext): void {
  if (ctx.turnKey === "default" && typeof ctx.event.messageId !== "string") return;
  const id = `artifact:${record.artifactId}`;
  if (store.cards.has(id)) return;
  const message = assistantMessage(store, ctx);
  const part = addPart(store, message, id, "artifact_ref", ctx);
  part.artifactId = record.artifactId;
  part.status = "done";
  store.cards.set(id, { message, part });
}

/** A diff is a `file_change` part (D.6): a collapsed entry to the diff view, never prose. */
function addFileChange(store: Store, record: ArtifactRecord, ctx: EventContext): void {
  if (ctx.turnKey === "default" && typeof ctx.event.messageId !== "string") return;
  const message = assistantMessage(store, ctx);
  const id = `file_change:${record.artifactId}:${record.diffRef}`;
  if (message.partsById.has(id)) return;
  const part = addPart(store, message, id, "file_change", ctx);
  part.artifactId = record.artifactId;
  part.status = "done";
  part.expanded = false;
  part.title = record.title ?? "File change";
  part.data = { diffRef: record.diffRef };
}

function syncCard(store: Store, record: ArtifactRecord, ctx: EventContext): void {
  store.artifacts.touch(record.artifactId);
  store.timelineEntry(`artifact:${record.artifactId}`, "artifact", record.title ?? "Artifact", ctx, {
    status: record.status,
    refs: { artifactId: record.artifactId, ...(record.toolCallId ? { toolCallId: record.toolCallId } : {}) },
  });
  // One card per artifact (ART-10), kept current wherever it is: a fact of a later turn updates the card
  // its first fact put in an earlier turn's message.
  const card = store.cards.get(`artifact:${record.artifactId}`);
  if (card !== undefined) showArtifactCard(store, record, card.message, card.part);
}

/** The card shows the artifact's title, kind, status and current version (never its body). Also used for
 * a restated card (a snapshot's), which shows the record as it stands. */
export function showArtifactCard(
  store: Store,
  record: ArtifactRecord,
  message: MessageState,
  part: PartState,
): void {
  part.title = record.title ?? "Artifact";
  part.data = {
    kind: record.kind,
    status: record.status,
    ...(record.currentVersionId ? { versionId: record.currentVersionId } : {}),
    // The card loads its preview from the ref on demand (ART-11); the body never enters the message.
    ...(record.previewRef ? { previewRef: record.previewRef } : {}),
  };
  touchPart(store, message, part);
}

function addVersion(
  record: ArtifactRecord,
  versionId: string,
  sourceRefs: string[],
  ctx: EventContext,
): void {
  const existing = record.versions.find((version) => version.versionId === versionId);
  if (existing !== undefined) addUnique(existing.sourceRefs, sourceRefs);
  else record.versions.push({ versionId, sourceRefs: [...sourceRefs], source: ctx.source });
  record.currentVersionId = versionId;
}

/** Fields every artifact event may carry (ART-01 schema fields). */
function applyCommon(store: Store, record: ArtifactRecord, ctx: EventContext): void {
  const { event, payload } = ctx;
  const kind = event.artifactKind ?? payload.kind;
  if (isMember(ARTIFACT_KINDS, kind)) record.kind = kind as ArtifactKind;
  else if (kind !== undefined)
    store.diag("unknown_taxonomy_value", "info", `artifact kind "${String(kind)}" is not standard`, event);
  const title = asString(payload.title);
  if (title !== undefined) record.title = title;
  const preview = event.artifactPreview ?? payload.preview;
  if (preview !== undefined && preview !== null)
    record.preview = boundText(safeText(stringify(preview)), store.options.previewBytes);
  const previewRef = asString(event.artifactPreviewRef);
  if (previewRef !== undefined) record.previewRef = previewRef;
  const readRef = asString(event.artifactReadRef);
  if (readRef !== undefined) record.readRef = readRef;
  const diffRef = asString(event.artifactDiffRef);
  if (diffRef !== undefined) record.diffRef = diffRef;
  const sourceRefs = asStringArray(event.sourceRefs);
  addUnique(record.sourceRefs, sourceRefs);
  addUnique(record.evidenceRefs, asStringArray(event.evidenceRefs));
  if (typeof event.toolCallId === "string") {
    record.toolCallId = event.toolCallId;
    addUnique(record.sourceRefs, [event.toolCallId]);
  }
  if (typeof event.turnId === "string") record.turnId = event.turnId;
  if (typeof event.taskId === "string") record.taskId = event.taskId;
  const citations = citationsOf(payload.citations);
  const [, dropped] = addCitations(record, citations);
  if (dropped > 0)
    store.diag(
      "large_payload_inline",
      "warning",
      `artifact ${record.artifactId}: ${dropped} source refs past the per-record limit were not kept`,
      event,
    );
  addUnique(
    record.sourceRefs,
    (record.citations ?? []).filter((ref) => citations.some((c) => c.id === ref.id)).map((ref) => ref.id),
  );
  record.source = ctx.source;
}

type Stage =
  | "created"
  | "updated"
  | "preview"
  | "version"
  | "diff"
  | "export_started"
  | "export_completed"
  | "failed"
  | "deleted"
  | "changed";

function explicitStatus(ctx: EventContext): ArtifactStatus | undefined {
  return isMember(ARTIFACT_STATUSES, ctx.event.artifactStatus) ? ctx.event.artifactStatus : undefined;
}

function artifactEvent(stage: Stage) {
  return (store: Store, ctx: EventContext): void => {
    const { event, payload } = ctx;
    const id = event.artifactId;
    if (typeof id !== "string") {
      store.diag("missing_correlation", "warning", `${event.type} without artifactId`, event);
      return;
    }
    const record = artifactFor(store, id, ctx);
    applyCommon(store, record, ctx);
    const versionId = asString(event.artifactVersionId);
    const status = explicitStatus(ctx);
    switch (stage) {
      case "failed":
        // The last confirmed version stays current; the failure is shown beside it (ART-07).
        record.status = "failed";
        record.error = boundText(safeText(asString(payload.error) ?? "unknown"), store.options.previewBytes);
        break;
      case "deleted":
        record.status = "deleted";
        break;
      case "export_started":
        record.export = {
          status: "exporting",
          ...(asString(event.artifactExportId) ? { exportId: event.artifactExportId as string } : {}),
        };
        break;
      case "export_completed": {
        const exportId = asString(event.artifactExportId) ?? record.export.exportId;
        const ref = asString(payload.exportRef);
        record.export = { status: "completed", ...(exportId ? { exportId } : {}), ...(ref ? { ref } : {}) };
        break;
      }
      case "diff":
        if (record.diffRef === undefined)
          store.diag("schema_mismatch", "info", "artifact.diff.ready without artifactDiffRef", event);
        else addFileChange(store, record, ctx);
        break;
      default:
        if (versionId !== undefined) {
          addVersion(record, versionId, asStringArray(event.sourceRefs), ctx);
          delete record.error;
        }
        if (status !== undefined) record.status = status;
        else if (stage === "version" || (versionId !== undefined && record.status !== "deleted"))
          record.status = "ready";
        else if (stage === "preview" && record.status === "unknown") record.status = "ready";
    }
    if (stage === "version" && versionId === undefined)
      store.diag("schema_mismatch", "info", "artifact.version.created without artifactVersionId", event);
    syncCard(store, record, ctx);
  };
}

/** TOOL-09: a tool fact naming an artifact creates/links its card with the tool as a source ref. */
export function linkArtifactToTool(
  store: Store,
  artifactId: string,
  toolCallId: string,
  ctx: EventContext,
): void {
  const record = artifactFor(store, artifactId, ctx);
  record.toolCallId ??= toolCallId;
  addUnique(record.sourceRefs, [toolCallId]);
  syncCard(store, record, ctx);
}

export const artifactHandlers = {
  "artifact.created": artifactEvent("created"),
  "artifact.updated": artifactEvent("updated"),
  "artifact.preview.ready": artifactEvent("preview"),
  "artifact.version.created": artifactEvent("version"),
  "artifact.diff.ready": artifactEvent("diff"),
  "artifact.export.started": artifactEvent("export_started"),
  "artifact.export.completed": artifactEvent("export_completed"),
  "artifact.failed": artifactEvent("failed"),
  "artifact.deleted": artifactEvent("deleted"),
  "artifact.changed": artifactEvent("changed"),
} as const;
