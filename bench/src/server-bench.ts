// Server benchmark: append a generated session to the SQLite session store in batches (the gateway's
// write path), store a projection snapshot, then read what a reconnecting client hydrates from (latest
// snapshot + its tail) and make it renderable. @agent-ui/server is loaded lazily so the reducer benchmark
// never depends on it; a missing server package is reported, not fatal.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createProjector } from "@agent-ui/projection";
import { encodeSession, generateSession } from "./generator";
import type { ServerResult, WorkerTask } from "./tasks";

type ServerModule = typeof import("@agent-ui/server");

export async function loadServer(): Promise<ServerModule | undefined> {
  try {
    return await import("@agent-ui/server");
  } catch {
    return undefined;
  }
}

export async function measureServer(task: Extract<WorkerTask, { kind: "server" }>): Promise<ServerResult> {
  const server = await loadServer();
  if (server === undefined) throw new Error("@agent-ui/server is not available");
  const events = encodeSession(generateSession({ seed: task.seed, events: task.events })).envelope;
  const dir = mkdtempSync(join(tmpdir(), "agent-ui-bench-"));
  const store = server.createSqliteStore({ file: join(dir, "bench.db") });
  try {
    const sessionId = "bench-session";
    await store.createSession({ id: sessionId, sourceKind: "bench", config: {} });
    let start = performance.now();
    for (let at = 0; at < events.length; at += task.batch)
      await store.append(sessionId, events.slice(at, at + task.batch));
    const appendMs = performance.now() - start;

    // A snapshot at 90% of the log, so the read is snapshot + a real tail.
    const snapshotSeq = Math.floor(events.length * 0.9);
    const projector = createProjector();
    projector.applyAll(events.slice(0, snapshotSeq));
    start = performance.now();
    await store.saveSnapshot(sessionId, snapshotSeq, projector.getState());
    const snapshotWriteMs = performance.now() - start;

    start = performance.now();
    const snapshot = await store.latestSnapshot(sessionId);
    const tail = await store.readEvents(sessionId, { after: snapshot?.seq ?? 0 });
    const client = createProjector();
    if (snapshot !== undefined) client.hydrate({ kind: "projection", state: snapshot.state });
    client.applyAll(tail.map((entry) => entry.event));
    client.getState();
    const hydrateReadMs = performance.now() - start;
    return { kind: "server", events: events.length, appendMs, snapshotWriteMs, hydrateReadMs };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
