// PERM-01..05: every field a permission fact carries, and what happens when it is missing. Each test names the
// projected state a user sees (decisions, violations, the tool row, the timeline), not internal calls.
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

describe("permission facts", () => {
  it("PERM-03 a decision keeps its source, reason, expiry and the fact it came from", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("permission.changed", {
        payload: {
          decision: { id: "d1", decision: "allow", source: "user", reason: "once", expiresAt: "2026-01-01" },
        },
      }),
    ]);
    expect(state.permissions.decisions).toStrictEqual([
      {
        id: "d1",
        decision: "allow",
        source: "user",
        reason: "once",
        expiresAt: "2026-01-01",
        fact: { eventId: "s1-1", sequence: 1, type: "permission.changed" },
      },
    ]);
    expect(state.permissions.source).toMatchObject({ eventId: "s1-1", type: "permission.changed" });
  });

  it("PERM-03 a decision without an id takes the event's id; without either, its position", () => {
    const e = stream();
    const state = projectEvents([
      e("permission.changed", { payload: { decision: { decision: "deny" } } }),
      e("permission.changed", { eventId: undefined, payload: { decision: { decision: "allow" } } }),
    ]);
    expect(state.permissions.decisions.map((d) => [d.id, d.decision])).toStrictEqual([
      ["s1-1", "deny"],
      ["decision:1", "allow"],
    ]);
  });

  it("PERM-03 a decision restated with the same id replaces the earlier one, never duplicates it", () => {
    const e = stream();
    const state = projectEvents([
      e("permission.changed", { payload: { decision: { id: "d1", decision: "ask", reason: "first" } } }),
      e("permission.changed", { payload: { decision: { id: "d1", decision: "allow" } } }),
    ]);
    expect(state.permissions.decisions).toHaveLength(1);
    expect(state.permissions.decisions[0]).toMatchObject({ id: "d1", decision: "allow" });
    expect(state.permissions.decisions[0]).not.toHaveProperty("reason");
  });

  it("PERM-03 a decision without a decision word, or non-string fields, is not a decision", () => {
    const e = stream();
    const state = projectEvents([
      e("permission.changed", { payload: { decision: { id: "d1", allow: true } } }),
      e("permission.changed", {
        payload: { decision: { id: "d2", decision: "allow", reason: 3, source: {} } },
      }),
    ]);
    expect(state.permissions.decisions).toStrictEqual([
      expect.objectContaining({ id: "d2", decision: "allow" }),
    ]);
    expect(Object.keys(state.permissions.decisions[0] ?? {}).sort()).toStrictEqual([
      "decision",
      "fact",
      "id",
    ]);
    expect(state.timeline.map((t) => t.id)).toStrictEqual(["permission:d2"]);
  });

  it("PERM-03 the timeline shows the decision with its action and tool, in its turn", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("permission.changed", {
        actionId: "a1",
        toolCallId: "c1",
        payload: { decision: { id: "d1", decision: "deny" } },
      }),
      e("permission.changed", { payload: { decision: { id: "d2", decision: "allow" } } }),
    ]);
    const entries = state.timeline.filter((t) => t.kind === "permission");
    expect(entries).toMatchObject([
      {
        id: "permission:d1",
        title: "Permission deny",
        status: "deny",
        refs: { actionId: "a1", toolCallId: "c1" },
      },
      { id: "permission:d2", title: "Permission allow", status: "allow", refs: {} },
    ]);
    expect(entries[1]?.refs).toStrictEqual({});
  });

  it("PERM-04 a violation without a reason or id still marks the tool row and the timeline", () => {
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const state = projectEvents([
      e("tool.started", { payload: { name: "sh" } }),
      e("permission.changed", { payload: { violation: {} } }),
      e("permission.changed", { eventId: undefined, payload: { violation: { reason: 7 } } }),
    ]);
    expect(state.tools.c1?.sandboxViolation).toBe("violation");
    expect(state.permissions.violations).toStrictEqual([
      { id: "s1-2", toolCallId: "c1", source: expect.objectContaining({ eventId: "s1-2" }) },
      { id: "violation:1", toolCallId: "c1", source: expect.objectContaining({ sequence: 3 }) },
    ]);
    expect(state.timeline.find((t) => t.id === "permission:s1-2")).toMatchObject({
      kind: "permission",
      title: "Sandbox violation",
      status: "violation",
      refs: { toolCallId: "c1" },
    });
  });

  it("PERM-04 a violation outside any tool annotates no tool and carries no tool ref", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "sh" } }),
      e("permission.changed", { payload: { violation: { id: "v1", reason: "network denied" } } }),
    ]);
    expect(state.tools.c1).not.toHaveProperty("sandboxViolation");
    expect(state.permissions.violations).toStrictEqual([
      { id: "v1", reason: "network denied", source: expect.objectContaining({ eventId: "s1-2" }) },
    ]);
    expect(state.timeline.find((t) => t.id === "permission:v1")?.refs).toStrictEqual({});
  });

  it("PERM-05 a hook needs a status and a tool; its decision and reason are kept only as text", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { toolCallId: "c1", payload: { name: "sh" } }),
      e("tool.started", { toolCallId: "c2", payload: { name: "sh" } }),
      e("permission.changed", { payload: { hook: { status: "completed" } } }),
      e("permission.changed", { toolCallId: "c1", payload: { hook: { decision: "block" } } }),
      e("permission.changed", {
        toolCallId: "c2",
        payload: { hook: { status: "done", decision: 1, reason: {} } },
      }),
      e("permission.changed", {
        toolCallId: "c1",
        payload: { hook: { status: "completed", decision: "block", reason: "policy" } },
      }),
    ]);
    expect(state.tools.c1?.hook).toStrictEqual({ status: "completed", decision: "block", reason: "policy" });
    expect(state.tools.c2?.hook).toStrictEqual({ status: "done" });
  });

  it("PERM-02 a later fact without sandbox or risk keeps the ones already reported", () => {
    const e = stream();
    const state = projectEvents([
      e("permission.changed", {
        payload: { mode: "on_request", sandbox: { mode: "read_only" }, riskLevel: "low" },
      }),
      e("permission.changed", { payload: { mode: "never", sandbox: "full", riskLevel: 2 } }),
    ]);
    expect(state.permissions).toMatchObject({
      mode: "never",
      sandbox: { mode: "read_only" },
      riskLevel: "low",
    });
  });

  it("PERM-05 a hook fact without a status leaves the tool row without a hook", () => {
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const state = projectEvents([
      e("tool.started", { payload: { name: "sh" } }),
      e("permission.changed", { payload: { hook: { decision: "block", reason: "policy" } } }),
      e("permission.changed", { payload: { hook: "completed" } }),
    ]);
    expect(state.tools.c1).not.toHaveProperty("hook");
  });
});
