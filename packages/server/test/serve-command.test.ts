import { parseServeArgs, runServe } from "../../cli/src/commands/serve";
import { describe, expect, it } from "vitest";
import { tempDir } from "./helpers";

describe("agent-ui serve", () => {
  it("parses options with env fallbacks and rejects bad ones", () => {
    expect(parseServeArgs([], {})).toMatchObject({
      port: 4318,
      host: "127.0.0.1",
      dataDir: ".data",
      store: "sqlite",
    });
    expect(
      parseServeArgs(["--store", "postgres"], { AGENT_UI_PG_URL: "postgres://x", AGENT_UI_TOKEN: "t" }),
    ).toMatchObject({
      store: "postgres",
      pgUrl: "postgres://x",
      token: "t",
    });
    expect(parseServeArgs(["--store", "postgres"], {})).toMatch(/needs --pg-url/);
    expect(parseServeArgs(["--port", "99999"], {})).toMatch(/port number/);
    expect(parseServeArgs(["--bogus"], {})).toMatch(/unknown option/);
    expect(parseServeArgs(["--cors", "http://a", "--cors", "http://b"], {})).toMatchObject({
      corsOrigins: ["http://a", "http://b"],
    });
  });

  it("prints its URL, serves the API with the token, and stops on abort", async () => {
    const dir = tempDir();
    const lines: string[] = [];
    const stop = new AbortController();
    const options = parseServeArgs(["--port", "0", "--data-dir", dir.path, "--token", "tok"], {});
    if (typeof options === "string") throw new Error(options);
    const running = runServe(
      options,
      { stdout: (t) => lines.push(t), stderr: (t) => lines.push(t), readStdin: async () => "" },
      stop.signal,
    );
    const deadline = Date.now() + 5000;
    while (!lines.some((l) => l.includes("listening")) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(lines.join("\n"))?.[1];
    expect(url).toBeDefined();
    expect((await fetch(`${url}/api/sessions`)).status).toBe(401);
    expect((await fetch(`${url}/api/sessions`, { headers: { authorization: "Bearer tok" } })).status).toBe(
      200,
    );
    stop.abort();
    expect(await running).toBe(0);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    dir.remove();
  });
});
