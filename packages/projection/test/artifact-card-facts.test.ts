// One card per artifact, kept current (ART-04, ART-10), and what a later artifact fact keeps of the
// record (ART-01, ART-03, ART-11): facts of a later turn update the card an earlier turn holds, a
// resumed conversation's card stays the artifact's one card, refs a fact omits are kept, and cited
// sources are bounded with a diagnostic.
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

const cards = (state: ProjectionState, artifactId = "a1") =>
  state.messages.flatMap((m) =>
    m.parts
      .filter((part) => part.id === `artifact:${artifactId}`)
      .map((part) => ({ message: m.id, title: part.title, data: part.data })),
  );

describe("artifact cards (ART-04, ART-10)", () => {
  it("ART-04 a fact of a later turn updates the card the artifact's first turn holds", () => {
    const e = stream();
    const state = projectEvents([
      e("text.delta", { turnId: "t1", messageId: "m1", payload: { delta: "hi" } }),
      e("artifact.created", {
        turnId: "t1",
        artifactId: "a1",
        artifactKind: "report",
        payload: { title: "Doc" },
      }),
      e("text.delta", { turnId: "t2", messageId: "m2", payload: { delta: "again" } }),
      e("artifact.version.created", {
        turnId: "t2",
        artifactId: "a1",
        artifactVersionId: "v2",
        payload: { title: "Doc v2" },
      }),
    ]);
    expect(cards(state)).toEqual([
      { message: "m1", title: "Doc v2", data: { kind: "report", status: "ready", versionId: "v2" } },
    ]);
    expect(state.messages.find((m) => m.id === "m2")?.parts.map((part) => part.kind)).toEqual([
      "assistant_text",
    ]);
  });

  it("ART-10 a resumed conversation's card stays the artifact's one card, updated by the tail", () => {
    const e = stream();
    const before = projectEvents([
      e("artifact.created", { turnId: "t1", messageId: "m1", artifactId: "a1", payload: { title: "Doc" } }),
    ]);
    // The stored state holds the card; its artifacts slice does not (e.g. a window that left it out).
    const stored = { ...before, artifacts: {} };
    const p = createProjector();
    p.hydrate({ kind: "projection", state: stored });
    p.apply(
      e("artifact.updated", { turnId: "t2", messageId: "m2", artifactId: "a1", artifactStatus: "ready" }),
    );
    const state = p.getState();
    expect(cards(state)).toEqual([
      { message: "m1", title: "Artifact", data: { kind: "unknown", status: "ready" } },
    ]);
    expect(state.messages.map((m) => m.id)).toEqual(["m1"]);
  });

  it("ART-04 a card dropped with its message by a messages snapshot is not brought back", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.applyAll([
      e("text.delta", { messageId: "m1", payload: { delta: "hi" } }),
      e("artifact.created", { messageId: "m1", artifactId: "a1", payload: { title: "Doc" } }),
      e("messages.snapshot", { payload: { messages: [], removedMessageIds: ["m1"] } }),
      e("artifact.updated", { artifactId: "a1", artifactStatus: "ready" }),
    ]);
    const state = p.getState();
    expect(cards(state)).toEqual([]);
    expect(state.artifacts.a1.status).toBe("ready");
    expect(state.diagnostics).toEqual([]);
  });

  it("ART-03 a diff without a turn lands as a file change in the message it names", () => {
    const state = projectEvents([
      { type: "artifact.diff.ready", eventId: "1", messageId: "m1", artifactId: "a1", artifactDiffRef: "d1" },
    ] as AgentUiEvent[]);
    expect(state.messages.map((m) => [m.id, m.parts.map((part) => [part.kind, part.data])])).toEqual([
      [
        "m1",
        [
          ["artifact_ref", { kind: "unknown", status: "unknown" }],
          ["file_change", { diffRef: "d1" }],
        ],
      ],
    ]);
  });
});

describe("what a later artifact fact keeps (ART-01, ART-03, ART-11)", () => {
  it("ART-01 a fact without title, refs, tool, turn or task keeps the ones stated before", () => {
    const e = stream({ messageId: "m1" });
    const state = projectEvents([
      e("artifact.created", {
        turnId: "t1",
        taskId: "k1",
        toolCallId: "c1",
        artifactId: "a1",
        artifactReadRef: "read:1",
        artifactDiffRef: "diff:1",
        payload: { title: "Doc" },
      }),
      e("artifact.version.created", { artifactId: "a1", artifactVersionId: "v1" }),
    ]);
    expect(state.artifacts.a1).toMatchObject({
      title: "Doc",
      readRef: "read:1",
      diffRef: "diff:1",
      toolCallId: "c1",
      turnId: "t1",
      taskId: "k1",
      sourceRefs: ["c1"],
      currentVersionId: "v1",
    });
    expect(cards(state)[0].title).toBe("Doc");
    expect(state.timeline.find((item) => item.id === "artifact:a1")?.title).toBe("Doc");
    expect(state.diagnostics).toEqual([]);
  });

  it("ART-01 the sources a fact cites become the record's citations and source refs", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    p.apply(
      e("artifact.created", { artifactId: "a1", payload: { citations: [{ id: "c1", title: "One" }] } }),
    );
    expect(p.getState().artifacts.a1.sourceRefs).toEqual(["c1"]);
    p.apply(
      e("artifact.updated", {
        artifactId: "a1",
        payload: { citations: [{ id: "c2" }, { url: "https://example.org/3" }] },
      }),
    );
    const state = p.getState();
    expect(state.artifacts.a1.sourceRefs).toEqual(["c1", "c2", "https://example.org/3"]);
    expect(state.artifacts.a1.citations?.map((ref) => ref.id)).toEqual(["c1", "c2", "https://example.org/3"]);
  });

  it("ART-01 a later fact adds to a stored artifact's source refs only the sources it cites", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const stored = projectEvents([
      e("artifact.created", { artifactId: "a1", payload: { citations: [{ id: "c1", title: "One" }] } }),
    ]);
    const p = createProjector();
    // A stored row whose source refs do not list the source its citations hold.
    p.hydrate({
      kind: "projection",
      state: { ...stored, artifacts: { a1: { ...stored.artifacts.a1, sourceRefs: [] } } },
    });
    p.apply(e("artifact.updated", { artifactId: "a1", payload: { citations: [{ id: "c2" }] } }));
    const state = p.getState();
    expect(state.artifacts.a1.sourceRefs).toEqual(["c2"]);
    expect(state.artifacts.a1.citations?.map((ref) => ref.id)).toEqual(["c1", "c2"]);
  });

  it("ART-01 citations past the per-record limit are counted in a warning, not kept", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const citations = Array.from({ length: 259 }, (_, i) => ({ id: `c${i}` }));
    const state = projectEvents([e("artifact.created", { artifactId: "a1", payload: { citations } })]);
    expect(state.artifacts.a1.citations).toHaveLength(256);
    expect(state.artifacts.a1.sourceRefs).toHaveLength(256);
    expect(state.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      [
        "large_payload_inline",
        "warning",
        "artifact a1: 3 source refs past the per-record limit were not kept",
      ],
    ]);
  });
});
