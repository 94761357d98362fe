import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import type { HydrationInput } from "../src/hydration";
import { stream } from "./helpers";

// Which snapshots `hydrate()` applies and which it refuses, per input kind (HYD-03, HYD-09, HYD-12): the
// session a snapshot names, its `updatedAt`, its cursor and its event count.

const session = (fields: Record<string, unknown> = {}) =>
  ({
    kind: "runtime-session",
    snapshot: { sessionId: "s1", threads: [], ...fields },
  }) as never as HydrationInput;
const thread = (fields: Record<string, unknown>, sessionId?: string) =>
  ({
    kind: "thread",
    thread: { threadId: "th1", status: "running", ...fields },
    ...(sessionId === undefined ? {} : { sessionId }),
  }) as never as HydrationInput;
const hydrated = (p: ReturnType<typeof createProjector>) => p.getState().session.hydration;
// A bare read model also notes what it lacks (`missing_correlation`, info); these rules are about the rest.
const refusals = (p: ReturnType<typeof createProjector>) =>
  p.getState().diagnostics.filter((d) => d.code !== "missing_correlation");
const messages = (p: ReturnType<typeof createProjector>) => refusals(p).map((d) => d.message);
const codesOf = (p: ReturnType<typeof createProjector>) => refusals(p).map((d) => d.code);

describe("hydration input rules", () => {
  it("HYD-03 a thread, task, evidence pack or stored projection of another session is ignored", () => {
    const inputs: HydrationInput[] = [
      thread({}, "other"),
      { kind: "task", task: { taskId: "k", status: "running", sessionId: "other" } } as never,
      {
        kind: "evidence-pack",
        pack: { evidenceId: "ev", runtimeCorrelation: { sessionId: "other" } },
      } as never,
      {
        kind: "projection",
        state: { ...createProjector().getState(), session: { sessionId: "other" } },
      } as never,
    ];
    for (const input of inputs) {
      const p = createProjector({ sessionId: "mine" });
      p.hydrate(input);
      expect(hydrated(p).status, input.kind).toBe("empty");
      expect(codesOf(p), input.kind).toEqual(["stale_hydration_ignored"]);
      expect(messages(p), input.kind).toEqual(["snapshot for session other arrived in session mine"]);
      expect(p.getState().diagnostics[0].severity).toBe("info");
    }
  });

  it("HYD-03 a task whose sessionId is not a string, or a pack without correlation, names no session", () => {
    const p = createProjector({ sessionId: "mine" });
    p.hydrate({ kind: "task", task: { taskId: "k", status: "running", sessionId: 7 } } as never);
    p.hydrate({ kind: "evidence-pack", pack: { evidenceId: "ev", packRef: "pack://ev" } } as never);
    expect(codesOf(p)).toEqual([]);
    expect(p.getState().tasks.k.status).toBe("running");
    expect(p.getState().evidence.ev.packRef).toBe("pack://ev");
  });

  it("HYD-03 a newer runtime session or thread snapshot replaces an older one; the same time applies again", () => {
    const p = createProjector();
    p.hydrate(thread({ status: "running", updatedAt: "2026-05-11T09:00:00Z" }));
    p.hydrate(thread({ status: "completed", updatedAt: "2026-05-11T10:00:00Z" }));
    expect(p.getState().runtime.status).toBe("completed");
    p.hydrate(thread({ status: "failed", updatedAt: "2026-05-11T10:00:00Z" }));
    expect(p.getState().runtime.status).toBe("failed");
    p.hydrate(thread({ status: "running", updatedAt: "2026-05-11T09:30:00Z" }));
    expect(p.getState().runtime.status).toBe("failed");
    expect(messages(p)).toEqual([
      "snapshot from 2026-05-11T09:30:00Z is older than the applied 2026-05-11T10:00:00Z",
    ]);
  });

  it("HYD-03 snapshot times are kept per kind: an older thread does not refuse a runtime session", () => {
    const p = createProjector();
    p.hydrate(thread({ updatedAt: "2026-05-11T10:00:00Z" }));
    p.hydrate(session({ updatedAt: "2026-05-11T09:00:00Z" }));
    expect(codesOf(p)).toEqual([]);
    p.hydrate(session({ updatedAt: "2026-05-11T08:00:00Z" }));
    expect(codesOf(p)).toEqual(["stale_hydration_ignored"]);
  });

  it("HYD-03 an updatedAt that is not a string does not order snapshots", () => {
    const p = createProjector();
    p.hydrate(session({ updatedAt: 5 }));
    p.hydrate(session({ updatedAt: 4 }));
    p.hydrate(thread({ updatedAt: 5 }));
    p.hydrate(thread({ updatedAt: 4 }));
    expect(codesOf(p)).toEqual([]);
    expect(hydrated(p).status).toBe("hydrated");
  });

  it("HYD-03 a snapshot cursor behind the applied one is refused, naming the stream", () => {
    const p = createProjector();
    p.hydrate({ ...session(), cursor: { s1: 5 } } as never);
    p.hydrate({ ...session(), cursor: { s1: 4, s2: 1 } } as never);
    expect(messages(p)).toEqual(["snapshot cursor s1@4 is behind the applied 5"]);
  });

  it("HYD-03 a stored projection whose cursor is behind the applied stream is refused", () => {
    const e = stream({ turnId: "t1" });
    const older = createProjector();
    older.applyAll([e("run.started"), e("text.delta", { payload: { delta: "a" } })]);
    const snapshot = JSON.parse(JSON.stringify(older.getState()));
    const p = createProjector();
    p.applyAll([e("text.delta", { payload: { delta: "b" } }), e("text.delta", { payload: { delta: "c" } })]);
    p.hydrate({ kind: "projection", state: snapshot });
    expect(messages(p)).toEqual(["snapshot cursor s1@2 is behind the applied 4"]);
  });

  it("HYD-09 an input without its snapshot, or of an unknown kind, is a schema mismatch, not a crash", () => {
    const inputs: unknown[] = [
      null,
      { kind: "runtime-session", snapshot: null },
      { kind: "runtime-session", snapshot: "text" },
      { kind: "thread", thread: null },
      { kind: "thread", thread: 3 },
      { kind: "task", task: null },
      { kind: "task" },
      { kind: "evidence-pack", pack: null },
      { kind: "evidence-pack", pack: "pack" },
      { kind: "projection", state: null },
      { kind: "bogus", snapshot: {} },
    ];
    for (const input of inputs) {
      const p = createProjector();
      p.hydrate(input as HydrationInput);
      const state = p.getState();
      expect(state.session.hydration.status, JSON.stringify(input)).toBe("empty");
      expect(
        state.diagnostics.map((d) => [d.code, d.severity]),
        JSON.stringify(input),
      ).toEqual([["schema_mismatch", "warning"]]);
    }
    const p = createProjector();
    p.hydrate({ kind: "thread", thread: null } as never);
    expect(messages(p)).toEqual(['hydration input of kind "thread" has no snapshot']);
  });

  it("HYD-09 a read model's eventCount counts its events; with one stream its last sequence is the cursor's", () => {
    const one = createProjector();
    one.hydrate({ ...session(), cursor: { s1: 7 }, eventCount: 7 } as never);
    expect(one.getState().cursor).toMatchObject({ eventCount: 7, lastSequence: 7 });
    const two = createProjector();
    two.hydrate({ ...session(), cursor: { s1: 7, s2: 3 }, eventCount: 10 } as never);
    expect(two.getState().cursor).toMatchObject({ eventCount: 10, lastSequence: null });
    const none = createProjector();
    none.hydrate({ ...session(), eventCount: 0 } as never);
    expect(none.getState().cursor).toMatchObject({ eventCount: 0, lastSequence: null });
    expect(codesOf(none)).toEqual([]);
    // What the bare read model lacks is noted against the snapshot it came in.
    expect(none.getState().diagnostics[0]).toMatchObject({
      code: "missing_correlation",
      eventRef: { type: "state.snapshot" },
    });
  });

  it("HYD-09 an eventCount that is not a whole number of events is reported and not counted", () => {
    for (const eventCount of ["7", 1.5, -1, Number.MAX_SAFE_INTEGER + 2]) {
      const p = createProjector();
      p.hydrate({ ...session(), cursor: { s1: 7 }, eventCount } as never);
      expect(p.getState().cursor.eventCount, String(eventCount)).toBe(0);
      expect(refusals(p).map((d) => [d.code, d.severity, d.message, d.path])).toEqual([
        [
          "schema_mismatch",
          "warning",
          "snapshot eventCount is not a whole number of events: not counted",
          "/eventCount",
        ],
      ]);
    }
  });

  it("HYD-12 a runtime session flagged partial degrades the session, and its history the messages", () => {
    const p = createProjector();
    p.hydrate(session({ partial: true, historySummary: { degraded: true }, threads: "none" }));
    expect(hydrated(p)).toMatchObject({ status: "degraded", degradedSections: ["session", "messages"] });
    expect(messages(p)).toEqual(["the snapshot reports a partial recovery: session, messages degraded"]);
  });

  it("HYD-12 a thread entry that is not an object is skipped when reading its recovery flags", () => {
    const p = createProjector();
    p.hydrate(session({ threads: [null, { threadId: "th1", status: "running", partial: true }] }));
    expect(hydrated(p)).toMatchObject({ status: "degraded", degradedSections: ["thread:th1"] });
  });

  it("HYD-09 what a state.snapshot event restores names that event as its source; hydrate() names the input kind", () => {
    const p = createProjector();
    p.apply({
      type: "state.snapshot",
      eventId: "snap-9",
      sequence: 9,
      payload: { task: { taskId: "k", status: "running" } },
    });
    p.hydrate({ kind: "task", task: { taskId: "j", status: "running" } } as never);
    expect(p.getState().tasks.k.source).toStrictEqual({
      eventId: "snap-9",
      sequence: 9,
      type: "state.snapshot",
    });
    expect(p.getState().tasks.j.source).toStrictEqual({ type: "hydrate:task" });
  });

  it("HYD-09 a stored projection whose cursor states no last sequence leaves it unknown", () => {
    const stored = JSON.parse(JSON.stringify(createProjector().getState()));
    stored.cursor.eventCount = 3;
    delete stored.cursor.lastSequence;
    const p = createProjector();
    p.hydrate({ kind: "projection", state: stored });
    expect(p.getState().cursor).toMatchObject({ eventCount: 3, lastSequence: null });
  });
});
