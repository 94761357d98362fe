import type { RuntimeEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createDemoRuntime, type DemoRuntime } from "../src";
import { unifiedDiff } from "../src/artifact-diff";
import { answerEverything, type CommandInput, playManual, projectLime, write } from "./harness";

const REPORT = "artifact_001_report";

function finishedTeam(): DemoRuntime {
  const runtime = playManual("team");
  answerEverything(runtime, "approve");
  return runtime;
}

function settle(runtime: DemoRuntime, command: CommandInput) {
  const from = runtime.events().length;
  const result = write(runtime, command);
  runtime.runUntilIdle();
  return { result, events: runtime.events().slice(from), state: projectLime(runtime.events()) };
}

const artifactFacts = (events: readonly RuntimeEvent[]) =>
  events.filter((e) => e.type === "artifact.changed");

describe("ART-* artifact writes on the demo runtime", () => {
  it("ART-03 the team report has v1 and v2 with a real diff, and its export goes pending → completed", () => {
    const runtime = playManual("team");
    answerEverything(runtime);
    const facts = artifactFacts(runtime.events());
    const diff = facts.find((e) => e.payload?.change === "diff_ready");
    expect(diff).toMatchObject({ payload: { diffRef: `artifact://${REPORT}/v1..v2` } });
    expect(String(diff?.payload?.diff)).toContain("+## Sources");
    expect(diff?.payload?.diffStats).toMatchObject({ added: 6, removed: 0 });
    const exports = facts.filter(
      (e) => String(e.payload?.change).startsWith("export") || e.payload?.change === "exported",
    );
    expect(exports.map((e) => e.payload?.change)).toEqual(["export_started", "exported"]);
    const state = projectLime(runtime.events());
    expect(state.artifacts[REPORT].diffRef).toBe(`artifact://${REPORT}/v1..v2`);
  });

  it("ART-05 edit makes a new version with its diff; the old versions are kept", () => {
    const runtime = finishedTeam();
    const { result, events, state } = settle(runtime, {
      kind: "edit",
      artifactId: REPORT,
      baseVersionId: `${REPORT}_v2`,
      content: "# Final text reconciliation\n\nShorter.",
    });
    expect(result).toMatchObject({ status: "accepted", assigned: { versionId: `${REPORT}_v3` } });
    const [version, diff] = artifactFacts(events);
    expect(version.payload).toMatchObject({ change: "versioned", version: 3, editedBy: "user" });
    expect(String(diff.payload?.diff)).toMatch(/^\+Shorter\.$/m);
    expect(String(diff.payload?.diff)).toMatch(/^-## Sources$/m);
    const report = state.artifacts[REPORT];
    expect(report.versions.map((v) => v.versionId)).toEqual([`${REPORT}_v1`, `${REPORT}_v2`, `${REPORT}_v3`]);
    expect(report.currentVersionId).toBe(`${REPORT}_v3`);
    expect(report.diffRef).toBe(`artifact://${REPORT}/v2..v3`);
  });

  it("ART-07 an edit based on a stale version is a conflict and changes nothing", () => {
    const runtime = finishedTeam();
    const from = runtime.events().length;
    const stale = write(runtime, {
      kind: "edit",
      artifactId: REPORT,
      baseVersionId: `${REPORT}_v1`,
      content: "x",
    });
    expect(stale).toMatchObject({ status: "rejected", reason: expect.stringMatching(/Conflict/) });
    expect(write(runtime, { kind: "edit", artifactId: REPORT, content: "  " }).reason).toMatch(/empty/);
    runtime.runUntilIdle();
    expect(runtime.events().length).toBe(from);
  });

  it("ORD-07 two edits in the same instant get distinct versions, in order", () => {
    const runtime = finishedTeam();
    const a = write(runtime, { kind: "edit", artifactId: REPORT, content: "# A" });
    const b = write(runtime, { kind: "edit", artifactId: REPORT, content: "# B" });
    const late = write(runtime, {
      kind: "edit",
      artifactId: REPORT,
      baseVersionId: `${REPORT}_v2`,
      content: "# C",
    });
    expect([a.assigned?.versionId, b.assigned?.versionId]).toEqual([`${REPORT}_v3`, `${REPORT}_v4`]);
    expect(late.reason).toMatch(/is at artifact_001_report_v4/);
    runtime.runUntilIdle();
    const state = projectLime(runtime.events());
    expect(state.artifacts[REPORT].currentVersionId).toBe(`${REPORT}_v4`);
  });

  it("ART-06 rollback restores an older version's text as a new version", () => {
    const runtime = finishedTeam();
    const { result, events } = settle(runtime, {
      kind: "rollback",
      artifactId: REPORT,
      versionId: `${REPORT}_v1`,
    });
    expect(result.assigned).toMatchObject({ versionId: `${REPORT}_v3`, restoredFrom: `${REPORT}_v1` });
    const [version, diff] = artifactFacts(events);
    const v1 = artifactFacts(runtime.events()).find((e) => e.payload?.version === 1);
    expect(version.payload?.content).toBe(v1?.payload?.content);
    expect(String(diff.payload?.diff)).toMatch(/^-## Sources$/m);
    expect(write(runtime, { kind: "rollback", turnId: "turn_001" }).reason).toMatch(
      /artifact version instead/,
    );
    expect(
      write(runtime, { kind: "rollback", artifactId: REPORT, versionId: `${REPORT}_v9` }).reason,
    ).toMatch(/no version/);
  });

  it("ART-09 export: pending first, completed with a ref later; an unknown format is refused", () => {
    const runtime = finishedTeam();
    const result = write(runtime, { kind: "export", artifactId: REPORT, format: "html" });
    expect(result).toMatchObject({ status: "accepted", assigned: { versionId: `${REPORT}_v2` } });
    runtime.advance(100);
    expect(projectLime(runtime.events()).artifacts[REPORT].export.status).toBe("exporting");
    runtime.runUntilIdle();
    expect(projectLime(runtime.events()).artifacts[REPORT].export).toMatchObject({
      status: "completed",
      exportId: result.assigned?.exportId,
      ref: `export://${REPORT}/v2/report.html`,
    });
    expect(write(runtime, { kind: "export", artifactId: REPORT, format: "docx" }).reason).toMatch(
      /Unsupported/,
    );
  });

  it("EVID-05 export of an evidence pack: exporting, then exported with a pack ref", () => {
    const runtime = finishedTeam();
    const { result, events } = settle(runtime, { kind: "export", evidenceId: "evidence_001_turn" });
    expect(result.status).toBe("accepted");
    expect(events.map((e) => e.payload?.status)).toEqual(["exporting", "exported"]);
    expect(String(events[1].payload?.packRef)).toMatch(/^evidence:\/\/sess_demo\/evidence_001_turn\//);
    expect(write(runtime, { kind: "export", evidenceId: "evidence_x" }).reason).toMatch(/Unknown evidence/);
  });

  it("CTRL-01 open_detail is acknowledged only for refs the runtime handed out", () => {
    const runtime = finishedTeam();
    const from = runtime.events().length;
    expect(write(runtime, { kind: "open_detail", ref: `artifact://${REPORT}/v1..v2` })).toMatchObject({
      status: "accepted",
      assigned: { ref: `artifact://${REPORT}/v1..v2` },
    });
    expect(write(runtime, { kind: "open_detail", ref: "output://nowhere" }).reason).toMatch(/no detail/);
    runtime.runUntilIdle();
    expect(runtime.events().length).toBe(from);
  });

  it("QUEUE-05 edit of a queued message rewrites it before it runs", () => {
    const runtime = createDemoRuntime({ scenario: "queue-steer", manual: true });
    runtime.start();
    runtime.advance(500);
    const queued = write(runtime, { kind: "queue", text: "first draft", clientMessageId: "c1" });
    const queuedId = queued.assigned!.queuedId;
    expect(write(runtime, { kind: "edit", artifactId: queuedId, content: "better wording" })).toMatchObject({
      status: "accepted",
      assigned: { queuedId },
    });
    runtime.runUntilIdle();
    const submitted = runtime.events().filter((e) => e.type === "turn.submitted");
    expect(submitted.at(-1)?.payload?.input).toBe("better wording");
  });
});

describe("unifiedDiff", () => {
  it("ART-05 context, removed and added lines with 1-based hunk ranges", () => {
    const diff = unifiedDiff("a\nb\nc\nd", "a\nb\nX\nd", { from: "v1", to: "v2" });
    expect(diff.text).toBe(["--- v1", "+++ v2", "@@ -1,4 +1,4 @@", " a", " b", "-c", "+X", " d"].join("\n"));
    expect(unifiedDiff("same", "same", { from: "a", to: "b" })).toMatchObject({ added: 0, removed: 0 });
  });
});
