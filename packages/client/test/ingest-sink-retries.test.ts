// ORD-01 ORD-02 CTRL-06: the push ingest sink against a scripted gateway — records go in order, in batches
// of `batchSize` or after `flushMs`; a batch is resent under its own key after an outage, a busy gateway or
// a batch still being stored, and never after a final refusal; the writes channel answers each command once.
import type { ControlCommand } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createIngestSink, GatewayRequestError, type IngestSinkOptions } from "../src";
import { waitUntil } from "./gateway-fixtures";

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

type Answer = Response | Error | ((call: Call, init?: RequestInit) => Response | Promise<Response>);

const stored = (n: number) =>
  new Response(JSON.stringify({ accepted: n, format: "agent-ui", errors: [], seq: n }), { status: 200 });
const refusal = (status: number, code: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error: { code, message: `${code} said` } }), { status, headers });

/** A gateway that answers each request with the next scripted answer (or stores the batch). */
function gateway(script: Answer[] = []) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    const call = {
      url: String(url),
      method: init?.method ?? "GET",
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === "string" ? init.body : "",
    };
    calls.push(call);
    const next = script.shift();
    if (next instanceof Error) throw next;
    if (typeof next === "function") return next(call, init);
    return next ?? stored(call.body.split("\n").length);
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const options = (
  fetch: typeof globalThis.fetch,
  extra: Partial<IngestSinkOptions> = {},
): IngestSinkOptions => ({
  baseUrl: "http://gw.test",
  token: "t0k",
  sessionId: "s 1",
  fetch,
  ...extra,
});
describe("ingest sink batches", () => {
  it("ORD-01 sends records in order in batches of batchSize, as NDJSON, each under its own key", async () => {
    const gw = gateway();
    const sink = createIngestSink(options(gw.fetch, { batchSize: 2, format: "openai-agents" }));
    await sink.pipe([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }]);
    expect(gw.calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ["POST", "http://gw.test/api/sessions/s%201/ingest?format=openai-agents", '{"n":1}\n{"n":2}'],
      ["POST", "http://gw.test/api/sessions/s%201/ingest?format=openai-agents", '{"n":3}\n{"n":4}'],
      ["POST", "http://gw.test/api/sessions/s%201/ingest?format=openai-agents", '{"n":5}'],
    ]);
    expect(gw.calls[0].headers).toMatchObject({
      "content-type": "application/x-ndjson",
      authorization: "Bearer t0k",
    });
    const keys = gw.calls.map((c) => c.headers["idempotency-key"]);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^b-[0-9a-z]+-[0-9a-z]{1,10}$/);
    expect(sink.results.map((r) => r.accepted)).toEqual([2, 2, 1]);
  });

  it("ORD-01 without a format the gateway detects it; a short batch waits flushMs, a full one goes at once", async () => {
    const gw = gateway();
    const sink = createIngestSink(options(gw.fetch, { batchSize: 3, flushMs: 30 }));
    sink.push({ n: 1 });
    sink.push({ n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(gw.calls).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(gw.calls.map((c) => [c.url, c.body])).toEqual([
      ["http://gw.test/api/sessions/s%201/ingest", '{"n":1}\n{"n":2}'],
    ]);
    const slow = createIngestSink(options(gw.fetch, { batchSize: 2, flushMs: 60_000 }));
    slow.push({ n: 3 });
    slow.push({ n: 4 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(gw.calls.map((c) => c.body)).toEqual(['{"n":1}\n{"n":2}', '{"n":3}\n{"n":4}']);
    slow.push({ n: 5 });
    await slow.flush();
    expect(gw.calls.map((c) => c.body).at(-1)).toBe('{"n":5}');
    // After a flush, the next short batch is timed again.
    const quick = createIngestSink(options(gw.fetch, { flushMs: 20 }));
    quick.push({ n: 6 });
    await quick.flush();
    quick.push({ n: 7 });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(gw.calls.map((c) => c.body).slice(-2)).toEqual(['{"n":6}', '{"n":7}']);
  });
});

describe("ingest sink retries", () => {
  it("ORD-02 an outage, a busy gateway, a 5xx or a batch still being stored: resent under the same key", async () => {
    const gw = gateway([
      new TypeError("fetch failed"),
      refusal(429, "busy"),
      refusal(500, "internal"),
      refusal(409, "ingest_in_progress"),
    ]);
    const sink = createIngestSink(options(gw.fetch));
    await sink.pipe([{ n: 1 }]);
    expect(gw.calls).toHaveLength(5);
    expect(new Set(gw.calls.map((c) => c.headers["idempotency-key"])).size).toBe(1);
    expect(new Set(gw.calls.map((c) => c.body))).toEqual(new Set(['{"n":1}']));
    expect(sink.results).toHaveLength(1);
  });

  it("ORD-02 each retry waits 50·2^attempt ms (100 ms first), a busy gateway without Retry-After too", async () => {
    for (const first of [
      new TypeError("fetch failed"),
      refusal(409, "ingest_in_progress"),
      () => new Response(null, { status: 503 }),
      refusal(429, "busy"),
      refusal(429, "busy", { "retry-after": "0" }),
    ]) {
      const gw = gateway([first]);
      const at: number[] = [];
      const timed = (async (url: string, init?: RequestInit) => {
        at.push(performance.now());
        return gw.fetch(url, init);
      }) as typeof globalThis.fetch;
      await createIngestSink(options(timed)).pipe([{ n: 1 }]);
      expect(gw.calls).toHaveLength(2);
      const waited = at[1] - at[0];
      expect(waited).toBeGreaterThanOrEqual(90);
      expect(waited).toBeLessThan(1_000);
    }
  });

  it("ORD-02 a busy gateway's Retry-After is waited for", async () => {
    const gw = gateway([refusal(429, "busy", { "retry-after": "1" })]);
    const started = Date.now();
    await createIngestSink(options(gw.fetch)).pipe([{ n: 1 }]);
    expect(gw.calls).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("CTRL-07 a final conflict is thrown as it is, and no later batch is sent", async () => {
    const gw = gateway([refusal(409, "source_stopped")]);
    const sink = createIngestSink(options(gw.fetch, { batchSize: 1 }));
    const error = await sink.pipe([{ n: 1 }, { n: 2 }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error).toMatchObject({ status: 409, code: "source_stopped" });
    expect(gw.calls).toHaveLength(1);
    await expect(sink.flush()).rejects.toBe(error);
  });

  it("CTRL-07 tries stop after `retries`: the outage's error, or ingest_retry_exhausted for a 5xx", async () => {
    const down = gateway([
      new TypeError("fetch failed"),
      new TypeError("fetch failed"),
      new TypeError("again"),
    ]);
    await expect(createIngestSink(options(down.fetch, { retries: 2 })).pipe([1])).rejects.toThrow(
      "fetch failed",
    );
    expect(down.calls).toHaveLength(2);
    let cancelled = 0;
    const failing = () =>
      new Response(
        new ReadableStream({
          cancel: () => {
            cancelled++;
          },
        }),
        { status: 503 },
      );
    const busy = gateway([failing, failing, failing]);
    const error = await createIngestSink(options(busy.fetch, { retries: 2 }))
      .pipe([1])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: "ingest_retry_exhausted", message: "HTTP 503" });
    expect(busy.calls).toHaveLength(2);
    expect(cancelled).toBe(2);
    const stuck = gateway([refusal(409, "ingest_in_progress"), refusal(409, "ingest_in_progress")]);
    const conflict = await createIngestSink(options(stuck.fetch, { retries: 2 }))
      .pipe([1])
      .catch((e: unknown) => e);
    expect(conflict).toMatchObject({ code: "ingest_in_progress" });
    expect(stuck.calls).toHaveLength(2);
  });
});

describe("ingest sink end and commands", () => {
  it("sends what is queued, then ends the run, with a reason when one is given", async () => {
    const gw = gateway();
    const sink = createIngestSink(options(gw.fetch, { flushMs: 60_000 }));
    sink.push({ n: 1 });
    await sink.end();
    const ok = () => new Response(JSON.stringify({ ok: true }), { status: 200 });
    const gw2 = gateway([ok]);
    await createIngestSink(options(gw2.fetch)).end("failed", "tool crashed");
    expect(gw.calls.map((c) => [c.url.replace("http://gw.test/api/sessions/s%201", ""), c.body])).toEqual([
      ["/ingest", '{"n":1}'],
      ["/ingest/end", '{"status":"completed"}'],
    ]);
    expect(gw2.calls.map((c) => c.body)).toEqual(['{"status":"failed","reason":"tool crashed"}']);
    const refused = gateway([refusal(404, "not_found")]);
    await expect(createIngestSink(options(refused.fetch)).end()).rejects.toThrow("not_found said");
  });

  it("CTRL-01 CTRL-06 answers each command of the writes channel once, a thrown handler as failed", async () => {
    const frames = [
      "event: ready\ndata: {}\n\n",
      `event: command\ndata: ${JSON.stringify({ commandId: "c/1", command: { kind: "interrupt", turnId: "t1" } })}\n\n`,
      `event: command\ndata: ${JSON.stringify({ commandId: "c2", command: { kind: "stop", taskId: "task-1", reason: "trop lent ✓" } })}\n\n`,
    ];
    const channel = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            // One frame split across chunks: the decoder keeps the partial text between reads.
            // and a character of several bytes split between two reads comes out whole.
            const bytes = new TextEncoder().encode(frames.join(""));
            const split = bytes.length - 7;
            controller.enqueue(bytes.slice(0, 30));
            controller.enqueue(bytes.slice(30, split));
            controller.enqueue(bytes.slice(split));
            controller.close();
          },
        }),
        { status: 200 },
      );
    // The runtime's answers are taken with no body (204).
    const taken = () => new Response(null, { status: 204 });
    const gw = gateway([channel, taken, taken]);
    const sink = createIngestSink(options(gw.fetch));
    const handled: ControlCommand[] = [];
    sink.onCommand(async (command) => {
      handled.push(command);
      if (command.kind === "stop") throw new Error("nothing to stop");
      return { status: "accepted" };
    });
    const answers = () => gw.calls.filter((c) => c.url.includes("/commands/"));
    await waitUntil(() => answers().length === 2);
    expect(handled.map((c) => c.kind)).toEqual(["interrupt", "stop"]);
    expect(handled[1]).toMatchObject({ reason: "trop lent ✓" });
    expect(gw.calls[0]).toMatchObject({
      url: "http://gw.test/api/sessions/s%201/ingest/commands",
      headers: { accept: "text/event-stream", authorization: "Bearer t0k" },
    });
    expect(answers().map((c) => [c.url.replace(/^.*\/ingest/, ""), c.method, JSON.parse(c.body)])).toEqual([
      ["/commands/c%2F1", "POST", { status: "accepted" }],
      ["/commands/c2", "POST", { status: "failed", reason: "nothing to stop" }],
    ]);
    await sink.close();
  });

  it("CTRL-06 the writes channel is held again after it drops or is refused, until the sink closes", async () => {
    const gw = gateway([
      () => new Response(null, { status: 503 }),
      () => new Response(new ReadableStream({ start: (c) => c.close() }), { status: 200 }),
    ]);
    const sink = createIngestSink(options(gw.fetch));
    sink.onCommand(async () => ({ status: "accepted" }));
    const held = () => gw.calls.filter((c) => c.url.endsWith("/commands")).length;
    await waitUntil(() => held() >= 3);
    expect(held()).toBe(3);
    await sink.close();
    const after = held();
    await new Promise((r) => setTimeout(r, 400));
    expect(held()).toBe(after);
  });
});
