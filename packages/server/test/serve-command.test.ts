import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseServeArgs, runServe } from "../../cli/src/commands/serve";
import { describe, expect, it } from "vitest";
import { tempDir } from "./helpers";

const CLI = fileURLToPath(new URL("../../cli/bin/agent-ui.mjs", import.meta.url));

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
    expect(
      parseServeArgs(["--allowed-host", "a.internal", "--upstream-allow", "10.0.0.0/8"], {}),
    ).toMatchObject({
      allowedHosts: ["a.internal"],
      upstreamAllow: ["10.0.0.0/8"],
    });
    expect(parseServeArgs(["--no-auth"], {})).toMatchObject({ noAuth: true });
    expect(parseServeArgs(["--no-auth"], {})).not.toHaveProperty("token");
    expect(parseServeArgs(["--token", "a", "--token-file", "f"], {})).toMatch(/give one/);
  });

  it("reads the token from --token-file (kept out of the process list); an empty or missing file is an error", () => {
    const dir = tempDir();
    const file = join(dir.path, "token");
    writeFileSync(file, "  from-file\n");
    expect(parseServeArgs(["--token-file", file], { AGENT_UI_TOKEN: "env" })).toMatchObject({
      token: "from-file",
    });
    writeFileSync(file, "\n");
    expect(parseServeArgs(["--token-file", file], {})).toMatch(/is empty/);
    expect(parseServeArgs(["--token-file", join(dir.path, "missing")], {})).toMatch(/cannot read .*ENOENT/);
    dir.remove();
  });

  it("--no-auth serves without a token and says so loudly on stderr", async () => {
    const dir = tempDir();
    const out: string[] = [];
    const err: string[] = [];
    const stop = new AbortController();
    const options = parseServeArgs(["--port", "0", "--data-dir", dir.path, "--no-auth"], {});
    if (typeof options === "string") throw new Error(options);
    const running = runServe(
      options,
      { stdout: (t) => out.push(t), stderr: (t) => err.push(t), stdin: () => [] },
      stop.signal,
    );
    const deadline = Date.now() + 5000;
    while (!out.some((l) => l.includes("listening")) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out.join("\n"))?.[1];
    expect(err.join("\n")).toMatch(/^WARNING: --no-auth/);
    expect(out.join("\n")).not.toContain("#token=");
    expect((await fetch(`${url}/api/sessions`)).status).toBe(200);
    stop.abort();
    expect(await running).toBe(0);
    dir.remove();
  });

  it("a port that is taken ends the process at once with a clear message and exit code 1", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as { port: number }).port;
    const dir = tempDir();
    const child = spawn(process.execPath, [CLI, "serve", "--port", String(port), "--data-dir", dir.path], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        resolve(null);
      }, 30_000);
      child.once("exit", (exit) => {
        clearTimeout(timer);
        resolve(exit);
      });
    });
    holder.close();
    dir.remove();
    expect(code).toBe(1);
    expect(stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
  }, 40_000);

  it("prints its URL, serves the API with the token, and stops on abort", async () => {
    const dir = tempDir();
    const lines: string[] = [];
    const stop = new AbortController();
    const options = parseServeArgs(["--port", "0", "--data-dir", dir.path, "--token", "tok"], {});
    if (typeof options === "string") throw new Error(options);
    const running = runServe(
      options,
      { stdout: (t) => lines.push(t), stderr: (t) => lines.push(t), stdin: () => [] },
      stop.signal,
    );
    const deadline = Date.now() + 5000;
    while (!lines.some((l) => l.includes("listening")) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(lines.join("\n"))?.[1];
    expect(url).toBeDefined();
    expect(lines).toContain(`Access URL: ${url}/#token=tok`);
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
