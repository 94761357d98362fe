// "No secret reaches a client: events pass through redaction before storage". Checked by
// reading the store back directly (not only through the HTTP API, which could redact on the way out):
// the session's config, every stored event, detail bodies and compacted snapshots.
import type { RuntimeSink, RuntimeSourceFactory } from "@agent-ui/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, postJson, startTestServer, waitFor } from "./helpers";

const SECRET = "sk-proj-Zx8c7V6b5N4m3Q2w1E0r9T8y7U6i5O4p";
const PASSWORD = "hunter2-correct-horse";
const BEARER = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhdWRpdCJ9.c2lnbmF0dXJlLWF1ZGl0";

/** A source that hands the gateway secret-laden facts through every sink door: envelopes, and a body sent
 * beside its ref (kept as a detail). */
function leakySource(): RuntimeSourceFactory & { sink?: RuntimeSink } {
  const factory: RuntimeSourceFactory & { sink?: RuntimeSink } = {
    kind: "leaky",
    description: "a source that emits secrets",
    create: () => ({
      kind: "leaky",
      async start(context) {
        factory.sink = context.sink;
        await context.sink.events([
          {
            type: "tool.started",
            toolCallId: "t1",
            payload: {
              name: "http",
              input: {
                url: `https://admin:${PASSWORD}@api.example.com/v1`,
                apiKey: SECRET,
                headers: { authorization: `Bearer ${BEARER}` },
              },
            },
          },
          { type: "text.delta", messageId: "m1", payload: { delta: `the key is ${SECRET} ok` } },
          {
            type: "tool.result",
            toolCallId: "t1",
            payload: {
              output: `token=${SECRET}\nauthorization: Bearer ${BEARER}\ndone`,
              outputRef: "output://t1",
            },
          },
        ]);
        await context.sink.status("live", "leaky source ready");
      },
      async command(command) {
        return { status: "accepted", idempotencyKey: command.idempotencyKey };
      },
      async stop() {},
    }),
  };
  return factory;
}

function expectNoSecret(label: string, value: unknown): void {
  const text = JSON.stringify(value);
  for (const secret of [SECRET, PASSWORD, BEARER])
    expect({ label, leaked: text.includes(secret) }).toEqual({ label, leaked: false });
}

describe("redaction before storage, read back from the store (SEC-01/02)", () => {
  const source = leakySource();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let sessionId: string;
  beforeAll(async () => {
    server = await startTestServer({ extraSources: [source], snapshotEvery: 2 });
    const created = await postJson(`${server.url}/api/sessions`, {
      source: "leaky",
      config: {
        url: `https://admin:${PASSWORD}@upstream.example.com/agent`,
        apiKey: SECRET,
        headers: { Authorization: `Bearer ${BEARER}`, "x-custom-auth": "opensesame42" },
        nested: { password: PASSWORD, note: `key ${SECRET}` },
      },
    });
    expect(created.status).toBe(201);
    sessionId = created.body.session.id;
    await waitFor(
      async () => ((await server.gateway.store.getSession(sessionId))?.lastSeq ?? 0) >= 4 || undefined,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it("SEC-02 the stored session config holds markers, not the secrets; harmless fields are kept", async () => {
    const stored = await server.gateway.store.getSession(sessionId);
    expectNoSecret("stored config", stored?.config);
    const config = stored?.config as { url: string; nested: { note: string } };
    expect(config.url).toContain("upstream.example.com/agent");
    expect(config.nested.note).toMatch(/^key \[redacted:/);
  });

  it("SEC-02 every header value of a source config is stored as a marker, whatever its name; names stay", async () => {
    const stored = await server.gateway.store.getSession(sessionId);
    expect(stored?.config.headers).toEqual({
      Authorization: "[redacted:header]",
      "x-custom-auth": "[redacted:header]",
    });
    const listed = await getJson(`${server.url}/api/sessions`);
    expect(JSON.stringify(listed.body)).not.toContain("opensesame42");
    const one = await getJson(`${server.url}/api/sessions/${sessionId}`);
    expect(JSON.stringify(one.body)).not.toContain("opensesame42");
  });

  it("SEC-01 every stored event is redacted; the facts themselves are kept (nothing dropped)", async () => {
    const entries = await server.gateway.store.readEvents(sessionId);
    expectNoSecret("stored events", entries);
    const types = entries.map((e) => e.event.type);
    expect(types).toEqual(expect.arrayContaining(["tool.started", "text.delta", "tool.result"]));
    const delta = entries.find((e) => e.event.type === "text.delta");
    expect(JSON.stringify(delta?.event.payload)).toMatch(/the key is \[redacted:[^\]]+\] ok/);
  });

  it("SEC-01 a body kept as a detail is stored redacted, and the API serves the same redacted body", async () => {
    const detail = await server.gateway.store.readDetail(sessionId, "output://t1");
    expect(detail?.body).toContain("done");
    expectNoSecret("stored detail", detail);
    const served = await getJson(
      `${server.url}/api/sessions/${sessionId}/details/${encodeURIComponent("output://t1")}`,
    );
    expect(served.body.body).toBe(detail?.body);
  });

  it("SEC-01 compacted snapshots hold no secret either", async () => {
    await source.sink?.events([{ type: "text.delta", messageId: "m1", payload: { delta: " more" } }]);
    const snapshot = await waitFor(() => server.gateway.store.latestSnapshot(sessionId));
    expect(snapshot.seq).toBeGreaterThan(0);
    expectNoSecret("stored snapshot", snapshot);
  });

  it("SEC-01 a user's own send that pastes a key reaches the store redacted (demo runtime echo)", async () => {
    const created = await postJson(`${server.url}/api/sessions`, {
      source: "demo",
      scenario: "solo",
      config: { pace: 0 },
    });
    const id = created.body.session.id as string;
    const write = await postJson(`${server.url}/api/sessions/${id}/commands`, {
      kind: "send",
      idempotencyKey: "send:leak",
      clientMessageId: "leak",
      text: `please use ${SECRET} for the call`,
    });
    expect(write.body.status).toBe("accepted");
    const entries = await waitFor(async () => {
      const log = await server.gateway.store.readEvents(id);
      return log.some((e) => JSON.stringify(e.event).includes("please use")) ? log : undefined;
    }, 10_000);
    expectNoSecret("stored demo events", entries);
  });
});
