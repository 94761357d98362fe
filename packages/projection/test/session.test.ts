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
