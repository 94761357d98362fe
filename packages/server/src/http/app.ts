// The gateway's HTTP API (Hono). Routes translate requests into Gateway calls; every refusal is
// `{ error: { code, message } }` with a 4xx status, and an unexpected failure is a 500 with the same
// shape — the process never crashes on client input.
import { WINDOW_TABLES, type WindowTable } from "@agent-ui/contracts";
import { Hono } from "hono";
import type { Context } from "hono";
import { cors } from "hono/cors";
import { GatewayError } from "../gateway/errors";
import { IdempotencyConflictError } from "../gateway/commands";
import type { Gateway } from "../gateway/gateway";
import type { RestartSettlement } from "../gateway/restart";
import { SessionDamagedError } from "../store/session-store";
import { connectRoutes } from "./connect-route";
import { detailRoute } from "./detail-route";
import { HTTP_STATUS_OF } from "./error-status";
import { fail } from "./fail";
import { hostGuard, jsonWrites, originGuard, securityHeaders, tokenGuard } from "./guard";
import {
  composeWindowBody,
  DEFAULT_MESSAGE_WINDOW,
  historyPage,
  MAX_PAGE,
  windowContentBytes,
  windowKey,
} from "./hydration-window";
import { TABLE_PAGE_ROWS, tablePage, tableRow } from "./table-window";
import { type IngestLimits, ingestRoutes } from "./ingest-route";
import { pageRoutes } from "./page-routes";
import { settledFirst } from "./settled";
import { sseRoute } from "./sse-route";
import { storedContent, storedWindowFirst } from "./stored-window";
import { listSessions, sessionsFeedRoute } from "./sessions-feed-route";
import { badRequest, intParam, pageParams, readJsonObject } from "./params";
import { parseCommand } from "./validate-command";
import { WindowCache } from "./window-cache";
import { webhookRoutes } from "./webhook-route";
import { wsRoute } from "./ws-route";

export { fail };

export interface AppOptions {
  /** The access token `/api/*` requires (see ./guard.ts). Required unless `noAuth` says otherwise. */
  token?: string;
  /** Serve `/api/*` to anyone who can reach the port: only for a gateway behind its own auth. */
  noAuth?: boolean;
  /** Origins allowed besides the gateway's own; CORS answers are off when empty. */
  corsOrigins?: string[];
  /** Host names allowed besides the loopback names (DNS rebinding defence). */
  allowedHosts?: string[];
  version?: string;
  /** Push ingest bounds (records in flight per session, records per request). */
  ingestLimits?: Partial<IngestLimits>;
  /** Sessions still settling after a restart: a request for one waits for it (see ./settled.ts). */
  settlement?: RestartSettlement;
  /** The serialized hydration windows shared between joiners (default: 32 MiB of them). */
  windowCache?: WindowCache;
}

const MAX_BODY_BYTES = 1024 * 1024;
const EVENTS_PAGE_DEFAULT = 500;
/** The fields of `POST /api/sessions` (`CreateSessionRequest`). */
const CREATE_FIELDS = new Set(["source", "scenario", "config", "title", "id"]);

export function createApp(gateway: Gateway, options: AppOptions = {}): Hono {
  const app = new Hono();
  const windows = options.windowCache ?? new WindowCache();

  app.onError((error, c) => {
    if (error instanceof GatewayError) return fail(c, HTTP_STATUS_OF[error.kind], error.code, error.message);
    if (error instanceof IdempotencyConflictError)
      return fail(c, 409, "idempotency_key_reused", error.message);
    // Damage a read found after start: answered like damage found at start, and the list marks it.
    if (error instanceof SessionDamagedError) return fail(c, 503, "session_damaged", error.message);
    return fail(c, 500, "internal_error", "the gateway failed to handle this request");
  });
  app.notFound((c) => fail(c, 404, "not_found", `no route ${c.req.method} ${c.req.path}`));

  if (!options.token && !options.noAuth)
    throw new Error("createApp needs an access token, or noAuth: true to serve /api without one");
  app.use("*", securityHeaders);
  app.use("*", hostGuard(options.allowedHosts));
  app.use("*", originGuard(options.corsOrigins));
  if (options.corsOrigins && options.corsOrigins.length > 0) {
    app.use(
      "/api/*",
      cors({ origin: options.corsOrigins, allowHeaders: ["Authorization", "Content-Type", "Last-Event-ID"] }),
    );
  }
  if (options.token) app.use("/api/*", tokenGuard(options.token));
  app.use("/api/*", jsonWrites);
  app.use("/api/*", capBody);
  app.use("/hooks/*", capBody);
  // Before settling: the stored window is the state at its seq whatever a settlement appends after it.
  app.use("/api/sessions/:id/snapshot", storedWindowFirst(gateway, windows));
  if (options.settlement) {
    app.use("/api/sessions/:id", settledFirst(options.settlement));
    app.use("/api/sessions/:id/*", settledFirst(options.settlement));
  }

  app.get("/api/health", (c) =>
    c.json({ ok: true, store: gateway.store.kind, version: options.version ?? "0.1.0" }),
  );
  app.get("/api/sources", (c) => c.json({ sources: gateway.sourceKinds() }));

  app.get("/api/sessions", async (c) => c.json({ sessions: await listSessions(gateway) }));
  app.get("/api/feed/sessions", sessionsFeedRoute(gateway));

  app.post("/api/sessions", async (c) => {
    const body = await readJsonObject(c);
    const input = body;
    if (typeof input.source !== "string") throw badRequest('"source" (a runtime source kind) is required');
    // A misspelt field (`sessionId` for `id`, `scenarioName`) would otherwise be dropped without a word.
    const unknown = Object.keys(input).filter((key) => !CREATE_FIELDS.has(key));
    if (unknown.length > 0)
      throw badRequest(
        `unknown field${unknown.length > 1 ? "s" : ""} ${unknown
          .slice(0, 5)
          .map((key) => JSON.stringify(key.slice(0, 64)))
          .join(", ")}; a session is created from ${[...CREATE_FIELDS].map((f) => `"${f}"`).join(", ")}`,
      );
    for (const field of ["scenario", "title", "id"] as const) {
      if (input[field] !== undefined && typeof input[field] !== "string")
        throw badRequest(`"${field}" must be a string`);
    }
    if (
      input.config !== undefined &&
      (typeof input.config !== "object" || input.config === null || Array.isArray(input.config))
    ) {
      throw badRequest('"config" must be an object');
    }
    const session = await gateway.createSession({
      source: input.source,
      scenario: input.scenario as string | undefined,
      title: input.title as string | undefined,
      id: input.id as string | undefined,
      config: input.config as Record<string, unknown> | undefined,
    });
    return c.json({ session: { ...session, attached: gateway.isAttached(session.id) } }, 201);
  });

  app.get("/api/sessions/:id", async (c) => {
    const session = await gateway.getSession(c.req.param("id"));
    return c.json({ session: { ...session, attached: gateway.isAttached(session.id) } });
  });

  app.patch("/api/sessions/:id", async (c) => {
    const body = (await readJsonObject(c)) as { title?: unknown };
    if (typeof body.title !== "string") throw badRequest('"title" (a string) is required');
    const session = await gateway.renameSession(c.req.param("id"), body.title);
    return c.json({ session: { ...session, attached: gateway.isAttached(session.id) } });
  });

  app.delete("/api/sessions/:id", async (c) => {
    await gateway.deleteSession(c.req.param("id"));
    windows.drop(c.req.param("id"));
    return c.json({ deleted: c.req.param("id") });
  });

  /** The session's hydration window as JSON bytes: its content is built once per (session, state, limit)
   * and shared by every joiner; the state is an immutable snapshot, so the sliced build reads it as it
   * was at `seq` whatever arrives meanwhile. The session record and attached flag are the current ones. */
  const windowBody = async (id: string, limit: number): Promise<Buffer> => {
    const { seq, state } = await gateway.currentProjection(id);
    const content = await windows.get(id, windowKey(seq, limit), (slicer) =>
      windowContentBytes(state, limit, slicer),
    );
    return composeWindowBody(await gateway.getSession(id), gateway.isAttached(id), seq, content);
  };
  // A session settled after a restart has its window built before its first joiner asks, unless its
  // stored window answers that joiner: its projection then loads when a request needs it, not beside
  // the first paint.
  options.settlement?.onSettled((id) => {
    void (async () => {
      if (await storedContent(gateway, windows, id, DEFAULT_MESSAGE_WINDOW)) return;
      await windowBody(id, DEFAULT_MESSAGE_WINDOW);
    })().catch(() => {});
  });

  app.get("/api/sessions/:id/snapshot", async (c) => {
    const id = c.req.param("id");
    const limit = intParam(c.req.query("limit"), "limit", DEFAULT_MESSAGE_WINDOW, 1, MAX_PAGE);
    const before = c.req.query("before");
    if (before !== undefined) {
      await gateway.getSession(id);
      const projection = await gateway.currentProjection(id);
      const cursor = intParam(before, "before", 0, 0, Number.MAX_SAFE_INTEGER);
      return c.json(historyPage(id, projection.seq, projection.state, cursor, limit));
    }
    const body = await windowBody(id, limit);
    return c.body(body as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/json; charset=UTF-8",
    });
  });

  app.get("/api/sessions/:id/tables/:table", async (c) => {
    const id = c.req.param("id");
    const table = windowTable(c.req.param("table"));
    const { limit, before } = pageParams(c, TABLE_PAGE_ROWS, MAX_PAGE);
    await gateway.getSession(id);
    const projection = await gateway.currentProjection(id);
    return c.json(tablePage(id, projection.seq, projection.state, table, before, limit));
  });

  app.get("/api/sessions/:id/tables/:table/:rowId", async (c) => {
    const id = c.req.param("id");
    const table = windowTable(c.req.param("table"));
    const rowId = c.req.param("rowId");
    await gateway.getSession(id);
    const projection = await gateway.currentProjection(id);
    const row = tableRow(id, projection.seq, projection.state, table, rowId);
    if (row === undefined) throw new GatewayError("not_found", "row_not_found", `no ${table} row ${rowId}`);
    return c.json(row);
  });

  pageRoutes(app, gateway);

  app.get("/api/sessions/:id/events.json", async (c) => {
    const id = c.req.param("id");
    const session = await gateway.getSession(id);
    const after = intParam(c.req.query("after"), "after", 0, 0, Number.MAX_SAFE_INTEGER);
    const limit = intParam(c.req.query("limit"), "limit", EVENTS_PAGE_DEFAULT, 1, 5000);
    const entries = await gateway.store.readEvents(id, { after, limit });
    const last = entries.length > 0 ? entries[entries.length - 1].seq : after;
    return c.json({
      sessionId: id,
      entries,
      head: session.lastSeq,
      next: last < session.lastSeq ? last : null,
    });
  });

  app.get("/api/sessions/:id/details/:ref", detailRoute(gateway));
  app.get("/api/sessions/:id/events", sseRoute(gateway));
  app.get("/api/sessions/:id/ws", wsRoute(gateway));

  app.post("/api/sessions/:id/commands", async (c) => {
    const id = c.req.param("id");
    await gateway.getSession(id);
    const command = parseCommand(await readJsonObject(c), id);
    const result = await gateway.command(command);
    return c.json(result);
  });

  ingestRoutes(app, gateway, options.ingestLimits, options.settlement);
  connectRoutes(app, gateway);
  webhookRoutes(app, gateway);

  app.post("/api/sessions/:id/stop", async (c) => {
    const id = c.req.param("id");
    await gateway.getSession(id);
    await gateway.stopSession(id);
    return c.json({ session: await gateway.getSession(id) });
  });

  return app;
}

/** Requests carry at most MAX_BODY_BYTES, counted as the body arrives (declared length or not) and never
 * held past the limit: the rest of an oversized body is read and dropped, so the client — possibly still
 * sending — gets its 413 instead of a connection cut mid-upload. */
async function capBody(c: Context, next: () => Promise<void>): Promise<Response | undefined> {
  const body = c.req.raw.body;
  if (!body) return next().then(() => undefined);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size <= MAX_BODY_BYTES) chunks.push(value);
  }
  if (size > MAX_BODY_BYTES)
    return fail(c, 413, "body_too_large", `request body over ${MAX_BODY_BYTES} bytes`);
  c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
  return next().then(() => undefined);
}

function windowTable(table: string): WindowTable {
  if (!(WINDOW_TABLES as readonly string[]).includes(table))
    throw new GatewayError(
      "not_found",
      "unknown_table",
      `no table ${table}; tables: ${WINDOW_TABLES.join(", ")}`,
    );
  return table as WindowTable;
}
