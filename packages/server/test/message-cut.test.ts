// HYD-13 / PERF-04: one message heavier than the window's byte budget does not make the window heavy: the
// snapshot holds its newest text and says it is cut, and the whole message is one request away.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src";
import { MESSAGE_WINDOW_BYTES } from "../src/http/hydration-window";
import { bigMessageEvents, CHUNK, CHUNKS } from "./big-message";
import { createSession, getJson, scriptedFactory, startTestServer, waitFor } from "./helpers";

const script = bigMessageEvents;

describe("a 5 MB message in the hydration window", () => {
  let server: RunningServer;
  let id: string;
  beforeAll(async () => {
    server = await startTestServer({ extraSources: [scriptedFactory(script())] });
    id = (await createSession(server, { source: "scripted" }, script().length)).id;
    // Only the newest entries are read on each poll (the whole log is 5 MB); the gateway may append its own
    // status entries after the runtime's last delta.
    await waitFor(async () => {
      const { body: record } = await getJson(`${server.url}/api/sessions/${id}`);
      const lastSeq = Number(record.session.lastSeq ?? 0);
      const { body } = await getJson(
        `${server.url}/api/sessions/${id}/events.json?after=${Math.max(0, lastSeq - 10)}&limit=10`,
      );
      return body.entries.some(
        (entry: { event: { type: string; payload: { delta?: unknown } } }) =>
          entry.event.type === "text.delta" &&
          String(entry.event.payload.delta).startsWith(String(CHUNKS - 1).padStart(4, "0")),
      );
    }, 20_000);
  }, 60_000);
  afterAll(async () => server?.close());

  it("HYD-13 PERF-04 the snapshot stays under the budget and the whole message and older ones are reachable", async () => {
    const response = await fetch(`${server.url}/api/sessions/${id}/snapshot`);
    const text = await response.text();
    expect(text.length).toBeLessThan(2 * MESSAGE_WINDOW_BYTES);
    const body = JSON.parse(text);
    const cut = body.window.cut;
    expect(cut.messageId).toBe(body.state.messages.at(-1).id);
    expect(cut.bytes).toBeGreaterThan(CHUNKS * CHUNK);
    const held: string = body.state.messages.at(-1).parts.at(-1).text;
    expect(held.startsWith(String(CHUNKS - 1).padStart(4, "0"), held.length - CHUNK)).toBe(true);
    const whole = await getJson(
      `${server.url}/api/sessions/${id}/messages/${encodeURIComponent(cut.messageId)}`,
    );
    expect(whole.status).toBe(200);
    const wholeText: string = whole.body.message.parts.map((p: { text?: string }) => p.text ?? "").join("");
    expect(wholeText.length).toBe(CHUNKS * CHUNK);
    expect(wholeText.endsWith(held)).toBe(true);
    const older = await getJson(
      `${server.url}/api/sessions/${id}/snapshot?before=${body.window.messages.before}`,
    );
    expect(
      older.body.messages.some((m: { parts: { text?: string }[] }) =>
        m.parts.some((p) => p.text === "first answer"),
      ),
    ).toBe(true);
    const missing = await getJson(`${server.url}/api/sessions/${id}/messages/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("message_not_found");
  });
});
