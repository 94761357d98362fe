import { describe, expect, it } from "vitest";
import { createProjector, projectEvents, selectAnswerText, selectArtifacts } from "../src";
import { stream } from "./helpers";

describe("artifact family", () => {
  it("ART-02 a created artifact without kind is `unknown`", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([e("artifact.created", { artifactId: "a1", payload: { title: "Report" } })]);
    expect(state.artifacts.a1).toMatchObject({ kind: "unknown", status: "unknown", title: "Report" });
  });

  it("ART-03 each specific artifact event updates its own facts", () => {
    const e = stream({ turnId: "t1", artifactId: "a1" });
    const p = createProjector();
    p.apply(
      e("artifact.created", { artifactKind: "report", artifactStatus: "creating", payload: { title: "Q3" } }),
    );
    expect(p.getState().artifacts.a1).toMatchObject({ kind: "report", status: "creating" });
    p.apply(e("artifact.version.created", { artifactVersionId: "v1", sourceRefs: ["c1"] }));
    expect(p.getState().artifacts.a1).toMatchObject({
      status: "ready",
      currentVersionId: "v1",
      versions: [expect.objectContaining({ versionId: "v1", sourceRefs: ["c1"] })],
    });
    p.apply(e("artifact.preview.ready", { artifactPreview: "# Q3 summary", artifactReadRef: "ref://read" }));
    expect(p.getState().artifacts.a1).toMatchObject({ preview: "# Q3 summary", readRef: "ref://read" });
    p.apply(e("artifact.diff.ready", { artifactDiffRef: "ref://diff" }));
    expect(p.getState().artifacts.a1.diffRef).toBe("ref://diff");
    p.apply(e("artifact.updated", { artifactVersionId: "v2" }));
    expect(p.getState().artifacts.a1.versions.map((v) => v.versionId)).toEqual(["v1", "v2"]);
    p.apply(e("artifact.export.started", { artifactExportId: "x1" }));
    expect(p.getState().artifacts.a1.export).toEqual({ status: "exporting", exportId: "x1" });
    p.apply(e("artifact.export.completed", { payload: { exportRef: "ref://pdf" } }));
    expect(p.getState().artifacts.a1.export).toEqual({
      status: "completed",
      exportId: "x1",
      ref: "ref://pdf",
    });
    p.apply(e("artifact.deleted"));
    expect(p.getState().artifacts.a1).toMatchObject({
      status: "deleted",
      versions: [expect.anything(), expect.anything()],
    });
  });

  it("ART-07 a failed save keeps the last confirmed version", () => {
    const e = stream({ turnId: "t1", artifactId: "a1" });
    const state = projectEvents([
      e("artifact.version.created", { artifactVersionId: "v1" }),
      e("artifact.failed", { artifactVersionId: "v2", payload: { error: "disk full" } }),
    ]);
    expect(state.artifacts.a1).toMatchObject({
      status: "failed",
      currentVersionId: "v1",
      error: "disk full",
    });
    expect(state.artifacts.a1.versions.map((v) => v.versionId)).toEqual(["v1"]);
  });

  it("ART-09 export never copies payload into message text", () => {
    const e = stream({ turnId: "t1", messageId: "m1", artifactId: "a1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "See the report." } }),
      e("artifact.export.completed", { payload: { exportRef: "ref://bin" } }),
    ]);
    expect(selectAnswerText(state)).toBe("See the report.");
    expect(state.messages[0].parts.find((p) => p.kind === "artifact_ref")).toMatchObject({
      artifactId: "a1",
    });
  });

  it("ART-10 one card per artifactId, whatever the number of events", () => {
    const e = stream({ turnId: "t1", artifactId: "a1" });
    const state = projectEvents([
      e("artifact.created"),
      e("artifact.changed", { artifactStatus: "ready" }),
      e("artifact.updated"),
    ]);
    expect(selectArtifacts(state)).toHaveLength(1);
    expect(state.messages.flatMap((m) => m.parts).filter((p) => p.kind === "artifact_ref")).toHaveLength(1);
  });

  it("ART-04 previews are bounded and secrets redacted", () => {
    const e = stream({ turnId: "t1", artifactId: "a1" });
    const state = projectEvents(
      [
        e("artifact.preview.ready", {
          artifactPreview: `token sk-abcdefghijklmnopqrstuv12 ${"x".repeat(5000)}`,
        }),
      ],
      { previewBytes: 64 },
    );
    expect(state.artifacts.a1.preview?.length).toBeLessThanOrEqual(64);
    expect(state.artifacts.a1.preview).not.toContain("sk-abcdefghijklmnopqrstuv12");
  });

  it("ART-01 an artifact event without artifactId is a diagnostic", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([e("artifact.changed", { artifactKind: "code" })]);
    expect(state.artifacts).toEqual({});
    expect(state.diagnostics[0].code).toBe("missing_correlation");
  });

  it("D.6 a diff becomes a collapsed file_change part linked to the artifact", () => {
    const e = stream({ turnId: "t1", artifactId: "a1" });
    const state = projectEvents([e("artifact.diff.ready", { artifactDiffRef: "ref://diff/1" })]);
    const part = state.messages[0].parts.find((p) => p.kind === "file_change");
    expect(part).toMatchObject({ artifactId: "a1", expanded: false, data: { diffRef: "ref://diff/1" } });
  });

  it("ART-11 artifact.changed keeps the runtime's refs: read, version, preview and diff", () => {
    const e = stream({ turnId: "t1", artifactId: "a1" });
    const p = createProjector({ validation: "full" });
    p.apply(e("text.delta", { messageId: "m1", payload: { delta: "Drafted." } }));
    p.apply(
      e("artifact.changed", {
        artifactVersionId: "v1",
        artifactReadRef: "artifact://a1/read",
        artifactPreviewRef: "artifact://a1/preview/v1",
        artifactDiffRef: "artifact://a1/diff/v1",
      }),
    );
    const state = p.getState();
    expect(state.artifacts.a1).toMatchObject({
      currentVersionId: "v1",
      readRef: "artifact://a1/read",
      previewRef: "artifact://a1/preview/v1",
      diffRef: "artifact://a1/diff/v1",
      status: "ready",
    });
    // A ref is not a preview body: nothing is inlined or invented.
    expect(state.artifacts.a1.preview).toBeUndefined();
    const card = state.messages.flatMap((m) => m.parts).find((part) => part.kind === "artifact_ref");
    expect(card?.data).toMatchObject({ versionId: "v1", previewRef: "artifact://a1/preview/v1" });
    expect(selectAnswerText(state)).toBe("Drafted.");
    expect(state.diagnostics).toEqual([]);
  });

  it("ART-11 a later fact without a preview ref keeps it; a new version's ref replaces it", () => {
    const e = stream({ turnId: "t1", artifactId: "a1" });
    const p = createProjector();
    p.apply(e("artifact.changed", { artifactVersionId: "v1", artifactPreviewRef: "ref://p1" }));
    p.apply(e("artifact.changed", { artifactStatus: "ready" }));
    expect(p.getState().artifacts.a1.previewRef).toBe("ref://p1");
    p.apply(e("artifact.changed", { artifactVersionId: "v2", artifactPreviewRef: "ref://p2" }));
    expect(p.getState().artifacts.a1).toMatchObject({ previewRef: "ref://p2", currentVersionId: "v2" });
  });

  it("ART-11 a malformed preview ref is reported and never stored", () => {
    const e = stream({ turnId: "t1", artifactId: "a1" });
    const state = projectEvents(
      [e("artifact.changed", { artifactVersionId: "v1", artifactPreviewRef: 42 as unknown as string })],
      { validation: "full" },
    );
    expect(state.artifacts.a1.previewRef).toBeUndefined();
    expect(state.artifacts.a1.currentVersionId).toBe("v1");
    expect(state.diagnostics.some((d) => d.path === "/artifactPreviewRef")).toBe(true);
  });
});
