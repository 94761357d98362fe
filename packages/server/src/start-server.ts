// `startServer(options)`: opens the store, builds the gateway and its HTTP API, listens (127.0.0.1 by
// default) and returns `{ url, close }`. Used by `agent-ui serve`, `agent-ui start` and the tests.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { WebSocketServer } from "ws";
import { Gateway } from "./gateway/gateway";
import { WebhookRegistry } from "./gateway/webhooks";
import type { PumpLimits } from "./gateway/live-pump";
import { type RestartReport, settleAfterRestart } from "./gateway/restart";
import type { ProjectorFactory } from "./gateway/session-projection";
import type { IngestLimits } from "./http/ingest-route";
import { createApp } from "./http/app";
import { saveRestingWindows } from "./http/resting-windows";
import { saveEvictedWindows, saveServedWindows, storedRuntimeAtHead } from "./http/stored-window";
import { WindowCache } from "./http/window-cache";
import { chooseWsProtocol } from "./http/guard";
import type { RuntimeSourceFactory } from "@agent-ui/contracts";
import { pushSource } from "./sources/push-source";
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
  /** Serve this directory (the built workbench) at `/`, with an SPA fallback to index.html: precompressed
   * `.br` / `.gz` copies when the client accepts them, hashed `assets/` cached as immutable, the page
   * itself revalidated on every load. */
  staticDir?: string;
  /** The access token `/api/*` requires (health excepted). Without one (and without `noAuth`) a random
   * token is generated: `RunningServer.token` / `accessUrl` carry it. */
  token?: string;
  /** Serve `/api/*` without a token: only for a gateway behind its own auth. */
  noAuth?: boolean;
  /** Origins allowed besides the gateway's own (CORS is off by default). */
  corsOrigins?: string[];
  /** Host names accepted besides the loopback names and the bound host (DNS rebinding defence). */
  allowedHosts?: string[];
  /** Runtime source kinds offered (default: `push` only, the gateway's own ingest; `agent-ui start` and
   * `serve` add the demo runtime, the connectors and replay). */
  sources?: readonly RuntimeSourceFactory[];
  /** Snapshot compaction interval in events (default 200). */
  snapshotEvery?: number;
  /** How long a session's loaded projection goes without a new event before its hydration window is stored
   * for the first joiner after a restart, crash included (ms; default 2,000). */
  restingWindowMs?: number;
  /** How long a session streams past its stored hydration window before that window is stored anyway, so
   * a crash mid-stream leaves one a few seconds behind the head (ms; default 5,000). */
  streamingWindowMs?: number;
  projectorFactory?: ProjectorFactory;
  /** Backpressure limits of SSE and WebSocket viewers (buffered cap, catch-up stall time). */
  viewerLimits?: Partial<PumpLimits>;
  /** Push ingest bounds (`POST /api/sessions/:id/ingest`). */
  ingestLimits?: Partial<IngestLimits>;
  /** Bound on the projections kept in memory for sessions no runtime here feeds, in approximate bytes
   * (JSON size of their states; default 128 MiB) and in count (default 200). */
  maxCachedProjectionBytes?: number;
  maxCachedProjections?: number;
}

export interface RunningServer {
  /** The gateway's origin, e.g. `http://127.0.0.1:4318`. */
  url: string;
  /** The access token `/api/*` requires; undefined when started with `noAuth`. */
  token: string | undefined;
  /** The workbench URL that carries the token in its fragment (`/#token=…`): a fragment never reaches a
   * server log or a Referer. */
  accessUrl: string;
  port: number;
  gateway: Gateway;
  /** Resolves when the sessions a process that is gone left attached are settled (they settle in the
   * background after the gateway listens, see `gateway/restart.ts`). */
  settled: Promise<RestartReport>;
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
  // What the store found wrong when it opened (damaged or rewound sessions), said once, when its check is
  // done (the SQLite store's scan of the file runs while the gateway listens).
  const { integrity, checked } = store as {
    integrity?: IntegrityReport;
    checked?: Promise<IntegrityReport | undefined>;
  };
  void (checked ?? Promise.resolve(integrity)).then((report) => {
    for (const line of describeIntegrity(report)) console.warn(line);
  });
  const ownsStore = typeof options.store !== "object";
  const sources = options.sources ?? [pushSource];
  const webhooks = new WebhookRegistry();
  const gateway = new Gateway({
    store,
    sources,
    webhooks,
    snapshotEvery: options.snapshotEvery,
    projectorFactory: options.projectorFactory,
    viewerLimits: options.viewerLimits,
    maxCachedProjections: options.maxCachedProjections,
    maxCachedProjectionBytes: options.maxCachedProjectionBytes,
  });
  // Sessions whose runtime lived in a process that is gone are re-attached where their source can resume,
  // else stopped with the reason; with PostgreSQL, only those this process takes over (a live gateway
  // keeps its own). They settle in the background once the gateway listens; a request for one settles it
  // first.
  const settlement = await settleAfterRestart(gateway, sources, {
    runtimeAtHead: (session) => storedRuntimeAtHead(store, session.id, gateway.projectorFactory),
  });
  const host = options.host ?? "127.0.0.1";
  const token = options.noAuth ? undefined : (options.token ?? randomBytes(24).toString("base64url"));
  const windowCache = new WindowCache();
  const evictedWindows = saveEvictedWindows(gateway, windowCache);
  const restingWindows = saveRestingWindows(gateway, windowCache, {
    restMs: options.restingWindowMs,
    streamingMs: options.streamingWindowMs,
  });
  const app = createApp(gateway, {
    windowCache,
    token,
    noAuth: options.noAuth,
    corsOrigins: options.corsOrigins,
    allowedHosts: [...boundHost(host), ...(options.allowedHosts ?? [])],
    ingestLimits: options.ingestLimits,
    settlement,
  });
  if (options.staticDir) {
    const root = resolve(options.staticDir);
    // Vite names every file under assets/ by its content hash: it never changes under that name.
    const files = serveStatic({
      root,
      precompressed: true,
      onFound: (path, c) => {
        const hashed = /[\\/]assets[\\/]/.test(path) && !path.endsWith(".html");
        c.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
    const spaFallback = serveStatic({
      root,
      path: "index.html",
      precompressed: true,
      onFound: (_path, c) => {
        c.header("cache-control", "no-cache");
      },
    });
    const hasIndex = existsSync(join(root, "index.html"));
    app.use("/*", async (c, next) => (c.req.path.startsWith("/api/") ? next() : files(c, next)));
    // Client-side routes of the single-page app fall back to index.html; a missing file (an old asset hash, a
    // mistyped script) is a 404, never the page served as JavaScript.
    if (hasIndex)
      app.get("*", async (c, next) =>
        c.req.path.startsWith("/api/") || looksLikeFile(c.req.path) ? next() : spaFallback(c, next),
      );
  }
  const wss = new WebSocketServer({ noServer: true, handleProtocols: chooseWsProtocol });
  const wanted = options.port ?? 4318;
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
    (done, reject) => {
      const s = serve(
        { fetch: app.fetch, port: wanted, hostname: host, websocket: { server: wss } },
        (info: AddressInfo) => done({ server: s, port: info.port }),
      );
      s.once("error", reject);
    },
  ).catch(async (error: unknown) => {
    // Nothing of this process may keep running on a port it could not take: release the gateway and
    // the store, then say which port and what to do.
    await settlement?.stop();
    await gateway.close().catch(() => {});
    wss.close();
    if (ownsStore) await store.close().catch(() => {});
    throw listenError(error, host, wanted);
  });
  // An idle keep-alive socket is closed by the client first (browsers and fetch follow the server's
  // `Keep-Alive: timeout` hint): with Node's 5 s default, a busy event loop could close a socket just as a
  // client sent its next request on it, which the client sees as ECONNRESET.
  const http = server as { keepAliveTimeout?: number; headersTimeout?: number };
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  http.headersTimeout = KEEP_ALIVE_MS + 1_000;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  webhooks.setBaseUrl(url);
  let closing: Promise<void> | undefined;
  return {
    url,
    token,
    accessUrl: token ? `${url}/#token=${encodeURIComponent(token)}` : `${url}/`,
    port,
    gateway,
    settled: settlement.done,
    close() {
      closing ??= (async () => {
        await settlement.stop();
        await restingWindows.stop();
        await gateway.close();
        for (const client of wss.clients) client.terminate();
        wss.close();
        await new Promise<void>((done) => {
          server.close(() => done());
          (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        // The newest window served for each session, for the first joiner after the next start.
        await evictedWindows.idle();
        await saveServedWindows(gateway, windowCache);
        if (ownsStore) await store.close();
        lock?.release();
      })();
      return closing;
    },
  };
}

/** How long an idle HTTP connection stays open (ms). */
export const KEEP_ALIVE_MS = 65_000;

/** The bound host as a Host name to accept, unless it is a wildcard (`0.0.0.0`, `::`): then only the
 * loopback names and `allowedHosts` are accepted. */
function boundHost(host: string): string[] {
  if (host === "0.0.0.0" || host === "::" || host === "") return [];
  return [host.includes(":") && !host.startsWith("[") ? `[${host}]` : host];
}

function listenError(error: unknown, host: string, port: number): Error {
  const code = (error as { code?: string } | null)?.code;
  if (code === "EADDRINUSE")
    return new Error(`port ${port} on ${host} is already in use: stop the process holding it or pass --port`);
  if (code === "EACCES")
    return new Error(`not allowed to listen on ${host}:${port} (EACCES): pick another --port`);
  return error instanceof Error ? error : new Error(String(error));
}

/** A path naming a file (under `/assets/`, or a last segment with an extension) rather than a client route. */
function looksLikeFile(path: string): boolean {
  return path.startsWith("/assets/") || /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf("/") + 1));
}
