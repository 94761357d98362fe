// What a person calls a fact the runtime names by id: an artifact by its title, an artifact version by
// "title, Version N". Ids (`artifact_001_report_v2`, `review://…`) belong in the inspector and in titles
// (hover), not in labels. An id nothing in the projection names is returned as it is.
import type { ArtifactRecord } from "@agent-ui/contracts";

export function targetTitle(target: string, artifacts: Record<string, ArtifactRecord> | undefined): string {
  const artifact = artifacts?.[target];
  if (artifact) return artifact.title ?? "Untitled artifact";
  for (const a of Object.values(artifacts ?? {})) {
    const index = a.versions.findIndex((v) => v.versionId === target);
    if (index !== -1) return `${a.title ?? "Untitled artifact"}, Version ${index + 1}`;
  }
  return target;
}
