// HYD-05 / HYD-13: an older page of messages is held to the same byte budget as the hydration window: a
// multi-megabyte message in it comes cut to its newest parts, marked `cut` as in the window, and the
// whole message is one request away.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src";
import { MESSAGE_WINDOW_BYTES } from "../src/http/hydration-window";
import { bigMessageEvents, CHUNK, CHUNKS, marker } from "./big-message";
import { createSession, getJson, scriptedFactory, startTestServer, waitFor } from "./helpers";

function script(): Partial<AgentUiEvent>[] {
  const events = bigMessageEvents();
  events.push(
    { type: "run.started", turnId: "t2", messageId: "m2", payload: { input: "short" } },
    { type: "text.delta", turnId: "t2", messageId: "m2", payload: { delta: "last answer" } },
  );
  return events;
}

describe("a 5 MB message in an older page of messages", () => {
  let server: RunningServer;
  let id: string;
  beforeAll(async () => {
    server = await startTestServer({ extraSources: [scriptedFactory(script())] });
    id = (await createSession(server, { source: "scripted" }, script().length)).id;
    await waitFor(async () => {
      const { body } = await getJson(`${server.url}/api/sessions/${id}/snapshot`);
      return body.state.messages.some((m: { parts: { text?: string }[] }) =>
        m.parts.some((p) => p.text === "last answer"),
      );
    }, 20_000);
  }, 60_000);
  afterAll(async () => server?.close());

  it("HYD-05 HYD-13 the page stays under the budget, marks the message cut, and the next page goes on", async () => {
    const { body: window } = await getJson(`${server.url}/api/sessions/${id}/snapshot`);
    // The heavy message does not fit after the newest one: the window stops before it.
    expect(window.window.cut).toBeUndefined();
    const before = window.window.messages.before;
    expect(before).not.toBeNull();
    const response = await fetch(`${server.url}/api/sessions/${id}/snapshot?before=${before}`);
    const text = await response.text();
    expect(text.length).toBeLessThan(2 * MESSAGE_WINDOW_BYTES);
    const page = JSON.parse(text);
    const heavy = page.messages.at(-1);
    expect(page.cut.messageId).toBe(heavy.id);
    expect(page.cut.bytes).toBeGreaterThan(CHUNKS * CHUNK);
    expect(page.messages).toHaveLength(1);
    const held: string = heavy.parts.at(-1).text;
    expect(held.startsWith(marker(CHUNKS - 1), held.length - CHUNK)).toBe(true);
    expect(page.cut.text.included).toBe(held.length);
    const whole = await getJson(`${server.url}/api/sessions/${id}/messages/${encodeURIComponent(heavy.id)}`);
    const wholeText: string = whole.body.message.parts.map((p: { text?: string }) => p.text ?? "").join("");
    expect(wholeText.length).toBe(CHUNKS * CHUNK);
    expect(wholeText.endsWith(held)).toBe(true);
    // The cursor moves past the cut message: the next page holds the first answer.
    expect(page.window.before).not.toBeNull();
    const { body: older } = await getJson(
      `${server.url}/api/sessions/${id}/snapshot?before=${page.window.before}`,
    );
    expect(older.cut).toBeUndefined();
    expect(
      older.messages.some((m: { parts: { text?: string }[] }) =>
        m.parts.some((p) => p.text === "first answer"),
      ),
    ).toBe(true);
  });
});
