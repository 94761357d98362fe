// The session shell, fact by fact (HYD-01/08/10/12, FALL-01, ORD-05): open and close, the hydration marker,
// the stale mark and the status it restores, and a stopped source degrading what was never repaired.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

const gap: AgentUiEvent[] = [
  { type: "text.delta", eventId: "1", streamId: "s", sequence: 1, turnId: "t1", payload: { delta: "a" } },
  { type: "text.delta", eventId: "3", streamId: "s", sequence: 3, turnId: "t1", payload: { delta: "b" } },
] as AgentUiEvent[];

describe("session shell (HYD-01, HYD-10)", () => {
  it("HYD-01 a reopened session is open again; a title that is no string changes nothing", () => {
    const e = stream({ sessionId: "s1", threadId: "th" });
    const p = createProjector();
    p.applyAll([e("session.opened", { payload: { title: "A" } }), e("session.closed")]);
    expect(p.getState().session.closed).toBe(true);
    p.apply(e("session.opened", { payload: { title: 7 } }));
    expect(p.getState().session).toEqual({
      sessionId: "s1",
      threadId: "th",
      title: "A",
      closed: false,
      hydration: { status: "live" },
    });
  });

  it("HYD-10 the hydration marker never overrides a repair under way or a degraded session", () => {
    const degraded = projectEvents([
      ...gap,
      { type: "session.closed", eventId: "4", payload: {} },
      { type: "session.hydrated", eventId: "5", payload: {} },
    ] as AgentUiEvent[]);
    expect(degraded.session.hydration.status).toBe("degraded");
    const e = stream({ sessionId: "s1" });
    expect(projectEvents([e("session.hydrated")]).session.hydration).toEqual({
      status: "hydrated",
      source: "event",
    });
  });
});

describe("source health (FALL-01, HYD-08, HYD-12)", () => {
  it("HYD-08 a second stale report keeps the status to restore; a recovery restores it", () => {
    const e = stream({ sessionId: "s1" });
    const state = projectEvents([
      e("session.hydrated"),
      e("session.updated", { payload: { stale: true } }),
      e("session.updated", { payload: { sourceStatus: "stale" } }),
      e("session.updated", { payload: { stale: false } }),
    ]);
    expect(state.session.hydration.status).toBe("hydrated");
  });

  it("HYD-08 stale:false on a session that is not stale changes nothing; an explicit stale:false wins over the word", () => {
    const e = stream({ sessionId: "s1" });
    const state = projectEvents([
      e("session.hydrated"),
      e("session.updated", { payload: { stale: false } }),
      e("session.updated", { payload: { sourceStatus: "stale", stale: false } }),
    ]);
    expect(state.session.hydration.status).toBe("hydrated");
    expect(state.session.sourceStatus).toBe("stale");
  });

  it("HYD-08 a session stale before anything showed recovers to live", () => {
    const p = createProjector();
    p.apply({ type: "session.updated", eventId: "1", payload: { stale: true } });
    expect(p.getState().session.hydration.status).toBe("stale");
    p.apply({ type: "session.updated", eventId: "2", payload: { stale: false } });
    expect(p.getState().session.hydration.status).toBe("live");
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["session.updated", { sourceStatus: "stopped" }, "degraded"],
    ["session.updated", { sourceStatus: "closed" }, "degraded"],
    ["session.updated", { sourceStatus: "ended" }, "degraded"],
    ["session.closed", {}, "degraded"],
    ["session.updated", { sourceStatus: "paused" }, "stale"],
    ["session.opened", { sourceStatus: "ended" }, "stale"],
  ])("HYD-12 %s %j with a gap never repaired leaves the session %s", (type, payload, status) => {
    const state = projectEvents([...gap, { type, eventId: "4", payload } as AgentUiEvent]);
    expect(state.session.hydration.status).toBe(status);
    expect(state.diagnostics.map((d) => [d.code, d.message])).toEqual(
      status === "degraded"
        ? [["hydration_degraded", "the source stopped before repair completed: stream:s degraded"]]
        : [],
    );
  });
});
