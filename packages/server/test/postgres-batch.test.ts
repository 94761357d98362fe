// PostgreSQL group commit: a batch of appends from many sessions is one statement. Two stores (two
// gateways) appending to the same sessions at once must still give every session unique, contiguous
// seqs in each store's submission order, and a batch mixing unknown sessions, bodies and events must
// answer each request on its own. Needs AGENT_UI_PG_URL (skipped without it; postgres.test.ts reports
// the missing URL when AGENT_UI_REQUIRE_PG=1).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresStore, dropPostgresSchema, type SessionStore } from "../src";

const PG_URL = process.env.AGENT_UI_PG_URL;
const SCHEMA = `agent_ui_batch_${process.pid}_${Date.now().toString(36)}`;

const metric = (origin: string, value: number) =>
  ({ type: "metric.changed", payload: { origin, value } }) as AgentUiEvent;

describe.skipIf(!PG_URL)("PostgreSQL group commit", () => {
  let a: SessionStore;
  let b: SessionStore;
  beforeAll(async () => {
    a = await createPostgresStore({ connectionString: PG_URL!, schema: SCHEMA });
    b = await createPostgresStore({ connectionString: PG_URL!, schema: SCHEMA });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropPostgresSchema(PG_URL!, SCHEMA);
  });

  it("ORD-01 two gateways appending to the same sessions at once: unique, contiguous seqs in each one's order", async () => {
    const sessions = ["s-a", "s-b", "s-c"];
    for (const id of sessions) await a.createSession({ id, sourceKind: "test", config: {} });
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++)
      for (const [name, store] of [
        ["a", a],
        ["b", b],
      ] as const) {
        const session = sessions[i % sessions.length];
        const events = Array.from({ length: 1 + (i % 3) }, (_, k) => metric(name, i * 10 + k));
        writes.push(store.append(session, events));
      }
    await Promise.all(writes);
    for (const id of sessions) {
      const log = await a.readEvents(id);
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
      expect((await b.getSession(id))?.lastSeq).toBe(log.length);
      for (const origin of ["a", "b"]) {
        const values = log
          .map((e) => e.event.payload as { origin: string; value: number })
          .filter((p) => p.origin === origin)
          .map((p) => p.value);
        expect(values).toEqual([...values].sort((x, y) => x - y));
      }
    }
  });

  it("ORD-01 one statement: an unknown session fails alone, an empty request appends nothing", async () => {
    await a.createSession({ id: "plain", sourceKind: "test", config: {} });
    const [first, unknown, empty, second] = await Promise.allSettled([
      a.append("plain", [metric("a", 1), metric("a", 2)]),
      a.append("no-such-session", [metric("a", 3)]),
      a.append("plain", []),
      a.append("plain", [metric("a", 4)]),
    ]);
    expect(first.status === "fulfilled" && first.value.map((e) => e.seq)).toEqual([1, 2]);
    expect(unknown.status === "rejected" && String(unknown.reason)).toMatch(/unknown session/);
    expect(empty.status === "fulfilled" && empty.value).toEqual([]);
    expect(second.status === "fulfilled" && second.value.map((e) => e.seq)).toEqual([3]);
    expect((await a.getSession("plain"))?.lastSeq).toBe(3);
  });

  it("ORD-01 a batch with bodies: an unknown session fails alone, bodies-only requests append nothing", async () => {
    await a.createSession({ id: "mixed", sourceKind: "test", config: {} });
    const [first, unknown, bodies, second] = await Promise.allSettled([
      a.append("mixed", [metric("a", 1), metric("a", 2)]),
      a.append("no-such-session", [metric("a", 3)]),
      a.putDetails("mixed", [{ ref: "detail://mixed/1", mediaType: "text/plain", bytes: 2, body: "hi" }]),
      a.append("mixed", [metric("a", 4)]),
    ]);
    expect(first.status === "fulfilled" && first.value.map((e) => e.seq)).toEqual([1, 2]);
    expect(unknown.status === "rejected" && String(unknown.reason)).toMatch(/unknown session/);
    expect(bodies.status).toBe("fulfilled");
    expect(second.status === "fulfilled" && second.value.map((e) => e.seq)).toEqual([3]);
    expect((await a.readEvents("mixed")).map((e) => (e.event.payload as { value: number }).value)).toEqual([
      1, 2, 4,
    ]);
    expect((await a.readDetail("mixed", "detail://mixed/1"))?.body).toBe("hi");
  });
});
