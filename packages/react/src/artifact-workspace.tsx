// ArtifactWorkspace: card list, non-blocking preview, version rail, diff between explicit versions on
// demand, export state (ART-04/05/08). Kind, saved state and export come only from artifact facts; a
// missing kind reads `unknown` (ART-02, FALL-05). Export goes through the owner (ART-06/09).
import { CitationList } from "./citation-list";
import type { ArtifactRecord, Review } from "@agent-ui/contracts";
import { useState } from "react";
import { type ArtifactDraft, ArtifactEditor } from "./artifact-editor";
import { ArtifactPreviewRef } from "./artifact-preview";
import type { Dispatch } from "./commands";
import { CardButton } from "./card-button";
import { Badge } from "./honest";
import { type DetailLoader, LazyDetail } from "./lazy-detail";
import { RequestReviewButton } from "./team-controls";

export interface ArtifactWorkspaceProps {
  artifacts: Record<string, ArtifactRecord>;
  dispatch?: Dispatch;
  loadDetail?: DetailLoader;
  /** Controlled selection (e.g. from an artifact card in the conversation); UI-only. */
  selectedId?: string | null;
  onSelect?: (artifactId: string) => void;
  /** The review lane (`team.reviews`): a requested review is confirmed when one of this artifact appears. */
  reviews?: Review[];
  /** Unsaved editor drafts by artifact id, owned by the host (survive panel switches; ART-07). */
  drafts?: Map<string, ArtifactDraft>;
}

export function ArtifactWorkspace({ artifacts, selectedId, onSelect, ...detail }: ArtifactWorkspaceProps) {
  const list = Object.values(artifacts);
  const [localSelected, setLocalSelected] = useState<string | null>(null);
  const current = selectedId ?? localSelected ?? list[0]?.artifactId ?? null;
  const artifact = current ? artifacts[current] : undefined;
  const select = (id: string) => {
    setLocalSelected(id);
    onSelect?.(id);
  };
  return (
    <section className="aui-artifacts" aria-label="Artifacts">
      {list.length === 0 ? <p className="aui-hint">No artifacts yet.</p> : null}
      <ul className="aui-artifact-list">
        {list.map((a) => (
          <li key={a.artifactId}>
            <CardButton
              title={a.title ?? a.artifactId}
              selected={a.artifactId === current}
              onClick={() => select(a.artifactId)}
            >
              <Badge label="kind" value={a.kind} />
              <Badge value={a.status} />
            </CardButton>
          </li>
        ))}
      </ul>
      {artifact ? <ArtifactDetail artifact={artifact} {...detail} /> : null}
    </section>
  );
}

function ArtifactDetail({
  artifact,
  dispatch,
  loadDetail,
  reviews,
  drafts,
}: { artifact: ArtifactRecord } & Pick<
  ArtifactWorkspaceProps,
  "dispatch" | "loadDetail" | "reviews" | "drafts"
>) {
  const exporting = artifact.export.status === "exporting";
  return (
    <article className="aui-artifact" aria-label={`Artifact ${artifact.title ?? artifact.artifactId}`}>
      <header className="aui-row-head">
        <strong>{artifact.title ?? artifact.artifactId}</strong>
        <Badge label="version" value={artifact.currentVersionId ?? "unknown"} tone="muted" />
        <Badge label="export" value={artifact.export.status} />
        {dispatch ? (
          <button
            type="button"
            className="aui-button"
            disabled={exporting}
            onClick={() => dispatch({ kind: "export", artifactId: artifact.artifactId })}
          >
            {exporting ? "Exporting…" : "Export"}
          </button>
        ) : null}
        {dispatch && reviews ? (
          <RequestReviewButton dispatch={dispatch} target={artifact.artifactId} reviews={reviews} />
        ) : null}
      </header>
      {artifact.error ? (
        <p className="aui-tool-error" role="alert">
          {artifact.error}
        </p>
      ) : null}
      <section aria-label="Preview" className="aui-preview">
        {artifact.preview !== undefined ? (
          <pre>{artifact.preview}</pre>
        ) : artifact.readRef ? (
          <LazyDetail refValue={artifact.readRef} label="Open" load={loadDetail} />
        ) : artifact.previewRef ? null : (
          <p className="aui-hint">preview: unavailable</p>
        )}
        {artifact.previewRef ? (
          <ArtifactPreviewRef
            previewRef={artifact.previewRef}
            loadDetail={loadDetail}
            dispatch={dispatch}
            title={artifact.title ?? artifact.artifactId}
          />
        ) : null}
      </section>
      {dispatch ? (
        <ArtifactEditor key={artifact.artifactId} artifact={artifact} dispatch={dispatch} drafts={drafts} />
      ) : null}
      <CitationList
        citations={artifact.citations}
        label={`Sources of ${artifact.title ?? artifact.artifactId}`}
      />
      <section aria-label="Versions">
        <h4>Versions</h4>
        <ol className="aui-versions">
          {artifact.versions.map((v) => (
            <li
              key={v.versionId}
              aria-current={v.versionId === artifact.currentVersionId ? "true" : undefined}
            >
              {v.versionId}
              {v.sourceRefs.length ? <span className="aui-hint"> from {v.sourceRefs.join(", ")}</span> : null}
            </li>
          ))}
        </ol>
        {artifact.versions.length === 0 ? <p className="aui-hint">versions: unknown</p> : null}
      </section>
      {artifact.diffRef ? (
        <section aria-label="Diff">
          <h4>Diff</h4>
          <LazyDetail refValue={artifact.diffRef} label="Show diff" load={loadDetail} />
        </section>
      ) : null}
      {artifact.export.ref ? <p className="aui-hint">exported to {artifact.export.ref}</p> : null}
      {artifact.evidenceRefs.length ? (
        <p className="aui-hint">evidence: {artifact.evidenceRefs.join(", ")}</p>
      ) : null}
    </article>
  );
}
