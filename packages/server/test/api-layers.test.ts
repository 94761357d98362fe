// HYD-14: the gateway's read side in the layers the standard names — listSummary, sessionSnapshot,
// windowDetail, timelinePage, artifactPreview, artifactContent, evidenceJob, diagnostics — each a route
// the HTTP client port (`GatewayHttpClient`) reads, and stable references from a turn to its messages,
// process items, tools, artifacts and evidence, with artifacts and evidence linking back to the turn.
import { GatewayHttpClient } from "@agent-ui/client";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src";
import { createSession, scriptedFactory, startTestServer, waitFor } from "./helpers";

const REPORT = `# Report\n${"finding ".repeat(4000)}`;
const ARTIFACT_SCRIPT: Partial<AgentUiEvent>[] = [
  { type: "run.started", turnId: "t1", messageId: "m1", payload: { input: "write the report" } },
  {
    type: "artifact.created",
    turnId: "t1",
    messageId: "m1",
    taskId: "task-1",
    artifactId: "report",
    artifactKind: "document",
    payload: { title: "Report", content: REPORT, contentRef: "artifact://report/v1" },
  },
  { type: "text.delta", turnId: "t1", messageId: "m1", payload: { delta: "The report is ready." } },
];

describe("HYD-14 the read side in the standard's API layers", () => {
  let server: RunningServer;
  let http: GatewayHttpClient;
  beforeAll(async () => {
    server = await startTestServer({ extraSources: [scriptedFactory(ARTIFACT_SCRIPT)] });
    http = new GatewayHttpClient({ baseUrl: server.url });
  });
  afterAll(async () => server?.close());

  it("HYD-14 listSummary, sessionSnapshot, windowDetail, timelinePage, evidenceJob, diagnostics: turn → message → tool → evidence", async () => {
    const { id } = await createSession(server, { source: "demo", scenario: "solo", config: { pace: 0 } });
    // sessionSnapshot: the bounded window, once the turn's evidence is projected.
    const window = await waitFor(async () => {
      const snapshot = await http.snapshot(id);
      return snapshot.window.tables.evidence.total > 0 ? snapshot : undefined;
    }, 30_000);
    // listSummary: the session as a summary row, no state.
    const listed = (await http.listSessions()).find((s) => s.id === id);
    expect(listed).toMatchObject({ id, sourceKind: "demo" });
    expect(listed?.lastSeq).toBeGreaterThanOrEqual(window.seq);
    expect(JSON.stringify(listed)).not.toContain("msg_001_answer");

    // turn → messages → process items (the answer's tool parts) → tools (windowDetail).
    const answer = window.state.messages.find((m) => m.role === "assistant");
    expect(answer?.turnId).toBe("turn_001");
    const row = await http.message(id, answer?.id ?? "");
    expect(row.message.id).toBe(answer?.id);
    const toolIds = row.message.parts.flatMap((p) =>
      "toolCallId" in p && p.toolCallId ? [p.toolCallId] : [],
    );
    expect(toolIds).toEqual(["call_001_read_file_1", "call_001_run_tests_2"]);
    for (const toolCallId of toolIds) {
      const tool = (await http.tableRow(id, "tools", toolCallId)).record as Record<string, unknown>;
      expect(tool).toMatchObject({ toolCallId, turnId: "turn_001", messageId: answer?.id });
    }

    // evidenceJob: the turn's evidence record, linked back to the turn, and its pack behind its ref.
    const evidenceId = row.message.parts.flatMap((p) =>
      "evidenceId" in p && p.evidenceId ? [p.evidenceId] : [],
    )[0];
    const evidence = (await http.tableRow(id, "evidence", evidenceId ?? "")).record as {
      status: string;
      packRef: string;
      correlation: { turnId: string };
    };
    expect(evidence).toMatchObject({ status: "exported", correlation: { turnId: "turn_001" } });
    const pack = JSON.parse((await http.readDetail(id, evidence.packRef)).body);
    expect(pack).toMatchObject({ evidenceId, runtimeCorrelation: { turnId: "turn_001" } });

    // timelinePage: rows name what they link; a page before the newest row holds the older ones.
    const newest = window.state.timeline[window.state.timeline.length - 1];
    expect(newest).toMatchObject({ kind: "evidence", refs: { evidenceId }, turnId: "turn_001" });
    const page = await http.timelinePage(id, String(window.state.timeline.length - 1), 200);
    expect(page.entries.map((e) => e.id)).toEqual(window.state.timeline.slice(0, -1).map((e) => e.id));

    // diagnostics: each with a code and the event it came from.
    expect(window.state.diagnostics.length).toBeGreaterThan(0);
    for (const diagnostic of window.state.diagnostics) {
      expect(diagnostic.code).toMatch(/^[a-z_]+$/);
      expect(diagnostic.eventRef?.eventId).toBeTruthy();
    }
  }, 60_000);

  it("HYD-14 artifactPreview and artifactContent: a bounded card in the window, the body behind its ref", async () => {
    const { id } = await createSession(server, { source: "scripted" }, ARTIFACT_SCRIPT.length);
    const window = await waitFor(async () => {
      const snapshot = await http.snapshot(id);
      return snapshot.window.tables.artifacts.total > 0 ? snapshot : undefined;
    }, 30_000);
    const card = window.state.artifacts.report as unknown as Record<string, unknown>;
    // The card links back to its turn and task and carries a preview, never the whole body.
    expect(card).toMatchObject({ artifactId: "report", turnId: "t1", taskId: "task-1" });
    expect(JSON.stringify(window).length).toBeLessThan(REPORT.length);
    const content = await http.readDetail(id, "artifact://report/v1");
    expect(content.body).toBe(REPORT);
  }, 60_000);
});
