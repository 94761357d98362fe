// `startServer(options)`: opens the store, builds the gateway and its HTTP API, listens (127.0.0.1 by
// default) and returns `{ url, close }`. Used by `agent-ui serve`, `agent-ui start` and the tests.
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { WebSocketServer } from "ws";
import { Gateway } from "./gateway/gateway";
import type { PumpLimits } from "./gateway/live-pump";
import { resumeAfterRestart } from "./gateway/restart";
import type { ProjectorFactory } from "./gateway/session-projection";
import { createApp } from "./http/app";
import type { RuntimeSourceFactory } from "./sources/runtime-source";
import { builtInSources } from "./sources/registry";
import { createPostgresStore } from "./store/postgres-store";
import type { SessionStore } from "./store/session-store";
import { createSqliteStore } from "./store/sqlite-store";
import { type DataDirLock, lockDataDir } from "./store/data-dir-lock";
import { describeIntegrity, type IntegrityReport } from "./store/sqlite-integrity";

export interface ServerOptions {
  /** 0 picks a free port. Default 4318. */
  port?: number;
  /** Default 127.0.0.1: the gateway is not reachable from other machines unless asked. */
  host?: string;
  /** Directory for the SQLite file (default `.data`). */
  dataDir?: string;
  store?: "sqlite" | "postgres" | SessionStore;
  /** PostgreSQL connection string (required for `store: "postgres"`). */
  pgUrl?: string;
  /** Postgres schema for the tables (default `agent_ui`). */
  pgSchema?: string;
  /** Serve this directory (the built workbench) at `/`, with an SPA fallback to index.html. */
  staticDir?: string;
  /** Require this bearer token on `/api/*` (health excepted). */
  token?: string;
  /** Allowed CORS origins (CORS is off by default). */
  corsOrigins?: string[];
  /** Runtime source kinds offered (default: the built-in ones). */
  sources?: readonly RuntimeSourceFactory[];
  /** Snapshot compaction interval in events (default 200). */
  snapshotEvery?: number;
  projectorFactory?: ProjectorFactory;
  /** Backpressure limits of SSE and WebSocket viewers (buffered cap, catch-up stall time). */
  viewerLimits?: Partial<PumpLimits>;
}

export interface RunningServer {
  url: string;
  port: number;
  gateway: Gateway;
  close(): Promise<void>;
}

export async function openStore(options: ServerOptions): Promise<SessionStore> {
  if (typeof options.store === "object") return options.store;
  if (options.store === "postgres") {
    if (!options.pgUrl) throw new Error("--store postgres needs --pg-url (or AGENT_UI_PG_URL)");
    return createPostgresStore({ connectionString: options.pgUrl, schema: options.pgSchema });
  }
  return createSqliteStore({ file: join(resolve(options.dataDir ?? ".data"), "agent-ui.sqlite") });
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  // The data dir is this process's before anything in it is read or written (./store/data-dir-lock).
  const lock: DataDirLock | undefined =
    options.store === undefined || options.store === "sqlite"
      ? lockDataDir(resolve(options.dataDir ?? ".data"))
      : undefined;
  try {
    return await startLocked(options, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function startLocked(options: ServerOptions, lock: DataDirLock | undefined): Promise<RunningServer> {
  const store = await openStore(options);
  // What the store found wrong when it opened (damaged or rewound sessions), said once at start.
  for (const line of describeIntegrity((store as { integrity?: IntegrityReport }).integrity))
    console.warn(line);
  const ownsStore = typeof options.store !== "object";
  const sources = options.sources ?? builtInSources();
  const gateway = new Gateway({
    store,
    sources,
    snapshotEvery: options.snapshotEvery,
    projectorFactory: options.projectorFactory,
    viewerLimits: options.viewerLimits,
  });
  // With SQLite this process is the only gateway: sessions whose runtime lived in the previous process
  // are re-attached where their source can resume, else stopped with the reason (with Postgres another
  // gateway may still hold them).
  if (store.kind === "sqlite") await resumeAfterRestart(gateway, sources);
  const app = createApp(gateway, { token: options.token, corsOrigins: options.corsOrigins });
  if (options.staticDir) {
    const root = resolve(options.staticDir);
    const files = serveStatic({ root });
    const spaFallback = serveStatic({ root, path: "index.html" });
    const hasIndex = existsSync(join(root, "index.html"));
    app.use("/*", async (c, next) => (c.req.path.startsWith("/api/") ? next() : files(c, next)));
    // Client-side routes of the single-page app fall back to index.html.
    if (hasIndex)
      app.get("*", async (c, next) => (c.req.path.startsWith("/api/") ? next() : spaFallback(c, next)));
  }
  const wss = new WebSocketServer({ noServer: true });
  const host = options.host ?? "127.0.0.1";
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
    (done, reject) => {
      const s = serve(
        { fetch: app.fetch, port: options.port ?? 4318, hostname: host, websocket: { server: wss } },
        (info: AddressInfo) => done({ server: s, port: info.port }),
      );
      s.once("error", reject);
    },
  );
  const urlHost = host.includes(":") ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    gateway,
    close() {
      closing ??= (async () => {
        await gateway.close();
        for (const client of wss.clients) client.terminate();
        wss.close();
        await new Promise<void>((done) => {
          server.close(() => done());
          (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        if (ownsStore) await store.close();
        lock?.release();
      })();
      return closing;
    },
  };
}
