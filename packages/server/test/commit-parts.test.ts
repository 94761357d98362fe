// A large append batch crosses to the SQLite commit thread in bounded parts and is committed whole: cut
// anywhere, the parts join into the same requests in the same order (ORD-01), each part holds about the
// limit, bodies travel with a request's first events and its idempotency completion with its last.
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../src";
import { commitParts, joinParts } from "../src/store/commit-parts";
import type { SerializedAppend } from "../src/store/sqlite-append";
import { tempDir } from "./helpers";

const request: fc.Arbitrary<SerializedAppend> = fc.record({
  sessionId: fc.constantFrom("a", "b", "c"),
  eventJson: fc.array(fc.string({ maxLength: 40 }), { maxLength: 30 }),
  details: fc.option(
    fc.array(
      fc.record({
        ref: fc.string(),
        mediaType: fc.constant("text/plain"),
        bytes: fc.nat(),
        body: fc.string({ maxLength: 60 }),
      }),
      { maxLength: 2 },
    ),
    { nil: undefined },
  ),
  completes: fc.option(fc.record({ key: fc.string(), owner: fc.string(), result: fc.constant({}) }), {
    nil: undefined,
  }),
});

const partChars = (part: SerializedAppend[]) =>
  part.reduce(
    (sum, r) =>
      sum +
      r.eventJson.reduce((n, e) => n + e.length, 0) +
      (r.details ?? []).reduce((n, d) => n + d.body.length, 0),
    0,
  );

describe("an append batch in parts", () => {
  it("ORD-01 any batch cut at any limit joins back into the same requests, in order", () => {
    fc.assert(
      fc.property(
        fc.array(request, { maxLength: 12 }),
        fc.integer({ min: 1, max: 200 }),
        (requests, limit) => {
          const parts = commitParts(requests, limit);
          const joined = joinParts(structuredClone(parts));
          expect(joined).toEqual(requests);
          // A part only passes the limit by its last event or a request's bodies (never split).
          for (const part of parts) {
            const bodies = part.reduce(
              (n, r) => n + (r.details ?? []).reduce((m, d) => m + d.body.length, 0),
              0,
            );
            expect(partChars(part)).toBeLessThanOrEqual(limit + 40 + bodies);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("ORD-01 a batch larger than a part commits whole through the commit thread: contiguous seqs, nothing lost", async () => {
    const dir = tempDir();
    const store = createSqliteStore({ file: join(dir.path, "store.sqlite") });
    try {
      await store.createSession({ id: "s", sourceKind: "test", config: {} });
      await store.createSession({ id: "t", sourceKind: "test", config: {} });
      const note = "n".repeat(200);
      const events = (tag: string, n: number) =>
        Array.from(
          { length: n },
          (_, i) =>
            ({ type: "metric.changed", eventId: `${tag}${i}`, payload: { value: i, note } }) as AgentUiEvent,
        );
      // About 1.4 MB of events in one group-commit batch: several parts.
      const [s1, t1, s2] = await Promise.all([
        store.append("s", events("a", 3000)),
        store.append("t", events("b", 10)),
        store.append("s", events("c", 3000)),
      ]);
      expect(s1.map((e) => e.seq)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
      expect(t1.map((e) => e.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      expect(s2[0].seq).toBe(3001);
      const stored = await store.readEvents("s");
      expect(stored.map((e) => e.event.eventId)).toEqual([
        ...Array.from({ length: 3000 }, (_, i) => `a${i}`),
        ...Array.from({ length: 3000 }, (_, i) => `c${i}`),
      ]);
      expect((await store.getSession("s"))?.lastSeq).toBe(6000);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});
