// Push ingest through a crash: a gateway child process is killed with SIGKILL while batches are being
// pushed, and a new one starts on the same data dir. Every record the gateway acknowledged (2xx) is in the
// session exactly once, and a batch sent again with its Idempotency-Key after the restart is answered from
// the first time, never stored twice; a batch the crash cut is completed by its retry, stored once
// (ORD-01, ORD-02, ORD-07, FALL-01).
import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { crashChild, getJson, postJson, startChildGateway, tempDir, waitFor } from "./helpers";

const PER_BATCH = 40;
const PUSHERS = 3;

const batchBody = (batch: number) =>
  Array.from({ length: PER_BATCH }, (_, i) =>
    JSON.stringify({
      type: "text.delta",
      turnId: "t1",
      messageId: `m${batch}`,
      payload: { delta: `b${batch}-r${i};` },
    }),
  ).join("\n");

function push(url: string, id: string, batch: number) {
  return fetch(`${url}/api/sessions/${id}/ingest`, {
    method: "POST",
    headers: { "content-type": "application/x-ndjson", "idempotency-key": `batch-${batch}` },
    body: batchBody(batch),
  });
}

/** Every stored delta's text, in log order (paged). */
async function storedDeltas(url: string, id: string): Promise<string[]> {
  const texts: string[] = [];
  for (let after = 0; ; ) {
    const { body } = await getJson(`${url}/api/sessions/${id}/events.json?after=${after}&limit=5000`);
    const entries = body.entries as { seq: number; event: { type: string; payload: { delta?: string } } }[];
    if (entries.length === 0) return texts;
    for (const entry of entries)
      if (entry.event.type === "text.delta") texts.push(entry.event.payload.delta as string);
    after = entries[entries.length - 1].seq;
  }
}

describe("push ingest through SIGKILL (same data dir)", () => {
  const dir = tempDir("agent-ui-ingest-crash-");
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) await crashChild(child);
    dir.remove();
  });

  it("ORD-01 ORD-02 ORD-07 FALL-01 no acknowledged record is lost or doubled; a cut batch's key completes once on retry", async () => {
    const first = await startChildGateway(dir.path);
    children.push(first.child);
    const created = await postJson(`${first.url}/api/sessions`, {
      source: "push",
      config: { format: "agent-ui" },
    });
    expect(created.status).toBe(201);
    const id = created.body.session.id as string;

    // Pushers send numbered batches until the gateway dies under them.
    const acknowledged = new Map<number, unknown>();
    const unanswered = new Set<number>();
    let next = 0;
    let dead = false;
    const pusher = async () => {
      while (!dead) {
        const batch = next++;
        try {
          const response = await push(first.url, id, batch);
          if (response.ok) acknowledged.set(batch, await response.json());
          else unanswered.add(batch);
        } catch {
          unanswered.add(batch);
          return;
        }
      }
    };
    const pushing = Array.from({ length: PUSHERS }, () => pusher());
    await waitFor(() => acknowledged.size >= 15, 20_000);
    await crashChild(first.child);
    dead = true;
    await Promise.all(pushing);
    expect(unanswered.size).toBeGreaterThan(0);

    const second = await startChildGateway(dir.path);
    children.push(second.child);
    const stored = await storedDeltas(second.url, id);
    const count = new Map<string, number>();
    for (const text of stored) count.set(text, (count.get(text) ?? 0) + 1);
    // Every acknowledged record is there exactly once, in the order of its batch.
    for (const batch of acknowledged.keys()) {
      const texts = Array.from({ length: PER_BATCH }, (_, i) => `b${batch}-r${i};`);
      for (const text of texts) expect(count.get(text), text).toBe(1);
      const positions = texts.map((text) => stored.indexOf(text));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    // A batch cut by the crash is either stored whole or not at all: never a part, never twice.
    for (const batch of unanswered) {
      const n = Array.from({ length: PER_BATCH }, (_, i) => count.get(`b${batch}-r${i};`) ?? 0);
      expect([0, PER_BATCH]).toContain(n.reduce((a, b) => a + b, 0));
      expect(Math.max(...n)).toBeLessThanOrEqual(1);
    }

    // The runtime retries with the same keys after the restart: acknowledged batches are answered from
    // the first time and not stored again.
    const session = await waitFor(async () => {
      const s = (await getJson(`${second.url}/api/sessions/${id}`)).body.session;
      return s.attached && s.status === "live" ? s : undefined;
    }, 20_000);
    expect(session.attached).toBe(true);
    for (const [batch, answer] of acknowledged) {
      const again = await push(second.url, id, batch);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(answer);
    }
    expect(await storedDeltas(second.url, id)).toEqual(stored);

    // A batch cut by the crash is sent again with its key: its claim died with the process, so the
    // retry is answered 200 — from the first time when the cut request's records landed (its answer was
    // stored in the same transaction), or by storing them now — and every record is there exactly once.
    for (const batch of unanswered) {
      const again = await push(second.url, id, batch);
      const answer = await again.json();
      expect(again.status, `batch ${batch}: ${JSON.stringify(answer)}`).toBe(200);
      expect(answer.accepted).toBe(PER_BATCH);
      const twice = await push(second.url, id, batch);
      expect(twice.status).toBe(200);
      expect(await twice.json()).toEqual(answer);
    }
    const final = await storedDeltas(second.url, id);
    const finalCount = new Map<string, number>();
    for (const text of final) finalCount.set(text, (finalCount.get(text) ?? 0) + 1);
    expect([...finalCount.values()].every((n) => n === 1)).toBe(true);
    for (const batch of [...acknowledged.keys(), ...unanswered])
      for (let i = 0; i < PER_BATCH; i++)
        expect(finalCount.get(`b${batch}-r${i};`), `batch ${batch} record ${i}`).toBe(1);
  });
});
