// Push ingest for `push` sessions (../sources/push-source.ts):
//   POST /api/sessions/:id/ingest[?format=]           records as a JSON array or NDJSON (one per line)
//   GET  /api/sessions/:id/ingest/commands            the writes channel: SSE, one `command` event each
//   POST /api/sessions/:id/ingest/commands/:commandId the runtime's WriteResult for that command
// Records are adapted, redacted and appended in order; a line that is not JSON becomes a diagnostic that
// names it, and its neighbours are kept. A batch sent again with the same `Idempotency-Key` (a retry after
// a dropped connection) is answered from the first time and appended once: the key's answer is stored in
// the transaction that appends the records, so after a crash the key is either answered (the records
// landed) or free again (they did not; the claim died with its process and the retry stores them). A session with too many
// records in flight answers 429 with `Retry-After`, so a fast producer waits instead of growing memory.
import { createHash } from "node:crypto";
import { detectFormat } from "@agent-ui/adapters";
import type { WriteResult } from "@agent-ui/contracts";
import type { Context, Hono } from "hono";
import { GatewayError } from "../gateway/errors";
import type { Gateway } from "../gateway/gateway";
import type { RestartSettlement } from "../gateway/restart";
import { IdempotencyClaimLostError, type LogEntry, type SessionRecord } from "../store/session-store";
import { PushSource } from "../sources/push-source";
import { badRequest, readJsonObject } from "./params";

export interface IngestLimits {
  /** Records of one session being stored at once; past it a push answers 429 (default 5,000). */
  maxInFlight: number;
  /** Records one request may carry (default 2,000; bodies are capped at 1 MiB too). */
  maxPerRequest: number;
}

export const DEFAULT_INGEST_LIMITS: IngestLimits = { maxInFlight: 5_000, maxPerRequest: 2_000 };
const DETECT_SAMPLE = 20;
const KEY = /^[A-Za-z0-9._:-]{1,128}$/;
const COMMAND_HEARTBEAT_MS = 15_000;

export interface IngestAnswer {
  /** Records stored (adapted; bad lines become diagnostics and are counted in `errors`). */
  accepted: number;
  format: string;
  errors: { record: number; code: string; message: string }[];
  /** The session's log head after this batch. */
  seq: number;
}

/** The push source feeding `session` here. A push session no runtime here feeds whose gateway is gone
 * (another node on the same PostgreSQL died) is taken over first (`RestartSettlement.adopt`). A push
 * session whose source was stopped (on request, or refused on restart) or that a live gateway elsewhere
 * feeds is a named conflict, not a session of another kind. */
async function pushSourceOf(
  gateway: Gateway,
  session: SessionRecord,
  settlement: RestartSettlement | undefined,
): Promise<PushSource> {
  let source = gateway.sourceOf(session.id);
  if (source === undefined && session.sourceKind === "push" && (await settlement?.adopt(session))) {
    source = gateway.sourceOf(session.id);
    session = await gateway.getSession(session.id);
  }
  if (source instanceof PushSource) return source;
  if (session.sourceKind === "push") throw sourceStopped(session);
  throw new GatewayError(
    "conflict",
    "not_a_push_session",
    `session ${session.id} is not fed by pushes (create it with source "push")`,
  );
}

/** 409 with `Retry-After`: a request with this batch's key is being stored; its retry gets the answer. */
function inProgress(c: Context): Response {
  c.header("retry-after", "1");
  return c.json(
    { error: { code: "ingest_in_progress", message: "this batch is still being stored; retry" } },
    409,
  );
}

function sourceStopped(session: SessionRecord): GatewayError {
  const why = session.statusReason === undefined ? "" : ` (${session.statusReason})`;
  return new GatewayError(
    "conflict",
    "source_stopped",
    `session ${session.id} no longer takes pushes: its source is ${session.status}${why}; push to a new session`,
  );
}

/** Parses a JSON array, one JSON value, or NDJSON; a line that does not parse is reported by number. */
export function parseBatch(
  text: string,
  ndjson: boolean,
): { records: unknown[]; errors: IngestAnswer["errors"] } {
  const errors: IngestAnswer["errors"] = [];
  if (!ndjson) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest("the body is not JSON (send a JSON array, or NDJSON as application/x-ndjson)");
    }
    return { records: Array.isArray(value) ? value : [value], errors };
  }
  const records: unknown[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "") continue;
    try {
      records.push(JSON.parse(line));
    } catch {
      // The line number only: the raw text may hold a secret (never quoted back).
      errors.push({
        record: i + 1,
        code: "unparseable_input",
        message: `line ${i + 1} is not JSON; skipped`,
      });
    }
  }
  return { records, errors };
}

export function ingestRoutes(
  app: Hono,
  gateway: Gateway,
  limits: Partial<IngestLimits> = {},
  settlement?: RestartSettlement,
): void {
  const { maxInFlight, maxPerRequest } = { ...DEFAULT_INGEST_LIMITS, ...limits };
  const inFlight = new Map<string, number>();

  app.post("/api/sessions/:id/ingest", async (c) => {
    const id = c.req.param("id");
    const source = await pushSourceOf(gateway, await gateway.getSession(id), settlement);
    const key = c.req.header("idempotency-key");
    if (key !== undefined && !KEY.test(key))
      throw badRequest('"Idempotency-Key" must be 1-128 letters, digits or ._:-');
    const text = await c.req.text();
    const ndjson = c.req.header("content-type")?.toLowerCase().startsWith("application/x-ndjson") ?? false;
    const { records, errors } = parseBatch(text, ndjson);
    if (records.length > maxPerRequest)
      throw new GatewayError("too_large", "too_many_records", `at most ${maxPerRequest} records per request`);
    const busy = inFlight.get(id) ?? 0;
    if (busy > 0 && busy + records.length > maxInFlight) {
      c.header("retry-after", "1");
      return c.json(
        {
          error: {
            code: "ingest_busy",
            message: `${busy} records of this session are still being stored; retry`,
          },
        },
        429,
      );
    }
    let format = c.req.query("format") ?? source.format;
    if (format === "auto") {
      const detected = detectFormat(records, DETECT_SAMPLE);
      if (detected.format === "unknown")
        throw new GatewayError("unrecognized", "format_unknown", `${detected.reason}; pass ?format=`);
      format = detected.format;
    }
    const claimKey = key === undefined ? undefined : `ingest:${key}`;
    const fingerprint =
      claimKey === undefined ? undefined : createHash("sha256").update(`${format}\n${text}`).digest("hex");
    if (claimKey !== undefined && fingerprint !== undefined) {
      const claim = await gateway.store.claimIdempotency(id, claimKey, fingerprint);
      if (claim.kind !== "claimed") {
        if (claim.fingerprint !== fingerprint)
          throw new GatewayError(
            "conflict",
            "idempotency_key_reused",
            "this Idempotency-Key was used for another batch",
          );
        if (claim.kind === "pending") return inProgress(c);
        return c.json(claim.result as unknown as IngestAnswer);
      }
    }
    inFlight.set(id, busy + records.length);
    const partial = { accepted: records.length, format, errors };
    const completes = claimKey === undefined ? undefined : { key: claimKey, result: partial };
    let entries: LogEntry[] = [];
    try {
      // The session may have been stopped while the body arrived: nothing of this batch is stored then.
      if (gateway.sourceOf(id) !== source) throw sourceStopped(await gateway.getSession(id));
      if (records.length > 0 || completes !== undefined)
        entries = await source.ingest(records, format, completes);
    } catch (error) {
      // Taken over by a gateway that presumed this one gone: that request stores the batch.
      if (error instanceof IdempotencyClaimLostError) return inProgress(c);
      if (claimKey !== undefined) await gateway.store.releaseIdempotency(id, claimKey);
      if (!(error instanceof GatewayError) && gateway.sourceOf(id) !== source)
        throw sourceStopped(await gateway.getSession(id));
      throw error;
    } finally {
      const left = (inFlight.get(id) ?? records.length) - records.length;
      if (left > 0) inFlight.set(id, left);
      else inFlight.delete(id);
    }
    const last = entries[entries.length - 1]?.seq;
    if (last !== undefined) return c.json({ ...partial, seq: last } satisfies IngestAnswer);
    // Nothing appended: the head the store answered with (the stored answer's), or the session's now.
    if (claimKey !== undefined) {
      const stored = await gateway.store.claimIdempotency(id, claimKey, fingerprint as string);
      if (stored.kind === "done") return c.json(stored.result as unknown as IngestAnswer);
    }
    const answer: IngestAnswer = { ...partial, seq: (await gateway.getSession(id)).lastSeq };
    return c.json(answer);
  });

  app.post("/api/sessions/:id/ingest/end", async (c) => {
    const id = c.req.param("id");
    const session = await gateway.getSession(id);
    const body = (await readJsonObject(c, {})) as { status?: unknown; reason?: unknown };
    const status = body.status ?? "completed";
    if (status !== "completed" && status !== "failed")
      throw badRequest('"status" must be "completed" or "failed"');
    await (await pushSourceOf(gateway, session, settlement)).end(
      status,
      typeof body.reason === "string" ? body.reason : undefined,
    );
    return c.json({ session: await gateway.getSession(id) });
  });

  app.get("/api/sessions/:id/ingest/commands", async (c) => {
    const id = c.req.param("id");
    return commandStream(c, await pushSourceOf(gateway, await gateway.getSession(id), settlement));
  });

  app.post("/api/sessions/:id/ingest/commands/:commandId", async (c) => {
    const id = c.req.param("id");
    const source = await pushSourceOf(gateway, await gateway.getSession(id), undefined);
    const result = (await readJsonObject(c)) as Partial<WriteResult>;
    if (!["accepted", "rejected", "failed", "unavailable"].includes(String(result.status)))
      throw badRequest('"status" must be accepted, rejected, failed or unavailable');
    if (!source.answer(c.req.param("commandId"), result as WriteResult))
      throw new GatewayError(
        "not_found",
        "command_not_waiting",
        "no command with this id is waiting for an answer",
      );
    return c.json({ ok: true });
  });
}

/** The writes channel as Server-Sent Events: `event: command` with `{ commandId, command }`. */
function commandStream(c: Context, source: PushSource): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      send(": writes channel open\n\n");
      const unlisten = source.listen((pending) =>
        send(`event: command\ndata: ${JSON.stringify(pending)}\n\n`),
      );
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), COMMAND_HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unlisten();
      };
      c.req.raw.signal.addEventListener("abort", () => stop());
    },
    cancel() {
      stop();
    },
  });
  return c.newResponse(body, 200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    "x-accel-buffering": "no",
  });
}
