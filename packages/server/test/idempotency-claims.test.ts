// Idempotency claims across store instances (a gateway process each), in both backends: an append that
// completes a claim stores the events and the key's answer together; a claim left pending by an instance
// that is gone counts as not applied and is taken over; the instance that lost it can no longer append
// under it. SQLite always, PostgreSQL when AGENT_UI_PG_URL is set.
import type { AgentUiEvent } from "@agent-ui/contracts";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { IdempotencyClaimLostError } from "../src/store/session-store";
import { type DetailsBackend, detailsBackends } from "./store-details-backends";

const delta = (text: string) =>
  ({ type: "text.delta", eventId: `e-${text}`, payload: { delta: text } }) as unknown as AgentUiEvent;

for (const make of detailsBackends("claims")) {
  const backend: DetailsBackend = make();
  describe(`${backend.name} idempotency claims`, () => {
    afterAll(() => backend.cleanup());

    it("ORD-07 an append completes its claim in the same transaction, answered with its last seq", async () => {
      const store = await backend.open();
      try {
        await store.createSession({ id: "c1", sourceKind: "push", config: {} });
        expect(await store.claimIdempotency("c1", "k", "f")).toEqual({ kind: "claimed" });
        // The same instance while the first request runs: in progress.
        expect(await store.claimIdempotency("c1", "k", "f")).toEqual({ kind: "pending", fingerprint: "f" });
        const entries = await store.append("c1", [delta("a"), delta("b")], undefined, {
          key: "k",
          result: { accepted: 2 },
        });
        expect(entries.map((e) => e.seq)).toEqual([1, 2]);
        expect(await store.claimIdempotency("c1", "k", "f")).toEqual({
          kind: "done",
          fingerprint: "f",
          result: { accepted: 2, seq: 2 },
        });
        // A claim completed with nothing to append answers the session's head.
        await store.claimIdempotency("c1", "empty", "f");
        expect(await store.append("c1", [], undefined, { key: "empty", result: { accepted: 0 } })).toEqual(
          [],
        );
        expect(await store.claimIdempotency("c1", "empty", "f")).toMatchObject({
          kind: "done",
          result: { accepted: 0, seq: 2 },
        });
      } finally {
        await store.close();
      }
    });

    it("ORD-07 FALL-01 a claim pending in an instance that is gone is taken over; the loser appends nothing", async () => {
      const first = await backend.open();
      await first.createSession({ id: "c2", sourceKind: "push", config: {} });
      expect(await first.claimIdempotency("c2", "cut", "f")).toEqual({ kind: "claimed" });
      expect(await first.claimIdempotency("c2", "lost", "f")).toEqual({ kind: "claimed" });
      await first.close();

      const second = await backend.open();
      const third = await backend.open();
      try {
        // The claim died with its instance: the key is free (even for another batch).
        expect(await second.claimIdempotency("c2", "cut", "f2")).toEqual({ kind: "claimed" });
        await second.append("c2", [delta("cut")], undefined, { key: "cut", result: { accepted: 1 } });
        expect(await third.claimIdempotency("c2", "cut", "f2")).toMatchObject({
          kind: "done",
          result: { accepted: 1, seq: 1 },
        });

        // Taken over from `second` (presumed gone) by `third`: `second` can no longer append under it.
        expect(await second.claimIdempotency("c2", "lost", "f")).toEqual({ kind: "claimed" });
        if (backend.name === "PostgreSQL")
          // A live instance's claim is its own: another instance waits for it.
          expect(await third.claimIdempotency("c2", "lost", "f")).toEqual({
            kind: "pending",
            fingerprint: "f",
          });
        else expect(await third.claimIdempotency("c2", "lost", "f")).toEqual({ kind: "claimed" });
        if (backend.name === "SQLite") {
          await expect(
            second.append("c2", [delta("twice")], undefined, { key: "lost", result: { accepted: 1 } }),
          ).rejects.toBeInstanceOf(IdempotencyClaimLostError);
          await third.append("c2", [delta("once")], undefined, { key: "lost", result: { accepted: 1 } });
          const texts = (await third.readEvents("c2")).map(
            (e) => (e.event.payload as { delta: string }).delta,
          );
          expect(texts).toEqual(["cut", "once"]);
        }
      } finally {
        await second.close();
        await third.close();
      }
    });

    if (backend.name === "PostgreSQL")
      it("ORD-07 FALL-01 a claim taken over from an instance its lock says is gone refuses that instance's append", async () => {
        const first = await backend.open();
        const second = await backend.open();
        try {
          await first.createSession({ id: "c3", sourceKind: "push", config: {} });
          expect(await first.claimIdempotency("c3", "k", "f")).toEqual({ kind: "claimed" });
          // The claim's owner looks gone (its lock is free), as after a dropped LISTEN connection.
          const [, url, schema] = backend.writerTarget;
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          await client.query(`UPDATE "${schema}".idempotency SET owner = 1 WHERE session_id = 'c3'`);
          await client.end();
          expect(await second.claimIdempotency("c3", "k", "f")).toEqual({ kind: "claimed" });
          await expect(
            first.append("c3", [delta("twice")], undefined, { key: "k", result: { accepted: 1 } }),
          ).rejects.toBeInstanceOf(IdempotencyClaimLostError);
          await second.append("c3", [delta("once")], undefined, { key: "k", result: { accepted: 1 } });
          expect((await second.readEvents("c3")).map((e) => e.seq)).toEqual([1]);
        } finally {
          await first.close();
          await second.close();
        }
      });
  });
}
