// Team and artifact writes end to end on loopback: the client's runtime port → gateway → demo runtime →
// Lime adapter → stored projection. The write answers at once; the projection changes only when the
// runtime's facts arrive (CTRL-01, CTRL-03, TEAM-14).
import { GatewayHttpClient, HttpWritePort, RuntimeClient } from "@agent-ui/client";
import type { ProjectionState } from "@agent-ui/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("TEAM-14 delegate over HTTP: accepted with ids, then the teammate appears with lineage", async () => {
    const result = await runtime.delegate({ text: "Profile the SSE route", role: "analyst" });
    expect(result).toMatchObject({ status: "accepted", assigned: { agentId: "agent_w01_analyst" } });
    const agent = await waitFor(async () => (await state()).agents.agent_w01_analyst, 15_000);
    expect(agent).toMatchObject({ parentAgentId: "agent_001_coordinator", lineage: "known" });
  });

  it("ART-05 edit over HTTP, then the diff of the new version is readable through the details API", async () => {
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
