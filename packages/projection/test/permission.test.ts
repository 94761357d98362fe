import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

describe("permission family", () => {
  it("PERM-02 mode, sandbox and risk come from permission facts (secrets redacted)", () => {
    const e = stream();
    const state = projectEvents([
      e("permission.changed", {
        payload: {
          mode: "on_request",
          sandbox: { mode: "workspace_write", cwd: "/w", token: "abc" },
          riskLevel: "high",
        },
      }),
    ]);
    expect(state.permissions).toMatchObject({
      mode: "on_request",
      riskLevel: "high",
      sandbox: { mode: "workspace_write", cwd: "/w", token: "[redacted:token]" },
    });
  });

  it("PERM-01 nothing is assumed: without facts mode and sandbox are `unknown`", () => {
    expect(projectEvents([]).permissions).toMatchObject({ mode: "unknown", sandbox: "unknown" });
  });

  it("PERM-03 a decision is linked to its action but never resolves it", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("action.required", { actionId: "a1", payload: { actionType: "permission_grant" } }),
      e("permission.changed", {
        actionId: "a1",
        payload: { decision: { id: "d1", decision: "allow", source: "policy", reason: "rule 3" } },
      }),
    ]);
    expect(state.permissions.decisions[0]).toMatchObject({
      id: "d1",
      decision: "allow",
      source: "policy",
      actionId: "a1",
    });
    expect(state.actions.a1.status).toBe("pending");
  });

  it("PERM-04/05 sandbox violations and hook decisions annotate the tool row, distinct from failure", () => {
    const e = stream({ turnId: "t1", toolCallId: "c1" });
    const state = projectEvents([
      e("tool.started", { payload: { name: "sh" } }),
      e("permission.changed", { payload: { violation: { id: "v1", reason: "network denied" } } }),
      e("permission.changed", {
        payload: { hook: { status: "completed", decision: "rewrite", reason: "path normalized" } },
      }),
    ]);
    expect(state.tools.c1).toMatchObject({
      status: "running",
      sandboxViolation: "network denied",
      hook: { status: "completed", decision: "rewrite" },
    });
    expect(state.permissions.violations[0]).toMatchObject({ id: "v1", toolCallId: "c1" });
  });
});
