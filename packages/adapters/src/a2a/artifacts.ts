// A2A artifact updates → artifact facts. Chunks with `append: true` concatenate, others replace;
// `lastChunk` makes the artifact ready. The preview is bounded and grown once per chunk (linear in the
// artifact, never a whole-text copy per chunk); a task snapshot's artifact is compared once, by content.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { artifactKindOf } from "../shared/artifact-kind";
import type { EventFields } from "../shared/emitter";
import { safeText } from "../shared/safe-payload";
import { type A2aArtifact, textOf } from "./normalize";

const PREVIEW_CHARS = 4096;

interface ArtifactState {
  chunks: string[];
  preview: string;
}

/** Emits one artifact event with the record's remote-task fields already applied. */
export type ArtifactEmit = (type: string, fields: EventFields) => AgentUiEvent;

export class ArtifactBook {
  private readonly artifacts = new Map<string, ArtifactState>();

  /** An `artifactUpdate` chunk of a known task (the caller checked the ids). */
  chunk(
    taskId: string,
    artifact: A2aArtifact,
    append: boolean,
    lastChunk: boolean,
    emit: ArtifactEmit,
  ): AgentUiEvent {
    const { text } = textOf(artifact.parts);
    const key = `${taskId}\u0000${artifact.artifactId}`;
    let state = this.artifacts.get(key);
    const created = state === undefined;
    if (state === undefined || !append) {
      state = { chunks: [], preview: "" };
      this.artifacts.set(key, state);
    }
    state.chunks.push(text);
    if (state.preview.length < PREVIEW_CHARS)
      state.preview += safeText(text.slice(0, PREVIEW_CHARS - state.preview.length));
    const status = lastChunk ? "ready" : created ? "creating" : "updating";
    return this.event(
      created ? "artifact.created" : "artifact.updated",
      taskId,
      artifact,
      state,
      status,
      emit,
    );
  }

  /** An artifact in a task snapshot: new → created; changed content → updated (replace); same → nothing. */
  snapshot(taskId: string, artifact: A2aArtifact, emit: ArtifactEmit): AgentUiEvent[] {
    if (artifact.artifactId === undefined) return [];
    const key = `${taskId}\u0000${artifact.artifactId}`;
    const known = this.artifacts.get(key);
    const text = textOf(artifact.parts).text;
    if (known !== undefined && known.chunks.join("") === text) return [];
    const state: ArtifactState = { chunks: [text], preview: safeText(text.slice(0, PREVIEW_CHARS)) };
    this.artifacts.set(key, state);
    return [
      this.event(
        known === undefined ? "artifact.created" : "artifact.updated",
        taskId,
        artifact,
        state,
        "ready",
        emit,
      ),
    ];
  }

  private event(
    type: string,
    taskId: string,
    artifact: A2aArtifact,
    state: ArtifactState,
    status: "creating" | "updating" | "ready",
    emit: ArtifactEmit,
  ): AgentUiEvent {
    const kind = artifactKindOf(
      artifact.name,
      artifact.parts.find((p) => p.mediaType !== undefined)?.mediaType,
    );
    const payload: Record<string, unknown> = { kind, preview: state.preview };
    if (artifact.name !== undefined) payload.title = artifact.name;
    if (artifact.description !== undefined) payload.description = artifact.description;
    return emit(type, {
      artifactId: artifact.artifactId,
      artifactKind: kind,
      artifactStatus: status,
      artifactPreview: state.preview,
      sourceRefs: [taskId],
      phase: "producing",
      payload,
    });
  }
}
