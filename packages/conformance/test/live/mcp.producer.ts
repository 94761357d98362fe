// Live producer for MCP: the real `@modelcontextprotocol/sdk` — `McpServer`s with tools that report
// progress, ask the user (form and URL elicitations), ask the client's model (sampling), fail, or run
// until cancelled — and a `Client`, linked in memory (`InMemoryTransport.createLinkedPair`), offline.
// Every JSON-RPC message is recorded in both directions as `{dir, msg}`, the record shape the mcp
// adapter reads (JSON-RPC ids collide across directions, so the direction is kept).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type CreateMessageRequest,
  CreateMessageRequestSchema,
  type CreateMessageResult,
  ErrorCode,
  McpError,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
  ElicitationCompleteNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { LiveProduction } from "./producer";

export const DEPLOY = {
  env: "staging",
  question: "Deploy to staging?",
  done: "deployed to staging",
  log: { uri: "file:///logs/deploy.txt", name: "deploy.txt", mimeType: "text/plain" },
} as const;

export type Direction = "client->server" | "server->client";

/** Records every message a transport sends, tagged with its direction, before it is delivered. */
function tap(transport: Transport, dir: Direction, records: unknown[]): Transport {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    records.push({ dir, msg: structuredClone(message) });
    return send(message, options);
  };
  return transport;
}

export function deployServer(): McpServer {
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

export interface Session<T> {
  records: unknown[];
  result: T;
}

/**
 * One client ↔ server session over a linked in-memory pair, both directions recorded: `answer` is the
 * client's elicitation handler (the user), `act` what the client does once connected.
 */
export async function recordSession<T>(
  server: McpServer,
  answer: (request: ElicitRequest) => ElicitResult,
  act: (client: Client) => Promise<T>,
  sample: (request: CreateMessageRequest) => CreateMessageResult = () => {
    throw new McpError(ErrorCode.InvalidRequest, "sampling is not offered");
  },
): Promise<Session<T>> {
  const records: unknown[] = [];
  const client = new Client(
    { name: "agent-ui-live", version: "0.0.1" },
    { capabilities: { elicitation: { form: {}, url: {} }, sampling: {} } },
  );
  client.setRequestHandler(ElicitRequestSchema, async (request) => answer(request));
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => sample(request));
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
export function production(records: unknown[]): LiveProduction {
  return { format: "mcp", records, interruptedRunLength: records.length };
}

/** One `tools/call` of `deploy`, the user answering the form with `action`. */
export async function runDeploy(
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

/** A server whose tools exercise the other outcomes: an OAuth-style URL step, a failure, a long task. */
export function opsServer(): McpServer {
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
  server.registerTool("summarize_logs", { description: "Asks the client's model" }, async () => {
    try {
      const sampled = await server.server.createMessage({
        messages: [{ role: "user", content: { type: "text", text: "Summarize the deploy log." } }],
        systemPrompt: "You summarize logs.",
        maxTokens: 50,
      });
      const text = sampled.content.type === "text" ? sampled.content.text : "(no text)";
      return { content: [{ type: "text", text: `summary: ${text}` }] };
    } catch (error) {
      return { content: [{ type: "text", text: `no summary (${String(error)})` }], isError: true };
    }
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
