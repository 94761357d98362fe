import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

describe("message time", () => {
  it("a message's createdAt is its first event's timestamp; later deltas and the final never move it", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Hel" }, timestamp: "2026-01-02T10:00:00.000Z" }),
      e("text.delta", { payload: { delta: "lo" }, timestamp: "2026-01-02T10:00:05.000Z" }),
      e("text.final", { payload: { text: "Hello" }, timestamp: "2026-01-02T10:00:09.000Z" }),
    ]);
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0].createdAt).toBe("2026-01-02T10:00:00.000Z");
  });

  it("a message whose first event has no timestamp takes the first one that does", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "a" } }),
      e("text.delta", { payload: { delta: "b" }, timestamp: "2026-01-02T10:00:03.000Z" }),
      e("text.delta", { payload: { delta: "c" }, timestamp: "2026-01-02T10:00:04.000Z" }),
    ]);
    expect(state.messages[0].createdAt).toBe("2026-01-02T10:00:03.000Z");
  });

  it("the user's input is dated by its run.started; a stream without timestamps has no createdAt", () => {
    const e = stream({ turnId: "t1", runId: "r1" });
    const dated = projectEvents([
      e("run.started", { payload: { input: "Hi" }, timestamp: "2026-01-02T09:59:58.000Z" }),
      e("text.delta", {
        messageId: "m1",
        payload: { delta: "Hello" },
        timestamp: "2026-01-02T10:00:00.000Z",
      }),
    ]);
    expect(dated.messages.map((m) => [m.role, m.createdAt])).toEqual([
      ["user", "2026-01-02T09:59:58.000Z"],
      ["assistant", "2026-01-02T10:00:00.000Z"],
    ]);
    const f = stream({ turnId: "t1", messageId: "m1" });
    const undated = projectEvents([f("text.delta", { payload: { delta: "x" } })]);
    expect("createdAt" in undated.messages[0]).toBe(false);
  });

  it("HYD-09 a client hydrated from a stored projection keeps each message's createdAt", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const live = createProjector();
    live.applyAll([
      e("run.started", { timestamp: "2026-01-01T10:00:00.000Z", payload: { input: "hi" } }),
      e("text.delta", { timestamp: "2026-01-01T10:00:01.000Z", payload: { delta: "hello" } }),
    ]);
    const hydrated = createProjector();
    hydrated.hydrate({ kind: "projection", state: live.getState() });
    expect(hydrated.getState().messages.map((m) => m.createdAt)).toEqual(
      live.getState().messages.map((m) => m.createdAt),
    );
    expect(hydrated.getState().messages.every((m) => typeof m.createdAt === "string")).toBe(true);
  });
});
