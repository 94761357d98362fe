// Team and artifact writes end to end on loopback: the client's runtime port → gateway → demo runtime →
// Lime adapter → stored projection. The write answers at once; the projection changes only when the
// runtime's facts arrive (CTRL-01, CTRL-03, TEAM-14).
import { GatewayHttpClient, HttpWritePort, RuntimeClient } from "@agent-ui/client";
import type { ProjectionState } from "@agent-ui/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src";
import { createSession, getJson, startTestServer, waitFor } from "./helpers";

describe("demo writes through the HTTP runtime client", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let sessionId: string;
  let runtime: RuntimeClient;
  const state = async (): Promise<ProjectionState> =>
    (await getJson(`${server.url}/api/sessions/${sessionId}/snapshot?limit=200`)).body.state;

  beforeAll(async () => {
    server = await startTestServer();
    ({ id: sessionId } = await createSession(server, {
      source: "demo",
      scenario: "team",
      config: { pace: 0 },
    }));
    runtime = new RuntimeClient({ sessionId, port: new HttpWritePort({ baseUrl: server.url }) });
    await waitFor(
      async () => (await state()).actions?.action_001_write_file_1?.status === "pending" || undefined,
      15_000,
    );
    expect((await runtime.approve("action_001_write_file_1")).status).toBe("accepted");
    await waitFor(async () => (await state()).runtime.status === "completed" || undefined, 15_000);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("TEAM-14 / V-10 delegate over HTTP: accepted with ids, then the teammate appears with lineage", async () => {
    const result = await runtime.delegate({ text: "Profile the SSE route", role: "analyst" });
    expect(result).toMatchObject({ status: "accepted", assigned: { agentId: "agent_w01_analyst" } });
    const agent = await waitFor(async () => (await state()).agents.agent_w01_analyst, 15_000);
    expect(agent).toMatchObject({ parentAgentId: "agent_001_coordinator", lineage: "known" });
  });

  it("ART-05 / V-09 edit over HTTP, then the diff of the new version is readable through the details API", async () => {
    const result = await runtime.edit({
      artifactId: "artifact_001_report",
      baseVersionId: "artifact_001_report_v2",
      content: "# Final text reconciliation\n\nShort version.",
    });
    expect(result).toMatchObject({ status: "accepted", assigned: { versionId: "artifact_001_report_v3" } });
    const report = await waitFor(async () => {
      const artifact = (await state()).artifacts.artifact_001_report;
      return artifact.currentVersionId === "artifact_001_report_v3" ? artifact : undefined;
    }, 15_000);
    const diff = await new GatewayHttpClient({ baseUrl: server.url }).readDetail(sessionId, report.diffRef!);
    expect(diff.body).toContain("+Short version.");
  });

  it("CTRL-02 a write that cannot apply is rejected with the runtime's reason over HTTP too", async () => {
    expect(await runtime.continueAgent({ agentId: "agent_ghost", text: "x" })).toMatchObject({
      status: "rejected",
      reason: "Unknown agent agent_ghost.",
    });
  });
});

describe("demo through the real gateway", () => {
  let server: (RunningServer & { dataDir: string }) | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("AS-03 / RT-AS-04 approval round trip: pending in the stored projection, resolved only after respond_action", async () => {
    server = await startTestServer();
    const { gateway } = server;
    const session = await gateway.createSession({
      source: "demo",
      scenario: "approval",
      config: { pace: 0 },
    });
    const state = async (): Promise<ProjectionState> => (await gateway.currentProjection(session.id)).state;
    const pending = await waitFor(async () => {
      const s = await state();
      return Object.values(s.actions).find((a) => a.status === "pending");
    });
    expect(pending).toMatchObject({ toolName: "write_file", type: "tool_approval" });
    const command = {
      kind: "respond_action" as const,
      actionId: pending.actionId,
      decision: "reject" as const,
      sessionId: session.id,
      idempotencyKey: "gw-1",
    };
    expect(await gateway.command(command)).toMatchObject({ status: "accepted" });
    expect(await gateway.command(command)).toMatchObject({ status: "accepted", duplicate: true });
    const done = await waitFor(async () => {
      const s = await state();
      return s.runtime.status === "completed" ? s : undefined;
    });
    expect(done.actions[pending.actionId]).toMatchObject({ status: "resolved" });
    expect(done.tools[String(pending.toolCallId)].status).toBe("output-error");
    expect(Object.values(done.actions)).toHaveLength(1);
  });
});
