// Text artifact editor (ART-06/07). Save sends `edit` with the version the draft was based on; the
// editor reads "saving…" until the artifact owner reports a new current version — it never marks itself
// saved. A refused save keeps the local edits, visibly apart from the last confirmed version. A newer
// version arriving from elsewhere while editing is shown as a conflict and never replaces the draft.
import type { ArtifactRecord } from "@agent-ui/contracts";
import { useState } from "react";
import type { Dispatch } from "./commands";
import { DisabledReason, WriteFeedback, useControlledWrite } from "./controlled-write";
import { Badge } from "./honest";

/** Kinds whose content is text the user can edit in place. */
const TEXT_KINDS = new Set(["document", "code", "report", "table", "diff", "custom"]);

/** Why this artifact cannot be edited here, or undefined when it can (FALL-06). */
export function editBlockedReason(artifact: ArtifactRecord): string | undefined {
  if (!TEXT_KINDS.has(artifact.kind)) return `not a text artifact (kind: ${artifact.kind})`;
  if (!artifact.currentVersionId) return "version: unknown — cannot edit safely";
  if (artifact.preview === undefined) return "content: unavailable";
  if (artifact.status === "deleted" || artifact.status === "creating")
    return `artifact is ${artifact.status}`;
  return undefined;
}

export interface ArtifactDraft {
  text: string;
  /** The confirmed version the draft started from; sent as `baseVersionId`. */
  baseVersionId: string;
}

export function ArtifactEditor({
  artifact,
  dispatch,
  drafts,
}: {
  artifact: ArtifactRecord;
  dispatch: Dispatch;
  /** Drafts by artifact id, kept by the host so closing the panel never discards unsaved edits. */
  drafts?: Map<string, ArtifactDraft>;
}) {
  const [draft, setDraftState] = useState<ArtifactDraft | null>(
    () => drafts?.get(artifact.artifactId) ?? null,
  );
  const setDraft = (next: ArtifactDraft | null) => {
    setDraftState(next);
    if (next) drafts?.set(artifact.artifactId, next);
    else drafts?.delete(artifact.artifactId);
  };
  // Set when our save was accepted: the next version change is ours, and closes the editor.
  const [savedFrom, setSavedFrom] = useState<string | null>(null);
  const write = useControlledWrite(dispatch, artifact.currentVersionId);
  const blocked = write.blocked ?? editBlockedReason(artifact);

  if (savedFrom !== null && artifact.currentVersionId !== savedFrom) {
    // The owner confirmed a new version after our accepted save: the draft is now the saved text.
    setSavedFrom(null);
    setDraft(null);
  }

  if (!draft) {
    return (
      <section className="aui-artifact-editor" aria-label="Edit artifact">
        <button
          type="button"
          className="aui-button"
          disabled={!!blocked}
          title={blocked}
          onClick={() =>
            artifact.currentVersionId &&
            setDraft({ text: artifact.preview ?? "", baseVersionId: artifact.currentVersionId })
          }
        >
          Edit text
        </button>
        <DisabledReason reason={blocked} />
      </section>
    );
  }

  const conflict = savedFrom === null && artifact.currentVersionId !== draft.baseVersionId;
  const dirty = draft.text !== (artifact.preview ?? "");
  const save = async () => {
    const result = await write.send({
      kind: "edit",
      artifactId: artifact.artifactId,
      baseVersionId: draft.baseVersionId,
      content: draft.text,
    });
    if (result?.status === "accepted") setSavedFrom(draft.baseVersionId);
  };
  return (
    <section className="aui-artifact-editor" aria-label="Edit artifact">
      <header className="aui-row-head">
        <Badge label="editing from" value={draft.baseVersionId} tone="muted" />
        {write.pending ? <Badge value="saving…" tone="info" /> : null}
        {!write.pending && dirty ? <Badge value="unsaved local edits" tone="warn" /> : null}
      </header>
      {conflict ? (
        <p className="aui-capsule-reason" role="alert">
          A newer version ({artifact.currentVersionId ?? "unknown"}) arrived while you were editing; your
          draft is still based on {draft.baseVersionId} and was not replaced.
        </p>
      ) : null}
      <label className="aui-visually-hidden" htmlFor={`aui-edit-${artifact.artifactId}`}>
        Artifact text
      </label>
      <textarea
        id={`aui-edit-${artifact.artifactId}`}
        className="aui-artifact-draft"
        value={draft.text}
        readOnly={write.pending}
        rows={10}
        onChange={(e) => setDraft({ ...draft, text: e.target.value })}
      />
      <div className="aui-actions">
        <button
          type="button"
          className="aui-button aui-button-primary"
          disabled={write.pending || !dirty || !!write.blocked}
          onClick={() => void save()}
        >
          {write.pending ? "Saving…" : "Save"}
        </button>
        <button
          type="button"
          className="aui-button aui-button-quiet"
          disabled={write.pending}
          onClick={() => setDraft(null)}
        >
          Discard edits
        </button>
        <DisabledReason
          reason={write.blocked ?? (!dirty && !write.pending ? "no changes to save" : undefined)}
        />
        <WriteFeedback write={write} label="Save" onRetry={() => void save()} />
      </div>
      {write.failure ? (
        <section aria-label="Last confirmed version" className="aui-preview">
          <h4>Last confirmed version ({artifact.currentVersionId})</h4>
          <pre>{artifact.preview}</pre>
        </section>
      ) : null}
    </section>
  );
}
