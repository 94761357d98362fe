// CTRL-07: what a write reports for each answer a gateway (or a proxy in front of it) can give — the
// runtime's result as it is, a refusal with the gateway's code and words, a server failure as `failed`,
// and a body that is not the gateway's JSON named as such; never a fabricated success.
import type { ControlCommand } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { GatewayRequestError, HttpWritePort, readJsonResponse } from "../src";

const command = {
  kind: "cancel",
  sessionId: "s 1",
  idempotencyKey: "cancel:t1",
  turnId: "t1",
} as unknown as ControlCommand;

function answering(status: number, body: string) {
  const asked: { url: string; init?: RequestInit }[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    asked.push({ url: String(url), init });
    return new Response(body === "" ? null : body, { status });
  }) as typeof globalThis.fetch;
  return { port: new HttpWritePort({ baseUrl: "http://gw.test/", token: "t0k", fetch }), asked };
}

describe("HttpWritePort answers", () => {
  it("CTRL-01 posts the command to its session's commands and returns the runtime's result as it is", async () => {
    const result = { status: "accepted", idempotencyKey: "cancel:t1", assigned: { turnId: "t1" } };
    const { port, asked } = answering(200, JSON.stringify(result));
    expect(await port.write(command)).toEqual(result);
    expect(asked.map((a) => a.url)).toEqual(["http://gw.test/api/sessions/s%201/commands"]);
    expect(asked[0].init?.method).toBe("POST");
    expect(asked[0].init?.headers).toEqual({
      "content-type": "application/json",
      authorization: "Bearer t0k",
    });
    expect(JSON.parse(String(asked[0].init?.body))).toEqual(command);
  });

  it("CTRL-07 a refusal carries the gateway's code and words; without them, its HTTP status", async () => {
    const refused = answering(
      409,
      JSON.stringify({ error: { code: "conflict", message: "already answered" } }),
    );
    expect(await refused.port.write(command)).toEqual({
      status: "rejected",
      idempotencyKey: "cancel:t1",
      reason: "conflict: already answered",
    });
    for (const body of ["", "{}", JSON.stringify({ error: {} })]) {
      expect(await answering(404, body).port.write(command)).toEqual({
        status: "rejected",
        idempotencyKey: "cancel:t1",
        reason: "http_error: HTTP 404",
      });
    }
  });

  it("CTRL-07 a server error is `failed` from 500 up; below it the gateway refused", async () => {
    expect((await answering(500, "").port.write(command)).status).toBe("failed");
    expect((await answering(503, "").port.write(command)).reason).toBe("http_error: HTTP 503");
    expect((await answering(499, "").port.write(command)).status).toBe("rejected");
  });

  it("CTRL-07 a body that is not JSON (a proxy's error page) is named, not parsed into a result", async () => {
    expect(await answering(502, "<html>Bad Gateway</html>").port.write(command)).toEqual({
      status: "failed",
      idempotencyKey: "cancel:t1",
      reason: "invalid_response: gateway answered non-JSON (HTTP 502)",
    });
  });
});

describe("readJsonResponse", () => {
  it("reads an empty success as nothing and throws a named GatewayRequestError for a refusal", async () => {
    expect(await readJsonResponse(new Response(null, { status: 200 }))).toBeUndefined();
    const error = await readJsonResponse(
      new Response(JSON.stringify({ error: { code: "not_found", message: "no such session" } }), {
        status: 404,
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(String(error)).toBe("GatewayRequestError: no such session");
    expect(error).toMatchObject({ status: 404, code: "not_found" });
  });
});
