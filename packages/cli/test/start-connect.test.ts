// `agent-ui start --connect`: the options, then the workbench started on a loopback agent — a real
// `@a2a-js/sdk` agent found by its card without `--protocol`, an AG-UI endpoint that needs `--protocol`
// — and the printed deep link opening a session whose source is that protocol.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type A2aAgent, startA2aAgent } from "../../server/test/a2a-agent";
import { GRAPH_ID, startLangGraphServer } from "../../server/test/langgraph-server";
import { launchWorkbench, parseStartArgs, type StartOptions } from "../src/commands/start";

const BASE: StartOptions = { port: 0, host: "127.0.0.1", dataDir: "", scenario: "team", rebuild: false };

describe("agent-ui start --connect: options", () => {
  it("parses --connect, --protocol and repeated --header; refuses what cannot be used", () => {
    expect(
      parseStartArgs(
        [
          "--connect",
          "http://127.0.0.1:8000/agent",
          "--protocol",
          "ag-ui",
          "--header",
          "Authorization: Bearer t-1",
          "--header",
          "X-Tenant:  acme ",
        ],
        {},
      ),
    ).toMatchObject({
      connect: "http://127.0.0.1:8000/agent",
      protocol: "ag-ui",
      headers: { Authorization: "Bearer t-1", "X-Tenant": "acme" },
    });
    expect(parseStartArgs(["--connect", "ftp://x/"], {})).toBe(
      "--connect needs an http(s) URL, got 'ftp://x/'",
    );
    expect(parseStartArgs(["--connect", "http://x/", "--protocol", "grpc"], {})).toMatch(
      /^--protocol is one of ag-ui, ai-sdk, a2a, langgraph/,
    );
    expect(parseStartArgs(["--connect", "http://x/", "--header", "no colon"], {})).toMatch(/^--header needs/);
    expect(parseStartArgs(["--protocol", "a2a"], {})).toBe("--protocol needs --connect <url>");
    expect(parseStartArgs(["--header", "A: b"], {})).toBe("--header needs --connect <url>");
  });

  it("--assistant names LangGraph's graph; langgraph without it, or it with another protocol, is refused", () => {
    expect(
      parseStartArgs(["--connect", "http://x/", "--protocol", "langgraph", "--assistant", "agent"], {}),
    ).toMatchObject({ connect: "http://x/", protocol: "langgraph", assistant: "agent" });
    expect(parseStartArgs(["--connect", "http://x/", "--protocol", "langgraph"], {})).toBe(
      "--protocol langgraph needs --assistant <graph id or assistant id>",
    );
    expect(parseStartArgs(["--connect", "http://x/", "--protocol", "a2a", "--assistant", "agent"], {})).toBe(
      "--assistant is for --protocol langgraph",
    );
  });
});

describe("agent-ui start --connect: a loopback agent", () => {
  let agent: A2aAgent;
  let agUi: { url: string; close(): void };
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "agent-ui-connect-"));
    dirs.push(dir);
    return dir;
  };
  beforeAll(async () => {
    agent = await startA2aAgent();
    const server = createServer((req, res) => {
      if (req.method !== "POST") return void res.writeHead(405).end();
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(`data: ${JSON.stringify({ type: "RUN_STARTED", threadId: "t", runId: "r" })}\n\n`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    agUi = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`,
      close: () => {
        server.closeAllConnections();
        server.close();
      },
    };
  });
  afterAll(async () => {
    await agent?.close();
    agUi?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** The session the printed link opens, read through the API with the link's own token. */
  async function sessionOfLink(
    link: string,
  ): Promise<{ sourceKind: string; status: string; config: unknown }> {
    const match = /^(http:\/\/[^/]+)\/#\/s\/([^?]+)\?token=(.+)$/.exec(link);
    expect(match).not.toBeNull();
    const [, origin, id, token] = match as RegExpExecArray;
    expect((await fetch(`${origin}/`)).status).toBe(200);
    const response = await fetch(`${origin}/api/sessions/${id}`, {
      headers: { authorization: `Bearer ${decodeURIComponent(token)}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { session: { sourceKind: string; status: string; config: unknown } })
      .session;
  }

  it("finds an A2A agent by its card without --protocol; the link opens an a2a session", async () => {
    const launched = await launchWorkbench({ ...BASE, dataDir: dataDir(), connect: agent.baseUrl });
    try {
      expect(launched.connected).toEqual({
        protocol: "a2a",
        found: 'A2A agent "Report agent" (protocol 1.0) with 0 skill(s)',
      });
      const session = await sessionOfLink(launched.sessionUrl);
      expect(session.sourceKind).toBe("a2a");
      const sessions = await launched.server.gateway.store.listSessions();
      expect(sessions.map((s) => s.sourceKind)).toEqual(["a2a"]);
    } finally {
      await launched.server.close();
    }
  }, 120_000);

  it("an endpoint with no agent card and no --protocol fails asking for --protocol, and stops the gateway", async () => {
    const dir = dataDir();
    await expect(launchWorkbench({ ...BASE, dataDir: dir, connect: agUi.url })).rejects.toThrow(
      /could not detect the protocol of .*is not an A2A agent.*Give --protocol ag-ui\|ai-sdk\|a2a\|langgraph/,
    );
    // The data dir's lock was released: a gateway starts on it again.
    const again = await launchWorkbench({ ...BASE, dataDir: dir, connect: agUi.url, protocol: "ag-ui" });
    await again.server.close();
  }, 120_000);

  it("--protocol ag-ui with a header: the link opens an ag-ui session that stores the header's name only", async () => {
    const launched = await launchWorkbench({
      ...BASE,
      dataDir: dataDir(),
      connect: agUi.url,
      protocol: "ag-ui",
      headers: { "X-Api-Token": "cli-secret-1234" },
    });
    try {
      const session = await sessionOfLink(launched.sessionUrl);
      expect(session.sourceKind).toBe("ag-ui");
      expect(session.config).toEqual({ url: agUi.url, headers: { "X-Api-Token": "[redacted:header]" } });
    } finally {
      await launched.server.close();
    }
  }, 120_000);

  it("--protocol langgraph --assistant: the graph is found on a real Agent Server and the link opens a langgraph session", async () => {
    const langgraph = await startLangGraphServer();
    try {
      const launched = await launchWorkbench({
        ...BASE,
        dataDir: dataDir(),
        connect: langgraph.url,
        protocol: "langgraph",
        assistant: GRAPH_ID,
      });
      try {
        expect(launched.connected?.protocol).toBe("langgraph");
        expect(launched.connected?.found).toContain(`graph "${GRAPH_ID}" found`);
        const session = await sessionOfLink(launched.sessionUrl);
        expect(session.sourceKind).toBe("langgraph");
        expect(session.config).toEqual({ url: langgraph.url, assistantId: GRAPH_ID });
      } finally {
        await launched.server.close();
      }
    } finally {
      await langgraph.close();
    }
  }, 120_000);

  it("a failing connection stops at once with the test's reason", async () => {
    await expect(
      launchWorkbench({
        ...BASE,
        dataDir: dataDir(),
        connect: "http://agent-ui-cli.invalid/",
        protocol: "a2a",
      }),
    ).rejects.toThrow(/the a2a connection to http:\/\/agent-ui-cli\.invalid\/ failed \(dns_not_found\)/);
  }, 120_000);
});
