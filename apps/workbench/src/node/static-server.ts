// A read-only static file server for the built workbench, for the UI benchmark: the bench page needs no
// gateway (it projects locally), so the measurement neither waits on nor competes with a store, and a
// gateway under construction cannot break it.
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** Serves `dir` on 127.0.0.1 at a free port; paths outside `dir` are refused. */
export async function serveStatic(dir: string): Promise<StaticServer> {
  const root = normalize(dir);
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? "/").split(/[?#]/)[0]);
    let file = normalize(join(root, path));
    if (!file.startsWith(root + sep) && file !== root) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
