// A writer killed with SIGKILL while appends that carry detail bodies are in flight: after reopening
// the database every stored event's ref opens its body, and no body is kept without its event — on SQLite
// and (with AGENT_UI_PG_URL) PostgreSQL. Every acknowledged append is there.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detailsBackends, refsOf } from "./store-details-backends";

const here = new URL(".", import.meta.url).pathname;

/** Runs the crash writer on `target` and kills it (SIGKILL) once `killAfter` appends were acknowledged;
 * returns the highest acknowledged seq. */
async function crashWriter(target: string[], killAfter: number): Promise<number> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(here, "fixtures/store-details-crash-writer.ts"), ...target, "600"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let acked = 0;
  let buffered = "";
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        const match = /^acked (\d+)$/.exec(line);
        if (match) acked = Math.max(acked, Number(match[1]));
      }
      if (acked >= killAfter && !child.killed) {
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

for (const makeBackend of detailsBackends("crash")) {
  const backend = makeBackend();
  describe(`${backend.name} store: a crash never leaves an event without its body`, () => {
    it("TOOL-02 / EVID-10 / HYD-11 after SIGKILL mid-stream, every stored event's body opens and no body is orphaned", async () => {
      try {
        const acked = await crashWriter(backend.writerTarget, 60);
        expect(acked).toBeGreaterThanOrEqual(60);
        const store = await backend.open();
        try {
          const log = await store.readEvents("crash");
          // Acknowledged appends survived, in one contiguous log.
          expect(log.length).toBeGreaterThanOrEqual(acked);
          expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
          const referenced = new Set<string>();
          for (const { event } of log) {
            const [ref] = refsOf(event);
            referenced.add(ref);
            const stub = event.payload?.output as { bytes: number };
            expect(await store.readDetail("crash", ref)).toMatchObject({ ref, bytes: stub.bytes });
          }
          // The bodies and their events committed together: nothing kept for an append that was lost.
          const kept = (await backend.keptDetails()).filter((d) => d.sessionId === "crash");
          expect(kept.map((d) => d.ref).sort()).toEqual([...referenced].sort());
        } finally {
          await store.close();
        }
      } finally {
        await backend.cleanup();
      }
    }, 60_000);
  });
}
