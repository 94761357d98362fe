// A2A artifact updates → artifact facts. Chunks with `append: true` concatenate, others replace;
// `lastChunk` makes the artifact ready. The preview is bounded and grown once per chunk (linear in the
// artifact, never a whole-text copy per chunk); a task snapshot's artifact is compared once, by content.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { artifactKindOf } from "../shared/artifact-kind";
import type { EventFields } from "../shared/emitter";
import { type SafeOptions, safeText } from "../shared/safe-payload";
import type { A2aArtifact } from "./normalize";
import { CONTENT_START, type ContentEnd, contentOf, partCitations } from "./parts";

const PREVIEW_CHARS = 4096;

interface ArtifactState {
  chunks: string[];
  /** Where the content stopped: the next appended chunk continues its lines. */
  end: ContentEnd;
  preview: string;
  /** Source refs of the url/file parts seen so far (by id). */
  citations: Map<string, Record<string, unknown>>;
  /** The kind the artifact's name or media type stated last: chunks that state neither keep it. */
  kind?: string;
}

/** Emits one artifact event with the record's remote-task fields already applied. */
export type ArtifactEmit = (type: string, fields: EventFields) => AgentUiEvent;

export class ArtifactBook {
  private readonly artifacts = new Map<string, ArtifactState>();

  /** `safe`: the adapter's offload limit and detail keeper, for data parts over the limit. */
  constructor(private readonly safe: SafeOptions = {}) {}

  /** An `artifactUpdate` chunk of a known task (the caller checked the ids). */
  chunk(
    taskId: string,
    artifact: A2aArtifact,
    append: boolean,
    lastChunk: boolean,
    emit: ArtifactEmit,
  ): AgentUiEvent {
    const key = `${taskId}\u0000${artifact.artifactId}`;
    let state = this.artifacts.get(key);
    const created = state === undefined;
    if (state === undefined || !append) {
      state = { chunks: [], end: CONTENT_START, preview: "", citations: new Map(), kind: state?.kind };
      this.artifacts.set(key, state);
    }
    const { text, end } = contentOf(artifact.parts, this.safe, state.end);
    state.end = end;
    for (const ref of partCitations(artifact.parts, {})) state.citations.set(String(ref.id), ref);
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
    const { text, end } = contentOf(artifact.parts, this.safe);
    if (known !== undefined && known.chunks.join("") === text) return [];
    const citations = new Map(partCitations(artifact.parts, {}).map((ref) => [String(ref.id), ref]));
    const state: ArtifactState = {
      chunks: [text],
      end,
      preview: safeText(text.slice(0, PREVIEW_CHARS)),
      citations,
      kind: known?.kind,
    };
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
    const stated = artifactKindOf(
      artifact.name,
      artifact.parts.find((p) => p.mediaType !== undefined)?.mediaType,
    );
    const kind = stated === "unknown" ? (state.kind ?? stated) : stated;
    state.kind = kind;
    const payload: Record<string, unknown> = { kind, preview: state.preview };
    if (artifact.name !== undefined) payload.title = artifact.name;
    if (artifact.description !== undefined) payload.description = artifact.description;
    if (state.citations.size > 0) payload.citations = [...state.citations.values()];
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
