import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, getJson, postJson, startTestServer, tempDir } from "./helpers";

describe("replay runtime source", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  const log = async (id: string) =>
    (await getJson(`${server.url}/api/sessions/${id}/events.json?limit=5000`)).body.entries;

  it("replays inline Agent UI envelope events as fast as possible (speed 0) and completes", async () => {
    const records = Array.from({ length: 300 }, (_, i) => ({
      type: "text.delta",
      eventId: `r${i}`,
      sequence: i + 1,
      messageId: "m1",
      payload: { delta: "x" },
    }));
    const { id } = await createSession(
      server,
      { source: "replay", config: { records, speed: 0 } },
      "completed",
    );
    const entries = await log(id);
    const replayed = entries.filter((e: { event: { type: string } }) => e.event.type === "text.delta");
    expect(replayed.map((e: { event: { eventId: string } }) => e.event.eventId)).toEqual(
      records.map((r) => r.eventId),
    );
    expect((await getJson(`${server.url}/api/sessions/${id}`)).body.session.statusReason).toBe(
      "replay finished",
    );
  });

  it("detects the recorded format (auto) and runs it through that adapter", async () => {
    const { id } = await createSession(
      server,
      { source: "replay", config: { file: "agui.interrupt.events.jsonl", speed: 0 } },
      "completed",
    );
    const entries = await log(id);
    expect(
      entries.some((e: { event: { source?: { format?: string } } }) => e.event.source?.format === "ag-ui"),
    ).toBe(true);
  });

  it("an unknown format is an honest diagnostic, not a crash or a silent drop", async () => {
    const { id } = await createSession(
      server,
      { source: "replay", config: { records: [{ a: 1 }], format: "martian", speed: 0 } },
      "completed",
    );
    const diagnostics = (await log(id)).filter(
      (e: { event: { type: string } }) => e.event.type === "diagnostic.changed",
    );
    expect(
      diagnostics.map((e: { event: { payload: { message: string } } }) => e.event.payload.message).join(" "),
    ).toMatch(/no adapter for source format "martian"/);
  });

  it("rejects a bad speed or a missing input with 400", async () => {
    for (const config of [{ records: [], speed: -1 }, { speed: 1 }, { file: 42 }]) {
      const { status, body } = await postJson(`${server.url}/api/sessions`, { source: "replay", config });
      expect(status).toBe(400);
      expect(body.error.code).toBe("invalid_source_config");
    }
  });
});

describe("static workbench files", () => {
  const dir = tempDir("agent-ui-static-");
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    mkdirSync(join(dir.path, "assets"));
    writeFileSync(join(dir.path, "index.html"), "<!doctype html><title>workbench</title>");
    writeFileSync(join(dir.path, "assets", "app.js"), "console.log('app')");
    server = await startTestServer({ staticDir: dir.path });
  });
  afterAll(async () => {
    await server?.close();
    dir.remove();
  });

  it("serves the built app, falls back to index.html for client routes, and keeps /api JSON", async () => {
    const index = await fetch(`${server.url}/`);
    expect(await index.text()).toContain("<title>workbench</title>");
    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toContain("console.log");
    const route = await fetch(`${server.url}/s/some-session`);
    expect(await route.text()).toContain("<title>workbench</title>");
    const api = await fetch(`${server.url}/api/unknown`);
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe("not_found");
  });
});
