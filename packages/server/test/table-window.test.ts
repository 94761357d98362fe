// HYD-02 / AS-10: the hydration window holds what a first paint needs from every record table — live
// rows (running tools, pending actions), rows the window's messages point at, the newest rows — and
// counts for the rest, which page in by cursor; a client pages them into its projection on demand.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { connectSession } from "@agent-ui/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src";
import { WINDOW_TIMELINE_ROWS } from "../src/http/hydration-window";
import { WINDOW_TABLE_ROWS } from "../src/http/table-window";
import { createSession, getJson, scriptedFactory, startTestServer } from "./helpers";

const TURNS = 30;
const TOOLS_PER_TURN = 10;

function script(): Partial<AgentUiEvent>[] {
  const events: Partial<AgentUiEvent>[] = [
    { type: "run.started", turnId: "t0", messageId: "m0", payload: { input: "start" } },
    {
      type: "tool.started",
      turnId: "t0",
      messageId: "m0",
      toolCallId: "running-1",
      payload: { name: "watch" },
    },
    { type: "action.required", turnId: "t0", actionId: "ask-1", payload: { actionType: "clarification" } },
  ];
  for (let t = 1; t <= TURNS; t++) {
    const turn = { turnId: `t${t}`, messageId: `m${t}` };
    events.push({ type: "run.started", ...turn, payload: { input: `q${t}` } });
    for (let k = 0; k < TOOLS_PER_TURN; k++) {
      const toolCallId = `c${t}-${k}`;
      events.push({ type: "tool.started", ...turn, toolCallId, payload: { name: "read" } });
      events.push({
        type: "tool.result",
        ...turn,
        toolCallId,
        payload: { output: `out ${t}/${k} ${"x".repeat(400)}` },
      });
    }
    events.push({ type: "text.delta", ...turn, payload: { delta: `answer ${t}` } });
  }
  return events;
}

describe("windowed hydration of every record table", () => {
  let server: RunningServer;
  let id: string;
  beforeAll(async () => {
    server = await startTestServer({ extraSources: [scriptedFactory(script())] });
    id = (await createSession(server, { source: "scripted" }, script().length)).id;
  });
  afterAll(async () => server?.close());

  it("HYD-02 AS-10 the window holds the newest rows, live rows and counts; never every tool", async () => {
    const { status, body } = await getJson(`${server.url}/api/sessions/${id}/snapshot?limit=2`);
    expect(status).toBe(200);
    const tools = Object.keys(body.state.tools);
    const total = TURNS * TOOLS_PER_TURN + 1;
    expect(body.window.tables.tools).toMatchObject({ total, truncated: true });
    // The newest rows, plus the running tool from the first turn.
    expect(WINDOW_TABLE_ROWS).toBeLessThan(total - 1);
    expect(tools).toHaveLength(WINDOW_TABLE_ROWS + 1);
    expect(body.window.tables.tools.included).toBe(WINDOW_TABLE_ROWS + 1);
    expect(tools[0]).toBe("running-1");
    expect(tools[tools.length - 1]).toBe(`c${TURNS}-${TOOLS_PER_TURN - 1}`);
    expect(body.state.tools["c1-0"]).toBeUndefined();
    // The pending action of the first turn is there whatever its age.
    expect(body.state.actions["ask-1"]?.status).toBe("pending");
    expect(body.window.tables.actions).toMatchObject({
      total: 1,
      included: 1,
      truncated: false,
      before: null,
    });
  });

  it("HYD-05 older rows page in by cursor, oldest last, and reach the first row", async () => {
    const window = (await getJson(`${server.url}/api/sessions/${id}/snapshot`)).body;
    let before: string | null = window.window.tables.tools.before;
    const seen = new Set(Object.keys(window.state.tools));
    let pages = 0;
    while (before !== null) {
      const page = await getJson(`${server.url}/api/sessions/${id}/tables/tools?before=${before}&limit=64`);
      expect(page.status).toBe(200);
      expect(Object.keys(page.body.records).length).toBeLessThanOrEqual(64);
      for (const key of Object.keys(page.body.records)) seen.add(key);
      before = page.body.window.before;
      pages += 1;
    }
    expect(pages).toBe(Math.ceil((TURNS * TOOLS_PER_TURN + 1 - WINDOW_TABLE_ROWS) / 64));
    expect(seen.size).toBe(TURNS * TOOLS_PER_TURN + 1);
    expect(seen.has("c1-0")).toBe(true);
  });

  it("answers an unknown table with 404 and a bad cursor with 400, naming them", async () => {
    const unknown = await getJson(`${server.url}/api/sessions/${id}/tables/secrets?before=1`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("unknown_table");
    const bad = await getJson(`${server.url}/api/sessions/${id}/tables/tools?before=-3`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("before");
  });

  it("HYD-02 a client hydrates from the window and pages every older tool into its projection", async () => {
    const client = connectSession({ baseUrl: server.url, sessionId: id, messageWindow: 2 });
    await client.ready;
    expect(Object.keys(client.state.tools)).toHaveLength(WINDOW_TABLE_ROWS + 1);
    expect(client.hasOlderRows("tools")).toBe(true);
    expect(client.hasOlderRows("actions")).toBe(false);
    let more = true;
    while (more) more = await client.loadOlderRows("tools");
    const ids = Object.keys(client.state.tools);
    expect(ids).toHaveLength(TURNS * TOOLS_PER_TURN + 1);
    // Older rows come before the ones the window held, in the table's own order.
    expect(ids.slice(0, 2)).toEqual(["c1-0", "c1-1"]);
    expect(client.state.tools["c1-0"]).toMatchObject({ status: "output-available" });
    expect(client.hasOlderRows("tools")).toBe(false);
    client.close();
  });

  it("HYD-02 a window's tool rows are previews, its tool parts carry no copy of them, and the whole row is one request away", async () => {
    const { body } = await getJson(`${server.url}/api/sessions/${id}/snapshot`);
    expect(body.window.previews.tools).toContain("outputText");
    const windowed = body.state.tools[`c${TURNS}-0`];
    expect(windowed.outputPreview).toBeDefined();
    expect(windowed.outputText).toBeUndefined();
    expect(windowed.attempts[0]).toEqual({ attempt: 1, status: "output-available" });
    const part = body.state.messages
      .flatMap((m: { parts: { toolCallId?: string; data?: unknown }[] }) => m.parts)
      .find((p: { toolCallId?: string }) => p.toolCallId === `c${TURNS}-0`);
    expect(part).toBeDefined();
    expect(part.data).toBeUndefined();
    const whole = await getJson(`${server.url}/api/sessions/${id}/tables/tools/c${TURNS}-0`);
    expect(whole.status).toBe(200);
    expect(whole.body.record.outputText).toBe(`out ${TURNS}/0 ${"x".repeat(400)}`);
    const missing = await getJson(`${server.url}/api/sessions/${id}/tables/tools/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("row_not_found");
  });

  it("HYD-02 a client hydrated from the window renders tool parts as the full projection does and completes a row on request", async () => {
    const full = await server.gateway.currentProjection(id);
    const client = connectSession({ baseUrl: server.url, sessionId: id });
    await client.ready;
    const last = client.state.messages[client.state.messages.length - 1];
    const fullLast = full.state.messages.find((m) => m.id === last.id);
    expect(last.parts).toEqual(fullLast?.parts);
    const toolId = `c${TURNS}-0`;
    expect(client.state.tools[toolId].outputText).toBeUndefined();
    expect(await client.loadRecord("tools", toolId)).toBe(true);
    expect(client.state.tools[toolId]).toEqual(full.state.tools[toolId]);
    client.close();
  });

  it("HYD-02 older timeline rows page in by cursor, and a client pages every one into its projection in order", async () => {
    const full = await server.gateway.currentProjection(id);
    const all = full.state.timeline.map((entry) => entry.id);
    const rows = WINDOW_TIMELINE_ROWS;
    expect(all.length).toBeGreaterThan(rows + 50);
    const window = (await getJson(`${server.url}/api/sessions/${id}/snapshot`)).body;
    expect(window.state.timeline).toHaveLength(rows);
    expect(window.window.timeline.before).toBe(String(all.length - rows));
    const page = await getJson(
      `${server.url}/api/sessions/${id}/timeline?before=${window.window.timeline.before}&limit=50`,
    );
    expect(page.status).toBe(200);
    expect(page.body.entries.map((e: { id: string }) => e.id)).toEqual(
      all.slice(all.length - rows - 50, all.length - rows),
    );
    const client = connectSession({ baseUrl: server.url, sessionId: id });
    await client.ready;
    expect(client.hasOlderTimeline()).toBe(true);
    while (await client.loadOlderTimeline());
    expect(client.state.timeline.map((entry) => entry.id)).toEqual(all);
    client.close();
  });
});
