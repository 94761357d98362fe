// A resolution that arrives without its decision (a stream saying only "the run resumed past the call")
// takes the decision a later restatement states; a stated decision is never overwritten (HITL-04/05).
import type { AgentUiEvent } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { projectEvents, selectActionAudit } from "../src";

const required: AgentUiEvent = {
  eventId: "req",
  type: "action.required",
  actionId: "a1",
  toolCallId: "c1",
  payload: { actionType: "tool_approval", toolName: "delete_file" },
};
const resolvedBlind: AgentUiEvent = {
  eventId: "resolved:stream",
  type: "action.resolved",
  actionId: "a1",
  payload: { outcome: "resolved", reason: "run resumed past the call" },
};
const stated = (decision: string, id = `resolved:${decision}`): AgentUiEvent => ({
  eventId: id,
  type: "action.resolved",
  actionId: "a1",
  payload: { outcome: "resolved", decision, reason: "decision recorded in the run state" },
});
const actionPart = (state: ReturnType<typeof projectEvents>) =>
  state.messages.flatMap((m) => m.parts).find((p) => p.kind === "action_required");

describe("action decisions stated after the resolution (HITL-04/05)", () => {
  it("HITL-04 a decision-less resolution first, then the decision: the one resolution carries the decision", () => {
    const state = projectEvents([required, resolvedBlind, stated("approve")]);
    expect(state.actions.a1).toMatchObject({
      status: "resolved",
      decision: "approve",
      auditSummary: "approve: decision recorded in the run state",
      resolvedBy: { eventId: "resolved:stream" },
    });
    expect(actionPart(state)?.data).toEqual({ status: "resolved", decision: "approve" });
    expect(state.diagnostics.map((d) => d.code)).toEqual([]);
  });

  it("HITL-04 ORD-02 a copy of the same fact (same id) that states the decision is merged, not dropped; other copies stay dropped", () => {
    const sameFact = { ...stated("approve"), eventId: resolvedBlind.eventId };
    const state = projectEvents([required, resolvedBlind, sameFact, { ...sameFact }]);
    expect(state.actions.a1).toMatchObject({
      decision: "approve",
      resolvedBy: { eventId: "resolved:stream" },
    });
    expect(state.cursor.eventCount).toBe(2);
    expect(state.diagnostics).toEqual([]);
  });

  it("HITL-03 ARCH-01 a client's own copy stating a decision is not the runtime's decision", () => {
    const clientCopy: AgentUiEvent = {
      ...stated("approve"),
      eventId: "resolved:stream",
      owner: "ui_projection",
    };
    const state = projectEvents([required, resolvedBlind, clientCopy]);
    expect(state.actions.a1.decision).toBeUndefined();
    expect(state.diagnostics.map((d) => d.code)).toEqual(["ui_owned_fact_ignored"]);
  });

  it("HITL-04 a rejection and an answer are merged the same way (never read as approve)", () => {
    expect(projectEvents([required, resolvedBlind, stated("reject")]).actions.a1.decision).toBe("reject");
    const answer = {
      ...stated("answer"),
      payload: { outcome: "resolved", decision: "answer", response: { choice: "b" } },
    };
    const state = projectEvents([required, resolvedBlind, answer]);
    expect(state.actions.a1).toMatchObject({ decision: "answer", response: { choice: "b" } });
  });

  it("HITL-05 a stated decision is never overwritten by a different one: kept, and the contradiction reported", () => {
    const state = projectEvents([required, stated("approve"), stated("reject")]);
    expect(state.actions.a1.decision).toBe("approve");
    const warning = state.diagnostics.find((d) => d.severity === "warning");
    expect(warning).toMatchObject({ code: "duplicate_event", path: "/payload/decision" });
    expect(warning?.message).toContain("kept approve");
  });

  it("HITL-05 a cancelled action does not take an approval stated later", () => {
    const cancelled: AgentUiEvent = { eventId: "x", type: "action.cancelled", actionId: "a1" };
    const state = projectEvents([required, cancelled, stated("approve")]);
    expect(state.actions.a1.status).toBe("cancelled");
    expect(state.actions.a1.decision).toBeUndefined();
    expect(state.diagnostics.some((d) => d.severity === "warning" && d.code === "duplicate_event")).toBe(
      true,
    );
  });

  it("HITL-05 the same decision restated, or a decision-less restatement after it, is an info duplicate", () => {
    const state = projectEvents([required, stated("approve"), stated("approve", "again"), resolvedBlind]);
    expect(state.actions.a1).toMatchObject({
      decision: "approve",
      resolvedBy: { eventId: "resolved:approve" },
    });
    expect(state.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ["duplicate_event", "info"],
      ["duplicate_event", "info"],
    ]);
  });

  it("HITL-04 the audit lane shows the merged decision", () => {
    const state = projectEvents([required, resolvedBlind, stated("reject")]);
    expect(JSON.stringify(selectActionAudit(state))).toContain("reject");
  });

  it("HITL-04 HITL-05 any order of decision-less resolutions and one stated decision ends with that decision (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("approve", "reject", "answer"),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(),
        (decision, blind, at) => {
          const resolutions: AgentUiEvent[] = Array.from({ length: blind }, (_, i) => ({
            ...resolvedBlind,
            eventId: `b${i}`,
          }));
          resolutions.splice(at % (blind + 1), 0, stated(decision));
          const state = projectEvents([required, ...resolutions]);
          expect(state.actions.a1).toMatchObject({ status: "resolved", decision });
          expect(state.diagnostics.every((d) => d.severity === "info")).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});
