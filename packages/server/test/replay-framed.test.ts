// Replay of recordings whose format lives in their SSE framing: a raw LangGraph Agent Server stream
// (`event: values` / `event: messages|<ns>` / …, JSON `data:`, `id:`) is recognised by the replay source the
// way `agent-ui validate` recognises it (framed detection), and the gateway projects the same session the
// LangGraph adapter projects from the framed records directly.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { adaptRecords } from "@agent-ui/adapters";
import { type AgentUiEvent, type ProjectionState, parseRecords } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allSources, createSession, getJson, postJson, startTestServer, tempDir, waitFor } from "./helpers";

const FIXTURE = "langgraph.run1.agent-server.sse";
const FIXTURES = fileURLToPath(new URL("./fixtures", import.meta.url));
const SSE_TEXT = readFileSync(join(FIXTURES, FIXTURE), "utf8");

/** What a user sees of a session: its messages (role and text per part kind), tool rows and actions. */
function visible(state: ProjectionState) {
  return {
    messages: state.messages.map((m) => ({
      id: m.id,
      role: m.role,
      parts: m.parts.map((p) => [p.kind, p.text ?? p.toolCallId ?? p.actionId ?? p.agentId ?? null]),
    })),
    tools: Object.values(state.tools).map((t) => ({
      toolCallId: t.toolCallId,
      name: t.name,
      status: t.status,
      inputSummary: t.inputSummary,
      actionId: t.actionId,
    })),
    actions: Object.values(state.actions).map((a) => ({
      actionId: a.actionId,
      status: a.status,
      type: a.type,
      toolCallId: a.toolCallId,
    })),
    agents: Object.keys(state.agents).sort(),
  };
}

describe("replay of a raw LangGraph Agent Server SSE recording", () => {
  const dir = tempDir("agent-ui-replay-framed-");
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    copyFileSync(join(FIXTURES, FIXTURE), join(dir.path, FIXTURE));
    // SSE whose event names and payloads no adapter claims.
    writeFileSync(
      join(dir.path, "unknown.sse"),
      'event: ping\ndata: {"n":1}\n\nevent: ping\ndata: {"n":2}\n\n',
    );
    server = await startTestServer({ sources: allSources({ replay: { root: dir.path } }) });
  });
  afterAll(async () => {
    await server?.close();
    dir.remove();
  });

  const snapshot = async (id: string) =>
    (await getJson(`${server.url}/api/sessions/${id}/snapshot`)).body.state as ProjectionState;
  const log = async (id: string) =>
    (await getJson(`${server.url}/api/sessions/${id}/events.json?limit=5000`)).body.entries as {
      event: AgentUiEvent;
    }[];
  /** The adapter run directly on the framed records, as `agent-ui validate` / `project` read the file. */
  const direct = (sessionId: string) =>
    adaptRecords(parseRecords(SSE_TEXT).records, "auto", { sessionId, sampleSize: 20 });

  it("ENV-01 auto-detects the framed format and projects what the adapter projects directly", async () => {
    const { id } = await createSession(
      server,
      { source: "replay", config: { file: FIXTURE, speed: 0 } },
      "completed",
    );
    const expected = direct(id);
    expect(expected.detected?.format).toBe("langgraph");
    const want = visible(projectEvents(expected.events));
    const got = visible(await snapshot(id));
    expect(got.messages).toEqual(want.messages);
    expect(got.tools).toEqual(want.tools);
    expect(got.actions).toEqual(want.actions);
    expect(got.agents).toEqual(want.agents);
    // The recording is a real run: a subgraph agent, streamed text, a tool call gated by an interrupt.
    expect(got.tools.length).toBeGreaterThan(0);
    expect(got.actions.map((a) => a.status)).toContain("pending");
    expect(got.messages.some((m) => m.parts.some(([kind]) => kind === "assistant_text"))).toBe(true);
    // Nothing of the recording was reported as unreadable.
    const unsupported = (await log(id)).filter((e) => e.event.payload?.code === "unsupported_source_event");
    expect(unsupported).toEqual([]);
  });

  it("ORD-01/ENV-02 the replayed events keep the adapter's stable ids and order (SSE ids are the replay key)", async () => {
    const { id } = await createSession(
      server,
      { source: "replay", config: { file: FIXTURE, speed: 0 } },
      "completed",
    );
    const fromAdapter = direct(id).events.map((e) => e.eventId);
    const replayed = (await log(id))
      .map((e) => e.event)
      .filter((e) => e.source?.format === "langgraph")
      .map((e) => e.eventId);
    expect(replayed).toEqual(fromAdapter);
    expect(replayed.some((eventId) => /^langgraph:sse:/.test(String(eventId)))).toBe(true);
  });

  it("ENV-01 a declared format (config.format: langgraph) reads the same framed records", async () => {
    const { id } = await createSession(
      server,
      { source: "replay", config: { file: FIXTURE, format: "langgraph", speed: 0 } },
      "completed",
    );
    const expected = adaptRecords(parseRecords(SSE_TEXT).records, "langgraph", { sessionId: id });
    expect(visible(await snapshot(id))).toEqual(visible(projectEvents(expected.events)));
  });

  it("HYD-09 a gateway log export of that session replays to the same projection", async () => {
    const { id } = await createSession(
      server,
      { source: "replay", config: { file: FIXTURE, speed: 0 } },
      "completed",
    );
    const entries = (await getJson(`${server.url}/api/sessions/${id}/events.json?limit=5000`)).body.entries;
    writeFileSync(join(dir.path, "export.json"), JSON.stringify(entries));
    const replayed = await createSession(
      server,
      { source: "replay", config: { file: "export.json", speed: 0 } },
      "completed",
    );
    const events = await log(replayed.id);
    expect(events.some((e) => e.event.source?.format === "langgraph")).toBe(true);
    const got = visible(await snapshot(replayed.id));
    const want = visible(await snapshot(id));
    expect(got.messages).toEqual(want.messages);
    expect(got.tools).toEqual(want.tools);
    expect(got.actions).toEqual(want.actions);
  });

  it("FALL-02 a recording no adapter recognises fails with the detection reason, not a silent empty session", async () => {
    for (const config of [
      { file: "unknown.sse", speed: 0 },
      { records: [{ a: 1 }, { b: 2 }], speed: 0 },
    ]) {
      const created = await postJson(`${server.url}/api/sessions`, { source: "replay", config });
      expect(created.status).toBe(201);
      const id = created.body.session.id as string;
      const session = await waitFor(async () => {
        const s = (await getJson(`${server.url}/api/sessions/${id}`)).body.session;
        return s.status === "failed" ? s : undefined;
      });
      expect(session.statusReason).toMatch(
        /^could not detect the recorded format \(no adapter recognised the first 2 record\(s\)\); pass config\.format$/,
      );
      const state = await snapshot(id);
      expect(state.session.sourceStatus).toBe("failed");
      expect(state.messages).toEqual([]);
    }
  });

  it("FALL-02 a recording adapters only half-recognise fails listing the candidates, never replayed as a guess", async () => {
    const records = [{ type: "text-delta", id: "t", delta: "x" }, { foo: 1 }, { bar: 2 }];
    const created = await postJson(`${server.url}/api/sessions`, {
      source: "replay",
      config: { records, speed: 0 },
    });
    const id = created.body.session.id as string;
    const session = await waitFor(async () => {
      const s = (await getJson(`${server.url}/api/sessions/${id}`)).body.session;
      return s.status === "failed" ? s : undefined;
    });
    expect(session.statusReason).toContain("no adapter is sure of the first 3 record(s)");
    expect(session.statusReason).toContain("candidates: ai-sdk 0.32");
    expect((await snapshot(id)).messages).toEqual([]);
  });

  it("FALL-02 a declared format whose adapter maps none of the records fails with no_records_mapped", async () => {
    const records = [
      { type: "part-start", path: [], part: { type: "text" } },
      { type: "text-delta", path: [0], textDelta: "Hi" },
    ];
    const created = await postJson(`${server.url}/api/sessions`, {
      source: "replay",
      config: { records, format: "ai-sdk", speed: 0 },
    });
    const id = created.body.session.id as string;
    const session = await waitFor(async () => {
      const s = (await getJson(`${server.url}/api/sessions/${id}`)).body.session;
      return s.status === "failed" ? s : undefined;
    });
    expect(session.statusReason).toMatch(/^the ai-sdk adapter mapped none of the 2 record\(s\)/);
    const state = await snapshot(id);
    expect(state.diagnostics.map((d) => d.code)).toContain("no_records_mapped");
    expect(state.messages).toEqual([]);
  });

  it("FALL-02 a declared format that names an object property is an unknown format, not a crash", async () => {
    for (const format of ["__proto__", "constructor"]) {
      const { id } = await createSession(
        server,
        { source: "replay", config: { file: FIXTURE, format, speed: 0 } },
        "completed",
      );
      const messages = (await log(id))
        .filter((e) => e.event.type === "diagnostic.changed")
        .map((e) => String(e.event.payload?.message));
      expect(messages.join(" ")).toContain(`no adapter for source format "${format}"`);
    }
  });
});
