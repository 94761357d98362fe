import { describe, expect, it } from "vitest";
import { GatewayHttpClient, GatewayRequestError } from "../src";

function fakeFetch(status: number, body: unknown, seen: string[]): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    seen.push(String(input));
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
}

describe("GatewayHttpClient.readDetail (open_detail through the read-only details API)", () => {
  it("EVID-10 fetches the body behind a ref, the ref encoded as one path segment", async () => {
    const seen: string[] = [];
    const detail = {
      sessionId: "s 1",
      ref: "artifact://a/v1..v2",
      mediaType: "text/x-diff",
      bytes: 4,
      body: "+ x\n",
    };
    const client = new GatewayHttpClient({
      baseUrl: "http://127.0.0.1:9/",
      fetch: fakeFetch(200, detail, seen),
    });
    await expect(client.readDetail("s 1", "artifact://a/v1..v2")).resolves.toEqual(detail);
    expect(seen).toEqual(["http://127.0.0.1:9/api/sessions/s%201/details/artifact%3A%2F%2Fa%2Fv1..v2"]);
  });

  it("FALL-01 an unknown ref rejects with the gateway's code, never an empty body", async () => {
    const client = new GatewayHttpClient({
      baseUrl: "http://127.0.0.1:9",
      fetch: fakeFetch(404, { error: { code: "detail_not_found", message: "no detail x" } }, []),
    });
    const failure = client.readDetail("s", "x");
    await expect(failure).rejects.toBeInstanceOf(GatewayRequestError);
    await expect(failure).rejects.toMatchObject({ status: 404, code: "detail_not_found" });
  });

  it("CTRL-07 a transport failure surfaces as an error for the detail view to show as unavailable", async () => {
    const client = new GatewayHttpClient({
      baseUrl: "http://127.0.0.1:9",
      fetch: (async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch,
    });
    await expect(client.readDetail("s", "x")).rejects.toThrow(/fetch failed/);
  });
});
