// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RuntimeStatus } from "../src/runtime-status";
import { emptyState } from "./fixtures/empty";
import { teamRunning } from "./fixtures/team";

afterEach(cleanup);

describe("RuntimeStatus", () => {
  it("STAT-01/02 shows a credible status before any answer text, as a status row", () => {
    const state = emptyState();
    state.runtime = { ...state.runtime, status: "submitted", label: "Input accepted" };
    render(<RuntimeStatus runtime={state.runtime} />);
    const row = screen.getByRole("status");
    expect(row.textContent).toContain("Submitted");
    expect(row.textContent).toContain("Input accepted");
  });

  it("STAT-04 only attention states are loud; routing stays calm", () => {
    const state = teamRunning();
    const { rerender } = render(<RuntimeStatus runtime={state.runtime} />);
    expect(screen.getByLabelText("Runtime status").getAttribute("data-attention")).toBe("high");
    rerender(
      <RuntimeStatus runtime={{ ...state.runtime, status: "routing", attention: "low", label: undefined }} />,
    );
    expect(screen.getByLabelText("Runtime status").getAttribute("data-attention")).toBe("low");
    expect(screen.getByRole("status").textContent).toContain("Routing");
  });

  it("FALL-01 a model the runtime did not report renders as 'model: unavailable'", () => {
    render(<RuntimeStatus runtime={emptyState().runtime} />);
    const badge = screen.getByText("model: unavailable");
    expect(badge.className).toContain("aui-tone-honest");
    expect(screen.getByText("limits: unknown")).toBeTruthy();
  });

  it("TASK-08/FALL-01 a reported 'blocked' is an alert, only unknown/unavailable use the honest style", () => {
    const runtime = {
      ...emptyState().runtime,
      status: "blocked" as const,
      limits: { status: "blocked" as const, reason: "quota" },
    };
    render(<RuntimeStatus runtime={runtime} />);
    expect(screen.getByText("limits: blocked").className).toContain("aui-tone-alert");
    expect(screen.getByText("model: unavailable").className).toContain("aui-tone-honest");
  });

  it("STAT-07 a settled run does not keep showing an earlier stage label", () => {
    const runtime = { ...emptyState().runtime, status: "completed" as const, label: "waiting for model" };
    render(<RuntimeStatus runtime={runtime} />);
    expect(screen.getByRole("status").textContent).toContain("Completed");
    expect(screen.queryByText("waiting for model")).toBeNull();
  });

  it("HYD-10 a stale cursor is visible, and failures show the runtime's reason", () => {
    const runtime = {
      ...emptyState().runtime,
      status: "failed" as const,
      attention: "high" as const,
      failure: { message: "provider timeout" },
    };
    render(
      <RuntimeStatus runtime={runtime} cursor={{ stale: true, gaps: [{ streamId: "s", from: 3, to: 4 }] }} />,
    );
    expect(screen.getByText("stale")).toBeTruthy();
    expect(screen.getByText("provider timeout")).toBeTruthy();
  });

  it("HYD-10/HYD-12 a repairing session says so; a degraded one names what it could not restore", () => {
    const { runtime } = emptyState();
    const { rerender } = render(<RuntimeStatus runtime={runtime} hydration={{ status: "live" }} />);
    expect(screen.getByRole("status").textContent).not.toMatch(/repairing|degraded/);
    rerender(<RuntimeStatus runtime={runtime} hydration={{ status: "repairing" }} />);
    expect(screen.getByRole("status").textContent).toContain("repairing");
    rerender(
      <RuntimeStatus
        runtime={runtime}
        hydration={{ status: "degraded", degradedSections: ["subagents", "stream:s1"] }}
      />,
    );
    expect(screen.getByRole("status").textContent).toContain("subagents, stream:s1");
    rerender(<RuntimeStatus runtime={runtime} hydration={{ status: "degraded" }} />);
    expect(screen.getByRole("status").textContent).toContain("unknown sections");
  });

  it("STAT-06 interrupt is offered only while a turn is active", () => {
    const onInterrupt = vi.fn();
    const runtime = { ...emptyState().runtime, status: "streaming" as const };
    const { rerender } = render(<RuntimeStatus runtime={runtime} onInterrupt={onInterrupt} />);
    fireEvent.click(screen.getByRole("button", { name: "Interrupt" }));
    expect(onInterrupt).toHaveBeenCalledTimes(1);
    rerender(<RuntimeStatus runtime={{ ...runtime, status: "completed" }} onInterrupt={onInterrupt} />);
    expect(screen.queryByRole("button", { name: "Interrupt" })).toBeNull();
  });
});
