// RUN_FINISHED outcomes the AG-UI adapter reads (STAT-*, HITL-01): the 1.0 `{type}` object, the pre-1.0
// draft's bare string with `interrupts` beside it, and a shape it does not know — which is never success.
import { adaptRecords } from "@agent-ui/adapters";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";

const started = { type: "RUN_STARTED", threadId: "t", runId: "r" };
const interrupt = { id: "int-1", reason: "tool_approval", message: "Delete docs/x?" };

function project(finished: Record<string, unknown>) {
  return projectEvents(
    adaptRecords([started, { type: "RUN_FINISHED", threadId: "t", runId: "r", ...finished }], "ag-ui").events,
  );
}

describe("ag-ui RUN_FINISHED outcomes", () => {
  it("HITL-01 the 1.0 interrupt outcome and the draft string form both leave the interrupt pending", () => {
    const current = project({ outcome: { type: "interrupt", interrupts: [interrupt] } });
    const draft = project({ outcome: "interrupt", interrupts: [interrupt] });
    for (const state of [current, draft]) {
      expect(state.runtime.status).toBe("interrupted");
      expect(Object.values(state.actions).map((a) => [a.actionId, a.status])).toEqual([["int-1", "pending"]]);
    }
  });

  it("FALL-01 FALL-02 an outcome in an unknown shape ends the run unknown with a diagnostic, never completed", () => {
    for (const outcome of ["paused", { kind: "interrupt" }, 42]) {
      const state = project({ outcome });
      expect(state.runtime.status).toBe("unknown");
      expect(state.diagnostics.map((d) => d.code)).toContain("unknown_taxonomy_value");
    }
  });

  it("FALL-01 no outcome and the success outcome both complete the run", () => {
    expect(project({}).runtime.status).toBe("completed");
    expect(project({ outcome: { type: "success" } }).runtime.status).toBe("completed");
  });
});
