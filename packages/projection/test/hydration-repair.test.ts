import type { RuntimeSessionSnapshot, ThreadReadModel } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { codes, stream } from "./helpers";

const staleThread = (fields: Partial<ThreadReadModel> = {}): ThreadReadModel => ({
  threadId: "th1",
  status: "stale",
  turns: [{ turnId: "t1", status: "running" }],
  ...fields,
});

describe("hydration repair and degraded recovery", () => {
  it("HYD-10 / AUI-AR-HYDRATE-002 a stale snapshot reads repairing until the tail rebuilds it, then live", () => {
    const p = createProjector();
    p.hydrate({ kind: "thread", thread: staleThread(), cursor: { s1: 3 } });
    let state = p.getState();
    expect(state.session.hydration).toMatchObject({ status: "repairing", source: "thread" });
    expect(state.cursor.staleSections).toEqual(["runtime"]);
    const e = stream({ turnId: "t1" });
    for (let i = 0; i < 3; i++) e("covered");
    p.apply(e("run.status", { payload: { status: "streaming" } }));
    state = p.getState();
    expect(state.runtime.status).toBe("streaming");
    expect(state.cursor.staleSections).toEqual([]);
    expect(state.session.hydration.status).toBe("live");
  });

  it("HYD-10 a late runtime fact the projector ignores repairs nothing", () => {
    const p = createProjector();
    p.hydrate({
      kind: "thread",
      thread: staleThread({ turns: [{ turnId: "t1", status: "completed" }] }),
    });
    p.apply({ type: "run.status", turnId: "t1", payload: { status: "streaming" } });
    const state = p.getState();
    expect(codes(state)).toContain("execution_after_turn_terminal");
    expect(state.session.hydration.status).toBe("repairing");
    expect(state.cursor.staleSections).toEqual(["runtime"]);
  });

  it("ORD-03 / HYD-10 actions a snapshot lacked stay stale until the tail resolves them", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("action.required", { actionId: "a1", payload: { actionType: "tool_approval" } }));
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "running", pendingRequests: [] } });
    expect(p.getState().session.hydration.status).toBe("repairing");
    expect(p.getState().actions.a1.status).toBe("stale");
    p.apply(e("action.resolved", { actionId: "a1", payload: { outcome: "resolved", decision: "allow" } }));
    expect(p.getState().cursor.staleSections).toEqual([]);
    expect(p.getState().session.hydration.status).toBe("live");
  });

  it("HYD-12 a snapshot the runtime flags as partial is degraded, naming the sections", () => {
    const snapshot: RuntimeSessionSnapshot = {
      sessionId: "s1",
      threads: [{ threadId: "th1", status: "completed" }],
      recovery: { status: "partial", missing: ["subagents", "jobs"] },
    };
    const p = createProjector();
    p.hydrate({ kind: "runtime-session", snapshot });
    const state = p.getState();
    expect(state.session.hydration).toMatchObject({
      status: "degraded",
      degradedSections: ["subagents", "jobs"],
    });
    expect(codes(state)).toContain("hydration_degraded");
    // The parts that did load are shown as usual.
    expect(state.runtime.status).toBe("completed");
  });

  it("HYD-12 a thread whose history window is partial degrades the messages section", () => {
    const p = createProjector();
    p.hydrate({
      kind: "thread",
      thread: { threadId: "th1", status: "idle", history: { partial: true } },
    });
    expect(p.getState().session.hydration).toMatchObject({
      status: "degraded",
      degradedSections: ["messages"],
    });
  });

  it("HYD-12 / ORD-05 a gap never filled before the source stopped is degraded, not repairing forever", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const [a, , c] = [
      e("text.delta", { payload: { delta: "a" } }),
      e("text.delta", { payload: { delta: "lost" } }),
      e("text.delta", { payload: { delta: "c" } }),
    ];
    const p = createProjector();
    // The gateway's own marker (not part of the gapped stream, so it is not held behind the gap).
    p.applyAll([
      a,
      c,
      { type: "session.updated", streamId: "gateway", payload: { sourceStatus: "stopped" } },
    ]);
    const state = p.getState();
    expect(state.session.hydration.degradedSections).toEqual(["stream:s1"]);
    // The open gap would read `stale`; the source gave up, so the session says `degraded`.
    expect(state.session.hydration.status).toBe("degraded");
    expect(codes(state)).toContain("hydration_degraded");
    // Nothing held is lost; the gap stays visible.
    expect(state.cursor.gaps).toEqual([{ streamId: "s1", from: 2, to: 2 }]);
  });

  it("HYD-10 a repair snapshot clears what it carries and degrades what it lacks", () => {
    const p = createProjector();
    p.hydrate({ kind: "thread", thread: staleThread() });
    p.apply({ type: "state.delta", payload: { patch: [{ op: "remove", path: "/missing" }] } });
    expect(p.getState().cursor.staleSections.sort()).toEqual(["appState", "runtime"]);
    p.apply({
      type: "state.snapshot",
      payload: { repair: true, thread: { threadId: "th1", status: "completed" } },
    });
    const state = p.getState();
    expect(state.cursor.staleSections).toEqual(["appState"]);
    expect(state.session.hydration).toMatchObject({ status: "degraded", degradedSections: ["appState"] });
  });

  it("HYD-10 a complete repair snapshot after a degraded recovery reads hydrated again", () => {
    const p = createProjector();
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "idle", partial: true } });
    expect(p.getState().session.hydration.status).toBe("degraded");
    p.apply({
      type: "state.snapshot",
      payload: { repair: true, thread: { threadId: "th1", status: "completed" } },
    });
    expect(p.getState().session.hydration).toEqual({ status: "hydrated", source: "repair" });
  });

  it("HYD-10 the snapshot's session.hydrated marker does not hide a repair under way", () => {
    const p = createProjector();
    p.apply({ type: "state.snapshot", payload: { thread: staleThread() } });
    p.apply({ type: "session.hydrated", payload: {} });
    expect(p.getState().session.hydration.status).toBe("repairing");
  });

  it("HYD-09 a complete snapshot with nothing stale reads hydrated (no false alarm)", () => {
    const p = createProjector();
    p.hydrate({ kind: "thread", thread: { threadId: "th1", status: "completed" } });
    expect(p.getState().session.hydration).toEqual({ status: "hydrated", source: "thread" });
    expect(codes(p.getState())).not.toContain("hydration_degraded");
  });

  it("HYD-10 property: repairing always means a fact section is still stale, and vice versa", () => {
    const step = fc.oneof(
      fc.constant({ kind: "stale-snapshot" as const }),
      fc.constant({ kind: "run-status" as const }),
      fc.constant({ kind: "required" as const }),
      fc.constant({ kind: "resolved" as const }),
      fc.constant({ kind: "empty-snapshot" as const }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 15 }), (steps) => {
        const p = createProjector();
        let n = 0;
        for (const s of steps) {
          n++;
          if (s.kind === "stale-snapshot") p.hydrate({ kind: "thread", thread: staleThread() });
          else if (s.kind === "empty-snapshot")
            p.hydrate({
              kind: "thread",
              thread: { threadId: "th1", status: "running", pendingRequests: [] },
            });
          else if (s.kind === "run-status")
            p.apply({ type: "run.status", eventId: `e${n}`, turnId: "t9", payload: { status: "streaming" } });
          else if (s.kind === "required")
            p.apply({
              type: "action.required",
              eventId: `e${n}`,
              actionId: "a1",
              payload: { actionType: "tool_approval" },
            });
          else
            p.apply({
              type: "action.resolved",
              eventId: `e${n}`,
              actionId: "a1",
              payload: { outcome: "resolved", decision: "allow" },
            });
          const state = p.getState();
          const staleFacts = state.cursor.staleSections.filter((section) => !section.startsWith("stream:"));
          if (state.session.hydration.status === "repairing") expect(staleFacts.length).toBeGreaterThan(0);
          if (staleFacts.length > 0 && state.session.hydration.status !== "empty")
            expect(state.session.hydration.status).toBe("repairing");
        }
      }),
    );
  });
});
