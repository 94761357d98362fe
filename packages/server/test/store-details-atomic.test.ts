// Detail bodies commit in the same transaction as the events that reference them: an append that
// fails keeps none of its bodies, one that succeeds keeps both, bodies queue in FIFO order with the appends
// around them — on SQLite and (with AGENT_UI_PG_URL) PostgreSQL.
import type { AgentUiEvent } from "@agent-ui/contracts";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DetailRecord, LogEntry, SessionStore } from "../src";
import { type DetailsBackend, detailsBackends, toolResultWithBody } from "./store-details-backends";

for (const makeBackend of detailsBackends("atomic")) {
  const backend: DetailsBackend = makeBackend();
  describe(`${backend.name} store: detail bodies are durable with their event`, () => {
    let store: SessionStore;
    beforeAll(async () => {
      store = await backend.open();
    });
    afterAll(async () => {
      await store?.close();
      await backend.cleanup();
    });

    it("TOOL-02 / EVID-10 a successful append keeps its events and the bodies they reference, together", async () => {
      await store.createSession({ id: "ok", sourceKind: "test", config: {} });
      const { event, detail } = toolResultWithBody("output://ok/log", "line\n".repeat(2_000));
      const [entry] = await store.append("ok", [event], [detail]);
      expect(entry).toMatchObject({ seq: 1, event: { payload: { outputRef: "output://ok/log" } } });
      expect(await store.readDetail("ok", "output://ok/log")).toEqual(detail);
      expect((await store.readEvents("ok")).map((e) => e.event)).toEqual([event]);
    });

    it("TOOL-02 an append whose event insert fails (primary-key violation) keeps none of its bodies", async () => {
      await store.createSession({ id: "conflict", sourceKind: "test", config: {} });
      await store.append("conflict", [{ type: "run.started" }]);
      // Seq 2 is taken behind the store's back: inserting the next event fails after the body was written
      // in the same transaction, so the rollback must take the body with it.
      await backend.plantEvent("conflict", 2);
      const { event, detail } = toolResultWithBody("output://conflict/log", "never served");
      await expect(store.append("conflict", [event], [detail])).rejects.toThrow();
      expect(await store.readDetail("conflict", detail.ref)).toBeUndefined();
      expect((await store.readEvents("conflict")).some((e) => e.event.type === "tool.result")).toBe(false);
      expect((await store.getSession("conflict"))?.lastSeq).toBe(1);
    });

    it("TOOL-02 appends sharing the failed transaction lose their bodies with their events; later ones keep both", async () => {
      await store.createSession({ id: "bystander", sourceKind: "test", config: {} });
      await store.createSession({ id: "poisoned", sourceKind: "test", config: {} });
      await backend.plantEvent("poisoned", 1);
      const a = toolResultWithBody("output://bystander/a", "a");
      const bad = toolResultWithBody("output://poisoned/x", "x");
      // Submitted in one tick: group commit may put them in one transaction, which then fails as a whole.
      const settled = await Promise.allSettled([
        store.append("bystander", [a.event], [a.detail]),
        store.append("poisoned", [bad.event], [bad.detail]),
      ]);
      expect(settled[1].status).toBe("rejected");
      // Whatever the batching, an append's bodies are kept exactly when its events are.
      const kept = (await store.readEvents("bystander")).length > 0;
      expect(kept).toBe(settled[0].status === "fulfilled");
      expect((await store.readDetail("bystander", a.detail.ref)) !== undefined).toBe(kept);
      expect(await store.readDetail("poisoned", bad.detail.ref)).toBeUndefined();
      const b = toolResultWithBody("output://bystander/b", "b");
      await store.append("bystander", [b.event], [b.detail]);
      expect(await store.readDetail("bystander", b.detail.ref)).toEqual(b.detail);
    });

    it("FALL-02 an append to an unknown session keeps no body; appends batched with it keep theirs", async () => {
      await store.createSession({ id: "known", sourceKind: "test", config: {} });
      const good = toolResultWithBody("output://known/1", "kept");
      const lost = toolResultWithBody("output://missing/1", "dropped");
      const [ok, missing] = await Promise.allSettled([
        store.append("known", [good.event], [good.detail]),
        store.append("missing", [lost.event], [lost.detail]),
      ]);
      expect(ok.status).toBe("fulfilled");
      expect(missing).toMatchObject({ status: "rejected", reason: { name: "UnknownSessionError" } });
      expect(await store.readDetail("known", good.detail.ref)).toEqual(good.detail);
      expect(await store.readDetail("missing", lost.detail.ref)).toBeUndefined();
      await expect(store.putDetails("missing", [lost.detail])).rejects.toThrow(/unknown session/);
      expect((await backend.keptDetails()).some((d) => d.sessionId === "missing")).toBe(false);
    });

    it("TOOL-02 an append on a closed store is rejected and keeps nothing", async () => {
      const other = await backend.open();
      await other.createSession({ id: "closing", sourceKind: "test", config: {} });
      await other.close();
      const { event, detail } = toolResultWithBody("output://closing/1", "body");
      await expect(other.append("closing", [event], [detail])).rejects.toThrow();
      expect(await store.readDetail("closing", detail.ref)).toBeUndefined();
      expect(await store.readEvents("closing")).toEqual([]);
    });

    it("ORD-01 bodies alone queue behind earlier appends: the later body of a ref wins, nothing is announced", async () => {
      await store.createSession({ id: "fifo", sourceKind: "test", config: {} });
      const announced: number[] = [];
      const stop = store.onAppended((sessionId, lastSeq) => {
        if (sessionId === "fifo") announced.push(lastSeq);
      });
      const first = toolResultWithBody("output://fifo/log", "first");
      const second: DetailRecord = { ...first.detail, body: "second", bytes: 6 };
      const third: DetailRecord = { ...first.detail, body: "third", bytes: 5 };
      const results = await Promise.all([
        store.append("fifo", [first.event], [first.detail]),
        store.putDetails("fifo", [second]),
        store.append("fifo", [], [third]),
      ]);
      expect(results[2]).toEqual([]);
      expect((await store.readDetail("fifo", first.detail.ref))?.body).toBe("third");
      expect((await store.getSession("fifo"))?.lastSeq).toBe(1);
      // The event's own notification (Postgres also echoes it through LISTEN); the bodies add none.
      await new Promise((resolve) => setTimeout(resolve, 100));
      stop();
      expect(new Set(announced)).toEqual(new Set([1]));
    });

    it("TOOL-02 a NUL in a body (binary noise in tool output) is kept as U+FFFD instead of failing the append", async () => {
      await store.createSession({ id: "nul", sourceKind: "test", config: {} });
      const { event, detail } = toolResultWithBody("output://nul/bin", "before\u0000after");
      await store.append("nul", [event], [detail]);
      expect(await store.readDetail("nul", detail.ref)).toEqual({
        ...detail,
        body: "before\uFFFDafter",
        bytes: detail.bytes + 2,
      });
    });
  });

  describe(`${backend.name} store: property — bodies and events commit together, in FIFO order`, () => {
    const owner = makeBackend();
    let store: SessionStore;
    let run = 0;
    beforeAll(async () => {
      store = await owner.open();
    });
    afterAll(async () => {
      await store?.close();
      await owner.cleanup();
    });

    const request = fc.record({
      session: fc.constantFrom("a", "b", "missing"),
      events: fc.integer({ min: 0, max: 3 }),
      details: fc.array(fc.record({ ref: fc.constantFrom("r1", "r2", "r3"), body: fc.string() }), {
        maxLength: 3,
      }),
      // Awaits what was submitted before it: splits the requests over several group commits.
      awaitBefore: fc.boolean(),
    });

    it("ORD-01 / TOOL-02 any mix of appends, bodies and unknown sessions: each body is kept iff its append is, the last one per ref wins", async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 12 }), async (requests) => {
          run += 1;
          const id = (session: string) => (session === "missing" ? `p${run}-missing` : `p${run}-${session}`);
          for (const session of ["a", "b"])
            await store.createSession({ id: id(session), sourceKind: "test", config: {} });
          const pending: Promise<LogEntry[]>[] = [];
          for (const [i, r] of requests.entries()) {
            if (r.awaitBefore) await Promise.allSettled(pending);
            const events = Array.from(
              { length: r.events },
              (_, k) => ({ type: "metric.changed", payload: { request: i, k } }) as AgentUiEvent,
            );
            const details = r.details.map((d) => ({
              ref: d.ref,
              mediaType: "text/plain",
              bytes: Buffer.byteLength(d.body),
              body: d.body,
            }));
            pending.push(store.append(id(r.session), events, details));
          }
          const settled = await Promise.allSettled(pending);

          const expectedBodies = new Map<string, string>();
          const expectedEvents = new Map<string, number[]>([
            ["a", []],
            ["b", []],
          ]);
          for (const [i, r] of requests.entries()) {
            const nothing = r.events === 0 && r.details.length === 0;
            // Only an unknown session with something to store fails.
            expect(settled[i].status).toBe(r.session === "missing" && !nothing ? "rejected" : "fulfilled");
            if (r.session === "missing") continue;
            for (const d of r.details) expectedBodies.set(`${r.session}\t${d.ref}`, d.body);
            for (let k = 0; k < r.events; k++) expectedEvents.get(r.session)!.push(i);
          }
          for (const session of ["a", "b", "missing"])
            for (const ref of ["r1", "r2", "r3"])
              expect((await store.readDetail(id(session), ref))?.body).toBe(
                expectedBodies.get(`${session}\t${ref}`),
              );
          for (const [session, order] of expectedEvents) {
            const log = await store.readEvents(id(session));
            expect(log.map((e) => e.seq)).toEqual(order.map((_, n) => n + 1));
            expect(log.map((e) => (e.event.payload as { request: number }).request)).toEqual(order);
          }
        }),
        { numRuns: backend.name === "SQLite" ? 60 : 15 },
      );
    });
  });
}
