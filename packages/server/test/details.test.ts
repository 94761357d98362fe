// Detail bodies (open_detail, EVID-10, TOOL-03, ARCH-03): the gateway keeps body fields of incoming records
// (redacted) in the session store's `details` table and serves them at GET /api/sessions/:id/details/:ref.
// Store contract on SQLite and PostgreSQL (when AGENT_UI_PG_URL is set), extraction rules, and end to end
// on loopback with the demo runtime and the HTTP client.
import { GatewayHttpClient, GatewayRequestError } from "@agent-ui/client";
import { isOffloadedValue } from "@agent-ui/contracts";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresStore, createSqliteStore, dropPostgresSchema, type SessionStore } from "../src";
import { BODY_FIELDS, extractDetailBodies } from "../src/store/detail-bodies";
import { createSession, getJson, postJson, scriptedFactory, startTestServer, waitFor } from "./helpers";

const PG_URL = process.env.AGENT_UI_PG_URL;
const SCHEMA = `agent_ui_details_${process.pid}_${Date.now().toString(36)}`;
const SECRET = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD";

function storeContract(name: string, open: () => Promise<SessionStore>, cleanup?: () => Promise<void>) {
  describe(`${name} store: details table`, () => {
    let store: SessionStore;
    beforeAll(async () => {
      store = await open();
      for (const id of ["s1", "s2"]) await store.createSession({ id, sourceKind: "demo", config: {} });
    });
    afterAll(async () => {
      await store?.close();
      await cleanup?.();
    });

    it("EVID-10 a kept body reads back by session and ref; a ref stored again is replaced", async () => {
      const detail = { ref: "output://turn_001/log", mediaType: "text/plain", bytes: 5, body: "hello" };
      await store.putDetails("s1", [detail]);
      expect(await store.readDetail("s1", detail.ref)).toEqual(detail);
      await store.putDetails("s1", [{ ...detail, body: "hello again", bytes: 11 }]);
      expect((await store.readDetail("s1", detail.ref))?.body).toBe("hello again");
    });

    it("SEC-04 details are per session; an unknown ref is undefined", async () => {
      await store.putDetails("s2", [{ ref: "x", mediaType: "text/plain", bytes: 1, body: "2" }]);
      expect(await store.readDetail("s1", "x")).toBeUndefined();
      expect(await store.readDetail("s2", "missing")).toBeUndefined();
      // A ref repeated within one batch keeps its last body.
      await store.putDetails("s2", [
        { ref: "dup", mediaType: "text/plain", bytes: 1, body: "a" },
        { ref: "dup", mediaType: "text/plain", bytes: 1, body: "b" },
      ]);
      expect((await store.readDetail("s2", "dup"))?.body).toBe("b");
    });
  });
}

storeContract("SQLite", async () => createSqliteStore({ file: ":memory:" }));
if (PG_URL)
  storeContract(
    "PostgreSQL",
    () => createPostgresStore({ connectionString: PG_URL, schema: SCHEMA }),
    () => dropPostgresSchema(PG_URL, SCHEMA),
  );
else
  console.warn(
    "AGENT_UI_PG_URL is not set: PostgreSQL details tests skipped (run `bash .ci/start-postgres`)",
  );

describe("extractDetailBodies: which body fields are kept", () => {
  it("TOOL-03 a body sent beside its ref is kept under that ref and replaced by a preview stub", () => {
    const record = { type: "tool.result", payload: { output: "line\n".repeat(10), outputRef: "output://a" } };
    const { record: slim, details } = extractDetailBodies(record, "s", "r1");
    expect(details).toEqual([
      { ref: "output://a", mediaType: "text/plain", bytes: 50, body: "line\n".repeat(10) },
    ]);
    expect(slim.payload.output).toMatchObject({ ref: "output://a", bytes: 50, offloaded: true });
    expect(record.payload.output).toBe("line\n".repeat(10));
  });

  it("ARCH-03 an oversized body without a ref gets a fresh ref the adapter can read", () => {
    const big = "x".repeat(20_000);
    const { record, details } = extractDetailBodies({ payload: { result: big } }, "sess", "r7");
    expect(details[0]).toMatchObject({ ref: "detail://sess/r7/result", bytes: 20_000 });
    expect(record.payload).toMatchObject({
      resultRef: "detail://sess/r7/result",
      result: { offloaded: true },
    });
  });

  it("TEXT-04 prose the adapters read is never taken out, however long; nothing to keep → same record", () => {
    const record = { payload: { text: "y".repeat(50_000), input: "hi", inputRef: "input://t/user" } };
    const out = extractDetailBodies(record, "s", "r1");
    expect(out.record).toBe(record);
    expect(out.details).toEqual([]);
  });

  it("SEC-01 a kept body is redacted, and so is its preview", () => {
    const { record, details } = extractDetailBodies(
      { payload: { diff: `+ key = ${SECRET}`, diffRef: "artifact://a/v1..v2" } },
      "s",
      "r1",
    );
    expect(details[0].body).not.toContain(SECRET);
    expect(details[0].mediaType).toBe("text/x-diff");
    expect(JSON.stringify(record)).not.toContain(SECRET);
  });
});

describe("property: extraction loses nothing", () => {
  // Oversized bodies come from a few fixed large strings: shrinking huge random strings is slow.
  const large = fc.constantFrom("z".repeat(16_500), "é".repeat(6_000), `${"line\n".repeat(4_000)}`);
  const body = fc.oneof(fc.string(), large, fc.jsonValue({ maxDepth: 3 }));
  const payload = fc.dictionary(
    fc.oneof(
      fc.constantFrom(...BODY_FIELDS),
      fc.constantFrom("text", "input", "outputRef", "diffRef"),
      fc.string(),
    ),
    fc.oneof(body, fc.constantFrom("ref://a", "ref://b")),
  );

  it("ARCH-03 / SEC-01 every replaced field is a stub whose ref and size match a kept body; all else is untouched", () => {
    fc.assert(
      fc.property(fc.record({ type: fc.string(), payload }), (record) => {
        const { record: out, details, dropped } = extractDetailBodies(record, "s", "r1");
        expect(dropped).toEqual([]);
        const byRef = new Map(details.map((d) => [d.ref, d]));
        for (const [key, value] of Object.entries(record.payload)) {
          const now = (out.payload as Record<string, unknown>)[key];
          if (now === value) continue;
          if (key.endsWith("Ref")) {
            // Only a missing ref is ever filled in, with the ref of the body kept beside it.
            expect(value).toBeUndefined();
            expect(byRef.has(now as string)).toBe(true);
            continue;
          }
          expect((BODY_FIELDS as readonly string[]).includes(key)).toBe(true);
          expect(isOffloadedValue(now)).toBe(true);
          const stub = now as { ref: string; bytes: number };
          // Two fields may name the same ref: each stub matches one kept body (the store keeps the last).
          expect(details.some((d) => d.ref === stub.ref && d.bytes === stub.bytes)).toBe(true);
        }
        expect(out.type).toBe(record.type);
      }),
      { numRuns: 150 },
    );
  });
});

describe("GET /api/sessions/:id/details/:ref on loopback", () => {
  const scripted = scriptedFactory([
    {
      type: "tool.result",
      toolCallId: "call_1",
      payload: { output: `token=${SECRET}\nok`, outputRef: "output://call_1" },
    },
  ]);
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let http: GatewayHttpClient;
  beforeAll(async () => {
    server = await startTestServer({ extraSources: [scripted] });
    http = new GatewayHttpClient({ baseUrl: server.url });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("TOOL-03 / EVID-10 the solo run's ~35 KB test log is served in full; the event log holds only a preview", async () => {
    const { id } = await createSession(server, { source: "demo", scenario: "solo", config: { pace: 0 } });
    const ref = "output://turn_001/run_tests.log";
    const detail = await waitFor(() => http.readDetail(id, ref).catch(() => undefined), 15_000);
    expect(detail).toMatchObject({ sessionId: id, ref, mediaType: "text/plain" });
    expect(detail.body.startsWith(" RUN  v4.0.0")).toBe(true);
    expect(detail.bytes).toBeGreaterThan(16_384);
    const page = await http.events(id, 0, 5000);
    const result = page.entries.find(
      (e) => e.event.type === "tool.result" && e.event.toolCallId === "call_001_run_tests_2",
    );
    expect(JSON.stringify(result?.event).length).toBeLessThan(4_000);
    expect(JSON.stringify(page.entries)).not.toContain(detail.body.slice(0, 2_000));
  });

  it("EVID-10 the read file (48,213 bytes) and the turn's evidence pack are served too", async () => {
    const { id } = await createSession(server, { source: "demo", scenario: "solo", config: { pace: 0 } });
    const pack = await waitFor(
      () => http.readDetail(id, `evidence://${id}/thread_main/turn_001`).catch(() => undefined),
      15_000,
    );
    expect(pack.mediaType).toBe("application/json");
    expect(JSON.parse(pack.body)).toMatchObject({
      evidenceId: "evidence_001_turn",
      runtimeCorrelation: { sessionId: id, turnId: "turn_001" },
      verificationOutcomes: [{ name: "tool_output_offloaded", status: "passed" }, expect.anything()],
    });
    const file = await http.readDetail(id, "output://turn_001/read_file");
    expect(file).toMatchObject({ bytes: 48_213 });
    expect(file.body.startsWith("// packages/projection/src/text.ts")).toBe(true);
  });

  it("ART-05 the team report's diff and versions are retrievable once the write is approved", async () => {
    const { id } = await createSession(server, { source: "demo", scenario: "team", config: { pace: 0 } });
    await waitFor(async () => {
      const { body } = await getJson(`${server.url}/api/sessions/${id}/events.json?limit=5000`);
      return (
        body.entries.some((e: { event: { type: string } }) => e.event.type === "action.required") || undefined
      );
    }, 15_000);
    const answer = await postJson(`${server.url}/api/sessions/${id}/commands`, {
      kind: "respond_action",
      actionId: "action_001_write_file_1",
      decision: "approve",
      idempotencyKey: "approve-1",
    });
    expect(answer.body.status).toBe("accepted");
    const diff = await waitFor(
      () => http.readDetail(id, "artifact://artifact_001_report/v1..v2").catch(() => undefined),
      15_000,
    );
    expect(diff.mediaType).toBe("text/x-diff");
    expect(diff.body).toContain("+## Sources");
    const v2 = await http.readDetail(id, "artifact://artifact_001_report/v2");
    expect(v2).toMatchObject({ mediaType: "text/markdown" });
    expect(v2.body).toContain("## Sources");
    const raw = await fetch(
      `${server.url}/api/sessions/${id}/details/${encodeURIComponent("artifact://artifact_001_report/v1")}?format=raw`,
    );
    expect(raw.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await raw.text()).toMatch(/^# Final text reconciliation/);
  });

  it("SEC-01 a body from any source is redacted before it is kept or served", async () => {
    const { id } = await createSession(server, { source: "scripted" });
    const detail = await waitFor(() => http.readDetail(id, "output://call_1").catch(() => undefined));
    expect(detail.body).not.toContain(SECRET);
    expect(detail.body).toMatch(/\[redacted:/);
  });

  it("FALL-01 an unknown ref or session is a 404 JSON error, never an empty success", async () => {
    const { id } = await createSession(server, { source: "scripted" });
    const missing = await getJson(
      `${server.url}/api/sessions/${id}/details/${encodeURIComponent("output://none")}`,
    );
    expect(missing).toMatchObject({ status: 404, body: { error: { code: "detail_not_found" } } });
    const noSession = await getJson(`${server.url}/api/sessions/nope/details/x`);
    expect(noSession).toMatchObject({ status: 404, body: { error: { code: "session_not_found" } } });
    await expect(http.readDetail(id, "output://none")).rejects.toMatchObject({
      status: 404,
      code: "detail_not_found",
    });
    await expect(http.readDetail(id, "output://none")).rejects.toBeInstanceOf(GatewayRequestError);
  });
});
