// The artifact family, fact by fact (ART-01..11, TOOL-09): the fields a record keeps from its envelope,
// versions and statuses per stage, export state, the failure beside the last version, diff parts, the
// card and timeline entry, and the exact diagnostics of facts without ids or with unknown words.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const diagnostics = (state: State) => state.diagnostics.map((d) => [d.code, d.severity, d.message]);
const entry = (state: State, id: string) => {
  const found = state.timeline.find((item) => item.id === id);
  return found && { kind: found.kind, title: found.title, status: found.status, refs: found.refs };
};
const fact = (type: string, fields: Partial<AgentUiEvent>) => ({ type, ...fields }) as AgentUiEvent;

describe("artifact records (ART-01, ART-11)", () => {
  it("ART-01 a record keeps its kind, title, bounded preview, refs, sources, evidence, tool, turn and task", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("artifact.created", {
        artifactId: "a1",
        artifactKind: "document",
        artifactPreview: { head: "# Title" },
        artifactPreviewRef: "preview:1",
        artifactReadRef: "read:1",
        artifactDiffRef: "diff:1",
        sourceRefs: ["src:1", 2] as never,
        evidenceRefs: ["ev:1"],
        toolCallId: "c1",
        taskId: "k1",
        payload: { title: "Report" },
      }),
    ]);
    expect(state.artifacts.a1).toMatchObject({
      artifactId: "a1",
      kind: "document",
      status: "unknown",
      title: "Report",
      preview: '{"head":"# Title"}',
      previewRef: "preview:1",
      readRef: "read:1",
      diffRef: "diff:1",
      sourceRefs: ["src:1", "c1"],
      evidenceRefs: ["ev:1"],
      toolCallId: "c1",
      turnId: "t1",
      taskId: "k1",
      export: { status: "none" },
      versions: [],
    });
    expect(entry(state, "artifact:a1")).toEqual({
      kind: "artifact",
      title: "Report",
      status: "unknown",
      refs: { artifactId: "a1", toolCallId: "c1" },
    });
    expect(state.messages[0].parts[0]).toMatchObject({
      id: "artifact:a1",
      kind: "artifact_ref",
      artifactId: "a1",
      status: "done",
      title: "Report",
      data: { kind: "document", status: "unknown", previewRef: "preview:1" },
    });
    expect(state.diagnostics).toEqual([]);
  });

  it("ART-01 the payload's kind and preview are read when the envelope has none; unknown kinds are flagged", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("artifact.created", { artifactId: "a1", payload: { kind: "code", preview: "x = 1" } }),
      e("artifact.created", { artifactId: "a2", payload: { kind: "hologram", preview: null } }),
    ]);
    expect([state.artifacts.a1.kind, state.artifacts.a1.preview]).toEqual(["code", "x = 1"]);
    expect(state.artifacts.a2.kind).toBe("unknown");
    expect(state.artifacts.a2).not.toHaveProperty("preview");
    expect(diagnostics(state)).toEqual([
      ["unknown_taxonomy_value", "info", 'artifact kind "hologram" is not standard'],
    ]);
  });

  it("ART-04 an untitled card reads Artifact; session-level artifacts get no card unless a message is named", () => {
    const e = stream({ turnId: "t1" });
    const untitled = projectEvents([e("artifact.created", { artifactId: "a1", payload: {} })]);
    expect(untitled.messages[0].parts[0].title).toBe("Artifact");
    expect(entry(untitled, "artifact:a1")?.title).toBe("Artifact");
    const session = projectEvents([
      fact("artifact.created", { eventId: "x", artifactId: "a1", payload: {} }),
    ]);
    expect(session.messages).toEqual([]);
    const named = projectEvents([
      fact("artifact.created", { eventId: "x", artifactId: "a1", messageId: "m9", payload: {} }),
    ]);
    expect(named.messages.map((m) => [m.id, m.parts.map((p) => p.id)])).toEqual([["m9", ["artifact:a1"]]]);
  });

  it("ART-10 one card per artifact, however many facts name it", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("artifact.created", { artifactId: "a1", payload: { title: "Draft" } }),
      e("artifact.updated", { artifactId: "a1", payload: { title: "Final" } }),
    ]);
    expect(state.messages[0].parts.map((p) => [p.id, p.title])).toEqual([["artifact:a1", "Final"]]);
  });

  it("ART-01 an artifact fact without artifactId names its type", () => {
    const e = stream({ turnId: "t1" });
    expect(diagnostics(projectEvents([e("artifact.updated", { payload: {} })]))).toEqual([
      ["missing_correlation", "warning", "artifact.updated without artifactId"],
    ]);
  });
});

describe("artifact versions and statuses (ART-05/06/07)", () => {
  it("ART-05 versions are kept once each with their sources; the latest is current and shown on the card", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("artifact.version.created", {
        artifactId: "a1",
        artifactVersionId: "v1",
        sourceRefs: ["s1"],
        payload: {},
      }),
      e("artifact.version.created", { artifactId: "a1", artifactVersionId: "v2", payload: {} }),
      e("artifact.version.created", {
        artifactId: "a1",
        artifactVersionId: "v1",
        sourceRefs: ["s2"],
        payload: {},
      }),
    ]);
    expect(state.artifacts.a1.versions.map((v) => [v.versionId, v.sourceRefs])).toEqual([
      ["v1", ["s1", "s2"]],
      ["v2", []],
    ]);
    expect(state.artifacts.a1.currentVersionId).toBe("v1");
    expect(state.artifacts.a1.status).toBe("ready");
    expect(state.messages[0].parts[0].data).toEqual({ kind: "unknown", status: "ready", versionId: "v1" });
  });

  it.each<[string, Partial<AgentUiEvent>, string]>([
    ["artifact.created", {}, "unknown"],
    ["artifact.created", { artifactStatus: "creating" }, "creating"],
    ["artifact.updated", { artifactVersionId: "v1" }, "ready"],
    ["artifact.updated", { artifactVersionId: "v1", artifactStatus: "updating" }, "updating"],
    ["artifact.changed", { artifactStatus: "nonsense" as never }, "unknown"],
    ["artifact.preview.ready", {}, "ready"],
    ["artifact.version.created", {}, "ready"],
    ["artifact.deleted", {}, "deleted"],
  ])("ART-06 %s with %j leaves a new artifact %s", (type, fields, status) => {
    const e = stream({ turnId: "t1" });
    expect(projectEvents([e(type, { artifactId: "a1", ...fields, payload: {} })]).artifacts.a1.status).toBe(
      status,
    );
  });

  it("ART-06 a preview never revives a status; a version of a deleted artifact keeps it deleted", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("artifact.created", { artifactId: "a1", artifactStatus: "creating", payload: {} }),
      e("artifact.preview.ready", { artifactId: "a1", payload: {} }),
      e("artifact.deleted", { artifactId: "a2", payload: {} }),
      e("artifact.updated", { artifactId: "a2", artifactVersionId: "v1", payload: {} }),
    ]);
    expect([state.artifacts.a1.status, state.artifacts.a2.status]).toEqual(["creating", "deleted"]);
  });

  it("ART-07 a failed save keeps the last version with the error beside it; the next version clears the error", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.applyAll([
      e("artifact.version.created", { artifactId: "a1", artifactVersionId: "v1", payload: {} }),
      e("artifact.failed", { artifactId: "a1", payload: { error: "disk full" } }),
    ]);
    expect(p.getState().artifacts.a1).toMatchObject({
      status: "failed",
      error: "disk full",
      currentVersionId: "v1",
    });
    p.apply(e("artifact.failed", { artifactId: "a2", payload: {} }));
    expect(p.getState().artifacts.a2.error).toBe("unknown");
    p.apply(e("artifact.updated", { artifactId: "a1", artifactVersionId: "v2", payload: {} }));
    expect(p.getState().artifacts.a1.status).toBe("ready");
    expect(p.getState().artifacts.a1).not.toHaveProperty("error");
  });

  it("ART-05 a version fact without a version id is flagged", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([e("artifact.version.created", { artifactId: "a1", payload: {} })]);
    expect(state.artifacts.a1.versions).toEqual([]);
    expect(diagnostics(state)).toEqual([
      ["schema_mismatch", "info", "artifact.version.created without artifactVersionId"],
    ]);
  });
});

describe("artifact export and diffs (ART-08/09)", () => {
  it("ART-08 export state follows its own facts: the export id carries from start to completion", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("artifact.export.started", { artifactId: "a1", artifactExportId: "x1", payload: {} }));
    expect(p.getState().artifacts.a1.export).toEqual({ status: "exporting", exportId: "x1" });
    p.apply(e("artifact.export.completed", { artifactId: "a1", payload: { exportRef: "file:1" } }));
    expect(p.getState().artifacts.a1.export).toEqual({ status: "completed", exportId: "x1", ref: "file:1" });
    expect(p.getState().artifacts.a1.status).toBe("unknown");
    p.applyAll([
      e("artifact.export.started", { artifactId: "a2", payload: {} }),
      e("artifact.export.completed", { artifactId: "a2", payload: {} }),
    ]);
    expect(p.getState().artifacts.a2.export).toEqual({ status: "completed" });
  });

  it("ART-09 a diff is one collapsed file_change part with its ref; a diff without a ref is flagged", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("artifact.diff.ready", { artifactId: "a1", artifactDiffRef: "d1", payload: { title: "main.ts" } }),
      e("artifact.diff.ready", { artifactId: "a1", artifactDiffRef: "d1", payload: {} }),
      e("artifact.diff.ready", { artifactId: "a2", payload: {} }),
    ]);
    const changes = state.messages[0].parts.filter((p) => p.kind === "file_change");
    expect(changes).toEqual([
      expect.objectContaining({
        id: "file_change:a1:d1",
        artifactId: "a1",
        status: "done",
        expanded: false,
        title: "main.ts",
        data: { diffRef: "d1" },
      }),
    ]);
    expect(diagnostics(state)).toEqual([
      ["schema_mismatch", "info", "artifact.diff.ready without artifactDiffRef"],
    ]);
    const untitled = projectEvents([
      e("artifact.diff.ready", { artifactId: "a3", artifactDiffRef: "d3", payload: {} }),
    ]);
    expect(untitled.messages[0].parts.find((p) => p.kind === "file_change")?.title).toBe("File change");
    const session = projectEvents([
      fact("artifact.diff.ready", { eventId: "x", artifactId: "a4", artifactDiffRef: "d4", payload: {} }),
    ]);
    expect(session.messages).toEqual([]);
  });
});

describe("tool artifacts (TOOL-09)", () => {
  it("TOOL-09 a tool's artifact keeps the first tool that named it and every tool as a source", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: {} }),
      e("tool.result", { toolCallId: "c1", payload: { output: "x", artifactIds: ["a1"] } }),
      e("tool.started", { toolCallId: "c2", payload: {} }),
      e("tool.result", { toolCallId: "c2", artifactId: "a1", payload: { output: "y" } }),
    ]);
    expect([state.artifacts.a1.toolCallId, state.artifacts.a1.sourceRefs]).toEqual(["c1", ["c1", "c2"]]);
  });
});
