import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { stream } from "./helpers";

describe("session family", () => {
  it("HYD-01 the shell (ids, title) comes first and hydration status reads live", () => {
    const e = stream({ sessionId: "s1", threadId: "th1" });
    const p = createProjector();
    expect(p.getState().session.hydration.status).toBe("empty");
    p.apply(e("session.opened", { payload: { title: "Fix the build" } }));
    expect(p.getState().session).toEqual({
      sessionId: "s1",
      threadId: "th1",
      title: "Fix the build",
      closed: false,
      hydration: { status: "live" },
    });
  });

  it("session.updated renames; session.closed closes; session.hydrated marks hydrated", () => {
    const e = stream({ sessionId: "s1" });
    const p = createProjector();
    p.applyAll([
      e("session.opened"),
      e("session.updated", { payload: { title: "New" } }),
      e("session.hydrated"),
      e("session.closed"),
    ]);
    expect(p.getState().session).toMatchObject({
      title: "New",
      closed: true,
      hydration: { status: "hydrated" },
    });
  });
});

describe("session source health (FALL-01, HYD-08, ORD-05)", () => {
  it("FALL-01 / ORD-05 session.updated stale:true renders the session stale with the source status", () => {
    const e = stream({ sessionId: "s1" });
    const p = createProjector();
    p.applyAll([
      e("session.opened"),
      e("session.updated", { payload: { sourceStatus: "stale", stale: true, reason: "upstream cut" } }),
    ]);
    expect(p.getState().session).toMatchObject({ hydration: { status: "stale" }, sourceStatus: "stale" });
  });

  it("HYD-08 stale:false clears the mark and restores the status the session had before", () => {
    const e = stream({ sessionId: "s1" });
    const p = createProjector();
    p.applyAll([
      e("session.hydrated"),
      e("session.updated", { payload: { sourceStatus: "stale", stale: true } }),
      e("session.updated", { payload: { sourceStatus: "live", stale: false } }),
    ]);
    expect(p.getState().session).toMatchObject({ hydration: { status: "hydrated" }, sourceStatus: "live" });
  });

  it("FALL-01 a stopped upstream stays visible as sourceStatus; stale only when the gateway says so", () => {
    const e = stream({ sessionId: "s1" });
    const p = createProjector();
    p.applyAll([e("session.opened"), e("session.updated", { payload: { sourceStatus: "stopped" } })]);
    expect(p.getState().session).toMatchObject({ hydration: { status: "live" }, sourceStatus: "stopped" });
    p.apply(e("session.updated", { payload: { sourceStatus: "stale" } }));
    expect(p.getState().session.hydration.status).toBe("stale");
    p.apply(e("session.updated", { payload: { stale: false } }));
    expect(p.getState().session.hydration.status).toBe("live");
  });
});
