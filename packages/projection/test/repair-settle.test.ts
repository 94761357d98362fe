// Which degraded sections a later complete snapshot lifts (HYD-10, HYD-12): a whole read model (a runtime
// session or a thread) restores every read-model section, so only an unfilled stream gap stays degraded;
// a narrower read model (a task, an evidence pack) lifts nothing.
import { describe, expect, it } from "vitest";
import { createProjector, type HydrationInput, projectEvents } from "../src";
import { codes, stream } from "./helpers";

const COMPLETE_SESSION: HydrationInput = {
  kind: "runtime-session",
  snapshot: { sessionId: "s1", threads: [{ threadId: "th1", status: "completed" }] },
};
const PARTIAL_THREAD: HydrationInput = {
  kind: "thread",
  thread: { threadId: "th1", status: "idle", history: { partial: true } },
};

/** A projector whose stream s1 has a gap its source never filled (degraded `stream:s1`). */
function withUnfilledGap() {
  const e = stream({ turnId: "t1", messageId: "m1" });
  const [a, , c] = [
    e("text.delta", { payload: { delta: "a" } }),
    e("text.delta", { payload: { delta: "lost" } }),
    e("text.delta", { payload: { delta: "c" } }),
  ];
  const p = createProjector();
  p.applyAll([a, c, { type: "session.updated", streamId: "gateway", payload: { sourceStatus: "stopped" } }]);
  return p;
}

describe("what a complete snapshot lifts from a degraded session (HYD-10, HYD-12)", () => {
  it("HYD-12 a whole read model lifts degraded read-model sections but not an unfilled stream gap", () => {
    const p = withUnfilledGap();
    p.hydrate(PARTIAL_THREAD);
    expect(p.getState().session.hydration).toMatchObject({
      status: "degraded",
      degradedSections: ["stream:s1", "messages"],
    });
    p.hydrate({ kind: "evidence-pack", pack: { packRef: "pk1" } as never });
    expect(p.getState().session.hydration).toMatchObject({
      status: "degraded",
      degradedSections: ["stream:s1", "messages"],
    });
    p.hydrate(COMPLETE_SESSION);
    expect(p.getState().session.hydration).toMatchObject({
      status: "degraded",
      degradedSections: ["stream:s1"],
    });
  });

  it("HYD-12 without a stream gap a whole read model leaves the session hydrated; a narrower one does not", () => {
    const p = createProjector();
    p.hydrate(PARTIAL_THREAD);
    p.hydrate({ kind: "task", task: { taskId: "k1", status: "running" } as never });
    expect(p.getState().session.hydration).toEqual({ status: "degraded", degradedSections: ["messages"] });
    p.hydrate(COMPLETE_SESSION);
    expect(p.getState().session.hydration).toEqual({ status: "hydrated", source: "runtime-session" });
  });

  it("HYD-12 each degradation names only the sections it adds, in one diagnostic", () => {
    const p = withUnfilledGap();
    p.hydrate(PARTIAL_THREAD);
    p.hydrate(PARTIAL_THREAD);
    const degraded = p.getState().diagnostics.filter((d) => d.code === "hydration_degraded");
    expect(degraded.map((d) => d.message)).toEqual([
      "the source stopped before repair completed: stream:s1 degraded",
      "the snapshot reports a partial recovery: messages degraded",
    ]);
    expect(codes(p.getState())).not.toContain("hydration_repaired");
  });
});

describe("which stale sections a repair snapshot restores (HYD-10)", () => {
  /** A projector resumed with `actions`, `tasks` and `appState` stale, so the session reads repairing. */
  function repairing() {
    const base = projectEvents([]);
    const p = createProjector();
    p.hydrate({
      kind: "projection",
      state: { ...base, cursor: { ...base.cursor, staleSections: ["actions", "tasks", "appState"] } },
    });
    expect(p.getState().session.hydration).toEqual({ status: "repairing", source: "projection" });
    return p;
  }
  const repair = (payload: Record<string, unknown>) =>
    stream({}, "s9")("state.snapshot", { payload: { repair: true, ...payload } });

  it.each([
    ["an appState restores only appState", { appState: { a: 1 } }, ["actions", "tasks"]],
    ["a stored projection restores every section", { projection: projectEvents([]) }, []],
    [
      "a task and an evidence pack restore tasks, each what its kind covers",
      { task: { taskId: "k1", status: "running" }, evidencePack: { packRef: "pk" } },
      ["actions", "appState"],
    ],
  ])("HYD-10 %s; what it lacks is degraded", (_label, payload, lacking) => {
    const p = repairing();
    p.apply(repair(payload));
    const state = p.getState();
    expect(state.cursor.staleSections).toEqual(lacking);
    expect(state.session.hydration.status).toBe(lacking.length > 0 ? "degraded" : "hydrated");
    expect(state.session.hydration.degradedSections ?? []).toEqual(lacking);
  });

  it("HYD-12 a fact repairing a stale section of a degraded session leaves it degraded, not live", () => {
    const base = projectEvents([]);
    const p = createProjector();
    p.hydrate({
      kind: "projection",
      state: {
        ...base,
        session: { ...base.session, hydration: { status: "degraded", degradedSections: ["messages"] } },
        cursor: { ...base.cursor, staleSections: ["actions"] },
      },
    });
    p.apply(stream({ turnId: "t1" })("action.required", { actionId: "x1", payload: { title: "Go?" } }));
    const state = p.getState();
    expect(state.cursor.staleSections).toEqual([]);
    expect(state.session.hydration).toEqual({ status: "degraded", degradedSections: ["messages"] });
  });
});
