import { describe, expect, it } from "vitest";
import { createProjector } from "../src";

type Projector = ReturnType<typeof createProjector>;
const degraded = (p: Projector) =>
  p
    .getState()
    .diagnostics.filter((d) => d.code === "hydration_degraded")
    .map(({ severity, message }) => ({ severity, message }));

describe("what a snapshot says it could not restore (HYD-12)", () => {
  it.each([
    [{ partial: true }, ["thread:th1"]],
    [{ degraded: true }, ["thread:th1"]],
    [{ recoveryStatus: "degraded" }, ["thread:th1"]],
    [{ recoveryStatus: "partial", missingSections: ["queue", 3] }, ["queue"]],
    [{ recovery: "partial" }, ["thread:th1"]],
    [{ recovery: "degraded" }, ["thread:th1"]],
    [{ recovery: { status: "degraded", missing: ["team"] } }, ["team"]],
    [{ recovery: { status: "partial" }, missingSections: ["tools"] }, ["tools"]],
  ])("HYD-12 a thread flagged %j degrades %j", (flags, sections) => {
    const p = createProjector();
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "idle", ...flags } as never });
    expect(p.getState().session.hydration).toMatchObject({ status: "degraded", degradedSections: sections });
    expect(degraded(p)).toEqual([
      {
        severity: "warning",
        message: `the snapshot reports a partial recovery: ${sections.join(", ")} degraded`,
      },
    ]);
  });

  it.each([
    [{ partial: "yes" }],
    [{ degraded: 1 }],
    [{ recoveryStatus: "complete" }],
    [{ recovery: "complete" }],
    [{ recovery: { status: "ok", missing: ["team"] } }],
    [{ missingSections: ["team"] }],
  ])("HYD-09 a thread with %j and no partial flag reads hydrated", (flags) => {
    const p = createProjector();
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "idle", ...flags } as never });
    expect(p.getState().session.hydration).toEqual({ status: "hydrated", source: "thread" });
    expect(degraded(p)).toEqual([]);
  });

  it("HYD-12 a thread without an id is degraded as a thread; a partial task and evidence pack by their scope", () => {
    const thread = createProjector();
    thread.hydrate({ kind: "thread", thread: { status: "idle", partial: true } as never });
    expect(thread.getState().session.hydration.degradedSections).toEqual(["thread"]);
    const task = createProjector();
    task.hydrate({ kind: "task", task: { taskId: "k1", status: "running", partial: true } as never });
    expect(task.getState().session.hydration.degradedSections).toEqual(["task:k1"]);
    const pack = createProjector();
    pack.hydrate({ kind: "evidence-pack", pack: { evidenceId: "ev1", degraded: true } as never });
    expect(pack.getState().session.hydration.degradedSections).toEqual(["evidence"]);
  });

  it("HYD-12 a section degraded again is not reported twice; a new one is added after the known ones", () => {
    const p = createProjector();
    p.hydrate({
      kind: "thread",
      thread: { threadId: "th1", status: "idle", missingSections: ["queue"], partial: true } as never,
    });
    p.hydrate({
      kind: "task",
      task: { taskId: "k1", status: "running", missingSections: ["queue"], partial: true } as never,
    });
    p.hydrate({ kind: "task", task: { taskId: "k1", status: "running", partial: true } as never });
    expect(p.getState().session.hydration).toMatchObject({
      status: "degraded",
      degradedSections: ["queue", "task:k1"],
    });
    expect(degraded(p).map((d) => d.message)).toEqual([
      "the snapshot reports a partial recovery: queue degraded",
      "the snapshot reports a partial recovery: task:k1 degraded",
    ]);
  });
});
