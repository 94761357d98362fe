// The LangGraph connector against a hostile or broken Agent Server (a hand-written loopback server
// speaking the Agent Server's routes): a frame that is not JSON is reported and reading goes on; a frame
// past the bound stops the stream with a stated reason instead of growing memory.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ProjectionState } from "@agent-ui/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_LANGGRAPH_FRAME_BYTES } from "@agent-ui/connectors";
import { getJson, postJson, startTestServer, waitFor } from "./helpers";

const THREAD = "00000000-0000-4000-8000-000000000001";
const RUN = "00000000-0000-4000-8000-000000000002";

let server: Awaited<ReturnType<typeof startTestServer>>;
let upstream: Server;
let url: string;
/** What the next run stream sends. */
let frames: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  upstream = createServer((req, res) => {
    req.resume();
    const path = req.url ?? "";
    if (req.method === "POST" && path === "/threads") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ thread_id: THREAD }));
    } else if (req.method === "POST" && path === `/threads/${THREAD}/runs/stream` && frames.length === 0) {
      // Some other JSON API at the configured URL.
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    } else if (req.method === "POST" && path === `/threads/${THREAD}/runs/stream`) {
      res.writeHead(200, {
        "content-type": "text/event-stream",
        "content-location": `/threads/${THREAD}/runs/${RUN}`,
      });
      for (const frame of frames) res.write(frame);
      res.end();
    } else if (req.method === "GET" && path === `/threads/${THREAD}/runs/${RUN}`) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ run_id: RUN, status: "success" }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  upstream?.closeAllConnections();
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
  await server?.close();
});

const stateOf = async (id: string) =>
  (await getJson(`${server.url}/api/sessions/${id}/snapshot`)).body.state as ProjectionState;
const frame = (event: string, id: number, data: string) => `event: ${event}\nid: ${id}\ndata: ${data}\n\n`;
const values = (text: string) =>
  JSON.stringify({
    messages: [
      { type: "human", id: "h1", content: "hi" },
      { type: "ai", id: "a1", content: text },
    ],
  });

async function run(): Promise<string> {
  const created = await postJson(`${server.url}/api/sessions`, {
    source: "langgraph",
    config: { url, assistantId: "agent", text: "hi" },
  });
  return created.body.session.id as string;
}

describe("LangGraph connector: a hostile Agent Server", () => {
  it("FALL-02 a frame that is not JSON is a diagnostic; the frames around it are kept", async () => {
    frames = [
      frame("metadata", 0, JSON.stringify({ run_id: RUN })),
      frame("values", 1, "{not json"),
      frame("values", 2, values("hello there")),
    ];
    const id = await run();
    const state = await waitFor(async () => {
      const s = await stateOf(id);
      return s.runtime.status === "completed" ? s : undefined;
    });
    expect(state.messages.map((m) => m.parts.map((p) => p.text).join(""))).toEqual(["hi", "hello there"]);
    const diagnostic = Object.values(state.diagnostics).find((d) => d.code === "unparseable_input");
    expect(diagnostic?.message).toMatch(/frame 1 \(values\) is not JSON/);
  });

  it("SEC-05 a frame past the bound stops the stream with the reason; nothing grows without limit", async () => {
    frames = [
      frame("metadata", 0, JSON.stringify({ run_id: RUN })),
      frame("values", 1, values("before")),
      `event: values\nid: 2\ndata: "${"x".repeat(MAX_LANGGRAPH_FRAME_BYTES + 1024)}`,
    ];
    const id = await run();
    const session = await waitFor(async () => {
      const s = (await getJson(`${server.url}/api/sessions/${id}`)).body.session;
      return s.status === "stale" ? s : undefined;
      // The oversized frame is megabytes: sending and reading it alone takes seconds on a busy machine.
    }, 30_000);
    expect(session.statusReason).toBe(
      `stream_interrupted: an SSE frame over ${MAX_LANGGRAPH_FRAME_BYTES} bytes`,
    );
    const state = await stateOf(id);
    expect(state.messages.map((m) => m.parts.map((p) => p.text).join(""))).toEqual(["hi", "before"]);
  }, 45_000);

  it("CTRL-06 a server that does not answer a run with an event stream is named, not read", async () => {
    frames = [];
    const created = await postJson(`${server.url}/api/sessions`, {
      source: "langgraph",
      config: { url, assistantId: "agent" },
    });
    const id = created.body.session.id as string;
    await waitFor(async () =>
      (await getJson(`${server.url}/api/sessions/${id}`)).body.session.status === "live" ? true : undefined,
    );
    const sent = await postJson(`${server.url}/api/sessions/${id}/commands`, {
      kind: "send",
      idempotencyKey: "send:json",
      text: "hi",
    });
    expect(sent.body).toMatchObject({
      status: "rejected",
      reason:
        "the server answered the run with application/json, not an event stream: not a LangGraph Agent Server",
    });
  });
});
