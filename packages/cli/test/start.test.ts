import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { launchWorkbench, parseStartArgs } from "../src/commands/start";

describe("agent-ui start", () => {
  it("parses its options with the documented defaults and rejects bad ones", () => {
    expect(parseStartArgs([], {})).toEqual({
      port: 4318,
      host: "127.0.0.1",
      dataDir: ".data",
      scenario: "team",
      rebuild: false,
    });
    expect(parseStartArgs(["--port", "0", "--scenario", "solo", "--rebuild"], {})).toMatchObject({
      port: 0,
      scenario: "solo",
      rebuild: true,
    });
    expect(parseStartArgs(["--port", "x"], {})).toBe("--port needs a port number, got 'x'");
    expect(parseStartArgs(["--nope"], {})).toBe("unknown option '--nope'");
    expect(parseStartArgs([], { AGENT_UI_TOKEN: "from-env" })).toMatchObject({ token: "from-env" });
    expect(parseStartArgs(["--no-auth"], {})).toMatchObject({ noAuth: true });
    expect(parseStartArgs(["--no-auth", "--token", "t"], {})).toMatch(/give one/);
  });

  it("serves the built workbench and a live team session from the demo runtime", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "agent-ui-start-"));
    const launched = await launchWorkbench({
      port: 0,
      host: "127.0.0.1",
      dataDir,
      scenario: "team",
      rebuild: false,
    });
    try {
      const page = await fetch(launched.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>Agent UI workbench</title>");
      // The gateway made its own access token: without it the API is closed.
      expect((await fetch(`${launched.server.url}/api/sessions`)).status).toBe(401);
      const token = launched.server.token as string;
      expect(token).toBeTruthy();
      const headers = { authorization: `Bearer ${token}` };
      const { sessions } = (await (
        await fetch(`${launched.server.url}/api/sessions`, { headers })
      ).json()) as {
        sessions: { id: string; scenario?: string; sourceKind: string }[];
      };
      expect(sessions).toContainEqual(
        expect.objectContaining({ id: launched.sessionId, scenario: "team", sourceKind: "demo" }),
      );
      expect(launched.sessionUrl).toBe(`${launched.url}#/s/${launched.sessionId}?token=${token}`);
    } finally {
      await launched.server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
