// MCP JSON-RPC traffic as the envelope states it: session handshake, tool rows with progress and results,
// artifacts from result content, elicitations and sampling as actions, cancellations, server logs and
// what is not understood — each exchange in, the exact facts out (no classification, order or provenance).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { mcpAdapter } from "../src/mcp";

const STAMPED = new Set(["eventId", "sequence", "owner", "scope", "surface", "persistence", "source"]);

function facts(events: AgentUiEvent[]): Record<string, unknown>[] {
  return events.map((event) =>
    Object.fromEntries(Object.entries(event).filter(([key]) => !STAMPED.has(key))),
  );
}

function adapt(records: unknown[]): Record<string, unknown>[] {
  const adapter = mcpAdapter.create();
  return facts([...records.flatMap((record, index) => adapter.push(record, index)), ...adapter.finish()]);
}

const c2s = (msg: Record<string, unknown>) => ({ dir: "client->server", msg: { jsonrpc: "2.0", ...msg } });
const s2c = (msg: Record<string, unknown>) => ({ dir: "server->client", msg: { jsonrpc: "2.0", ...msg } });
const call = (id: number, params: Record<string, unknown> = {}) => c2s({ id, method: "tools/call", params });
const diagnostic = (
  code: string,
  severity: string,
  message: string,
  extra: Record<string, unknown> = {},
) => ({
  ...extra,
  payload: { code, severity, message },
  type: "diagnostic.changed",
});
const unsupported = (message: string, summary: Record<string, unknown>) => ({
  payload: { code: "unsupported_source_event", severity: "warning", message, summary },
  type: "diagnostic.changed",
});
const opened = (toolCallId: string, name?: string, input: unknown = {}) => [
  {
    toolCallId,
    phase: "acting",
    payload: name !== undefined ? { name, kind: "mcp" } : { kind: "mcp" },
    type: "tool.started",
  },
  { toolCallId, payload: { input, complete: true }, type: "tool.args" },
];

describe("MCP session and protocol plumbing", () => {
  it("ENV-01 initialize opens the session; its result names the server; plumbing says nothing; the rest is reported", () => {
    expect(
      adapt([
        c2s({
          id: 0,
          method: "initialize",
          params: { protocolVersion: "2025-06-18", clientInfo: { name: "cli" } },
        }),
        s2c({
          id: 0,
          result: { protocolVersion: "2025-06-18", serverInfo: { name: "srv", version: "1.2" } },
        }),
        c2s({ method: "notifications/initialized" }),
        c2s({ id: 1, method: "tools/list" }),
        s2c({ id: 1, result: { tools: [] } }),
        c2s({ id: 2, method: "resources/list" }),
        s2c({ id: 2, error: { code: -1, message: "nope" } }),
        c2s({ id: 5, method: "prompts/list" }),
        s2c({ id: 5, error: {} }),
        s2c({ id: 3, method: "roots/list" }),
        c2s({ id: 3, result: {} }),
        c2s({ id: 4, method: "weird/x" }),
        s2c({ id: 4, result: {} }),
      ]),
    ).toStrictEqual([
      {
        phase: "hydrating",
        payload: { protocolVersion: "2025-06-18", client: "cli" },
        type: "session.opened",
      },
      {
        payload: { title: "srv", server: { name: "srv", version: "1.2" }, protocolVersion: "2025-06-18" },
        type: "session.updated",
      },
      diagnostic("runtime_error", "warning", "mcp resources/list failed: nope"),
      diagnostic("runtime_error", "warning", "mcp prompts/list failed: error"),
      unsupported("mcp record #11: method weird/x is not mapped", {
        kind: "object",
        keys: ["jsonrpc", "id", "method"],
        method: "weird/x",
      }),
      unsupported("mcp record #12: response to weird/x is not mapped", {
        kind: "object",
        keys: ["jsonrpc", "id", "result"],
      }),
    ]);
  });

  it("DIAG-02 a request that needs an id and has none, and records that are no JSON-RPC message, are reported", () => {
    expect(
      adapt([
        c2s({ method: "tools/call", params: {} }),
        s2c({ method: "sampling/createMessage" }),
        s2c({ method: "elicitation/create" }),
        { jsonrpc: "2.0", id: 5 },
        "x",
        s2c({ id: 9, result: {} }),
      ]),
    ).toStrictEqual([
      unsupported("mcp record #0: tools/call without an id", {
        kind: "object",
        keys: ["jsonrpc", "method", "params"],
        method: "tools/call",
      }),
      unsupported("mcp record #1: sampling without an id", {
        kind: "object",
        keys: ["jsonrpc", "method"],
        method: "sampling/createMessage",
      }),
      unsupported("mcp record #2: elicitation/create without an id", {
        kind: "object",
        keys: ["jsonrpc", "method"],
        method: "elicitation/create",
      }),
      unsupported("mcp record #3: not understood by this adapter", {
        kind: "object",
        keys: ["jsonrpc", "id"],
      }),
      unsupported("mcp record #4: not understood by this adapter", { kind: "string" }),
      diagnostic("missing_correlation", "warning", "mcp response to unknown request id 9"),
    ]);
  });

  it.each([
    ["error", "runtime_error", "error"],
    ["critical", "runtime_error", "error"],
    ["alert", "runtime_error", "error"],
    ["emergency", "runtime_error", "error"],
    ["warning", "runtime_warning", "warning"],
    ["notice", "runtime_info", "info"],
    [undefined, "runtime_info", "info"],
  ])("DIAG-01 a server log at level %s is a %s diagnostic", (level, code, severity) => {
    expect(
      adapt([s2c({ method: "notifications/message", params: { level, logger: "db", data: { a: 1 } } })]),
    ).toStrictEqual([diagnostic(code, severity, 'db: {"a":1}')]);
    expect(adapt([s2c({ method: "notifications/message", params: { level } })])).toStrictEqual([
      diagnostic(code, severity, "server: "),
    ]);
  });
});

describe("MCP tool rows", () => {
  it("TOOL-01 progress by its token: message and ratio (none without a positive total); an unknown token is reported", () => {
    expect(
      adapt([
        call(1, { name: "t", arguments: { a: 1 }, _meta: { progressToken: 7 } }),
        s2c({
          method: "notifications/progress",
          params: { progressToken: 7, progress: 2, total: 4, message: "half" },
        }),
        s2c({ method: "notifications/progress", params: { progressToken: "7", progress: 2, total: 0 } }),
        s2c({ method: "notifications/progress", params: { progressToken: 7, progress: 2 } }),
        s2c({ method: "notifications/progress", params: { progressToken: 8, progress: 2 } }),
        s2c({ method: "notifications/progress", params: { progressToken: { id: 7 } } }),
        call(2, { name: "u", _meta: { progressToken: true } }),
        s2c({ method: "notifications/progress", params: { progressToken: "true" } }),
      ]),
    ).toStrictEqual([
      ...opened("mcp:1", "t", { a: 1 }),
      {
        toolCallId: "mcp:1",
        phase: "acting",
        payload: { message: "half", ratio: 0.5 },
        type: "tool.progress",
      },
      { toolCallId: "mcp:1", phase: "acting", payload: {}, type: "tool.progress" },
      { toolCallId: "mcp:1", phase: "acting", payload: {}, type: "tool.progress" },
      diagnostic("missing_correlation", "warning", "mcp progress for an unknown progressToken"),
      diagnostic("missing_correlation", "warning", "mcp progress for an unknown progressToken"),
      ...opened("mcp:2", "u"),
      diagnostic("missing_correlation", "warning", "mcp progress for an unknown progressToken"),
    ]);
  });

  it("TOOL-09 ART-01 result content: text is the preview, links and resources are artifacts, media refs without data", () => {
    const artifact = (artifactId: string, kind: string, payload: Record<string, unknown>, extra = {}) => ({
      artifactId,
      artifactKind: kind,
      artifactStatus: "ready",
      toolCallId: "mcp:1",
      sourceRefs: ["mcp:1"],
      phase: "producing",
      payload: { kind, ...payload },
      ...extra,
      type: "artifact.created",
    });
    expect(
      adapt([
        call(1, { name: "t" }),
        s2c({
          id: 1,
          result: {
            content: [
              { type: "text", text: "a" },
              {
                type: "resource_link",
                uri: "file:///x/r.md",
                name: "r.md",
                title: "R",
                mimeType: "text/markdown",
              },
              {
                type: "resource",
                resource: { uri: "mem://y.json", text: "{}", mimeType: "application/json" },
              },
              { type: "image", data: "AAA", mimeType: "image/png" },
              { type: "audio", data: "BBB", name: "voice.wav" },
              { type: "other", uri: "x://z" },
              { type: "text" },
              { type: "text", text: "b" },
            ],
            structuredContent: { ok: 1 },
          },
        }),
      ]).slice(2),
    ).toStrictEqual([
      artifact(
        "file:///x/r.md",
        "document",
        {
          title: "r.md",
          mimeType: "text/markdown",
          citations: [
            {
              id: "file:///x/r.md",
              sourceType: "document",
              url: "file:///x/r.md",
              title: "R",
              filename: "r.md",
              mediaType: "text/markdown",
            },
          ],
        },
        { artifactReadRef: "file:///x/r.md" },
      ),
      artifact(
        "mem://y.json",
        "dataset",
        { title: "y.json", preview: "{}", mimeType: "application/json" },
        { artifactReadRef: "mem://y.json", artifactPreview: "{}" },
      ),
      artifact("mcp:1:content:2", "image", { mimeType: "image/png" }),
      artifact("mcp:1:content:3", "unknown", { title: "voice.wav" }),
      {
        toolCallId: "mcp:1",
        phase: "completed",
        payload: {
          output: { ok: 1 },
          outputPreview: "a\n\nb",
          artifactIds: ["file:///x/r.md", "mem://y.json", "mcp:1:content:2", "mcp:1:content:3"],
        },
        refs: {
          resourceLinks: [
            { uri: "file:///x/r.md", name: "r.md", kind: "resource_link" },
            { uri: "mem://y.json", name: "y.json", kind: "resource" },
          ],
        },
        type: "tool.result",
      },
    ]);
  });

  it("TOOL-05 a text-only result is the output; a structured-only one previews its JSON; an empty one states nothing", () => {
    expect(
      adapt([
        call(1),
        s2c({ id: 1, result: { content: [{ type: "text", text: "done" }] } }),
        call(2),
        s2c({ id: 2, result: { structuredContent: { k: "v" } } }),
        call(3),
        s2c({ id: 3, result: {} }),
        call(4),
        s2c({ id: 4, result: "odd" }),
      ]).filter((e) => e.type === "tool.result"),
    ).toStrictEqual([
      {
        toolCallId: "mcp:1",
        phase: "completed",
        payload: { output: "done", outputPreview: "done" },
        type: "tool.result",
      },
      {
        toolCallId: "mcp:2",
        phase: "completed",
        payload: { output: { k: "v" }, outputPreview: '{"k":"v"}' },
        type: "tool.result",
      },
      { toolCallId: "mcp:3", phase: "completed", payload: {}, type: "tool.result" },
      { toolCallId: "mcp:4", phase: "completed", payload: {}, type: "tool.result" },
    ]);
  });

  it("TOOL-01 a tool error result, a JSON-RPC error and a cancellation fail the row with their own texts", () => {
    expect(
      adapt([
        call(1),
        s2c({ id: 1, error: { code: -32602 } }),
        call(2),
        s2c({ id: 2, result: { isError: true } }),
        call(3),
        s2c({ id: 3, result: { isError: true, content: [{ type: "text", text: "disk full" }] } }),
        call(4),
        c2s({ method: "notifications/cancelled", params: { requestId: 4 } }),
        c2s({ method: "notifications/cancelled", params: { requestId: 4 } }),
        call(5),
        s2c({ id: 5, error: { message: "Unknown tool" } }),
      ]).filter((e) => e.type !== "tool.started" && e.type !== "tool.args"),
    ).toStrictEqual([
      {
        toolCallId: "mcp:1",
        phase: "failed",
        payload: { error: "error", category: "jsonrpc:-32602" },
        type: "tool.failed",
      },
      { toolCallId: "mcp:2", phase: "failed", payload: { error: "tool error" }, type: "tool.failed" },
      {
        toolCallId: "mcp:3",
        phase: "failed",
        payload: { error: "disk full", outputPreview: "disk full" },
        type: "tool.failed",
      },
      {
        toolCallId: "mcp:4",
        phase: "cancelled",
        payload: { cancelled: true, error: "cancelled" },
        type: "tool.failed",
      },
      diagnostic("missing_correlation", "info", "mcp cancellation of an unknown request"),
      {
        toolCallId: "mcp:5",
        phase: "failed",
        payload: { error: "Unknown tool", category: "jsonrpc:" },
        type: "tool.failed",
      },
    ]);
  });
});

describe("MCP elicitations and sampling", () => {
  const decisions = ["accept", "decline", "cancel"];

  it("HITL-03 a URL elicitation is a credential link, resolved by the server's completion after the accept", () => {
    expect(
      adapt([
        s2c({
          id: 1,
          method: "elicitation/create",
          params: { mode: "url", elicitationId: "e1", url: "https://x.example/a", message: "Sign in" },
        }),
        c2s({ id: 1, result: { action: "accept" } }),
        s2c({ method: "notifications/elicitation/complete", params: { elicitationId: "e1" } }),
        s2c({ method: "notifications/elicitation/complete", params: { elicitationId: "e1" } }),
        s2c({ method: "notifications/elicitation/complete", params: { elicitationId: "zz" } }),
        s2c({ method: "notifications/elicitation/complete", params: {} }),
      ]),
    ).toStrictEqual([
      {
        actionId: "e1",
        phase: "waiting",
        payload: {
          actionType: "credential_request",
          sourceType: "mcp.elicitation.url",
          title: "Sign in",
          prompt: "Sign in",
          url: "https://x.example/a",
          link: { url: "https://x.example/a", label: "Sign in" },
          availableDecisions: decisions,
        },
        type: "action.required",
      },
      {
        actionId: "e1",
        payload: {
          outcome: "resolved",
          decision: "accept",
          reason: "server reported the interaction complete",
        },
        type: "action.resolved",
      },
      diagnostic("missing_correlation", "warning", "elicitation complete for an unknown elicitationId"),
      diagnostic("missing_correlation", "warning", "elicitation complete for an unknown elicitationId"),
    ]);
  });

  it("HITL-03 a URL elicitation completed before any answer resolves without a decision; an accepted one never completed is noted", () => {
    expect(
      adapt([
        s2c({
          id: 1,
          method: "elicitation/create",
          params: { url: "https://x.example/b", elicitationId: "e2" },
        }),
        s2c({ method: "notifications/elicitation/complete", params: { elicitationId: "e2" } }),
        s2c({ id: 2, method: "elicitation/create", params: { mode: "url", elicitationId: "e3" } }),
        c2s({ id: 2, result: { action: "accept" } }),
      ]),
    ).toStrictEqual([
      {
        actionId: "e2",
        phase: "waiting",
        payload: {
          actionType: "credential_request",
          sourceType: "mcp.elicitation.url",
          url: "https://x.example/b",
          link: { url: "https://x.example/b" },
          availableDecisions: decisions,
        },
        type: "action.required",
      },
      {
        actionId: "e2",
        payload: { outcome: "resolved", reason: "server reported the interaction complete" },
        type: "action.resolved",
      },
      {
        actionId: "e3",
        phase: "waiting",
        payload: {
          actionType: "credential_request",
          sourceType: "mcp.elicitation.url",
          link: {},
          availableDecisions: decisions,
        },
        type: "action.required",
      },
      diagnostic(
        "transport_unavailable",
        "info",
        "URL elicitation e3 was accepted but the server never reported it complete",
        { actionId: "e3" },
      ),
    ]);
  });

  it("HITL-05 form answers: accept with its content, decline, cancel, a missing action and a JSON-RPC error", () => {
    const form = (id: number) =>
      s2c({
        id,
        method: "elicitation/create",
        params: { message: "Q", requestedSchema: { type: "object" } },
      });
    const events = adapt([
      form(1),
      c2s({ id: 1, result: { action: "accept", content: { name: "Ada" } } }),
      form(2),
      c2s({ id: 2, result: { action: "decline" } }),
      form(3),
      c2s({ id: 3, result: { action: "cancel" } }),
      form(4),
      c2s({ id: 4, result: {} }),
      form(5),
      c2s({ id: 5, error: { message: "boom" } }),
      form(6),
      c2s({ id: 6, error: {} }),
    ]);
    expect(events[0]).toStrictEqual({
      actionId: "mcp-elicitation:1",
      phase: "waiting",
      payload: {
        actionType: "structured_input",
        sourceType: "mcp.elicitation.form",
        title: "Q",
        prompt: "Q",
        schema: { type: "object" },
        availableDecisions: decisions,
      },
      type: "action.required",
    });
    expect(events.filter((e) => e.type === "action.resolved")).toStrictEqual(
      [
        { outcome: "resolved", decision: "accept", response: { name: "Ada" } },
        { outcome: "resolved", decision: "decline" },
        { outcome: "cancelled", decision: "cancel" },
        { outcome: "resolved", decision: "unknown" },
        { outcome: "cancelled", reason: "boom" },
        { outcome: "cancelled", reason: "error" },
      ].map((payload, i) => ({ actionId: `mcp-elicitation:${i + 1}`, payload, type: "action.resolved" })),
    );
  });

  it("HITL-01 FALL-01 sampling: a permission grant with its scope, resolved by the result without a decision, or cancelled", () => {
    expect(
      adapt([
        s2c({
          id: 4,
          method: "sampling/createMessage",
          params: { systemPrompt: "sp", maxTokens: 5, messages: [1, 2] },
        }),
        c2s({ id: 4, result: { model: "m", stopReason: "endTurn" } }),
        s2c({ id: 5, method: "sampling/createMessage", params: { messages: "x" } }),
        s2c({ method: "notifications/cancelled", params: { requestId: 5, reason: "r" } }),
        s2c({ method: "notifications/cancelled", params: { requestId: 5 } }),
      ]),
    ).toStrictEqual([
      {
        actionId: "mcp-sampling:4",
        phase: "waiting",
        payload: {
          actionType: "permission_grant",
          sourceType: "mcp.sampling",
          title: "Model request from the MCP server",
          prompt: "sp",
          scope: { maxTokens: 5, messages: 2 },
          availableDecisions: ["approve", "reject"],
        },
        type: "action.required",
      },
      {
        actionId: "mcp-sampling:4",
        payload: {
          outcome: "resolved",
          reason: "the client returned a sampled message",
          response: { model: "m", stopReason: "endTurn" },
        },
        type: "action.resolved",
      },
      {
        actionId: "mcp-sampling:5",
        phase: "waiting",
        payload: {
          actionType: "permission_grant",
          sourceType: "mcp.sampling",
          title: "Model request from the MCP server",
          scope: {},
          availableDecisions: ["approve", "reject"],
        },
        type: "action.required",
      },
      { actionId: "mcp-sampling:5", payload: { outcome: "cancelled", reason: "r" }, type: "action.resolved" },
      diagnostic("missing_correlation", "info", "mcp cancellation of an unknown request"),
    ]);
  });
});

describe("MCP detection", () => {
  it.each([
    [{ dir: "client->server" }, 0],
    [{ dir: "client->server", msg: { jsonrpc: "2.0", id: 1 } }, 0.98],
    [{ dir: "server->client", msg: { jsonrpc: "2.0", method: "x" } }, 0.98],
    [{ dir: "sideways", msg: { jsonrpc: "2.0" } }, 0],
    [{ dir: "client->server", msg: { jsonrpc: "1.0" } }, 0],
    ...[
      "tools",
      "resources",
      "prompts",
      "elicitation",
      "sampling",
      "roots",
      "completion",
      "logging",
      "notifications",
    ].map((family) => [{ jsonrpc: "2.0", method: `${family}/x` }, 0.85] as [unknown, number]),
    [{ jsonrpc: "2.0", method: "initialize" }, 0.85],
    [{ jsonrpc: "2.0", method: "x/tools/call" }, 0],
    [{ jsonrpc: "2.0", method: "tasks/get" }, 0],
    [{ jsonrpc: "2.0", id: 1, result: {} }, 0],
    [{ method: "tools/call" }, 0],
    ["tools/call", 0],
  ])("ENV-09 %j scores %d", (record, score) => {
    expect(mcpAdapter.detect(record)).toBe(score);
  });
});

describe("MCP corner cases", () => {
  it("ENV-02 a client's answer to the server's request is matched by its direction, not by its shape", () => {
    const events = adapt([
      call(1, { name: "t" }),
      s2c({ id: 1, method: "elicitation/create", params: { message: "Q", requestedSchema: {} } }),
      c2s({ id: 1, result: {} }),
    ]);
    expect(events.slice(3)).toStrictEqual([
      {
        actionId: "mcp-elicitation:1",
        payload: { outcome: "resolved", decision: "unknown" },
        type: "action.resolved",
      },
    ]);
  });

  it("ENV-01 each event names its source record: the method, or a response", () => {
    const adapter = mcpAdapter.create();
    const started = adapter.push(call(1, { name: "t" }), 0);
    const result = adapter.push(s2c({ id: 1, result: {} }), 1);
    const orphan = adapter.push({ jsonrpc: "2.0", result: {} }, 2);
    expect([...started, ...result, ...orphan].map((e) => e.source?.sourceType)).toStrictEqual([
      "tools/call",
      "tools/call",
      "response",
      undefined,
    ]);
    expect(orphan[0].payload?.message).toBe("mcp response to unknown request id undefined");
  });

  it("DIAG-02 a tools/call with a null id is reported; odd progress metadata and tokens are not tokens", () => {
    expect(
      adapt([
        c2s({ id: null, method: "tools/call", params: {} }),
        call(2, { name: "t", _meta: "x" }),
        call(3, { name: "u", _meta: { progressToken: "[object Object]" } }),
        s2c({ method: "notifications/progress", params: { progressToken: {} } }),
        s2c({ method: "notifications/progress", params: { progressToken: 3, total: 4 } }),
      ]),
    ).toStrictEqual([
      unsupported("mcp record #0: tools/call without an id", {
        kind: "object",
        keys: ["jsonrpc", "id", "method", "params"],
        method: "tools/call",
      }),
      ...opened("mcp:2", "t"),
      ...opened("mcp:3", "u"),
      diagnostic("missing_correlation", "warning", "mcp progress for an unknown progressToken"),
      diagnostic("missing_correlation", "warning", "mcp progress for an unknown progressToken"),
    ]);
    expect(
      adapt([
        call(3, { _meta: { progressToken: 3 } }),
        s2c({ method: "notifications/progress", params: { progressToken: 3, total: 4 } }),
      ]).at(-1),
    ).toStrictEqual({ toolCallId: "mcp:3", phase: "acting", payload: {}, type: "tool.progress" });
  });

  it("HITL-05 a cancelled plain request says nothing; an unanswered sampling request is not a pending URL", () => {
    expect(
      adapt([
        c2s({ id: 9, method: "resources/read", params: {} }),
        c2s({ method: "notifications/cancelled", params: { requestId: 9 } }),
        s2c({ id: 4, method: "sampling/createMessage", params: {} }),
      ]).map((e) => e.type),
    ).toStrictEqual(["action.required"]);
  });

  it("HITL-04 a declined URL elicitation resolves at once, without the content it carried", () => {
    expect(
      adapt([
        s2c({
          id: 1,
          method: "elicitation/create",
          params: { mode: "url", elicitationId: "e1", url: "https://x.example" },
        }),
        c2s({ id: 1, result: { action: "decline", content: { token: "x" } } }),
      ]).slice(1),
    ).toStrictEqual([
      { actionId: "e1", payload: { outcome: "resolved", decision: "decline" }, type: "action.resolved" },
    ]);
  });

  it("ENV-01 a failed initialize is a warning with the server's text", () => {
    expect(
      adapt([
        c2s({ id: 0, method: "initialize", params: {} }),
        s2c({ id: 0, error: { code: -32600, message: "unsupported version" } }),
      ]).at(-1),
    ).toStrictEqual(diagnostic("runtime_error", "warning", "mcp initialize failed: unsupported version"));
  });

  it("TOOL-02 a text too large to travel inline beside a structured result is kept by ref; alone it is the output", () => {
    const big = "x".repeat(4_000);
    const adapter = mcpAdapter.create({ largePayloadBytes: 1024 });
    adapter.push(call(1), 0);
    const [withStructured] = adapter.push(
      s2c({ id: 1, result: { content: [{ type: "text", text: big }], structuredContent: { ok: true } } }),
      1,
    );
    adapter.push(call(2), 2);
    const [alone] = adapter.push(s2c({ id: 2, result: { content: [{ type: "text", text: big }] } }), 3);
    const payload = withStructured.payload as { output: unknown; outputRef?: string };
    expect(payload.output).toStrictEqual({ ok: true });
    expect(payload.outputRef).toMatch(/\S/);
    expect((alone.payload as { output: { ref?: string } }).output.ref).toMatch(/\S/);
    expect(alone.payload).not.toHaveProperty("outputRef");
  });

  it("ART-01 EVID-01 content artifacts: an image is an image whatever its media type; names and titles fall back", () => {
    const events = adapt([
      call(1),
      s2c({
        id: 1,
        result: {
          content: [
            { type: "image", data: "AAA", mimeType: "application/octet-stream" },
            { type: "resource_link", uri: "file:///d/spec.md", title: "Spec" },
            { type: "resource_link", uri: "file:///d/notes.md", name: "notes.md" },
            { type: "resource_link", name: "loose.md" },
          ],
        },
      }),
    ]).filter((e) => e.type === "artifact.created");
    expect(
      events.map((e) => [e.artifactId, e.artifactKind, (e.payload as { title?: string }).title]),
    ).toStrictEqual([
      ["mcp:1:content:0", "image", undefined],
      ["file:///d/spec.md", "unknown", "Spec"],
      ["file:///d/notes.md", "document", "notes.md"],
      ["mcp:1:content:3", "document", "loose.md"],
    ]);
    expect(
      events.map((e) => (e.payload as { citations?: { title?: string }[] }).citations?.[0]?.title ?? null),
    ).toStrictEqual([null, "Spec", "notes.md", null]);
  });
});

describe("MCP bare responses (no direction)", () => {
  const bare = (msg: Record<string, unknown>) => ({ jsonrpc: "2.0", ...msg });

  it("ENV-02 with one pending request of that id the response is its answer, whatever its shape", () => {
    expect(
      adapt([
        bare({ id: 1, method: "tools/call", params: {} }),
        bare({ id: 1, result: { action: "accept" } }),
      ]).at(-1),
    ).toStrictEqual({ toolCallId: "mcp:1", phase: "completed", payload: {}, type: "tool.result" });
  });

  it("ENV-02 with both directions pending, an answer without action (or an error) is the client request's", () => {
    expect(
      adapt([
        bare({ id: 1, method: "tools/call", params: {} }),
        bare({ id: 1, method: "elicitation/create", params: { message: "Q", requestedSchema: {} } }),
        bare({ id: 1, error: { code: -1, message: "no" } }),
        bare({ id: 2, method: "tools/call", params: {} }),
        bare({ id: 2, method: "elicitation/create", params: { message: "R", requestedSchema: {} } }),
        bare({ id: 2, result: { content: [] } }),
        bare({ id: 2, result: { action: "decline" } }),
      ]).filter((e) => e.type === "tool.failed" || e.type === "tool.result" || e.type === "action.resolved"),
    ).toStrictEqual([
      {
        toolCallId: "mcp:1",
        phase: "failed",
        payload: { error: "no", category: "jsonrpc:-1" },
        type: "tool.failed",
      },
      { toolCallId: "mcp:2", phase: "completed", payload: {}, type: "tool.result" },
      {
        actionId: "mcp-elicitation:2",
        payload: { outcome: "resolved", decision: "decline" },
        type: "action.resolved",
      },
    ]);
  });
});
