// @vitest-environment happy-dom
import type { ActionRecord, ToolRecord } from "@agent-ui/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ApprovalCard } from "../src/approval-card";
import { reasonText } from "../src/reason-text";
import { RuntimeStatus } from "../src/runtime-status";
import { ToolRow } from "../src/tool-row";
import { emptyState } from "./fixtures/empty";
import { acceptingDispatch } from "./helpers";

afterEach(cleanup);

const gated: ToolRecord = {
  toolCallId: "tc-9",
  name: "deploy",
  status: "approval-requested",
  progress: { message: "Waiting for approval" },
  attempts: [],
  artifactIds: [],
  evidenceIds: [],
};

describe("states that are true", () => {
  it("STAT-05 a finished, failed or cancelled tool keeps no spinner and no 'Waiting for approval'", () => {
    for (const status of ["output-available", "output-error", "cancelled"] as const) {
      const { container } = render(<ToolRow tool={{ ...gated, status }} />);
      expect(container.querySelector(".aui-spinner")).toBeNull();
      expect(screen.queryByText("Waiting for approval")).toBeNull();
      cleanup();
    }
    // While the decision is open the line is true, but nothing runs: no spinner either.
    const { container } = render(<ToolRow tool={gated} />);
    expect(screen.getByText("Waiting for approval")).toBeTruthy();
    expect(container.querySelector(".aui-spinner")).toBeNull();
    cleanup();
    const running = render(<ToolRow tool={{ ...gated, status: "running", progress: undefined }} />);
    expect(running.container.querySelector(".aui-spinner")).toBeTruthy();
  });

  it("STAT-05 the status row never reads 'Needs your decision · waiting for model'", () => {
    const runtime = {
      ...emptyState().runtime,
      status: "action_required" as const,
      attention: "high" as const,
      label: "waiting for model",
    };
    render(<RuntimeStatus runtime={runtime} />);
    const row = screen.getByRole("status");
    expect(row.textContent).toContain("Needs your decision");
    expect(row.textContent).not.toContain("waiting for model");
  });

  it("reason codes read as words from one table; free text is kept", () => {
    const runtime = { ...emptyState().runtime, status: "interrupted" as const, reason: "user_interrupt" };
    render(<RuntimeStatus runtime={runtime} />);
    expect(screen.getByText("Interrupted by you").getAttribute("title")).toBe("user_interrupt");
    expect(reasonText("quota_exceeded")).toBe("Quota exceeded");
    expect(reasonText("some_new_code")).toBe("Some new code");
    expect(reasonText("The disk is full.")).toBe("The disk is full.");
    expect(reasonText("")).toBeUndefined();
  });

  it("HITL 'requested by: unknown' is hidden on a single-agent approval, kept in a team", () => {
    const action: ActionRecord = {
      actionId: "a1",
      type: "tool_approval",
      status: "pending",
      toolName: "deploy",
    } as ActionRecord;
    const { dispatch } = acceptingDispatch();
    render(<ApprovalCard action={action} dispatch={dispatch} agents={{}} />);
    expect(screen.queryByText("requested by")).toBeNull();
    cleanup();
    const agents = {
      lead: { agentId: "lead", name: "Lead" },
      coder: { agentId: "coder", name: "Coder" },
    } as never;
    render(<ApprovalCard action={action} dispatch={dispatch} agents={agents} />);
    expect(screen.getByText("requested by").nextElementSibling?.textContent).toBe("unknown");
  });
});
