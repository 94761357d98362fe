// "Replay source at a chosen speed". The replay source reads the wall clock (no clock can
// be injected), so speed is checked relatively and by construction, never by measuring durations: the same
// recording whose gaps add up to ≥ 10 s at speed 1 finishes at speed 0 and at speed 1000 while the speed-1
// replay has barely begun. Every speed delivers the records in recorded order, and a stop ends a slow replay.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, postJson, startTestServer, waitFor } from "./helpers";

const RECORDS = Array.from({ length: 6 }, (_, i) => ({
  type: "text.delta",
  eventId: `speed-${i}`,
  sequence: i + 1,
  messageId: "m1",
  // Ten seconds apart: the source caps a recorded gap at 2 s, so speed 1 needs ≥ 5 × 2 s = 10 s.
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i * 10)).toISOString(),
  payload: { delta: `${i} ` },
}));

type Entry = { seq: number; event: { type: string; eventId: string } };

describe("replay speed", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const start = async (speed: number) =>
    (await postJson(`${server.url}/api/sessions`, { source: "replay", config: { records: RECORDS, speed } }))
      .body.session.id as string;
  const session = async (id: string) => (await getJson(`${server.url}/api/sessions/${id}`)).body.session;
  const replayed = async (id: string) =>
    ((await getJson(`${server.url}/api/sessions/${id}/events.json?limit=5000`)).body.entries as Entry[])
      .filter((e) => e.event.type === "text.delta")
      .map((e) => e.event.eventId);

  it("speed 0 and speed 1000 finish the recording while speed 1 keeps its recorded gaps; order is kept at every speed", async () => {
    const slow = await start(1);
    const fastest = await start(0);
    const fast = await start(1000);
    for (const id of [fastest, fast])
      await waitFor(async () => ((await session(id)).status === "completed" ? true : undefined), 8000);
    const all = RECORDS.map((r) => r.eventId);
    expect(await replayed(fastest)).toEqual(all);
    expect(await replayed(fast)).toEqual(all);
    // Speed 1 honours the (capped) recorded gaps: ≥ 10 s for the whole file, so it is still going.
    const slowState = await session(slow);
    expect(slowState.status).toBe("live");
    const prefix = await replayed(slow);
    expect(prefix.length).toBeLessThan(all.length);
    expect(prefix).toEqual(all.slice(0, prefix.length));
    // A stop ends the slow replay for good: stopped, and no record after the stop.
    const stopped = await postJson(`${server.url}/api/sessions/${slow}/stop`, {});
    expect(stopped.status).toBe(200);
    expect(stopped.body.session.status).toBe("stopped");
    const atStop = (await session(slow)).lastSeq;
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect((await session(slow)).lastSeq).toBe(atStop);
  });
});
