import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { limeAdapter } from "../src/lime";
import { LIME_IDS, limeFixture, limeReader } from "./lime-support";

// Context, artifacts, evidence and review, snapshots, history windows and benchmark facts of the Lime
// profile: one runtime record in, the exact Agent UI events out.

const fixture = limeFixture;

const IDS = LIME_IDS;

const { adapt, first } = limeReader(IDS);

const types = (events: AgentUiEvent[]) =>
  events.filter((e) => (e.payload as { code?: string }).code !== "missing_scope_id").map((e) => e.type);

describe("lime context facts (CTX-01, CTX-02, CTX-04)", () => {
  it("CTX-04 context.resolved lists refs, budget and missing context", () => {
    const [event] = adapt("context.resolved", {
      refs: [
        "README.md",
        { id: "mem-1", label: "Memory", kind: "memory" },
        { ref: "r2", title: "T", type: "file" },
        { name: "n3" },
        { none: 1 },
      ],
      budget: { used: 1200, limit: 8000 },
      missing: [{ id: "m1", label: "Docs", reason: "not indexed" }, { name: "Wiki" }],
    });
    expect(event.type).toBe("context.changed");
    expect(event.payload).toEqual({
      refs: [
        { id: "README.md" },
        { id: "mem-1", label: "Memory", kind: "memory" },
        { id: "r2", label: "T", kind: "file" },
        { id: "n3", label: "n3" },
      ],
      budget: { used: 1200, limit: 8000 },
      missing: [{ id: "m1", label: "Docs", reason: "not indexed" }, { label: "Wiki" }],
    });
  });

  it.each([
    [{ sources: ["a"] }, { refs: [{ id: "a" }], budget: {} }],
    [
      { items: ["b"], budget: { tokens: 5, max: 10 } },
      { refs: [{ id: "b" }], budget: { used: 5, limit: 10 } },
    ],
    [
      { selected: ["c"], usedTokens: 7, tokenLimit: 9 },
      { refs: [{ id: "c" }], budget: { used: 7, limit: 9 } },
    ],
    [
      { tokensUsed: 3, limit: 4, missingContext: [{ id: "x" }] },
      { budget: { used: 3, limit: 4 }, missing: [{ id: "x" }] },
    ],
    [{ refs: [] }, { budget: {} }],
  ])("CTX-02 context.resolved %j", (payload, expected) => {
    expect(first("context.resolved", payload).payload).toEqual(expected);
  });

  it.each([
    ["context.compaction.failed", { reason: "too large" }],
    ["context.failed", { message: "no index" }],
  ])("CTX-01 %s states the failure and warns", (type, payload) => {
    const events = adapt(type, payload);
    expect(types(events)).toEqual(["context.changed", "diagnostic.changed"]);
    const reason = Object.values(payload)[0];
    expect(events[0].payload).toEqual({ budget: {}, failure: { stage: type, reason } });
    expect(events[1].payload).toMatchObject({
      code: "runtime_warning",
      severity: "warning",
      message: reason,
    });
  });

  it.each([
    [
      "context.compaction.started",
      { compactionId: "c1", tokensBefore: 9000 },
      { compactionId: "c1", tokensBefore: 9000 },
    ],
    [
      "context.compaction.completed",
      { compaction_id: "c1", summary: "kept decisions", tokens_before: 9, tokens_after: 3 },
      {
        compactionId: "c1",
        summary: "kept decisions",
        tokensBefore: 9,
        tokensAfter: 3,
      },
    ],
    [
      "context.compaction.completed",
      { id: "c2", summary: "s".repeat(2100), tokensAfter: 1 },
      {
        compactionId: "c2",
        summary: `${"s".repeat(2000)}…`,
        tokensAfter: 1,
      },
    ],
  ])("CTX-01 %s %j is a compaction boundary", (type, payload, expected) => {
    const [event] = adapt(type, payload);
    expect(event.type).toBe(type);
    expect(event.payload).toEqual(expected);
  });
});

describe("lime artifacts (ART-01, ART-03, ART-11)", () => {
  it("ART-11 artifact.changed lifts ids and refs to the envelope and keeps the card fields", () => {
    const [event] = adapt(
      "artifact.changed",
      {
        lifecycle: "updated",
        kind: "report",
        status: "ready",
        versionId: "v2",
        exportId: "x1",
        readRef: "art://a1/read",
        diffRef: "art://a1/diff",
        previewRef: "art://a1/preview",
        preview: "Summary…",
        sourceRefs: ["src-1", 2],
        evidenceRefs: ["ev-1"],
        title: "Weekly report",
        exportRef: "export://1",
      },
      { artifactId: "a1" },
    );
    expect(event).toMatchObject({
      type: "artifact.updated",
      artifactId: "a1",
      artifactKind: "report",
      artifactStatus: "ready",
      artifactVersionId: "v2",
      artifactExportId: "x1",
      artifactReadRef: "art://a1/read",
      artifactDiffRef: "art://a1/diff",
      artifactPreviewRef: "art://a1/preview",
      artifactPreview: "Summary…",
      sourceRefs: ["src-1"],
      evidenceRefs: ["ev-1"],
    });
    expect(event.payload).toEqual({
      title: "Weekly report",
      kind: "report",
      preview: "Summary…",
      exportRef: "export://1",
    });
  });

  it.each([
    ["created", "artifact.created"],
    ["updated", "artifact.updated"],
    ["preview_ready", "artifact.preview.ready"],
    ["version_created", "artifact.version.created"],
    ["versioned", "artifact.version.created"],
    ["diff_ready", "artifact.diff.ready"],
    ["export_started", "artifact.export.started"],
    ["export_completed", "artifact.export.completed"],
    ["exported", "artifact.export.completed"],
    ["failed", "artifact.failed"],
    ["deleted", "artifact.deleted"],
    ["renamed", "artifact.changed"],
  ])("ART-03 lifecycle %s is %s", (lifecycle, type) => {
    expect(first("artifact.changed", { lifecycle }, { artifactId: "a" }).type).toBe(type);
  });

  it("ART-03 the lifecycle word may be named event or change", () => {
    expect(first("artifact.changed", { event: "created" }, { artifactId: "a" }).type).toBe(
      "artifact.created",
    );
    expect(first("artifact.changed", { change: "deleted" }, { artifactId: "a" }).type).toBe(
      "artifact.deleted",
    );
    expect(first("artifact.snapshot", { lifecycle: "created" }, { artifactId: "a" }).type).toBe(
      "artifact.created",
    );
  });

  it("ART-03 artifact.versioned and artifact.exported name their class whatever the lifecycle says", () => {
    expect(first("artifact.versioned", { lifecycle: "deleted" }, { artifactId: "a" }).type).toBe(
      "artifact.version.created",
    );
    expect(first("artifact.exported", { lifecycle: "deleted" }, { artifactId: "a" }).type).toBe(
      "artifact.export.completed",
    );
  });

  it("ART-02 an unknown kind is custom on the envelope and absent from the card; an unknown status is dropped", () => {
    const [event] = adapt(
      "artifact.changed",
      { artifactKind: "spreadsheet", artifactStatus: "weird" },
      { artifactId: "a" },
    );
    expect(event.artifactKind).toBe("custom");
    expect(event.artifactStatus).toBeUndefined();
    expect(event.payload).toEqual({});
  });

  it.each([
    [
      { artifact_id: "p1", artifact_kind: "code", version_id: "v", preview_ref: "pr", name: "n" },
      { artifactId: "p1", artifactKind: "code", artifactVersionId: "v", artifactPreviewRef: "pr" },
      { title: "n", kind: "code" },
    ],
    [
      { id: "p2", artifactVersionId: "v2", artifactExportId: "x", artifactReadRef: "rr", fileName: "f.md" },
      { artifactId: "p2", artifactVersionId: "v2", artifactExportId: "x", artifactReadRef: "rr" },
      { title: "f.md" },
    ],
    [
      { ref: "r", artifactDiffRef: "d", artifactPreviewRef: "p", artifactPreview: "pv", export_ref: "e" },
      { artifactReadRef: "r", artifactDiffRef: "d", artifactPreviewRef: "p", artifactPreview: "pv" },
      { preview: "pv", exportRef: "e" },
    ],
    [{ uri: "file:///x" }, { artifactReadRef: "file:///x" }, {}],
  ])("ART-11 artifact.changed %j", (payload, envelope, card) => {
    const [event] = adapt("artifact.changed", payload);
    expect(event).toMatchObject(envelope);
    expect(event.payload).toEqual(card);
  });

  it("ART-04 a long preview is cut at 1000 characters on the envelope and the card", () => {
    const [event] = adapt("artifact.changed", { preview: "p".repeat(1100) }, { artifactId: "a" });
    expect(event.artifactPreview).toBe(`${"p".repeat(1000)}…`);
    expect((event.payload as { preview: string }).preview).toBe(`${"p".repeat(1000)}…`);
  });

  it("ART-07 a failed artifact carries the reason; other lifecycles do not", () => {
    expect(
      first("artifact.changed", { lifecycle: "failed", reason: "disk full" }, { artifactId: "a" }).payload,
    ).toEqual({
      error: "disk full",
    });
    expect(
      first("artifact.changed", { lifecycle: "updated", reason: "edit" }, { artifactId: "a" }).payload,
    ).toEqual({});
  });
});

describe("lime evidence (EVID-03, EVID-05, EVID-06)", () => {
  it("EVID-05 the official evidence fixture lifts pack and replay refs and keeps the outcomes", () => {
    const events = limeAdapter.create().push(fixture("evidence-export-event.json"), 0);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "evidence.changed",
      evidenceId: "evidence_lime_001",
      evidencePackRef: "evidence://sess_lime_001/thread_lime_001/turn_lime_001",
      replayRef: "replay://sess_lime_001/turn_lime_001",
    });
    expect(events[0].reviewRef).toBeUndefined();
    expect(events[0].payload).toEqual({
      verificationOutcomes: [{ name: "profile_fixture_validation", status: "passed" }],
    });
  });

  it("EVID-03 every evidence field the runtime states is carried", () => {
    const [event] = adapt(
      "evidence.changed",
      {
        status: "ready",
        pack_ref: "pack://1",
        replay_ref: "replay://1",
        review_ref: "review://1",
        verification_outcomes: [{ name: "lint", status: "failed" }, { name: "no-status" }, { status: "x" }],
        knownGaps: [{ area: "ui", token: "ghp_abcdefghijklmnopqrstuvwxyz0123456789" }],
        runtimeCorrelation: { sessionId: "s" },
        toolCallIds: ["c1", 1],
        artifactIds: ["a1"],
      },
      { evidenceId: "ev" },
    );
    expect(event).toMatchObject({
      evidencePackRef: "pack://1",
      replayRef: "replay://1",
      reviewRef: "review://1",
    });
    expect(event.payload).toEqual({
      status: "ready",
      verificationOutcomes: [{ name: "lint", status: "failed" }],
      knownGaps: [{ area: "ui", token: "[redacted:token]" }],
      correlation: { sessionId: "s" },
      toolCallIds: ["c1"],
      artifactIds: ["a1"],
    });
  });

  it("EVID-03 the envelope's refs win over the payload's", () => {
    const [event] = adapt(
      "evidence.changed",
      { packRef: "p", replayRef: "r", reviewRef: "v", correlation: { runId: "r1" } },
      { evidenceId: "ev", evidencePackRef: "P", replayRef: "R", reviewRef: "V" },
    );
    expect(event).toMatchObject({ evidencePackRef: "P", replayRef: "R", reviewRef: "V" });
    expect(event.payload).toEqual({ correlation: { runId: "r1" } });
    expect(first("evidence.changed", { evidencePackRef: "ep" }, { evidenceId: "ev" }).evidencePackRef).toBe(
      "ep",
    );
  });

  it("EVID-06 known gaps only when the runtime lists them", () => {
    expect(first("evidence.changed", { knownGaps: "none" }, { evidenceId: "ev" }).payload).toEqual({});
  });

  it("EVID-04 evidence.exported is exported unless it states its own status", () => {
    expect(first("evidence.exported", {}, { evidenceId: "ev" }).payload).toEqual({ status: "exported" });
    expect(first("evidence.exported", { status: "failed" }, { evidenceId: "ev" }).payload).toEqual({
      status: "failed",
    });
    expect(first("evidence.changed", {}, { evidenceId: "ev" }).payload).toEqual({});
  });
});

describe("lime review lane (TEAM-08)", () => {
  it("TEAM-08 review.verdict is a review fact with reviewer, target, verdict, evidence and fixes", () => {
    const [event] = adapt("review.verdict", {
      reviewId: "rv1",
      reviewer: "qa-bot",
      target: "a1",
      targetVersionId: "v2",
      verdict: "changes_requested",
      evidenceRefs: ["ev1", "ev1", "ev2"],
      requestedFixes: ["add tests", 3],
    });
    expect(event).toMatchObject({ type: "review.completed", reviewId: "rv1" });
    expect(event.payload).toEqual({
      reviewer: "qa-bot",
      target: "a1",
      targetVersionId: "v2",
      status: "changes_requested",
      verdict: "changes_requested",
      evidenceRefs: ["ev1", "ev2"],
      requestedFixes: ["add tests"],
    });
  });

  it.each([
    ["passed", "passed"],
    ["pass", "passed"],
    ["approved", "passed"],
    ["approve", "passed"],
    ["accepted", "passed"],
    ["changes_requested", "changes_requested"],
    ["request_changes", "changes_requested"],
    ["needs_changes", "changes_requested"],
    ["failed", "failed"],
    ["fail", "failed"],
    ["rejected", "failed"],
    ["maybe", undefined],
  ])("TEAM-08 verdict %s settles the review as %s", (verdict, status) => {
    expect((first("review.verdict", { decision: verdict }).payload as { status?: string }).status).toBe(
      status,
    );
  });

  it.each([
    [{ status: "reviewing", verdict: "approved" }, "reviewing"],
    [{ reviewStatus: "failed" }, "failed"],
    [{ review_status: "passed" }, "passed"],
    [{ status: "odd", verdict: "approved" }, "passed"],
    [{ status: "odd", verdict: "hmm" }, "odd"],
    [{ status: "odd" }, "odd"],
    [{}, "requested"],
  ])("TEAM-08 review status from %j is %s", (payload, status) => {
    expect((first("review.verdict", payload).payload as { status?: string }).status).toBe(status);
  });

  it.each([
    [
      { review_id: "r1", reviewerId: "a", targetId: "t", target_version_id: "v" },
      "r1",
      { reviewer: "a", target: "t", targetVersionId: "v", status: "requested" },
    ],
    [
      {
        id: "r2",
        reviewer_id: "b",
        target_id: "t2",
        versionId: "v2",
        evidence_refs: ["e"],
        requested_fixes: ["f"],
      },
      "r2",
      {
        reviewer: "b",
        target: "t2",
        targetVersionId: "v2",
        status: "requested",
        evidenceRefs: ["e"],
        requestedFixes: ["f"],
      },
    ],
    [{ artifactId: "a3" }, undefined, { target: "a3", status: "requested" }],
  ])("TEAM-08 review.verdict %j", (payload, reviewId, expected) => {
    const [event] = adapt("review.verdict", payload);
    expect(event.reviewId).toBe(reviewId);
    expect(event.payload).toEqual(expected);
  });

  it("TEAM-08 the envelope's review id wins", () => {
    expect(first("review.verdict", { reviewId: "p" }, { reviewId: "env" }).reviewId).toBe("env");
  });

  it("TEAM-08 evidence.changed with a review: requested before a verdict, completed after, linked to the evidence", () => {
    const requested = adapt(
      "evidence.changed",
      { review: { reviewId: "r1", reviewer: "qa" } },
      { evidenceId: "ev" },
    );
    expect(types(requested)).toEqual(["evidence.changed", "review.requested"]);
    expect(requested[1]).toMatchObject({ reviewId: "r1", eventId: "e1#review.requested" });
    expect(requested[1].payload).toEqual({ reviewer: "qa", status: "requested", evidenceRefs: ["ev"] });
    const completed = adapt(
      "evidence.changed",
      { review: { reviewId: "r1", verdict: "pass", evidenceRefs: ["ev", "ev2"] } },
      { evidenceId: "ev" },
    );
    expect(types(completed)).toEqual(["evidence.changed", "review.completed"]);
    expect(completed[1].payload).toEqual({ status: "passed", verdict: "pass", evidenceRefs: ["ev", "ev2"] });
    const decided = adapt("evidence.changed", { review: { decision: "rejected" } }, { evidenceId: "ev" });
    expect(types(decided)).toEqual(["evidence.changed", "review.completed"]);
    expect(types(adapt("evidence.changed", { review: "none" }, { evidenceId: "ev" }))).toEqual([
      "evidence.changed",
    ]);
  });
});

describe("lime snapshots and history (HYD-09, HYD-10, HYD-12)", () => {
  it.each([
    [{ snapshot: { sessionId: "s", threads: [] } }, { runtimeSession: { sessionId: "s", threads: [] } }],
    [{ session: { tasks: [] } }, { runtimeSession: { tasks: [] } }],
    [{ readModel: { threads: [{ threadId: "t" }] } }, { runtimeSession: { threads: [{ threadId: "t" }] } }],
    [{ threads: [] }, { runtimeSession: { threads: [] } }],
    [{ thread: { threadId: "t", status: "idle" } }, { thread: { threadId: "t", status: "idle" } }],
    [{ threadReadModel: { threadId: "t" } }, { thread: { threadId: "t" } }],
    [{ task: { taskId: "k" } }, { task: { taskId: "k" } }],
    [{ taskSnapshot: { taskId: "k2" } }, { task: { taskId: "k2" } }],
    [{ evidencePack: { packRef: "p" } }, { evidencePack: { packRef: "p" } }],
    [{ pack: { packRef: "p2" } }, { evidencePack: { packRef: "p2" } }],
    [{ projection: { runtime: {} } }, { projection: { runtime: {} } }],
  ])("HYD-09 snapshot.updated %j is a hydrating state snapshot", (payload, snapshot) => {
    const events = adapt("snapshot.updated", payload, { timestamp: "2026-05-11T10:00:00Z" });
    expect(types(events)).toEqual(["state.snapshot", "session.hydrated"]);
    expect(events[0].phase).toBe("hydrating");
    expect(events[0].payload).toEqual(snapshot);
    expect(events[1].payload).toEqual({ change: "updated", updatedAt: "2026-05-11T10:00:00Z" });
  });

  it("HYD-08 a snapshot record without a snapshot is only the session marker", () => {
    const events = adapt("snapshot.updated", { updated_at: "u1", reason: "tick" });
    expect(types(events)).toEqual(["session.hydrated"]);
    expect(events[0].payload).toEqual({ change: "updated", updatedAt: "u1", reason: "tick" });
  });

  it("HYD-10 snapshot.repaired marks the snapshot a repair and the session fresh", () => {
    const events = adapt("snapshot.repaired", { thread: { threadId: "t" }, updatedAt: "u2" });
    expect(types(events)).toEqual(["state.snapshot", "session.updated"]);
    expect(events[0].payload).toEqual({ thread: { threadId: "t" }, repair: true });
    expect(events[1].payload).toEqual({ change: "repaired", updatedAt: "u2", stale: false });
  });

  it("HYD-12 history.rollback.* names the rollback stage", () => {
    const started = adapt("history.rollback.started", { reason: "user undo" });
    expect(types(started)).toEqual(["session.updated"]);
    expect(started[0].payload).toEqual({ change: "rollback", rollback: "started", reason: "user undo" });
    const completed = adapt("history.rollback.completed", {
      messages: [{ id: "m1", role: "user", text: "hi" }],
      snapshot: { threads: [] },
    });
    expect(types(completed)).toEqual(["messages.snapshot", "state.snapshot", "session.updated"]);
    expect(completed[2].payload).toEqual({ change: "rollback", rollback: "completed" });
  });

  it("HYD-13 history windows: messages from messages, window or items; partial is stated", () => {
    const events = adapt("history.reconstructed", {
      window: [{ id: "m1", role: "assistant", text: "yo" }],
      partial: true,
    });
    expect(types(events)).toEqual(["messages.snapshot", "session.updated"]);
    expect(events[0].payload).toEqual({
      messages: [{ id: "m1", role: "assistant", text: "yo" }],
      partial: true,
    });
    expect(events[1].payload).toEqual({ change: "reconstructed" });
    expect(
      first("history.window.loaded", { items: [{ id: "m2", role: "user", text: "q" }] }).payload,
    ).toEqual({
      messages: [{ id: "m2", role: "user", text: "q" }],
    });
    expect(types(adapt("history.window.loaded", {}))).toEqual(["session.hydrated"]);
  });
});

describe("lime benchmark facts (BENCH-01)", () => {
  it("BENCH-01 a benchmark trial is evidence with its benchmark, comparison, reward and stage", () => {
    const [event] = adapt(
      "benchmark.trial.completed",
      { reward: 0.8, failureCategory: "none" },
      { evidenceId: "ev", benchmark: { datasetId: "d" }, comparison: { baseline: "b" } },
    );
    expect(event.type).toBe("evidence.changed");
    expect(event.payload).toEqual({
      benchmark: {
        benchmark: { datasetId: "d" },
        comparison: { baseline: "b" },
        reward: 0.8,
        failureCategory: "none",
        stage: "benchmark.trial.completed",
      },
    });
    expect(
      first("benchmark.reward.recorded", {}, { evidenceId: "ev", benchmark: "x", comparison: 1 }).payload,
    ).toEqual({
      benchmark: { stage: "benchmark.reward.recorded" },
    });
  });

  it("BENCH-01 a failed trial is evidence and a warning", () => {
    const events = adapt("benchmark.trial.failed", { message: "timeout" }, { evidenceId: "ev" });
    expect(types(events)).toEqual(["evidence.changed", "diagnostic.changed"]);
    expect(events[1].payload).toMatchObject({ code: "runtime_warning", message: "timeout" });
  });

  it("BENCH-01 benchmark setup facts are info diagnostics carrying the benchmark", () => {
    const [event] = adapt("benchmark.dataset.resolved", { count: 10 }, { benchmark: { datasetId: "d" } });
    expect(event.payload).toEqual({
      code: "runtime_info",
      severity: "info",
      message: "benchmark.dataset.resolved",
      summary: {
        runtimeType: "benchmark.dataset.resolved",
        payload: { count: 10 },
        benchmark: { datasetId: "d" },
      },
    });
  });
});

describe("lime artifact fields (ART-02, ART-07)", () => {
  it("ART-02 an artifact without a kind has no kind on the envelope, never custom", () => {
    const [event] = adapt("artifact.changed", { title: "T" }, { artifactId: "a" });
    expect(event.artifactKind).toBeUndefined();
    expect(event.payload).toEqual({ title: "T" });
  });

  it("ART-11 artifactId and artifactStatus may be named so in the payload", () => {
    expect(first("artifact.changed", { artifactId: "pa", artifactStatus: "ready" })).toMatchObject({
      artifactId: "pa",
      artifactStatus: "ready",
    });
  });

  it.each([["artifact.versioned"], ["artifact.exported"]])(
    "ART-07 %s is never a failed artifact, whatever its lifecycle word",
    (type) => {
      expect(first(type, { lifecycle: "failed", reason: "x" }, { artifactId: "a" }).payload).toEqual({});
    },
  );
});
