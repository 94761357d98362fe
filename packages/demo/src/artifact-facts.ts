// Artifact facts of the demo's artifact service (ART-*): a version with its full text behind `readRef`, the
// diff to the previous version behind `diffRef` (`artifact.changed` change `diff_ready`), and an export that
// goes pending → completed. Bodies travel beside their refs (`content` + `contentRef`, `diff` + `diffRef`):
// the gateway keeps them as details and strips them from the event, so `open_detail` serves real content.
import { type Script, sleep } from "./process";
import { unifiedDiff } from "./artifact-diff";
import { preview } from "./text";
import type { EventFields } from "./writer";

/** Emits one runtime fact: `(type, payload, extra envelope fields)`. */
export type Emit = (type: string, payload: Record<string, unknown>, fields?: EventFields) => void;

export interface ArtifactRef {
  artifactId: string;
  title: string;
  path?: string;
}

export interface NewVersion {
  version: number;
  content: string;
  /** The version this one replaces (its text is diffed against the new one). */
  previous?: { version: number; content: string };
  /** Extra payload fields (draft flags, the reason of an edit or rollback, …). */
  extra?: Record<string, unknown>;
}

export const versionIdOf = (artifactId: string, version: number) => `${artifactId}_v${version}`;
export const readRefOf = (artifactId: string, version: number) => `artifact://${artifactId}/v${version}`;

/** A new version (`created` for v1, `versioned` after), then its diff to the previous version. */
export function emitArtifactVersion(emit: Emit, artifact: ArtifactRef, next: NewVersion, fields = {}): void {
  const { artifactId, title } = artifact;
  const readRef = readRefOf(artifactId, next.version);
  const diffRef = next.previous
    ? `artifact://${artifactId}/v${next.previous.version}..v${next.version}`
    : undefined;
  emit(
    "artifact.changed",
    {
      change: next.previous ? "versioned" : "created",
      title,
      artifactKind: "document",
      artifactStatus: "ready",
      artifactVersionId: versionIdOf(artifactId, next.version),
      ...(next.previous ? { previousVersionId: versionIdOf(artifactId, next.previous.version) } : {}),
      version: next.version,
      preview: preview(next.content, 120),
      readRef,
      content: next.content,
      contentRef: readRef,
      ...(diffRef ? { diffRef } : {}),
      ...(artifact.path ? { path: artifact.path } : {}),
      ...next.extra,
    },
    { artifactId, ...fields },
  );
  if (!next.previous || !diffRef) return;
  const diff = unifiedDiff(next.previous.content, next.content, {
    from: `${title} v${next.previous.version}`,
    to: `${title} v${next.version}`,
  });
  emit(
    "artifact.changed",
    {
      change: "diff_ready",
      title,
      artifactVersionId: versionIdOf(artifactId, next.version),
      diffRef,
      diff: diff.text,
      diffStats: { added: diff.added, removed: diff.removed },
    },
    { artifactId, ...fields },
  );
}

/** An export: `export_started` (pending), the export work, then `export_completed` with its ref. */
export function* exportArtifact(
  emit: Emit,
  artifact: ArtifactRef,
  version: number,
  exportId: string,
  format = "markdown",
  fields: EventFields = {},
): Script {
  const { artifactId, title } = artifact;
  const common = {
    title,
    artifactVersionId: versionIdOf(artifactId, version),
    exportId,
    format,
  };
  emit(
    "artifact.changed",
    { ...common, change: "export_started", exportStatus: "pending" },
    { artifactId, ...fields },
  );
  yield sleep(400);
  emit(
    "artifact.changed",
    {
      ...common,
      change: "exported",
      artifactStatus: "ready",
      exportStatus: "exported",
      exportRef: `export://${artifactId}/v${version}/${exportFileName(title, format)}`,
    },
    { artifactId, ...fields },
  );
}

function exportFileName(title: string, format: string): string {
  if (format === "markdown") return title;
  const base = title.replace(/\.[^.]+$/, "");
  return `${base}.${format === "html" ? "html" : format === "pdf" ? "pdf" : format}`;
}
