// What each session.* fact changes in the session shell and what it leaves as it was (HYD-01, HYD-08,
// FALL-01): the ids it names, the closed flag, and the source health only `session.updated` reports.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector } from "../src";
import { stream } from "./helpers";

describe("session facts (HYD-01, HYD-08, FALL-01)", () => {
  it("HYD-01 a session fact without ids keeps the shell's ids; one naming other ids shows them", () => {
    const e = stream();
    const p = createProjector();
    p.apply(e("session.opened", { sessionId: "s1", threadId: "th1", payload: { title: "A" } }));
    p.applyAll([e("session.updated", { payload: {} }), e("session.hydrated", { payload: {} })]);
    expect(p.getState().session).toMatchObject({ sessionId: "s1", threadId: "th1", title: "A" });
    p.apply(e("session.updated", { sessionId: "s2", threadId: "th2", payload: {} }));
    expect(p.getState().session).toMatchObject({ sessionId: "s2", threadId: "th2", title: "A" });
  });

  it("HYD-01 only session.closed closes the session", () => {
    const e = stream({ sessionId: "s1" });
    const p = createProjector();
    for (const type of ["session.opened", "session.updated", "session.hydrated"]) {
      p.apply(e(type, { payload: {} }));
      expect(p.getState().session.closed, type).toBe(false);
    }
    p.apply(e("session.closed", { payload: {} }));
    expect(p.getState().session.closed).toBe(true);
  });

  it.each(["session.opened", "session.hydrated", "session.closed"])(
    "FALL-01 %s carries no source health: stale and sourceStatus in it change nothing",
    (type) => {
      const e = stream({ sessionId: "s1" });
      const p = createProjector();
      p.applyAll([
        e("session.opened", { payload: {} }),
        e(type, { payload: { stale: true, sourceStatus: "stale" } }),
      ]);
      expect(p.getState().session.hydration.status).toBe(type === "session.hydrated" ? "hydrated" : "live");
      expect(p.getState().session).not.toHaveProperty("sourceStatus");
    },
  );

  it("HYD-08 a report without source health keeps the session stale and the last sourceStatus", () => {
    const e = stream({ sessionId: "s1" });
    const p = createProjector();
    p.applyAll([
      e("session.hydrated", { payload: {} }),
      e("session.updated", { payload: { stale: true, sourceStatus: "lagging" } }),
      e("session.updated", { payload: { title: "B" } }),
    ]);
    expect(p.getState().session).toMatchObject({
      title: "B",
      sourceStatus: "lagging",
      hydration: { status: "stale" },
    });
    p.apply(e("session.updated", { payload: { stale: false } }));
    expect(p.getState().session).toMatchObject({
      sourceStatus: "lagging",
      hydration: { status: "hydrated" },
    });
  });

  it("HYD-08 a session that was live before its source went stale is live again on recovery", () => {
    const events: AgentUiEvent[] = [
      { type: "session.opened", eventId: "1", payload: {} },
      { type: "session.updated", eventId: "2", payload: { sourceStatus: "stale" } },
      { type: "session.updated", eventId: "3", payload: { sourceStatus: "ok", stale: false } },
    ] as AgentUiEvent[];
    const p = createProjector();
    p.applyAll(events.slice(0, 2));
    expect(p.getState().session.hydration.status).toBe("stale");
    p.apply(events[2]);
    expect(p.getState().session).toMatchObject({ sourceStatus: "ok", hydration: { status: "live" } });
  });
});
