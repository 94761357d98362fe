// Idempotency claims through SIGKILL, at the store: a writer claims keys and appends a batch under each
// (the key's answer completed in the append, as push ingest does) and is killed with many in flight. A new
// store instance on the same database retries every key: each ends completed exactly once, with its
// records stored once — a cut key is never left "in progress" — on SQLite and (with AGENT_UI_PG_URL)
// PostgreSQL (ORD-02, ORD-07, FALL-01).
import { spawn } from "node:child_process";
import { join } from "node:path";
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { detailsBackends } from "./store-details-backends";

const here = new URL(".", import.meta.url).pathname;
const COUNT = 400;
const BATCH = 3;

/** Runs the writer and kills it (SIGKILL) once `killAfter` keys were acknowledged; returns them. */
async function crashWriter(target: string[], killAfter: number): Promise<Set<number>> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(here, "fixtures/claim-crash-writer.ts"), ...target, String(COUNT)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const acked = new Set<number>();
  let buffered = "";
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        const match = /^acked (\d+)$/.exec(line);
        if (match) acked.add(Number(match[1]));
      }
      if (acked.size >= killAfter && !child.killed) {
        child.kill("SIGKILL");
        resolve();
      }
    });
    child.on("exit", () => resolve());
    child.on("error", reject);
  });
  await exited;
  return acked;
}

const batch = (i: number) =>
  Array.from(
    { length: BATCH },
    (_, k) =>
      ({ type: "text.delta", eventId: `b${i}-${k}`, payload: { delta: `b${i}-${k}` } }) as AgentUiEvent,
  );

for (const make of detailsBackends("claimcrash")) {
  const backend = make();
  describe(`${backend.name} idempotency claims through SIGKILL`, () => {
    it("ORD-02 ORD-07 FALL-01 every key retried after the crash completes once, its records stored once", async () => {
      try {
        const acked = await crashWriter(backend.writerTarget, 40);
        expect(acked.size).toBeGreaterThanOrEqual(40);
        const store = await backend.open();
        try {
          let cut = 0;
          for (let i = 1; i <= COUNT; i++) {
            const claim = await store.claimIdempotency("claims", `k${i}`, "f");
            expect(claim.kind, `key k${i}`).not.toBe("pending");
            if (claim.kind === "claimed") {
              expect(acked.has(i), `acknowledged key k${i} was not completed`).toBe(false);
              cut += 1;
              await store.append("claims", batch(i), undefined, { key: `k${i}`, result: { batch: i } });
            }
            expect(await store.claimIdempotency("claims", `k${i}`, "f")).toMatchObject({
              kind: "done",
              result: { batch: i },
            });
          }
          expect(cut).toBeGreaterThan(0);
          const stored = (await store.readEvents("claims")).map((e) => e.event.eventId as string);
          expect(stored).toHaveLength(COUNT * BATCH);
          expect(new Set(stored).size).toBe(COUNT * BATCH);
        } finally {
          await store.close();
        }
      } finally {
        await backend.cleanup();
      }
    }, 60_000);
  });
}
