// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ApprovalCard } from "../src/approval-card";
import { teamApproved, teamRunning } from "./fixtures/team";
import { recordingDispatch } from "./helpers";

afterEach(cleanup);

describe("ApprovalCard", () => {
  it("HITL-02/03 AS-HITL-02/03 approve sends respond_action once, stays pending until action.resolved, then is a summary", async () => {
    const state = teamRunning();
    const rec = recordingDispatch();
    const { rerender } = render(
      <ApprovalCard action={state.actions["act-1"]} dispatch={rec.dispatch} agents={state.agents} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(rec.calls).toEqual([
      {
        kind: "respond_action",
        actionId: "act-1",
        decision: "approve",
        payload: undefined,
        agentId: "writer",
      },
    ]);
    expect(screen.getByText(/waiting for runtime/i)).toBeTruthy();
    await act(async () => rec.settle("accepted"));
    // Accepted is not resolved: the card still waits for the runtime's fact.
    expect(screen.getByText(/waiting for runtime/i)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Approve" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(/Resolved by runtime/)).toBeNull();
    const resolved = teamApproved();
    rerender(
      <ApprovalCard action={resolved.actions["act-1"]} dispatch={rec.dispatch} agents={resolved.agents} />,
    );
    expect(screen.getByText(/Resolved by runtime: approve/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    expect(rec.calls).toHaveLength(1);
  });

  it("HITL-05 a second click while responding is harmless: one write", async () => {
    const rec = recordingDispatch();
    render(<ApprovalCard action={teamRunning().actions["act-1"]} dispatch={rec.dispatch} />);
    const approve = screen.getByRole("button", { name: "Approve" });
    fireEvent.click(approve);
    fireEvent.click(approve);
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    await act(async () => rec.settle());
    expect(rec.calls).toHaveLength(1);
  });

  it("HITL-04 reject sends a rejection and never shows the tool as run", async () => {
    const rec = recordingDispatch();
    render(<ApprovalCard action={teamRunning().actions["act-1"]} dispatch={rec.dispatch} />);
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    await act(async () => rec.settle());
    expect(rec.calls[0]).toMatchObject({ kind: "respond_action", decision: "reject" });
    expect(screen.getByText(/Sent “reject” — waiting for runtime/)).toBeTruthy();
    expect(screen.queryByText(/Resolved/)).toBeNull();
  });

  it("HITL-03 a refused write re-enables the decision with the reason", async () => {
    const rec = recordingDispatch();
    render(<ApprovalCard action={teamRunning().actions["act-1"]} dispatch={rec.dispatch} />);
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    await act(async () => rec.settle("rejected", "expired on server"));
    expect(screen.getByRole("alert").textContent).toContain("expired on server");
    expect((screen.getByRole("button", { name: "Approve" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("HITL-09 names the requesting teammate; HITL-06 an unknown tool stays unknown", () => {
    const action = { ...teamRunning().actions["act-1"], toolCallId: "unknown" as const, toolName: undefined };
    render(<ApprovalCard action={action} dispatch={recordingDispatch().dispatch} />);
    expect(screen.getByText("Writer")).toBeTruthy();
    expect(screen.getByText("unknown")).toBeTruthy();
  });

  it("HITL-09 a request naming only the subagent id resolves the teammate's name and routes back to it", () => {
    const s = teamRunning();
    const rec = recordingDispatch();
    const action = { ...s.actions["act-1"], requestedBy: { subagentId: "writer" } };
    render(<ApprovalCard action={action} dispatch={rec.dispatch} agents={s.agents} />);
    expect(screen.getByText("Writer")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(rec.calls[0]).toMatchObject({ agentId: "writer" });
  });

  it("HITL-07 answers with a structured form generated from the schema", async () => {
    const rec = recordingDispatch();
    const action = {
      ...teamRunning().actions["act-1"],
      type: "structured_input" as const,
      availableDecisions: ["answer"],
      schema: {
        type: "object",
        required: ["region"],
        properties: {
          region: { type: "string", enum: ["EU", "US"] },
          budget: { type: "number", title: "Budget" },
          urgent: { type: "boolean" },
        },
      },
    };
    render(<ApprovalCard action={action} dispatch={rec.dispatch} />);
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Answer" }));
    expect(rec.calls).toHaveLength(0);
    expect(screen.getByLabelText(/region/).getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(screen.getByLabelText(/region/), { target: { value: "EU" } });
    fireEvent.change(screen.getByLabelText(/Budget/), { target: { value: "42" } });
    fireEvent.click(screen.getByLabelText(/urgent/));
    fireEvent.click(screen.getByRole("button", { name: "Answer" }));
    expect(rec.calls[0]).toMatchObject({
      decision: "answer",
      payload: { region: "EU", budget: 42, urgent: true },
    });
  });

  it("SEC-01 HITL-07 a credential is typed into a masked field and sent only in the answer", () => {
    const rec = recordingDispatch();
    const action = {
      ...teamRunning().actions["act-1"],
      type: "credential_request" as const,
      schema: {
        type: "object",
        required: ["token"],
        properties: {
          token: { type: "string", title: "API token" },
          region: { type: "string", enum: ["EU", "US"] },
        },
      },
    };
    render(<ApprovalCard action={action} dispatch={rec.dispatch} />);
    const token = screen.getByLabelText(/API token/) as HTMLInputElement;
    expect(token.type).toBe("password");
    expect(token.autocomplete).toBe("off");
    // A choice among fixed options stays a choice.
    expect(screen.getByLabelText(/region/).tagName).toBe("SELECT");
    fireEvent.change(token, { target: { value: "hunter2" } });
    fireEvent.click(screen.getByRole("button", { name: "Answer" }));
    expect(rec.calls[0]).toMatchObject({ decision: "answer", payload: { token: "hunter2" } });
    expect(document.body.textContent).not.toContain("hunter2");
  });

  it("SEC-01 a field marked writeOnly or format password is masked in any request", () => {
    const action = {
      ...teamRunning().actions["act-1"],
      type: "structured_input" as const,
      schema: {
        type: "object",
        properties: {
          user: { type: "string" },
          pin: { type: "string", writeOnly: true },
          passphrase: { type: "string", format: "password" },
        },
      },
    };
    render(<ApprovalCard action={action} dispatch={recordingDispatch().dispatch} />);
    const type = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).type;
    expect([type(/user/), type(/pin/), type(/passphrase/)]).toEqual(["text", "password", "password"]);
  });

  it("AS-HITL-01 a high-risk request shows its risk, what it will do, its tool and scope beside Approve and Reject", () => {
    const action = { ...teamRunning().actions["act-1"], scope: { path: "report.md", overwrite: true } };
    render(<ApprovalCard action={action} dispatch={recordingDispatch().dispatch} />);
    const card = screen.getByRole("region", { name: "Action Allow write_file?" });
    expect(within(card).getByText("risk: high").className).toContain("aui-tone-alert");
    expect(within(card).getByText("The writer wants to write report.md")).toBeTruthy();
    const facts = within(card).getByText("scope").closest("dl") as HTMLElement;
    expect(facts.textContent).toContain("toolwrite_file");
    expect(facts.textContent).toContain('scope{"path":"report.md","overwrite":true}');
    expect(within(card).getByRole("button", { name: "Approve" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Reject" })).toBeTruthy();
  });

  it("HITL-15 approval controls are keyboard reachable buttons; expired requests cannot be answered", () => {
    const { rerender } = render(
      <ApprovalCard action={teamRunning().actions["act-1"]} dispatch={recordingDispatch().dispatch} />,
    );
    const approve = screen.getByRole("button", { name: "Approve" });
    approve.focus();
    expect(document.activeElement).toBe(approve);
    expect(screen.getByText("risk: high")).toBeTruthy();
    rerender(
      <ApprovalCard
        action={{ ...teamRunning().actions["act-1"], status: "expired" }}
        dispatch={recordingDispatch().dispatch}
      />,
    );
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    expect(screen.getByText(/expired; it can no longer be answered/)).toBeTruthy();
  });
});
