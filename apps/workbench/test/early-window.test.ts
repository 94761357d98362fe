// The early hydration window (src/early-window.ts): asked for with the route's session and the tab's token,
// and answering exactly one matching request of the session's connection.
import { describe, expect, it } from "vitest";
import { hashSession, requestEarlyWindow, windowFetch } from "../src/early-window";

const ORIGIN = "http://127.0.0.1:4318";
const URL_A = `${ORIGIN}/api/sessions/a%20b/snapshot`;

function recorder() {
  const calls: { url: string; authorization: string | null; method: string }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      authorization: new Headers(init?.headers).get("authorization"),
      method: init?.method ?? "GET",
    });
    return new Response(`{"n":${calls.length}}`);
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

describe("early hydration window", () => {
  it("HYD-02: the route's session is asked for with the tab's token; no session in the route, no request", async () => {
    const net = recorder();
    const early = requestEarlyWindow({ origin: ORIGIN, hash: "#/s/a%20b", token: "t", fetch: net.fetch });
    expect(net.calls).toEqual([{ url: URL_A, authorization: "Bearer t", method: "GET" }]);
    expect(early?.url).toBe(URL_A);
    for (const hash of ["", "#/", "#/bench", "#/s/%E0%A4%A"])
      expect(requestEarlyWindow({ origin: ORIGIN, hash, fetch: net.fetch })).toBeUndefined();
    expect(net.calls).toHaveLength(1);
    expect(hashSession("#/s/a%20b")).toBe("a b");
  });

  it("HYD-02: the connection's first request for that window is answered from it, once", async () => {
    const early = recorder();
    const net = recorder();
    const fetch = windowFetch(
      requestEarlyWindow({ origin: ORIGIN, hash: "#/s/a%20b", token: "t", fetch: early.fetch }),
      net.fetch,
    );
    const auth = { headers: { authorization: "Bearer t" } };
    expect(await (await fetch(URL_A, auth)).json()).toEqual({ n: 1 });
    expect(net.calls).toHaveLength(0);
    // A second hydration (a gap repair, a reconnect) asks the gateway again.
    await fetch(URL_A, auth);
    expect(net.calls).toHaveLength(1);
    expect(early.calls).toHaveLength(1);
  });

  it("HYD-02: another URL, another token, no token or another method goes to the network", async () => {
    const net = recorder();
    const fetch = windowFetch(
      requestEarlyWindow({ origin: ORIGIN, hash: "#/s/a%20b", token: "t", fetch: recorder().fetch }),
      net.fetch,
    );
    await fetch(`${URL_A}?limit=5`, { headers: { authorization: "Bearer t" } });
    await fetch(URL_A, { headers: { authorization: "Bearer u" } });
    await fetch(URL_A);
    await fetch(URL_A, { method: "POST", headers: { authorization: "Bearer t" } });
    expect(net.calls.map((c) => c.authorization)).toEqual(["Bearer t", "Bearer u", null, "Bearer t"]);
  });

  it("HYD-02: an early request that failed is asked again, never reported in its place", async () => {
    const net = recorder();
    const failing = (async () => {
      throw new TypeError("network down");
    }) as typeof globalThis.fetch;
    const fetch = windowFetch(
      requestEarlyWindow({ origin: ORIGIN, hash: "#/s/a%20b", fetch: failing }),
      net.fetch,
    );
    expect(await (await fetch(URL_A)).json()).toEqual({ n: 1 });
    expect(net.calls).toHaveLength(1);
  });
});
