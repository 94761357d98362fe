// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ContextChips } from "../src/context-chips";
import { DiagnosticsDrawer } from "../src/diagnostics-drawer";
import { PermissionStatus } from "../src/permission-status";
import { emptyState } from "./fixtures/empty";
import { teamRunning } from "./fixtures/team";

afterEach(cleanup);

describe("ContextChips", () => {
  it("CTX-01/02 shows refs, budget, missing context as blocked and the compaction boundary", () => {
    const { container } = render(<ContextChips context={teamRunning().context} />);
    expect(screen.getByText("sales.csv")).toBeTruthy();
    expect(screen.getByText("60%")).toBeTruthy();
    expect(screen.getByText("blocked")).toBeTruthy();
    expect(container.querySelector("[data-boundary='compaction']")?.textContent).toContain(
      "9000 → 2000 tokens",
    );
  });

  it("CTX-03 many compactions are one collapsed summary line, not a line each", () => {
    const base = teamRunning().context;
    const compactions = Array.from({ length: 12 }, (_, i) => ({
      id: `c${i}`,
      status: "completed" as const,
      tokensBefore: 9000 + i,
      tokensAfter: 2000,
    }));
    const { container } = render(<ContextChips context={{ ...base, compactions }} />);
    const boundaries = container.querySelectorAll("[data-boundary='compaction']");
    expect(boundaries).toHaveLength(1);
    expect(boundaries[0].querySelector("summary")?.textContent).toBe(
      "12 context compactions · last completed · 9011 → 2000 tokens",
    );
    expect((boundaries[0] as HTMLDetailsElement).open).toBe(false);
  });

  it("FALL-01 an unreported budget reads unavailable", () => {
    render(<ContextChips context={emptyState().context} />);
    expect(screen.getByText("context budget: unavailable")).toBeTruthy();
  });
});

describe("PermissionStatus", () => {
  it("PERM-01/FALL-01 unknown mode and unavailable sandbox are named, not defaulted", () => {
    render(<PermissionStatus permissions={emptyState().permissions} />);
    expect(screen.getByText("mode: unknown")).toBeTruthy();
    expect(screen.getByText("sandbox: unavailable")).toBeTruthy();
  });

  it("PERM-02 shows mode, sandbox, risk and violations from permission facts", () => {
    const p = { ...teamRunning().permissions, violations: [{ id: "v1", reason: "network egress" }] };
    render(<PermissionStatus permissions={p} />);
    expect(screen.getByText("mode: ask")).toBeTruthy();
    expect(screen.getByText("sandbox: network=off")).toBeTruthy();
    expect(screen.getByText("risk: high")).toBeTruthy();
    expect(screen.getByText("violation: network egress")).toBeTruthy();
  });

  it("PROF-02 a permission summary that does not apply reads 'not applicable', with no sandbox gap", () => {
    const p = { ...emptyState().permissions, mode: "not_applicable" };
    render(<PermissionStatus permissions={p} />);
    expect(screen.getByText("permissions: not applicable")).toBeTruthy();
    expect(screen.queryByText(/sandbox/)).toBeNull();
  });
});

describe("DiagnosticsDrawer", () => {
  it("DIAG-01 diagnostics are closed by default but inspectable, with code and event ref", () => {
    const { container } = render(<DiagnosticsDrawer diagnostics={teamRunning().diagnostics} />);
    const details = container.querySelector("details") as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(screen.getByText("Diagnostics (1)")).toBeTruthy();
    expect(screen.getByText("unknown_event_class")).toBeTruthy();
    expect(screen.getByText("at #12")).toBeTruthy();
  });
});
