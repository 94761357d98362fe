import { describe, expect, it } from "vitest";
import { validateEvent, validateProjectionState } from "../src/index";
import { fullProjectionState } from "./projection-fixture";

describe("schema errors as diagnostics", () => {
  it("ENV-01 an undeclared field of a closed object is named in the message", () => {
    expect(validateEvent({ type: "run.started", source: { format: "agui", bogus: 1 } })).toEqual([
      {
        code: "schema_mismatch",
        severity: "error",
        message: "agent-ui event: /source must NOT have additional properties ('bogus')",
        path: "/source",
        eventRef: { type: "run.started" },
      },
    ]);
  });

  it("a status outside a short enum lists the allowed values; a long enum gives their count", () => {
    const badStatus = {
      ...fullProjectionState,
      runtime: { ...fullProjectionState.runtime, status: "thinking" },
    };
    expect(validateProjectionState(badStatus).map((d) => d.message)).toEqual([
      "projection state: /runtime/status must be equal to one of the allowed values (18 allowed values)",
    ]);
    const badHydration = {
      ...fullProjectionState,
      session: { ...fullProjectionState.session, hydration: { status: "frozen", source: "stream" } },
    };
    expect(validateProjectionState(badHydration)).toEqual([
      {
        code: "schema_mismatch",
        severity: "error",
        message:
          "projection state: /session/hydration/status must be equal to one of the allowed values (empty, live, hydrated, stale, repairing, degraded)",
        path: "/session/hydration/status",
      },
    ]);
    expect(validateProjectionState(null)).toEqual([
      {
        code: "schema_mismatch",
        severity: "error",
        message: "projection state: (root) must be object",
        path: "",
      },
    ]);
  });

  it("ENV-01 a record broken everywhere gets at most 20 diagnostics, none repeated", () => {
    const broken: Record<string, unknown> = { type: "run.started" };
    for (const field of ["runId", "turnId", "threadId", "stepId", "messageId", "partId", "taskId", "agentId"])
      broken[field] = 1;
    for (const field of [
      "actionId",
      "artifactId",
      "evidenceId",
      "traceId",
      "spanId",
      "handoffId",
      "reviewId",
    ])
      broken[field] = "";
    for (const field of [
      "sequence",
      "queuedTurnCount",
      "teamParallelBudget",
      "teamActiveCount",
      "teamQueuedCount",
    ])
      broken[field] = -1;
    broken.timestamp = 3;
    const diagnostics = validateEvent(broken);
    expect(diagnostics).toHaveLength(20);
    expect(new Set(diagnostics.map((d) => d.message)).size).toBe(20);
  });
});
