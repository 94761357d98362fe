import { readFileSync } from "node:fs";
import { type AgentUiEvent, parseRecords } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mcpAdapter } from "../src/mcp";

const PEER = parseRecords(
  readFileSync(
    new URL("../../../../shared/peers/streams/mcp.tool-progress-elicitation.jsonrpc.jsonl", import.meta.url),
    "utf8",
  ),
).records.map((r) => r.value);

function adapt(input: unknown[]): AgentUiEvent[] {
  const adapter = mcpAdapter.create();
  return [...input.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
}
const c2s = (msg: Record<string, unknown>) => ({ dir: "client->server", msg: { jsonrpc: "2.0", ...msg } });
const s2c = (msg: Record<string, unknown>) => ({ dir: "server->client", msg: { jsonrpc: "2.0", ...msg } });

describe("mcp adapter: tool with progress and elicitations (peer stream)", () => {
  // Read inside each test (not once per file), so each test is the one that reads the stream.
  const events = () => adapt(PEER);
  const of = (type: string) => events().filter((e) => e.type === type);

  it("TOOL-01 tools/call opens one row with its input, progress updates it, the result closes it", () => {
    const tool = events().filter((e) => e.toolCallId === "mcp:1" && e.type.startsWith("tool."));
    expect(tool.map((e) => e.type)).toEqual([
      "tool.started",
      "tool.args",
      "tool.progress",
      "tool.progress",
      "tool.result",
    ]);
    expect(tool[0].payload).toMatchObject({ name: "deploy", kind: "mcp" });
    expect(tool[1].payload).toMatchObject({ input: { env: "staging" }, complete: true });
    expect(tool.filter((e) => e.type === "tool.progress").map((e) => e.payload)).toEqual([
      { message: "building", ratio: 1 / 3 },
      { message: "done", ratio: 1 },
    ]);
  });

  it("ENV-02 colliding JSON-RPC ids are kept apart by direction (elicitation id 1 ≠ tools/call id 1)", () => {
    expect(of("tool.failed")).toEqual([]);
    expect(of("tool.result")).toHaveLength(1);
    expect(of("action.resolved").map((e) => e.actionId)).toEqual(["mcp-elicitation:0", "elic-oauth-1"]);
  });

  it("HITL-01 a form elicitation is structured input with the requested schema, resolved by the accept", () => {
    const [form] = of("action.required");
    expect(form.payload).toMatchObject({
      actionType: "structured_input",
      prompt: "Deploy to staging?",
      schema: { required: ["confirm"] },
    });
    expect(of("action.resolved")[0].payload).toMatchObject({
      outcome: "resolved",
      decision: "accept",
      response: { confirm: true, note: "ok" },
    });
  });

  it("HITL-03 a URL elicitation is a link action resolved only when the server reports it complete", () => {
    const url = of("action.required")[1];
    expect(url).toMatchObject({
      actionId: "elic-oauth-1",
      payload: { sourceType: "mcp.elicitation.url", url: "https://auth.example.com/authorize?x=1" },
    });
    const resolved = of("action.resolved")[1];
    const completeIndex = PEER.findIndex((r) => JSON.stringify(r).includes("elicitation/complete"));
    expect(resolved.source?.index).toBe(completeIndex);
  });

  it("TOOL-09 the result keeps text preview, structured output and a resource-link artifact", () => {
    const [result] = of("tool.result");
    expect(result.payload).toMatchObject({
      outputPreview: "deployed to staging",
      output: { env: "staging", urlAction: "accept" },
      artifactIds: ["file:///logs/deploy.txt"],
    });
    expect(of("artifact.created")[0]).toMatchObject({
      artifactId: "file:///logs/deploy.txt",
      artifactReadRef: "file:///logs/deploy.txt",
      toolCallId: "mcp:1",
      payload: { title: "deploy.txt" },
    });
    expect(of("diagnostic.changed")).toEqual([]);
  });
});

describe("mcp adapter: failures, cancellation and bare messages", () => {
  const call = (id: number, name = "t") => c2s({ id, method: "tools/call", params: { name, arguments: {} } });

  it("TOOL-01 isError results and JSON-RPC errors fail the tool", () => {
    const events = adapt([
      call(1),
      s2c({ id: 1, result: { content: [{ type: "text", text: "disk full" }], isError: true } }),
      call(2),
      s2c({ id: 2, error: { code: -32602, message: "Unknown tool" } }),
    ]);
    expect(events.filter((e) => e.type === "tool.failed").map((e) => e.payload?.error)).toEqual([
      "disk full",
      "Unknown tool",
    ]);
  });

  it("TOOL-01 notifications/cancelled cancels the tool row", () => {
    const events = adapt([
      call(5),
      c2s({ method: "notifications/cancelled", params: { requestId: 5, reason: "user stop" } }),
    ]);
    expect(events.at(-1)).toMatchObject({
      type: "tool.failed",
      payload: { cancelled: true, error: "user stop" },
    });
  });

  it("HITL-05 a declined form resolves once; a reused request id gets a fresh tool id", () => {
    const events = adapt([
      s2c({
        id: 0,
        method: "elicitation/create",
        params: { message: "Name?", requestedSchema: { type: "object" } },
      }),
      c2s({ id: 0, result: { action: "decline" } }),
      call(1),
      s2c({ id: 1, result: { content: [] } }),
      call(1),
    ]);
    expect(events.filter((e) => e.type === "action.resolved").map((e) => e.payload?.decision)).toEqual([
      "decline",
    ]);
    expect(events.filter((e) => e.type === "tool.started").map((e) => e.toolCallId)).toEqual([
      "mcp:1",
      "mcp:1#2",
    ]);
  });

  it("bare JSON-RPC messages are matched by method direction and result shape", () => {
    const events = adapt([
      {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "t", arguments: {}, _meta: { progressToken: "p" } },
      },
      {
        jsonrpc: "2.0",
        id: 1,
        method: "elicitation/create",
        params: { message: "ok?", requestedSchema: {} },
      },
      { jsonrpc: "2.0", id: 1, result: { action: "accept", content: { ok: true } } },
      { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: "p", progress: 1 } },
      { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "done" }] } },
    ]);
    expect(events.map((e) => e.type)).toEqual([
      "tool.started",
      "tool.args",
      "action.required",
      "action.resolved",
      "tool.progress",
      "tool.result",
    ]);
  });

  it("HITL-01 FALL-01 a sampling request is a permission action resolved by the client's result, no decision invented", () => {
    const events = adapt([
      s2c({
        id: 4,
        method: "sampling/createMessage",
        params: { messages: [{ role: "user" }], maxTokens: 100 },
      }),
      c2s({ id: 4, result: { model: "m", role: "assistant", content: { type: "text", text: "hi" } } }),
    ]);
    expect(events.map((e) => [e.type, e.payload?.actionType ?? e.payload?.outcome])).toEqual([
      ["action.required", "permission_grant"],
      ["action.resolved", "resolved"],
    ]);
    // The result says the client generated, not that a person approved: no decision on the wire.
    expect(events[1].payload).not.toHaveProperty("decision");
    expect(events[1].payload).toMatchObject({ response: { model: "m" } });
  });

  it("SEC-02 secret tool arguments never reach the events", () => {
    const events = adapt([
      c2s({
        id: 9,
        method: "tools/call",
        params: { name: "login", arguments: { password: "hunter2-secret" } },
      }),
    ]);
    expect(JSON.stringify(events)).not.toContain("hunter2-secret");
  });

  it("DIAG-01 server log messages are diagnostics at their own level (info is never a warning); unknown methods and responses are diagnosed", () => {
    const events = adapt([
      s2c({
        method: "notifications/message",
        params: { level: "error", logger: "db", data: "connection lost" },
      }),
      s2c({ method: "notifications/message", params: { level: "warning", data: "slow disk" } }),
      s2c({ method: "notifications/message", params: { level: "info", data: "connected" } }),
      s2c({ method: "notifications/message", params: { level: "debug", data: "tick" } }),
      c2s({ id: 3, method: "brand/new" }),
      s2c({ id: 77, result: {} }),
    ]);
    expect(events.map((e) => [e.payload?.code, e.payload?.severity])).toEqual([
      ["runtime_error", "error"],
      ["runtime_warning", "warning"],
      ["runtime_info", "info"],
      ["runtime_info", "info"],
      ["unsupported_source_event", "warning"],
      ["missing_correlation", "warning"],
    ]);
  });

  it("detect picks MCP traffic and not A2A JSON-RPC", () => {
    expect(mcpAdapter.detect(PEER[0])).toBeGreaterThan(0.95);
    expect(mcpAdapter.detect({ jsonrpc: "2.0", id: 1, method: "tools/call" })).toBeGreaterThan(0.8);
    expect(mcpAdapter.detect({ jsonrpc: "2.0", id: 1, result: { task: { id: "t" } } })).toBe(0);
    expect(mcpAdapter.detect({ type: "thread.started" })).toBe(0);
  });

  it("ENV-09 arbitrary JSON never throws", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 20 }), (input) => {
        adapt(input);
        mcpAdapter.detect(input[0]);
      }),
    );
  });
});
