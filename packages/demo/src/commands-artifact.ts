// Artifact, export and detail writes (CTRL-01, ART-*): `edit` makes a new artifact version with its diff
// (or rewrites a queued message before it runs), `rollback` restores an older version as a new one,
// `export` exports an artifact (pending → completed) or an evidence pack, and `open_detail` is a read the
// runtime only acknowledges for refs it handed out — the body itself is served by the gateway's detail
// API. Optimistic concurrency: an edit based on a version that is no longer current is rejected.
import type { WriteResult } from "@agent-ui/contracts";
import {
  type ArtifactRef,
  type Emit,
  emitArtifactVersion,
  exportArtifact,
  versionIdOf,
} from "./artifact-facts";
import type { DemoEngine } from "./engine";
import { isInheritedRef } from "./inherited";
import { type Script, sleep } from "./process";
import type { ArtifactRecord } from "./team-registry";
import { emitTeamFact } from "./team-work";
import { accepted, type Command, rejected, textOf, WRITE_LATENCY } from "./write-results";

const EXPORT_FORMATS = ["markdown", "html", "pdf", "json"];

const emitterOf =
  (engine: DemoEngine): Emit =>
  (type, payload, fields) =>
    emitTeamFact(engine, type, payload, fields);

const refOf = (artifact: ArtifactRecord): ArtifactRef => ({
  artifactId: artifact.artifactId,
  title: artifact.title,
  ...(artifact.path ? { path: artifact.path } : {}),
});

/** Runs a write's effect script after the runtime's processing time. */
function later(engine: DemoEngine, id: string, body: () => Script): void {
  const script = function* (): Script {
    yield sleep(WRITE_LATENCY);
    yield* body();
  };
  engine.spawnTeamWork(id, script(), {});
}

/** Emits version `version` of an artifact with `content`, diffed against the version current by then. */
function writeVersion(
  engine: DemoEngine,
  artifact: ArtifactRecord,
  version: number,
  content: string,
  extra: Record<string, unknown>,
): void {
  engine.effect(WRITE_LATENCY, () => {
    const previous = engine.team.currentVersion(artifact);
    emitArtifactVersion(emitterOf(engine), refOf(artifact), {
      version,
      content,
      ...(previous ? { previous: { version: previous.version, content: previous.content ?? "" } } : {}),
      extra,
    });
  });
}

export function editArtifact(engine: DemoEngine, command: Command<"edit">): WriteResult {
  const content = typeof command.content === "string" ? command.content : "";
  if (content.trim() === "") return rejected(command, "The edit is empty.");
  const queued = engine.queue.find(command.artifactId);
  if (queued) {
    // A queued message is still the user's until it runs: the edit rewrites it in place.
    queued.text = content.trim();
    engine.effect(WRITE_LATENCY, () => engine.emitQueue());
    return accepted(command, { queuedId: queued.id });
  }
  const artifact = engine.team.artifacts.get(command.artifactId);
  if (!artifact) return rejected(command, `Unknown artifact or queued message ${command.artifactId}.`);
  const head = engine.team.headVersion(artifact);
  if (head === 0) return rejected(command, `${artifact.title} has no version to edit yet.`);
  const headId = versionIdOf(artifact.artifactId, head);
  if (command.baseVersionId !== undefined && command.baseVersionId !== headId)
    return rejected(
      command,
      `Conflict: ${artifact.title} is at ${headId}, not ${command.baseVersionId}; reload it and edit again.`,
    );
  if (
    engine.team.currentVersion(artifact)?.version === head &&
    engine.team.currentVersion(artifact)?.content === content
  )
    return rejected(command, `The edit does not change ${artifact.title}.`);
  const version = engine.team.reserveVersion(artifact);
  writeVersion(engine, artifact, version, content, { editedBy: "user" });
  return accepted(command, {
    artifactId: artifact.artifactId,
    versionId: versionIdOf(artifact.artifactId, version),
  });
}

export function rollback(engine: DemoEngine, command: Command<"rollback">): WriteResult {
  if (!command.artifactId)
    return rejected(
      command,
      command.turnId
        ? "The demo runtime keeps turn history as is; roll back an artifact version instead."
        : "Name the artifact to roll back.",
    );
  const artifact = engine.team.artifacts.get(command.artifactId);
  if (!artifact) return rejected(command, `Unknown artifact ${command.artifactId}.`);
  const head = engine.team.headVersion(artifact);
  const target = command.versionId
    ? artifact.versions.find((v) => v.versionId === command.versionId)
    : artifact.versions.filter((v) => v.version < head).at(-1);
  if (!target)
    return rejected(
      command,
      command.versionId
        ? `${artifact.title} has no version ${command.versionId}.`
        : `${artifact.title} has no earlier version.`,
    );
  if (target.version === head) return rejected(command, `${target.versionId} is already current.`);
  if (target.content === undefined)
    return rejected(command, `The runtime has no text for ${target.versionId}; it cannot restore it.`);
  const version = engine.team.reserveVersion(artifact);
  writeVersion(engine, artifact, version, target.content, {
    restoredFrom: target.versionId,
    editedBy: "user",
  });
  return accepted(command, {
    artifactId: artifact.artifactId,
    versionId: versionIdOf(artifact.artifactId, version),
    restoredFrom: target.versionId,
  });
}

export function exportWrite(engine: DemoEngine, command: Command<"export">): WriteResult {
  const format = command.format ?? (command.artifactId ? "markdown" : "json");
  if (!EXPORT_FORMATS.includes(format))
    return rejected(command, `Unsupported export format ${format}; use one of ${EXPORT_FORMATS.join(", ")}.`);
  if (command.artifactId) {
    const artifact = engine.team.artifacts.get(command.artifactId);
    if (!artifact) return rejected(command, `Unknown artifact ${command.artifactId}.`);
    const current = engine.team.currentVersion(artifact);
    if (!current) return rejected(command, `${artifact.title} has no version to export yet.`);
    const exportId = `export_${engine.team.nextWriteNo()}_${artifact.artifactId}`;
    later(engine, exportId, () =>
      exportArtifact(emitterOf(engine), refOf(artifact), current.version, exportId, format),
    );
    return accepted(command, { exportId, versionId: current.versionId });
  }
  const evidenceId = command.evidenceId;
  if (!evidenceId) return rejected(command, "Name an artifact or an evidence pack to export.");
  if (!engine.readModel.evidenceRefs.includes(evidenceId))
    return rejected(command, `Unknown evidence pack ${evidenceId}.`);
  const exportId = `export_${engine.team.nextWriteNo()}_${evidenceId}`;
  later(engine, exportId, function* () {
    emitTeamFact(engine, "evidence.changed", { status: "exporting", format }, { evidenceId });
    yield sleep(300);
    emitTeamFact(
      engine,
      "evidence.changed",
      {
        status: "exported",
        format,
        packRef: `evidence://${engine.sessionId}/${evidenceId}/${exportId}.${format}`,
        replayRef: `replay://${engine.sessionId}/${evidenceId}`,
      },
      { evidenceId },
    );
  });
  return accepted(command, { exportId, evidenceId });
}

/** `open_detail` is a read: acknowledged for a ref the runtime handed out, the body comes from the gateway
 * (`GET /api/sessions/:id/details/:ref`). An unknown ref is refused rather than answered with nothing. */
export function openDetail(engine: DemoEngine, command: Command<"open_detail">): WriteResult {
  const ref = textOf(command.ref);
  if (!ref) return rejected(command, "Name the detail ref to open.");
  // Refs handed out before a gateway restart stay readable: the gateway kept their bodies.
  if (!engine.team.refs.has(ref) && !isInheritedRef(engine, ref))
    return rejected(command, `The runtime has no detail ${ref}.`);
  return accepted(command, { ref });
}
