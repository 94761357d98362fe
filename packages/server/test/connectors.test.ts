// Upstream connectors against tiny loopback servers that replay real peer captures
// (../shared/peers/streams) over HTTP SSE, plus misbehaving upstreams.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { ProjectionState } from "@agent-ui/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, PEERS, postJson, startTestServer, waitFor } from "./helpers";

type Handler = (body: any, res: ServerResponse) => void;

/** A loopback HTTP server; each POST is answered by the next handler in `queue`. */
async function peerServer(queue: Handler[]): Promise<{ url: string; bodies: any[]; close(): Promise<void> }> {
  const bodies: any[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const body = JSON.parse(raw || "{}");
      bodies.push(body);
      const handler = queue.shift();
      if (!handler) {
        res.writeHead(503).end();
        return;
      }
      handler(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/agent`,
    bodies,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const jsonl = (file: string) =>
  readFileSync(join(PEERS, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));

/** Streams records as SSE `data:` frames. */
const sseReplay =
  (records: unknown[]): Handler =>
  (_body, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (const record of records) res.write(`data: ${JSON.stringify(record)}\n\n`);
    res.end();
  };

const rawReplay =
  (text: string): Handler =>
  (_body, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(text);
  };

function messageText(state: ProjectionState, id: string): string {
  const message = state.messages.find((m) => m.id === id);
  return (message?.parts ?? []).map((p) => p.text ?? "").join("");
}

describe("upstream connectors", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const snapshotOf = async (id: string) => (await getJson(`${server.url}/api/sessions/${id}/snapshot`)).body;
  const logOf = async (id: string) =>
    (await getJson(`${server.url}/api/sessions/${id}/events.json?limit=5000`)).body.entries;

  it("AG-UI over HTTP SSE: POSTs a RunAgentInput and projects the peer run (text, tool, finish)", async () => {
    const peer = await peerServer([sseReplay(jsonl("agui.http.events.jsonl"))]);
    const created = await postJson(`${server.url}/api/sessions`, {
      source: "ag-ui",
      config: { url: peer.url, input: { threadId: "thread-http" } },
    });
    expect(created.status).toBe(201);
    const id = created.body.session.id;
    const state = await waitFor(async () => {
      const s = (await snapshotOf(id)).state as ProjectionState;
      return messageText(s, "msg-2").includes("21°C in Paris") ? s : undefined;
    });
    expect(messageText(state, "msg-1")).toBe("Let me check.");
    expect(state.tools["tc-1"]).toMatchObject({ name: "weather" });
    expect(peer.bodies[0]).toMatchObject({
      threadId: "thread-http",
      protocolVersion: "1.0",
      messages: [],
      tools: [],
      context: [],
    });
    expect(typeof peer.bodies[0].runId).toBe("string");
    await peer.close();
  });

  it("AG-UI writes: send carries the user message; respond_action resumes the interrupt (HITL-02)", async () => {
    const peer = await peerServer([
      sseReplay(jsonl("agui.interrupt.events.jsonl")),
      sseReplay(jsonl("agui.resume.events.jsonl")),
    ]);
    const created = await postJson(`${server.url}/api/sessions`, {
      source: "ag-ui",
      config: { url: peer.url, startOnCreate: false },
    });
    const id = created.body.session.id;
    const url = `${server.url}/api/sessions/${id}/commands`;
    await waitFor(async () =>
      (await getJson(`${server.url}/api/sessions/${id}`)).body.session.status === "live" ? true : undefined,
    );
    const sent = await postJson(url, {
      kind: "send",
      idempotencyKey: "send:c1",
      text: "delete x",
      clientMessageId: "c1",
    });
    expect(sent.body).toMatchObject({ status: "accepted", assigned: { messageId: "c1" } });
    await waitFor(() => (peer.bodies.length === 1 ? true : undefined));
    expect(peer.bodies[0].messages).toEqual([{ id: "c1", role: "user", content: "delete x" }]);
    const pending = await waitFor(async () => {
      const s = (await snapshotOf(id)).state as ProjectionState;
      return Object.keys(s.actions).length > 0 &&
        (await getJson(`${server.url}/api/sessions/${id}`)).body.session.status === "live"
        ? s
        : undefined;
    });
    const actionId = Object.keys(pending.actions)[0];
    expect(actionId).toBe("int-1");
    const answer = await postJson(url, {
      kind: "respond_action",
      idempotencyKey: "action:int-1:approve",
      actionId,
      decision: "approve",
    });
    expect(answer.body.status).toBe("accepted");
    await waitFor(() => (peer.bodies.length === 2 ? true : undefined));
    expect(peer.bodies[1].resume).toEqual([
      { interruptId: "int-1", status: "resolved", payload: { approved: true } },
    ]);
    const resolved = await waitFor(async () => {
      const s = (await snapshotOf(id)).state as ProjectionState;
      return messageText(s, "m-b") === "Done." ? s : undefined;
    });
    expect(resolved.actions["int-1"].status).not.toBe("pending");
    await peer.close();
  });

  it("AI SDK UI message stream over HTTP: posts the conversation and projects the chunks", async () => {
    const peer = await peerServer([rawReplay(readFileSync(join(PEERS, "ai-sdk.text-tool.sse.txt"), "utf8"))]);
    const created = await postJson(`${server.url}/api/sessions`, {
      source: "ai-sdk",
      config: { url: peer.url, text: "weather in Paris?" },
    });
    const id = created.body.session.id;
    const allText = (s: ProjectionState) =>
      s.messages.map((m) => m.parts.map((p) => p.text ?? "").join("")).join("|");
    // The stream is fully projected once its last text arrived.
    const state = await waitFor(async () => {
      const s = (await snapshotOf(id)).state as ProjectionState;
      return allText(s).includes("It is 21°C in Paris.") ? s : undefined;
    });
    expect(state.tools["call-1"]?.status).toBe("output-available");
    expect(allText(state)).toContain("Let me check.");
    expect(peer.bodies[0].messages).toEqual([
      expect.objectContaining({ role: "user", parts: [{ type: "text", text: "weather in Paris?" }] }),
    ]);
    await peer.close();
  });

  it("CTRL-07 an unreachable upstream marks the session failed with a diagnostic; the server keeps serving", async () => {
    const peer = await peerServer([]);
    await peer.close();
    const created = await postJson(`${server.url}/api/sessions`, {
      source: "ag-ui",
      config: { url: peer.url },
    });
    const id = created.body.session.id;
    const session = await waitFor(async () => {
      const s = (await getJson(`${server.url}/api/sessions/${id}`)).body.session;
      return s.status === "failed" ? s : undefined;
    });
    expect(session.statusReason).toMatch(/^upstream_unavailable:/);
    const log = await logOf(id);
    expect(
      log.some((e: any) => e.event.type === "diagnostic.changed" && e.event.payload.code === "runtime_error"),
    ).toBe(true);
    expect((await getJson(`${server.url}/api/health`)).status).toBe(200);
  });

  it("CTRL-07 a runtime source that throws on start leaves a failed session, not a crashed server", async () => {
    const broken = await startTestServer({
      extraSources: [
        {
          kind: "broken",
          description: "throws synchronously",
          create: () => ({
            kind: "broken",
            start: () => {
              throw new Error("boom");
            },
            command: async (c) => ({ status: "failed", idempotencyKey: c.idempotencyKey }),
            stop: async () => {},
          }),
        },
      ],
    });
    const created = await postJson(`${broken.url}/api/sessions`, { source: "broken" });
    expect(created.status).toBe(201);
    const session = await waitFor(async () => {
      const s = (await getJson(`${broken.url}/api/sessions/${created.body.session.id}`)).body.session;
      return s.status === "failed" ? s : undefined;
    });
    expect(session.statusReason).toMatch(/boom/);
    await broken.close();
  });

  it("CTRL-07 a non-JSON frame becomes a diagnostic and a cut stream marks the session stale", async () => {
    const records = jsonl("agui.http.events.jsonl").slice(0, 6);
    const peer = await peerServer([
      (_body, res) => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write(`data: ${JSON.stringify(records[0])}\n\n`);
        res.write("data: {this is not json\n\n");
        for (const record of records.slice(1)) res.write(`data: ${JSON.stringify(record)}\n\n`);
        setTimeout(() => res.socket?.destroy(), 50);
      },
    ]);
    const created = await postJson(`${server.url}/api/sessions`, {
      source: "ag-ui",
      config: { url: peer.url },
    });
    const id = created.body.session.id;
    const session = await waitFor(async () => {
      const s = (await getJson(`${server.url}/api/sessions/${id}`)).body.session;
      return s.status === "stale" ? s : undefined;
    });
    expect(session.statusReason).toMatch(/stream_interrupted/);
    const log = await logOf(id);
    const codes = log
      .filter((e: any) => e.event.type === "diagnostic.changed")
      .map((e: any) => e.event.payload.code);
    expect(codes).toEqual(expect.arrayContaining(["unparseable_input", "transport_unavailable"]));
    // The frames after the bad one still arrived.
    const sourceTypes = log.map((e: any) => e.event.source?.sourceType);
    expect(sourceTypes).toEqual(
      expect.arrayContaining(["RUN_STARTED", "STATE_SNAPSHOT", "REASONING_MESSAGE_CONTENT"]),
    );
    await peer.close();
  });
});
