// HYD-04: history is fetched in bounded pages: every older-history request the client builds names a
// cursor and a limit, whether or not the caller gave one.
import { describe, expect, it } from "vitest";
import { GatewayHttpClient } from "../src";

function recording() {
  const urls: URL[] = [];
  const fetch = (async (input: string | URL | Request) => {
    urls.push(new URL(String(input)));
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof globalThis.fetch;
  return { urls, fetch };
}

describe("older history requests", () => {
  it("HYD-04 history, timeline, table and team pages always carry a cursor and a limit", async () => {
    const { urls, fetch } = recording();
    const http = new GatewayHttpClient({ baseUrl: "http://gateway.test", fetch });
    await http.history("s 1", "m:40");
    await http.history("s 1", "m:20", 10);
    await http.timelinePage("s 1", "t:9");
    await http.tablePage("s 1", "tools", "c:3");
    await http.teamPage("s 1", "roster", "a:2");
    expect(urls.map((u) => [u.pathname, u.searchParams.get("before"), u.searchParams.get("limit")])).toEqual([
      ["/api/sessions/s%201/snapshot", "m:40", "40"],
      ["/api/sessions/s%201/snapshot", "m:20", "10"],
      ["/api/sessions/s%201/timeline", "t:9", "200"],
      ["/api/sessions/s%201/tables/tools", "c:3", "100"],
      ["/api/sessions/s%201/team/roster", "a:2", "100"],
    ]);
  });
});
