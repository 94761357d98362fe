// MCP JSON-RPC traffic as the client sees it, shaped like the captured `mcp.*.jsonrpc.jsonl`.
import { FACTS, type ProtocolStories } from "./types";

const rpc = (dir: "client->server" | "server->client", msg: Record<string, unknown>) => ({
  dir,
  msg: { ...msg, jsonrpc: "2.0" },
});
const call = (id: number, name: string, args: Record<string, unknown>) =>
  rpc("client->server", {
    method: "tools/call",
    params: { name, arguments: args, _meta: { progressToken: id } },
    id,
  });
const result = (id: number, text: string, isError = false) =>
  rpc("server->client", {
    result: { content: [{ type: "text", text }], ...(isError ? { isError: true } : {}) },
    id,
  });

function gated(accept: boolean) {
  const request = [
    call(1, FACTS.gatedTool, { path: FACTS.gatedPath }),
    rpc("server->client", {
      method: "elicitation/create",
      params: {
        mode: "form",
        message: `Delete ${FACTS.gatedPath}?`,
        requestedSchema: {
          type: "object",
          properties: { confirm: { type: "boolean" } },
          required: ["confirm"],
        },
      },
      id: 0,
    }),
  ];
  const answer = rpc("client->server", {
    result: accept ? { action: "accept", content: { confirm: true } } : { action: "decline" },
    id: 0,
  });
  const outcome = accept ? result(1, `deleted ${FACTS.gatedPath}`) : result(1, "declined by the user", true);
  return {
    records: [...request, answer, outcome],
    toolCallId: "mcp:1",
    // An elicitation names no request it belongs to: the card cannot be linked to the call (§E-6).
    actionToolCallId: "unknown",
    requestedAfter: request.length,
  };
}

export const MCP_STORIES: ProtocolStories = {
  format: "mcp",
  decisions: { approve: "accept", reject: "decline" },
  stories: {
    tool: () => ({
      // The adapter keys a call by its JSON-RPC id: `mcp:<id>`.
      toolCallId: "mcp:1",
      records: [
        call(1, FACTS.toolName, { city: FACTS.city }),
        result(1, JSON.stringify({ tempC: FACTS.tempC })),
      ],
    }),
    toolError: () => ({
      toolCallId: "mcp:1",
      records: [call(1, FACTS.toolName, { city: FACTS.failingCity }), result(1, FACTS.toolError, true)],
    }),
    approve: () => gated(true),
    deny: () => gated(false),
  },
  cannot: {
    text: "MCP carries tool traffic between a client and a server; it has no assistant answer",
    reasoning: "MCP has no model reasoning",
    runError: "MCP has no agent run; a failed call is a tool error",
    redelivery:
      "a JSON-RPC id names a request, not a delivery: a repeated response is a protocol error, not a redelivery",
    sources: "MCP has no citation; a resource_link in a result is an artifact, not a source",
  },
};
