// Live: the real `@modelcontextprotocol/sdk` — an `McpServer` with a `deploy` tool and a `Client`,
// linked in memory (`InMemoryTransport.createLinkedPair`), offline. The tool reports progress, asks
// the user through a form elicitation, and returns text, a `resource_link` and `structuredContent`.
// Every JSON-RPC message is recorded in both directions as `{dir, msg}` (the record shape the mcp
// adapter reads), then adapted (auto-detected), projected and checked the way a user would see it.
// MCP has no assistant answer, so it is not part of the cross-protocol equivalence.
import { findAdapter } from "@agent-ui/adapters";
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
  ElicitationCompleteNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { assistantTextParts, projectProduction } from "./live-support";
import type { LiveProduction } from "./producer";

const DEPLOY = {
  env: "staging",
  question: "Deploy to staging?",
  done: "deployed to staging",
  log: { uri: "file:///logs/deploy.txt", name: "deploy.txt", mimeType: "text/plain" },
} as const;

type Direction = "client->server" | "server->client";

/** Records every message a transport sends, tagged with its direction, before it is delivered. */
function tap(transport: Transport, dir: Direction, records: unknown[]): Transport {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    records.push({ dir, msg: structuredClone(message) });
    return send(message, options);
  };
  return transport;
}

function deployServer(): McpServer {
  const server = new McpServer({ name: "deploy-bot", version: "1.0.0" });
  server.registerTool(
    "deploy",
    { description: "Deploy after the user confirms", inputSchema: { env: z.string() } },
    async ({ env }, extra) => {
      const progressToken = extra._meta?.progressToken;
      const progress = async (done: number, message: string) => {
        if (progressToken === undefined) return;
        await extra.sendNotification({
          method: "notifications/progress",
          params: { progressToken, progress: done, total: 3, message },
        });
      };
      await progress(1, "building");
      const answer = await server.server.elicitInput({
        mode: "form",
        message: `Deploy to ${env}?`,
        requestedSchema: {
          type: "object",
          properties: { confirm: { type: "boolean", title: "Confirm" }, note: { type: "string" } },
          required: ["confirm"],
        },
      });
      if (answer.action !== "accept" || answer.content?.confirm !== true)
        return { content: [{ type: "text", text: `not deployed (${answer.action})` }] };
      await progress(2, "uploading");
      await progress(3, "done");
      return {
        content: [
          { type: "text", text: `deployed to ${env}` },
          { type: "resource_link", ...DEPLOY.log },
        ],
        structuredContent: { env, note: answer.content?.note ?? null },
      };
    },
  );
  return server;
}

interface Session<T> {
  records: unknown[];
  result: T;
}

/**
 * One client ↔ server session over a linked in-memory pair, both directions recorded: `answer` is the
 * client's elicitation handler (the user), `act` what the client does once connected.
 */
async function recordSession<T>(
  server: McpServer,
  answer: (request: ElicitRequest) => ElicitResult,
  act: (client: Client) => Promise<T>,
): Promise<Session<T>> {
  const records: unknown[] = [];
  const client = new Client(
    { name: "agent-ui-live", version: "0.0.1" },
    { capabilities: { elicitation: { form: {}, url: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, async (request) => answer(request));
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, async () => {});
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(tap(serverSide, "server->client", records));
  await client.connect(tap(clientSide, "client->server", records));
  try {
    return { records, result: await act(client) };
  } finally {
    await client.close();
    await server.close();
  }
}

/** The session's records as a production the live helpers project (one run, nothing interrupted). */
function production(records: unknown[]): LiveProduction {
  return { format: "mcp", records, interruptedRunLength: records.length };
}

/** One `tools/call` of `deploy`, the user answering the form with `action`. */
async function runDeploy(
  action: "accept" | "decline",
): Promise<LiveProduction & { progress: number[]; result: unknown }> {
  const progress: number[] = [];
  const session = await recordSession(
    deployServer(),
    () => (action === "accept" ? { action, content: { confirm: true, note: "ship it" } } : { action }),
    (client) =>
      client.callTool({ name: "deploy", arguments: { env: DEPLOY.env } }, undefined, {
        onprogress: (update) => progress.push(update.progress),
      }),
  );
  return { ...production(session.records), progress, result: session.result };
}

const errors = (state: ProjectionState) => state.diagnostics.filter((d) => d.severity === "error");
const toolOf = (state: ProjectionState) => Object.values(state.tools)[0];

describe("live @modelcontextprotocol/sdk: deploy with progress, a form elicitation and a resource link", () => {
  let live: Awaited<ReturnType<typeof runDeploy>>;
  let state: ProjectionState;
  beforeAll(async () => {
    live = await runDeploy("accept");
    const projected = projectProduction(live);
    expect(projected.detected).toBe("mcp");
    state = projected.state;
  });

  it("ENV-01 the recorded JSON-RPC traffic auto-detects as mcp, both directions kept apart", () => {
    expect(projectProduction(live).detected).toBe("mcp");
    const dirs = new Set(live.records.map((record) => (record as { dir: Direction }).dir));
    expect(dirs).toEqual(new Set(["client->server", "server->client"]));
    // The client saw the progress the server sent (the SDK's own onprogress).
    expect(live.progress).toEqual([1, 2, 3]);
  });

  it("TOOL-01 deploy ends output-available with its text preview, input and the last progress", () => {
    expect(Object.values(state.tools)).toHaveLength(1);
    expect(toolOf(state)).toMatchObject({
      name: "deploy",
      status: "output-available",
      outputPreview: DEPLOY.done,
    });
    expect(toolOf(state).inputSummary).toContain(DEPLOY.env);
    expect(toolOf(state).progress).toMatchObject({ message: "done", ratio: 1 });
    expect(errors(state)).toEqual([]);
  });

  it("HITL-03 the form elicitation resolves accepted with the user's content; nothing stays pending", () => {
    const actions = Object.values(state.actions);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      type: "structured_input",
      status: "resolved",
      decision: "accept",
      prompt: DEPLOY.question,
      response: { confirm: true, note: "ship it" },
    });
    expect(actions[0].schema).toMatchObject({ required: ["confirm"] });
  });

  it("TOOL-09 the resource link is an output ref (an artifact linked to the tool), not inlined text", () => {
    expect(toolOf(state).artifactIds).toEqual([DEPLOY.log.uri]);
    expect(state.artifacts[DEPLOY.log.uri]).toMatchObject({
      title: DEPLOY.log.name,
      readRef: DEPLOY.log.uri,
    });
  });

  it("TEXT-08 no assistant answer is fabricated from the tool result (MCP carries none)", () => {
    expect(assistantTextParts(state)).toEqual([]);
    const texts = state.messages.flatMap((m) => m.parts).map((p) => p.text ?? "");
    expect(texts.some((text) => text.includes(DEPLOY.done))).toBe(false);
  });

  it("HITL-01 ORD-01 streamed record by record: progress then a pending form while the tool runs, then the result", () => {
    const adapter = findAdapter("mcp")?.create();
    const events: AgentUiEvent[] = [];
    const seen: string[] = [];
    live.records.forEach((record, index) => {
      events.push(...(adapter?.push(record, index) ?? []));
      const now = projectEvents(events);
      const tool = toolOf(now);
      const pending = Object.values(now.actions).filter((a) => a.status === "pending");
      expect(errors(now), `after ${index + 1}`).toEqual([]);
      if (pending.length > 0) {
        // While the user is asked, the tool is still running and has no output.
        expect(pending, `after ${index + 1}`).toHaveLength(1);
        expect(tool.status, `after ${index + 1}`).not.toBe("output-available");
        expect(tool.progress, `after ${index + 1}`).toMatchObject({ message: "building" });
        expect(tool.progress?.ratio).toBeCloseTo(1 / 3);
      }
      const phase = tool === undefined ? "none" : pending.length > 0 ? "asking" : tool.status;
      if (seen.at(-1) !== phase) seen.push(phase);
    });
    expect(seen).toEqual(["none", "running", "asking", "running", "output-available"]);
  });
});

describe("live @modelcontextprotocol/sdk: the user declines the form", () => {
  it("HITL-04 a declined elicitation resolves as decline; the tool reports it did not deploy", async () => {
    const live = await runDeploy("decline");
    const { state } = projectProduction(live);
    expect(Object.values(state.actions)).toEqual([
      expect.objectContaining({ type: "structured_input", status: "resolved", decision: "decline" }),
    ]);
    expect(toolOf(state)).toMatchObject({
      status: "output-available",
      outputPreview: "not deployed (decline)",
    });
    expect(toolOf(state).artifactIds).toEqual([]);
    expect(live.progress).toEqual([1]);
    expect(assistantTextParts(state)).toEqual([]);
    expect(errors(state)).toEqual([]);
  });
});

/** A server whose tools exercise the other outcomes: an OAuth-style URL step, a failure, a long task. */
function opsServer(): McpServer {
  const server = new McpServer({ name: "ops-bot", version: "1.0.0" });
  server.registerTool("connect_repo", { description: "Link the repository after OAuth" }, async () => {
    const elicitationId = "elic-oauth-live";
    const answer = await server.server.elicitInput({
      mode: "url",
      message: "Authorize the deploy bot",
      url: "https://auth.example.com/authorize?client=deploy-bot",
      elicitationId,
    });
    // The user went to the link; the server says when the out-of-band step is really done.
    if (answer.action === "accept") await server.server.createElicitationCompletionNotifier(elicitationId)();
    return {
      content: [{ type: "text", text: `repository ${answer.action === "accept" ? "linked" : "not linked"}` }],
    };
  });
  server.registerTool("wipe_cache", { description: "Always fails" }, async () => {
    throw new Error("disk full");
  });
  // Without an input schema the SDK calls the handler with `extra` only.
  server.registerTool("long_task", { description: "Runs until cancelled" }, async (extra) => {
    const progressToken = extra._meta?.progressToken;
    if (progressToken !== undefined)
      await extra.sendNotification({
        method: "notifications/progress",
        params: { progressToken, progress: 1, total: 10, message: "step 1" },
      });
    await new Promise<void>((resolve) => extra.signal.addEventListener("abort", () => resolve()));
    return { content: [{ type: "text", text: "stopped" }] };
  });
  return server;
}

describe("live @modelcontextprotocol/sdk: URL elicitation, tool error, cancellation", () => {
  it("HITL-03 a URL elicitation is a link, resolved only when the server reports it complete", async () => {
    const session = await recordSession(
      opsServer(),
      () => ({ action: "accept" }),
      (client) => client.callTool({ name: "connect_repo", arguments: {} }),
    );
    const adapter = findAdapter("mcp")?.create();
    const events: AgentUiEvent[] = [];
    const statuses: string[] = [];
    session.records.forEach((record, index) => {
      events.push(...(adapter?.push(record, index) ?? []));
      const status = Object.values(projectEvents(events).actions)[0]?.status ?? "none";
      if (statuses.at(-1) !== status) statuses.push(status);
    });
    // The client's "accept" alone leaves it pending: only notifications/elicitation/complete ends it.
    expect(statuses).toEqual(["none", "pending", "resolved"]);
    const { state } = projectProduction(production(session.records));
    expect(Object.values(state.actions)).toEqual([
      expect.objectContaining({
        actionId: "elic-oauth-live",
        type: "credential_request",
        decision: "accept",
      }),
    ]);
    expect(toolOf(state)).toMatchObject({ name: "connect_repo", status: "output-available" });
    expect(errors(state)).toEqual([]);
  });

  it("TOOL-01 a tool that throws ends output-error with the server's message, never output-available", async () => {
    const session = await recordSession(
      opsServer(),
      () => ({ action: "cancel" }),
      (client) => client.callTool({ name: "wipe_cache", arguments: {} }),
    );
    expect(session.result).toMatchObject({ isError: true });
    const { state } = projectProduction(production(session.records));
    expect(toolOf(state)).toMatchObject({ name: "wipe_cache", status: "output-error" });
    expect(toolOf(state).error?.message).toContain("disk full");
    expect(assistantTextParts(state)).toEqual([]);
  });

  it("TOOL-01 TOOL-04 the client cancelling a running call ends the tool cancelled, with its last progress kept", async () => {
    const stop = new AbortController();
    const session = await recordSession(
      opsServer(),
      () => ({ action: "cancel" }),
      async (client) => {
        try {
          await client.callTool({ name: "long_task", arguments: {} }, undefined, {
            signal: stop.signal,
            onprogress: () => stop.abort("user pressed stop"),
          });
          return "finished";
        } catch (error) {
          return `rejected: ${String(error)}`;
        }
      },
    );
    expect(session.result).toMatch(/^rejected/);
    const methods = session.records.map((record) => (record as { msg: { method?: string } }).msg.method);
    expect(methods).toContain("notifications/cancelled");
    const { state } = projectProduction(production(session.records));
    expect(toolOf(state)).toMatchObject({ name: "long_task", status: "cancelled" });
    expect(toolOf(state).progress).toMatchObject({ message: "step 1", ratio: 0.1 });
    expect(errors(state)).toEqual([]);
  });
});
