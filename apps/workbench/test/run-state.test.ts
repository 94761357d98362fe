// Session list and tab badges read the run's projected state, not the source's health.
import type { SessionInfo } from "@agent-ui/client";
import { describe, expect, it } from "vitest";
import { runState } from "../src/run-state";

const session = (status: string, run?: SessionInfo["run"]): SessionInfo => ({
  id: "s1",
  sourceKind: "demo",
  config: {},
  status,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  lastSeq: 3,
  ...(run ? { run } : {}),
});

describe("runState", () => {
  it("STAT-01 a live source whose run waits on the user reads 'needs decision', not 'live'", () => {
    expect(
      runState(session("live", { status: "action_required", attention: "high", pendingActions: 1 })),
    ).toMatchObject({
      label: "needs decision",
      needsDecision: true,
    });
  });

  it("STAT-01 completed, blocked and failed runs say so whatever the source's health", () => {
    expect(
      runState(session("live", { status: "completed", attention: "low", pendingActions: 0 })).label,
    ).toBe("completed");
    expect(runState(session("live", { status: "blocked", attention: "high", pendingActions: 0 })).label).toBe(
      "blocked",
    );
    expect(
      runState(session("completed", { status: "failed", attention: "high", pendingActions: 0 })).label,
    ).toBe("failed");
    expect(
      runState(session("live", { status: "streaming", attention: "low", pendingActions: 0 })).label,
    ).toBe("running");
  });

  it("FALL-01 without a projected run, the source's word is shown as the source's", () => {
    expect(runState(session("live")).label).toBe("source live");
    expect(runState(session("failed")).label).toBe("failed");
  });
});
