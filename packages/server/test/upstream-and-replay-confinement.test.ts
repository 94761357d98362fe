// What a session's config may make the gateway touch: through a connector, every refusal or failure of
// the upstream reads the same (no port-state oracle) and the caller picks no Host or hop-by-hop header;
// replay reads files only inside an explicit replay directory. (The upstream policy's own rules are tested
// with the connectors.)
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPSTREAM_UNAVAILABLE } from "@agent-ui/connectors";
import { allSources, getJson, postJson, startTestServer, tempDir, waitFor } from "./helpers";

describe("SEC connectors: one uniform failure, no caller-chosen Host or hop-by-hop headers", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let web: Server;
  let webUrl: string;
  let closedUrl: string;
  beforeAll(async () => {
    server = await startTestServer();
    // An open port that answers HTTP but no event stream, and a port nobody listens on.
    web = createServer((_req, res) => res.writeHead(404).end("nope"));
    await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
    webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}/agent`;
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, "127.0.0.1", resolve));
    closedUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/agent`;
    await new Promise<void>((resolve) => gone.close(() => resolve()));
  });
  afterAll(async () => {
    await server?.close();
    web?.close();
  });

  async function failureReason(source: string, url: string): Promise<string> {
    const created = await postJson(`${server.url}/api/sessions`, { source, config: { url, text: "hi" } });
    expect(created.status).toBe(201);
    const id = created.body.session.id as string;
    const session = await waitFor(async () => {
      const s = (await getJson(`${server.url}/api/sessions/${id}`)).body.session;
      return s.status === "failed" ? s : undefined;
    }, 10_000);
    return session.statusReason as string;
  }

  it("a metadata address, a private address, a closed port and an open non-stream port all read the same", async () => {
    for (const source of ["ag-ui", "ai-sdk"]) {
      const reasons = [
        await failureReason(source, "http://169.254.169.254/latest/meta-data/"),
        await failureReason(source, "http://10.255.255.1:8080/"),
        await failureReason(source, closedUrl),
        await failureReason(source, webUrl),
      ];
      expect({ source, reasons }).toEqual({ source, reasons: reasons.map(() => UPSTREAM_UNAVAILABLE) });
    }
  });

  it("config.headers may not set Host, hop-by-hop or forwarding headers (400)", async () => {
    for (const name of ["Host", "connection", "Transfer-Encoding", "X-Forwarded-For", "content-length"]) {
      const created = await postJson(`${server.url}/api/sessions`, {
        source: "ag-ui",
        config: { url: webUrl, headers: { [name]: "x" } },
      });
      expect({ name, status: created.status }).toEqual({ name, status: 400 });
      expect(created.body.error.message).toContain(name);
    }
    const fine = await postJson(`${server.url}/api/sessions`, {
      source: "ag-ui",
      config: { url: webUrl, headers: { authorization: "Bearer upstream" }, startOnCreate: false },
    });
    expect(fine.status).toBe(201);
  });
});

describe("SEC replay only from the replay directory", () => {
  const outside = tempDir("agent-ui-outside-");
  const root = tempDir("agent-ui-replay-");
  const line = JSON.stringify({ type: "RUN_STARTED", threadId: "t", runId: "r" });
  let confined: Awaited<ReturnType<typeof startTestServer>>;
  let unset: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    writeFileSync(join(outside.path, "secret.jsonl"), `${line}\n`);
    writeFileSync(join(root.path, "ok.jsonl"), `${line}\n`);
    mkdirSync(join(root.path, "sub"));
    symlinkSync(join(outside.path, "secret.jsonl"), join(root.path, "link.jsonl"));
    symlinkSync(outside.path, join(root.path, "sub", "escape"));
    confined = await startTestServer({ sources: allSources({ replay: { root: root.path } }) });
    unset = await startTestServer({ sources: allSources() });
  });
  afterAll(async () => {
    await confined?.close();
    await unset?.close();
    outside.remove();
    root.remove();
  });

  it("without a replay directory no file is read (400 replay_dir_not_set); inline records still replay", async () => {
    for (const file of ["ok.jsonl", join(root.path, "ok.jsonl"), "package.json"]) {
      const created = await postJson(`${unset.url}/api/sessions`, { source: "replay", config: { file } });
      expect({ file, status: created.status }).toEqual({ file, status: 400 });
      expect(created.body.error.code).toBe("replay_dir_not_set");
    }
    const inline = await postJson(`${unset.url}/api/sessions`, {
      source: "replay",
      config: { records: [JSON.parse(line)], speed: 0 },
    });
    expect(inline.status).toBe(201);
  });

  it("paths that leave the directory — .., absolute, symbolic links to a file or a folder outside — are refused", async () => {
    const tricks = [
      "../outside.jsonl",
      "sub/../../x.jsonl",
      join(outside.path, "secret.jsonl"),
      "link.jsonl",
      "sub/escape/secret.jsonl",
      ".",
    ];
    for (const file of tricks) {
      const created = await postJson(`${confined.url}/api/sessions`, { source: "replay", config: { file } });
      expect({ file, status: created.status, code: created.body.error?.code }).toEqual({
        file,
        status: 400,
        code: "file_outside_replay_root",
      });
    }
    const ok = await postJson(`${confined.url}/api/sessions`, {
      source: "replay",
      config: { file: "ok.jsonl", speed: 0 },
    });
    expect(ok.status).toBe(201);
  });
});
