// CONN-01 STAT-04: the live session list against a scripted gateway — the reachability states a session
// list shows (connecting, live, down with why and when the next try is, unauthorized), each said once, and
// a closed feed asking nothing more.
import { SSE_SESSIONS_EVENT } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { type GatewayStatus, watchSessions } from "../src";
import { waitUntil } from "./gateway-fixtures";

const frame = (sessions: unknown, event = SSE_SESSIONS_EVENT) =>
  `event: ${event}\ndata: ${JSON.stringify({ sessions })}\n\n`;

/** A response whose body sends `chunks` and then ends, or stays open when `open`. */
function stream(chunks: (string | Uint8Array)[], open = false, status = 200, signal?: AbortSignal): Response {
  return new Response(
    new ReadableStream({
      start(controller) {
        // As fetch does: aborting the request errors its body.
        signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
        for (const chunk of chunks)
          controller.enqueue(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
        if (!open) controller.close();
      },
    }),
    { status },
  );
}

function feedWith(script: ((signal?: AbortSignal) => Response)[], extra: { idleTimeoutMs?: number } = {}) {
  const asked: { url: string; headers: Record<string, string> }[] = [];
  const statuses: GatewayStatus[] = [];
  const lists: string[][] = [];
  const feed = watchSessions({
    baseUrl: "http://gw.test",
    token: "t0k",
    backoff: { baseMs: 10, maxMs: 10, random: () => 0 },
    fetch: (async (url: string, init?: RequestInit) => {
      asked.push({ url: String(url), headers: { ...(init?.headers as Record<string, string>) } });
      const next = script.shift();
      return next ? next(init?.signal ?? undefined) : stream([], true, 200, init?.signal ?? undefined);
    }) as typeof fetch,
    onStatus: (status) => statuses.push(status),
    onSessions: (sessions) => lists.push(sessions.map((s) => s.id)),
    ...extra,
  });
  return { feed, asked, statuses, lists };
}

describe("watchSessions states", () => {
  it("CONN-01 connecting, then live once with each list; other events and split characters handled", async () => {
    const bytes = new TextEncoder().encode(frame([{ id: "café ✓" }]));
    const f = feedWith([
      () =>
        stream(
          [frame([{ id: "s1" }]), frame("x", "heartbeat"), bytes.slice(0, bytes.length - 7), bytes.slice(-7)],
          true,
        ),
    ]);
    await waitUntil(() => f.lists.length === 2);
    expect(f.asked).toEqual([
      {
        url: "http://gw.test/api/feed/sessions",
        headers: { accept: "text/event-stream", authorization: "Bearer t0k" },
      },
    ]);
    expect(f.lists).toEqual([["s1"], ["café ✓"]]);
    expect(f.statuses).toEqual([
      { state: "connecting", attempt: 0 },
      { state: "live", attempt: 0 },
    ]);
    f.feed.close();
  });

  it("CONN-01 a failure is `down` with its reason, attempt and next try; retried after the backoff", async () => {
    for (const [answer, reason] of [
      [() => new Response("no", { status: 500 }), "HTTP 500"],
      [() => new Response(null, { status: 200 }), "HTTP 200"],
      [() => stream([frame("not a list")]), "malformed session list from the gateway"],
      [() => stream([frame([{ id: "s1" }])]), "the gateway closed the session feed"],
    ] as const) {
      const f = feedWith([answer, () => new Response("no", { status: 502 })]);
      const started = Date.now();
      await waitUntil(() => f.statuses.filter((s) => s.state === "down").length === 2);
      const downs = f.statuses.filter((s) => s.state === "down");
      expect(downs.map((s) => [s.reason, s.attempt])).toEqual([
        [reason, 1],
        ["HTTP 502", 2],
      ]);
      expect(downs[0].retryAt).toBeGreaterThanOrEqual(started + 5);
      expect(downs[0].retryAt).toBeLessThanOrEqual(Date.now() + 50);
      expect(f.asked.length).toBeGreaterThanOrEqual(2);
      f.feed.close();
    }
  });

  it("CONN-01 SEC-01 a refused token (401 or 403) is `unauthorized` and waits for reconnectNow", async () => {
    for (const status of [401, 403]) {
      const f = feedWith([() => new Response("no", { status }), () => stream([frame([{ id: "s1" }])], true)]);
      await waitUntil(() => f.statuses.length === 2);
      await new Promise((r) => setTimeout(r, 40));
      expect(f.statuses).toEqual([
        { state: "connecting", attempt: 0 },
        { state: "unauthorized", reason: `HTTP ${status}`, attempt: 0 },
      ]);
      expect(f.asked).toHaveLength(1);
      f.feed.reconnectNow();
      await waitUntil(() => f.lists.length === 1);
      expect(f.statuses.slice(2).map((s) => s.state)).toEqual(["connecting", "live"]);
      f.feed.close();
    }
  });

  it("CONN-01 a connection silent past idleTimeoutMs is dropped and tried again", async () => {
    const f = feedWith([(signal) => stream([frame([{ id: "s1" }])], true, 200, signal)], {
      idleTimeoutMs: 30,
    });
    await waitUntil(() => f.asked.length === 2);
    expect(f.asked).toHaveLength(2);
    expect(f.statuses.map((s) => s.state)).toEqual(["connecting", "live", "down"]);
    f.feed.close();
  });

  it("CONN-01 a closed feed asks nothing more, even with a retry pending or when told to reconnect", async () => {
    const f = feedWith([() => new Response("no", { status: 500 })]);
    f.feed.close();
    await new Promise((r) => setTimeout(r, 40));
    expect(f.asked).toHaveLength(1);
    expect(f.statuses.map((s) => s.state)).toEqual(["connecting"]);
    const pending = feedWith([() => new Response("no", { status: 500 })]);
    await waitUntil(() => pending.statuses.some((s) => s.state === "down"));
    pending.feed.close();
    const asked = pending.asked.length;
    pending.feed.reconnectNow();
    await new Promise((r) => setTimeout(r, 60));
    expect(pending.asked).toHaveLength(asked);
    expect(pending.feed.status.state).toBe("down");
  });
});
