import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { stream } from "./helpers";

type Projector = ReturnType<typeof createProjector>;
const reported = (p: Projector) =>
  p.getState().diagnostics.map(({ code, severity, message, path }) => ({ code, severity, message, path }));

describe("app state from state.snapshot and state.delta (HYD-03, ORD-04, ARCH-03)", () => {
  it.each([
    [
      "a delta without a patch list",
      { patch: { op: "add", path: "/a", value: 1 } },
      "state.delta without a payload.patch array: appState marked stale",
      "/payload/patch",
    ],
    [
      "a patch op on a missing path",
      { patch: [{ op: "replace", path: "/missing/deep", value: 1 }] },
      'state.delta not applied (path not found at "missing"): appState marked stale',
      "/payload/patch",
    ],
    [
      "a patch that makes appState a list",
      { patch: [{ op: "replace", path: "", value: [1, 2] }] },
      "state.delta not applied (appState must stay an object): appState marked stale",
      "/payload/patch",
    ],
    [
      "a patch holding no operation object",
      { patch: [null] },
      "state.delta not applied (operation is not an object): appState marked stale",
      "/payload/patch",
    ],
  ])(
    "ORD-04 %s is reported and leaves appState as it was, marked stale",
    (_label, payload, message, path) => {
      const e = stream();
      const p = createProjector();
      p.applyAll([e("state.snapshot", { payload: { appState: { a: 1 } } }), e("state.delta", { payload })]);
      expect(reported(p)).toEqual([{ code: "patch_failed", severity: "warning", message, path }]);
      expect(p.getState().appState).toEqual({ a: 1 });
      expect(p.getState().cursor.staleSections).toEqual(["appState"]);
    },
  );

  it("HYD-03 a snapshot carrying nothing to apply is reported, not taken as an empty state", () => {
    const e = stream();
    const p = createProjector();
    p.applyAll([
      e("state.snapshot", { payload: { appState: { a: 1 } } }),
      e("state.snapshot", { payload: {} }),
    ]);
    expect(reported(p)).toEqual([
      {
        code: "schema_mismatch",
        severity: "warning",
        message:
          "state.snapshot carries no runtimeSession, thread, task, evidencePack, projection or appState",
        path: undefined,
      },
    ]);
    expect(p.getState().appState).toEqual({ a: 1 });
  });

  it("ARCH-03 a snapshot's appState past the bound is refused; a later one that fits is taken and clears the mark", () => {
    const e = stream();
    const p = createProjector({ maxAppStateBytes: 40 });
    p.applyAll([
      e("state.snapshot", { payload: { appState: { a: 1 } } }),
      e("state.snapshot", { payload: { appState: { big: "x".repeat(64) } } }),
    ]);
    expect(reported(p)).toEqual([
      {
        code: "state_limit_exceeded",
        severity: "error",
        message:
          "state.snapshot appState refused (app state would be ~74 bytes, over the 40-byte bound): appState kept as it was and marked stale",
        path: "/payload/appState",
      },
    ]);
    expect(p.getState().appState).toEqual({ a: 1 });
    expect(p.getState().cursor.staleSections).toEqual(["appState"]);
    p.apply(e("state.snapshot", { payload: { appState: { b: 2 } } }));
    expect(p.getState().appState).toEqual({ b: 2 });
    expect(p.getState().cursor.staleSections).toEqual([]);
  });

  it("SEC-02 a secret in a delta's value is redacted before it reaches appState", () => {
    const e = stream();
    const key = ["sk-", "proj-", "A1b2C3d4E5f6G7h8I9j0K1l2"].join("");
    const p = createProjector();
    p.applyAll([
      e("state.snapshot", { payload: { appState: {} } }),
      e("state.delta", { payload: { patch: [{ op: "add", path: "/auth", value: { apiKey: key } }] } }),
    ]);
    expect(JSON.stringify(p.getState().appState)).not.toContain(key);
    expect(Object.keys(p.getState().appState)).toEqual(["auth"]);
  });
});

describe("what a state.snapshot carries goes through hydration (HYD-01, HYD-09)", () => {
  it("HYD-01 a thread, a task, an evidence pack and a stored projection carried by one snapshot each land", () => {
    const e = stream({ turnId: "t1" });
    const stored = createProjector();
    stored.apply(e("text.delta", { messageId: "m1", payload: { delta: "Stored answer." } }));
    const p = createProjector();
    p.apply(
      stream({ sessionId: "s1" }, "restate")("state.snapshot", {
        payload: {
          projection: stored.getState(),
          thread: { threadId: "th1", status: "idle" },
          task: { taskId: "k1", title: "Check sources", status: "running" },
          evidencePack: { evidenceId: "ev1", status: "exported" },
        },
      }),
    );
    const state = p.getState();
    expect({
      session: state.session.sessionId,
      thread: state.session.threadId,
      task: state.tasks.k1?.title,
      evidence: state.evidence.ev1?.status,
      messages: state.messages.map((m) => m.id),
    }).toEqual({
      session: "s1",
      thread: "th1",
      task: "Check sources",
      evidence: "exported",
      messages: ["m1"],
    });
  });
});

describe("only a repair snapshot repairs (HYD-10, HYD-12)", () => {
  it("HYD-10 a plain snapshot leaves stale marks alone and is no repair; a repair clears what it carries", () => {
    const e = stream();
    const p = createProjector();
    p.applyAll([
      e("state.snapshot", { payload: { appState: { a: 1 } } }),
      e("state.delta", { payload: { patch: [{ op: "replace", path: "/missing/x", value: 1 }] } }),
    ]);
    p.apply(e("state.snapshot", { payload: { task: { taskId: "k1", status: "running" } } }));
    expect(p.getState().cursor.staleSections).toEqual(["appState"]);
    expect(p.getState().session.hydration).toEqual({ status: "repairing", source: "task" });
    p.apply(e("state.snapshot", { payload: { appState: { a: 2 }, repair: true } }));
    expect(p.getState().cursor.staleSections).toEqual([]);
    expect(p.getState().session.hydration).toEqual({ status: "hydrated", source: "repair" });
  });

  it("HYD-10 a plain snapshot covering a stale section leaves it stale and reports nothing", () => {
    const e = stream();
    const p = createProjector();
    p.applyAll([
      e("state.snapshot", { payload: { thread: { threadId: "th1", status: "stale" } } }),
      e("state.snapshot", { payload: { thread: { threadId: "th1", status: "idle" } } }),
    ]);
    expect(p.getState().cursor.staleSections).toEqual(["runtime"]);
    expect(p.getState().session.hydration).toEqual({ status: "repairing", source: "thread" });
    expect(reported(p)).toEqual([]);
  });

  it("HYD-12 a repair snapshot lacking a stale section degrades it, naming why", () => {
    const e = stream();
    const p = createProjector();
    p.applyAll([
      e("state.snapshot", { payload: { appState: { a: 1 } } }),
      e("state.delta", { payload: { patch: [{ op: "replace", path: "/missing/x", value: 1 }] } }),
      e("state.snapshot", { payload: { task: { taskId: "k1", status: "running" }, repair: true } }),
    ]);
    expect(reported(p).slice(1)).toEqual([
      {
        code: "hydration_degraded",
        severity: "warning",
        message: "the repair snapshot does not carry: appState degraded",
        path: undefined,
      },
    ]);
    expect(p.getState().session.hydration).toEqual({
      status: "degraded",
      source: "task",
      degradedSections: ["appState"],
    });
  });

  it("HYD-10 / ARCH-03 a repair whose appState is refused reads repairing, the appState still stale", () => {
    const e = stream();
    const p = createProjector({ maxAppStateBytes: 40 });
    p.applyAll([
      e("state.snapshot", { payload: { appState: { a: 1 } } }),
      e("state.delta", { payload: { patch: [{ op: "replace", path: "/missing/x", value: 1 }] } }),
      e("state.snapshot", { payload: { appState: { big: "x".repeat(64) }, repair: true } }),
    ]);
    expect(p.getState().cursor.staleSections).toEqual(["appState"]);
    expect(p.getState().session.hydration).toEqual({ status: "repairing", source: "repair" });
  });
});

describe("a delta past the bound (ARCH-03)", () => {
  it("ARCH-03 a delta that would grow appState past the bound is refused, naming the delta", () => {
    const e = stream();
    const p = createProjector({ maxAppStateBytes: 40 });
    p.applyAll([
      e("state.snapshot", { payload: { appState: { a: 1 } } }),
      e("state.delta", { payload: { patch: [{ op: "add", path: "/big", value: "x".repeat(64) }] } }),
    ]);
    expect(reported(p)).toEqual([
      {
        code: "state_limit_exceeded",
        severity: "error",
        message:
          "state.delta refused (app state would be ~80 bytes, over the 40-byte bound): appState kept as it was and marked stale",
        path: "/payload/patch",
      },
    ]);
    expect(p.getState().appState).toEqual({ a: 1 });
    expect(p.getState().cursor.staleSections).toEqual(["appState"]);
  });
});
