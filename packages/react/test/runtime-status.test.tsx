// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
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

describe("RuntimeStatus elapsed time", () => {
  afterEach(() => vi.useRealTimers());

  it("STAT-02 an active run shows its elapsed time, ticking from the runtime's start time", () => {
    vi.useFakeTimers({ now: Date.parse("2026-01-01T10:01:05Z") });
    const runtime = {
      ...emptyState().runtime,
      status: "streaming" as const,
      startedAt: "2026-01-01T10:00:00Z",
    };
    render(<RuntimeStatus runtime={runtime} />);
    const time = screen.getByTitle("Time since the run started");
    expect(time.textContent).toBe("1m 05s");
    expect(time.getAttribute("datetime")).toBe("PT65S");
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTitle("Time since the run started").textContent).toBe("1m 07s");
  });

  it("STAT-02 a settled run shows how long it took, from its own start and last status times", () => {
    vi.useFakeTimers({ now: Date.parse("2026-01-01T12:00:00Z") });
    const runtime = {
      ...emptyState().runtime,
      status: "completed" as const,
      startedAt: "2026-01-01T10:00:00Z",
      updatedAt: "2026-01-01T10:00:08.900Z",
    };
    render(<RuntimeStatus runtime={runtime} />);
    expect(screen.getByTitle("How long the run took").textContent).toBe("took 8s");
  });

  it("FALL-01 without a start time from the runtime no elapsed time is shown", () => {
    render(<RuntimeStatus runtime={{ ...emptyState().runtime, status: "streaming" as const }} />);
    expect(screen.queryByTitle("Time since the run started")).toBeNull();
    expect(document.querySelector("time")).toBeNull();
  });
});

describe("formatDuration", () => {
  it("STAT-02 reads seconds, minutes and hours the way people say them", async () => {
    const { formatDuration } = await import("../src/elapsed-time");
    expect([0, 59_999, 60_000, 3_599_000, 3_600_000, 7_380_000, -5].map(formatDuration)).toEqual([
      "0s",
      "59s",
      "1m 00s",
      "59m 59s",
      "1h 00m",
      "2h 03m",
      "0s",
    ]);
  });
});

describe("RuntimeStatus stale without activity", () => {
  afterEach(() => vi.useRealTimers());
  const silence = () => screen.queryByText(/no new events/);

  it("STAT-04 an active run silent past the threshold says so loudly; a new fact or a settled run clears it", () => {
    vi.useFakeTimers({ now: Date.parse("2026-01-01T10:00:00Z") });
    let last = Date.now();
    const streaming = { ...emptyState().runtime, status: "streaming" as const, attention: "low" as const };
    const { rerender } = render(<RuntimeStatus runtime={streaming} lastEventAt={() => last} />);
    act(() => vi.advanceTimersByTime(29_000));
    expect(silence()).toBeNull();
    act(() => vi.advanceTimersByTime(2_000));
    const badge = silence();
    expect(badge?.textContent).toBe("no new events for over: 30s");
    expect(badge?.className).toContain("aui-tone-alert");
    expect(badge?.closest("[data-attention]")?.getAttribute("data-attention")).toBe("stale_without_activity");
    // Re-stated in steps of the threshold, not every second.
    act(() => vi.advanceTimersByTime(20_000));
    expect(silence()?.textContent).toBe("no new events for over: 30s");
    act(() => vi.advanceTimersByTime(10_000));
    expect(silence()?.textContent).toBe("no new events for over: 1m 00s");
    last = Date.now();
    act(() => vi.advanceTimersByTime(1_000));
    expect(silence()).toBeNull();
    act(() => vi.advanceTimersByTime(40_000));
    expect(silence()).not.toBeNull();
    rerender(<RuntimeStatus runtime={{ ...streaming, status: "completed" }} lastEventAt={() => last} />);
    expect(silence()).toBeNull();
  });

  it("STAT-04 the threshold is the host's; no receipt time yet shows nothing", () => {
    vi.useFakeTimers({ now: Date.parse("2026-01-01T10:00:00Z") });
    const last = Date.now();
    const running = { ...emptyState().runtime, status: "tool_running" as const };
    const { rerender } = render(
      <RuntimeStatus runtime={running} lastEventAt={() => last} staleAfterMs={5_000} />,
    );
    act(() => vi.advanceTimersByTime(6_000));
    expect(silence()?.textContent).toBe("no new events for over: 5s");
    rerender(<RuntimeStatus runtime={running} lastEventAt={() => undefined} staleAfterMs={5_000} />);
    act(() => vi.advanceTimersByTime(1_000));
    expect(silence()).toBeNull();
  });
});
