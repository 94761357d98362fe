// The gateway serving a built UI: precompressed assets when the client accepts them, immutable caching
// for content-hashed files only, the page revalidated, a missing file a 404.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../src";
import { allSources } from "./helpers";

/** Raw GET (fetch would decode the body and hide Content-Encoding handling). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("static UI delivery", () => {
  const dir = mkdtempSync(join(tmpdir(), "agent-ui-static-"));
  const js = `console.log(${JSON.stringify("x".repeat(4000))});`;
  let server: RunningServer;
  beforeAll(async () => {
    mkdirSync(join(dir, "ui", "assets"), { recursive: true });
    writeFileSync(join(dir, "ui", "index.html"), "<!doctype html><title>ui</title>");
    writeFileSync(join(dir, "ui", "assets", "app-abc123.js"), js);
    writeFileSync(join(dir, "ui", "assets", "app-abc123.js.br"), brotliCompressSync(js));
    writeFileSync(join(dir, "ui", "assets", "app-abc123.js.gz"), gzipSync(js));
    server = await startServer({
      port: 0,
      dataDir: join(dir, "data"),
      staticDir: join(dir, "ui"),
      sources: allSources(),
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the brotli copy to a client that accepts it, gzip to one that accepts only gzip", async () => {
    const br = await get(`${server.url}/assets/app-abc123.js`, { "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body.length).toBeLessThan(js.length / 4);
    const gz = await get(`${server.url}/assets/app-abc123.js`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await get(`${server.url}/assets/app-abc123.js`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
  });

  it("caches hashed assets as immutable and revalidates the page", async () => {
    const asset = await get(`${server.url}/assets/app-abc123.js`);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const page = await get(`${server.url}/`);
    expect(page.headers["cache-control"]).toBe("no-cache");
  });

  it("answers 404 for a missing file and the page for a client route", async () => {
    // A stale link to an old hash is not the page served as JavaScript, and nothing caches it.
    for (const path of ["/assets/app-old999.js", "/assets/app-old999", "/favicon.ico", "/app.js"]) {
      const missing = await get(`${server.url}${path}`);
      expect(missing.status, path).toBe(404);
      expect(missing.headers["cache-control"], path).toBeUndefined();
      expect(missing.body.toString(), path).not.toContain("<title>ui</title>");
    }
    for (const path of ["/sessions/s-1", "/s/team-demo", "/settings"]) {
      const page = await get(`${server.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers["cache-control"], path).toBe("no-cache");
      expect(page.body.toString(), path).toContain("<title>ui</title>");
    }
  });
});
