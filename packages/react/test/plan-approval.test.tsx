// @vitest-environment happy-dom
// Plan approval as a stateful object (HITL-11): a rejection carries the user's reason to the runtime, and
// the resolved card keeps the plan visible with the runtime's recorded reason.
import type { ActionRecord } from "@agent-ui/contracts";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ApprovalCard } from "../src/approval-card";
import { recordingDispatch } from "./helpers";

afterEach(cleanup);

const plan = (over: Partial<ActionRecord> = {}): ActionRecord => ({
  actionId: "plan-1",
  status: "pending",
  type: "plan_decision",
  title: "Approve the plan?",
  prompt: "1. Collect sources 2. Draft 3. Review",
  availableDecisions: ["approve", "reject"],
  toolCallId: "unknown",
  ...over,
});

describe("Plan approval", () => {
  it("HITL-11 AS-HITL-04 reject with a reason sends the reason; the plan stays visible with the runtime's reason", async () => {
    const rec = recordingDispatch();
    const { rerender } = render(<ApprovalCard action={plan()} dispatch={rec.dispatch} />);
    fireEvent.change(screen.getByLabelText("Reason if rejecting"), { target: { value: "skip step 3" } });
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(rec.calls).toEqual([
      {
        kind: "respond_action",
        actionId: "plan-1",
        decision: "reject",
        payload: { reason: "skip step 3" },
        agentId: undefined,
      },
    ]);
    await act(async () => rec.settle("accepted"));
    rerender(
      <ApprovalCard
        action={plan({ status: "resolved", decision: "rejected", response: { reason: "skip step 3" } })}
        dispatch={rec.dispatch}
      />,
    );
    expect(screen.getByText("1. Collect sources 2. Draft 3. Review")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(
      "Resolved by runtime: rejected — reason: skip step 3",
    );
  });

  it("HITL-11 a tool approval has no plan reason field; a plan rejected without a reason sends no payload", () => {
    const rec = recordingDispatch();
    render(<ApprovalCard action={plan({ type: "tool_approval" })} dispatch={rec.dispatch} />);
    expect(screen.queryByLabelText("Reason if rejecting")).toBeNull();
    cleanup();
    render(<ApprovalCard action={plan()} dispatch={rec.dispatch} />);
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(rec.calls[0]).toMatchObject({ decision: "reject", payload: undefined });
  });
});
