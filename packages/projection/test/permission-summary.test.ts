// PROF-02: the PermissionSandboxSummary read model hydrates the permission slice from the runtime's facts;
// a summary that does not apply reads `not_applicable`, never a generic gap.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RuntimeSessionSnapshot } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector } from "../src";

const FIXTURE = fileURLToPath(
  new URL(
    "../../../../shared/fixtures/agentruntime/fixtures/lime-profile/thread-read-snapshot.json",
    import.meta.url,
  ),
);
const snapshot = (): RuntimeSessionSnapshot => JSON.parse(readFileSync(FIXTURE, "utf8"));
const secret = ["sk-proj-", "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6"].join("");

function hydrate(input: RuntimeSessionSnapshot) {
  const p = createProjector();
  p.hydrate({ kind: "runtime-session", snapshot: input });
  return p;
}

describe("PROF-02 PermissionSandboxSummary read model", () => {
  it("PROF-02 fills mode, sandbox, risk, decisions and violations from the summary", () => {
    const input = snapshot();
    input.permissionSandboxSummary = {
      mode: "ask",
      sandbox: { network: "off", writableRoots: 1 },
      riskLevel: "high",
      decisions: [
        { id: "d1", decision: "allow", source: "user", reason: "reviewed", actionId: "act_1" },
        { decision: "deny", source: "policy" },
        { id: "broken" },
      ],
      violations: [{ id: "v1", reason: "network egress", toolCallId: "call_9" }, "bogus"],
    };
    const { permissions } = hydrate(input).getState();
    expect(permissions.mode).toBe("ask");
    expect(permissions.sandbox).toEqual({ network: "off", writableRoots: 1 });
    expect(permissions.riskLevel).toBe("high");
    expect(permissions.decisions.map((d) => [d.id, d.decision, d.source, d.actionId])).toEqual([
      ["d1", "allow", "user", "act_1"],
      ["decision:1", "deny", "policy", undefined],
    ]);
    expect(permissions.violations).toEqual([
      expect.objectContaining({ id: "v1", reason: "network egress", toolCallId: "call_9" }),
    ]);
    expect(permissions.source).toBeDefined();
  });

  it("PROF-02 a summary that does not apply reads not_applicable with no gap diagnostic", () => {
    for (const summary of ["not_applicable", { status: "not_applicable" }] as const) {
      const input = snapshot();
      input.permissionSandboxSummary = summary as RuntimeSessionSnapshot["permissionSandboxSummary"];
      const state = hydrate(input).getState();
      expect(state.permissions.mode).toBe("not_applicable");
      expect(state.diagnostics.filter((d) => /permission|sandbox/i.test(d.message))).toEqual([]);
    }
  });

  it("PROF-02 an absent summary leaves the slice unknown and adds no diagnostic about it", () => {
    const state = hydrate(snapshot()).getState();
    expect(state.permissions.mode).toBe("unknown");
    expect(state.permissions.decisions).toEqual([]);
    expect(state.diagnostics.filter((d) => /permission|sandbox/i.test(d.message))).toEqual([]);
  });

  it("PROF-02 / SEC-01 secrets in the summary never reach state", () => {
    const input = snapshot();
    input.permissionSandboxSummary = {
      mode: "auto",
      sandbox: { env: `OPENAI_API_KEY=${secret}` },
      decisions: [{ id: "d1", decision: "allow", reason: `token ${secret}` }],
    };
    const state = hydrate(input).getState();
    expect(JSON.stringify(state)).not.toContain(secret);
    expect(state.permissions.decisions[0].decision).toBe("allow");
  });

  it("PROF-02 hydrating the same summary twice keeps one copy of each decision and violation", () => {
    const input = snapshot();
    input.permissionSandboxSummary = {
      decisions: [{ id: "d1", decision: "allow" }],
      violations: [{ id: "v1", reason: "egress" }],
    };
    const p = createProjector();
    p.hydrate({ kind: "runtime-session", snapshot: input });
    p.hydrate({
      kind: "runtime-session",
      snapshot: { ...input, updatedAt: "2099-01-01T00:00:00Z" },
    });
    const { permissions } = p.getState();
    expect(permissions.decisions).toHaveLength(1);
    expect(permissions.violations).toHaveLength(1);
  });

  it("PROF-02 the older permissionState / sandboxState shape still hydrates", () => {
    const input = snapshot();
    input.permissionState = { mode: "plan" };
    input.sandboxState = { network: "on" };
    const { permissions } = hydrate(input).getState();
    expect(permissions.mode).toBe("plan");
    expect(permissions.sandbox).toEqual({ network: "on" });
  });

  it("PROF-02 the hydrator reads all six required read models from one snapshot", () => {
    const input = snapshot();
    input.permissionSandboxSummary = { mode: "ask" };
    const state = hydrate(input).getState();
    expect(state.session.sessionId).toBe(input.sessionId); // SessionSnapshot
    expect(state.runtime.threadId).toBe(input.threads?.[0].threadId); // ThreadReadModel
    expect(Object.keys(state.tasks).length).toBeGreaterThan(0); // TaskSnapshot
    expect(state.permissions.mode).toBe("ask"); // PermissionSandboxSummary
    expect(state.runtime.model.selected).not.toBe("unavailable"); // RoutingLimitSummary
    expect(Object.keys(state.evidence).length).toBeGreaterThan(0); // EvidenceSummary
  });

  it("PROF-02 aliases: permissionMode, sandboxProfile; a sandbox that does not apply is said so", () => {
    const input = snapshot();
    input.permissionSandboxSummary = { permissionMode: "plan", sandboxProfile: { network: "on" } };
    expect(hydrate(input).getState().permissions).toMatchObject({ mode: "plan", sandbox: { network: "on" } });
    const other = snapshot();
    other.permissionSandboxSummary = { mode: "ask", sandbox: "not_applicable" };
    expect(hydrate(other).getState().permissions.sandbox).toEqual({ status: "not_applicable" });
  });

  it("PROF-02 fields the summary leaves out keep what the slice held", () => {
    const input = snapshot();
    input.permissionState = { mode: "plan" };
    input.sandboxState = { network: "off" };
    input.permissionSandboxSummary = {
      sandbox: "bogus",
      riskLevel: 3,
      violations: [{ id: "v1" }, { id: "v1" }, {}],
    };
    const { permissions } = hydrate(input).getState();
    expect(permissions.mode).toBe("plan");
    expect(permissions.sandbox).toEqual({ network: "off" });
    expect(permissions.riskLevel).toBeUndefined();
    expect(permissions.violations.map((v) => v.id)).toEqual(["v1", "violation:1"]);
    expect(Object.keys(permissions.violations[0]).sort()).toEqual(["id", "source"]);
  });

  it("PROF-02 a snapshot with no permission facts leaves the slice untouched (no source); one fact marks it", () => {
    const bare = hydrate(snapshot()).getState().permissions;
    expect(bare.source).toBeUndefined();
    for (const extra of [
      { permissionState: {} },
      { sandboxState: { a: 1 } },
      { permissionSandboxSummary: {} },
    ]) {
      const input = { ...snapshot(), ...extra } as RuntimeSessionSnapshot;
      const permissions = hydrate(input).getState().permissions;
      expect(permissions.source).toBeDefined();
      expect(permissions.mode).toBe("unknown");
    }
  });
});
