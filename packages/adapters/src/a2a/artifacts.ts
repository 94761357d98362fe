// A2A artifact updates → artifact facts. Chunks with `append: true` concatenate, others replace;
// `lastChunk` makes the artifact ready. The preview is bounded and grown once per chunk (linear in the
// artifact, never a whole-text copy per chunk); a task snapshot's artifact is compared once, by content.
// Memory is bounded: at most MAX_ARTIFACTS artifacts (finished ones forgotten first) and
// MAX_ARTIFACT_TEXT characters of each one's text kept for that comparison. Past the text cap the
// comparison cannot be made: a snapshot restating the artifact states it again, and one
// `source_limit_exceeded` warning says so.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { artifactKindOf } from "../shared/artifact-kind";
import { BoundedTable, LimitNotices, type TableLimit } from "../shared/bounded";
import { CappedText } from "../shared/capped-text";
import type { EventFields } from "../shared/emitter";
import { type SafeOptions, safeText } from "../shared/safe-payload";
import type { A2aArtifact } from "./normalize";
import { CONTENT_START, type ContentEnd, contentOf, partCitations } from "./parts";

const PREVIEW_CHARS = 4096;
/** Artifacts remembered (per task); finished ones are forgotten first, then the oldest. */
export const MAX_ARTIFACTS = 1024;
/** Characters of one artifact's text kept to compare a task snapshot against. */
export const MAX_ARTIFACT_TEXT = 262_144;
const ARTIFACT_TEXT_LIMIT: TableLimit = {
  table: "artifact text",
  cap: MAX_ARTIFACT_TEXT,
  consequence:
    "a longer artifact's text is not kept, so a task snapshot restating it cannot be compared and states it again",
};
/** Source refs kept per artifact. */
export const MAX_ARTIFACT_CITATIONS = 1024;

interface ArtifactState {
  /** The text so far, kept within MAX_ARTIFACT_TEXT (`cut` past it). */
  text: CappedText;
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
  private readonly artifacts: BoundedTable<ArtifactState>;

  /** `safe`: the adapter's offload limit and detail keeper, for data parts over the limit; `limits`:
   * where a table that reached its cap is reported. */
  constructor(
    private readonly safe: SafeOptions = {},
    private readonly limits: LimitNotices = new LimitNotices(),
  ) {
    this.artifacts = new BoundedTable(
      {
        table: "artifact",
        cap: MAX_ARTIFACTS,
        consequence:
          "the finished ones are forgotten first, then the oldest; a task snapshot restating a forgotten artifact states it again, a later chunk starts it anew",
      },
      limits,
      true,
    );
  }

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
      state = {
        text: new CappedText(ARTIFACT_TEXT_LIMIT, this.limits),
        end: CONTENT_START,
        preview: "",
        citations: new Map(),
        kind: state?.kind,
      };
    }
    this.artifacts.set(key, state);
    if (lastChunk) this.artifacts.close(key);
    else this.artifacts.reopen(key);
    const { text, end } = contentOf(artifact.parts, this.safe, state.end);
    state.end = end;
    this.cite(state, partCitations(artifact.parts, {}));
    state.text.append(text);
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
    // A cut text cannot be compared: the snapshot is stated again rather than guessed equal.
    if (
      known !== undefined &&
      !known.text.cut &&
      known.text.length === text.length &&
      known.text.text() === text
    )
      return [];
    const state: ArtifactState = {
      text: new CappedText(ARTIFACT_TEXT_LIMIT, this.limits),
      end,
      preview: safeText(text.slice(0, PREVIEW_CHARS)),
      citations: new Map(),
      kind: known?.kind,
    };
    this.cite(state, partCitations(artifact.parts, {}));
    state.text.append(text);
    this.artifacts.set(key, state);
    this.artifacts.close(key);
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

  /** Adds source refs by id, at most MAX_ARTIFACT_CITATIONS per artifact. */
  private cite(state: ArtifactState, refs: Record<string, unknown>[]): void {
    for (const ref of refs) {
      const id = String(ref.id);
      if (!state.citations.has(id) && state.citations.size >= MAX_ARTIFACT_CITATIONS) {
        this.limits.report({
          table: "artifact citation",
          cap: MAX_ARTIFACT_CITATIONS,
          consequence: "an artifact's further source refs are not stated",
        });
        continue;
      }
      state.citations.set(id, ref);
    }
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
