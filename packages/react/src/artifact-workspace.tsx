// ArtifactWorkspace: card list, non-blocking preview, version rail, diff between explicit versions on
// demand, export state (ART-04/05/08). Kind, saved state and export come only from artifact facts; a
// missing kind reads `unknown` (ART-02, FALL-05). Export goes through the owner (ART-06/09).
import { WindowedList } from "./windowed-list";
import type { OlderPages } from "./older-pages";
import { CitationList } from "./citation-list";
import type { ArtifactRecord, Review } from "@agent-ui/contracts";
import { Fragment, useState } from "react";
import { type ArtifactDraft, ArtifactEditor } from "./artifact-editor";
import { ArtifactBody } from "./artifact-body";
import { ArtifactPreviewRef } from "./artifact-preview";
import { ArtifactVersions, type VersionRef, versionLabel } from "./artifact-versions";
import { DiffView } from "./diff-view";
import type { Dispatch } from "./commands";
import { CardButton } from "./card-button";
import { ControlButton } from "./controlled-write";
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
  /** The read ref of an older version, when the host knows it (Open / Compare of that version). */
  versionRef?: VersionRef;
  /** Older artifacts still on the gateway, paged in as the user scrolls (HYD-02). */
  older?: OlderPages;
}

export function ArtifactWorkspace({
  artifacts,
  selectedId,
  onSelect,
  older,
  ...detail
}: ArtifactWorkspaceProps) {
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
      <WindowedList
        className="aui-artifact-list"
        label="Artifact list"
        items={list}
        getKey={(a) => a.artifactId}
        estimateHeight={56}
        hasOlder={older?.has("artifacts")}
        onLoadOlder={older ? () => older.load("artifacts") : undefined}
        renderItem={(a) => (
          <CardButton
            title={a.title ?? "Untitled artifact"}
            selected={a.artifactId === current}
            onClick={() => select(a.artifactId)}
          >
            <Badge label="kind" value={a.kind} />
            <Badge value={a.status} />
          </CardButton>
        )}
      />
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
  versionRef,
}: { artifact: ArtifactRecord } & Pick<
  ArtifactWorkspaceProps,
  "dispatch" | "loadDetail" | "reviews" | "drafts" | "versionRef"
>) {
  const exporting = artifact.export.status === "exporting";
  const title = artifact.title ?? "Untitled artifact";
  const body = (text: string) => <ArtifactBody text={text} kind={artifact.kind} name={artifact.title} />;
  return (
    <article className="aui-artifact" aria-label={`Artifact ${title}`} data-artifact-id={artifact.artifactId}>
      <header className="aui-row-head">
        <strong>{title}</strong>
        <Badge
          label="version"
          value={versionLabel(artifact, artifact.currentVersionId).replace("Version ", "")}
          tone="muted"
          title={artifact.currentVersionId}
        />
        <Badge label="export" value={artifact.export.status} />
        {dispatch ? (
          // A controlled write (CTRL-01/02): waits for the export fact, shows a refusal with a retry, and a
          // failed export can be started again.
          <ControlButton
            dispatch={dispatch}
            intent={{ kind: "export", artifactId: artifact.artifactId }}
            fact={`${artifact.export.status}|${artifact.export.exportId}|${artifact.export.ref}`}
            label={exporting ? "Exporting…" : artifact.export.status === "failed" ? "Export again" : "Export"}
            className="aui-button"
            disabledReason={exporting ? "the runtime is exporting this artifact" : undefined}
          />
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
        {artifact.preview !== undefined ? body(artifact.preview) : null}
        {artifact.readRef && loadDetail ? (
          <LazyDetail refValue={artifact.readRef} label="Open full text" load={loadDetail} render={body} />
        ) : artifact.preview !== undefined ? null : artifact.readRef ? (
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
      <ArtifactVersions
        artifact={artifact}
        dispatch={dispatch}
        loadDetail={loadDetail}
        versionRef={versionRef}
      />
      {artifact.diffRef ? (
        <section aria-label="Diff">
          <h4>Diff</h4>
          <LazyDetail
            refValue={artifact.diffRef}
            label="Show diff"
            load={loadDetail}
            render={(text) => <DiffView text={text} />}
          />
        </section>
      ) : null}
      {artifact.export.ref ? <p className="aui-hint">exported to {artifact.export.ref}</p> : null}
      <ArtifactLinks artifact={artifact} />
    </article>
  );
}

/** Where the artifact came from, by the ids its facts carry: turn, tool, task, source event and the
 * evidence it is part of. Only what the runtime stated is listed; nothing is inferred from prose. */
function ArtifactLinks({ artifact }: { artifact: ArtifactRecord }) {
  const { turnId, toolCallId, taskId, source } = artifact;
  const sourceRefs = artifact.sourceRefs.filter((ref) => ref !== toolCallId);
  const links: [string, string][] = [];
  if (turnId) links.push(["turn", turnId]);
  if (toolCallId) links.push(["tool", toolCallId]);
  if (taskId) links.push(["task", taskId]);
  if (source?.sequence !== undefined || source?.eventId)
    links.push([
      "source event",
      `${source.type ?? "event"} #${source.sequence ?? "?"} ${source.eventId ?? ""}`.trim(),
    ]);
  if (sourceRefs.length) links.push(["sources", sourceRefs.join(", ")]);
  if (artifact.evidenceRefs.length) links.push(["evidence", artifact.evidenceRefs.join(", ")]);
  if (links.length === 0) return null;
  return (
    <dl className="aui-kv aui-hint" aria-label={`Links of ${artifact.title ?? artifact.artifactId}`}>
      {links.map(([key, value]) => (
        <Fragment key={key}>
          <dt>{key}</dt>
          <dd>
            <code>{value}</code>
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
