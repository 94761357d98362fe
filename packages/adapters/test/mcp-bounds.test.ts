// Bounded memory whatever the peer sends: the requests in flight, the request ids, the progress tokens
// and the elicitations the MCP adapter remembers have caps. Past each one `source_limit_exceeded`
// warning names the table and its cap, later traffic still projects, and what forgetting costs is
// visible; at the cap nothing is forgotten.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { mcpAdapter } from "../src/mcp";
import { MAX_INTERACTIONS } from "../src/mcp/interactions";
import { MAX_PENDING_REQUESTS, MAX_PROGRESS_TOKENS, MAX_REQUEST_IDS } from "../src/mcp/requests";
import { limits, ofType, pushEach } from "./bounds-support";

const adapt = (records: unknown[]) => pushEach(mcpAdapter.create({ sessionId: "local" }), records);
const range = <T>(n: number, f: (k: number) => T[]) => Array.from({ length: n }, (_, k) => f(k)).flat();
const c2s = (msg: Record<string, unknown>) => ({ dir: "client->server", msg: { jsonrpc: "2.0", ...msg } });
const s2c = (msg: Record<string, unknown>) => ({ dir: "server->client", msg: { jsonrpc: "2.0", ...msg } });
const call = (id: number, params: Record<string, unknown> = {}) =>
  c2s({ id, method: "tools/call", params: { name: "t", ...params } });
const answer = (id: number) => s2c({ id, result: { content: [{ type: "text", text: "ok" }] } });
const codes = (events: AgentUiEvent[]) =>
  ofType(events, "diagnostic.changed").map((e) => (e.payload as { code: string }).code);
const toolIds = (events: AgentUiEvent[], type: string) => ofType(events, type).map((e) => e.toolCallId);

describe("MCP pending requests", () => {
  it(`TOOL-01 ENV-09 past ${MAX_PENDING_REQUESTS} unanswered calls one warning; the oldest one's answer is uncorrelated, the newest still closes its row`, () => {
    const n = MAX_PENDING_REQUESTS + 1;
    const { all } = adapt([...range(n, (k) => [call(k)]), answer(0), answer(n - 1)]);
    expect(limits(all)).toEqual([{ table: "pending request", cap: MAX_PENDING_REQUESTS }]);
    expect(codes(all.slice(-3))).toContain("missing_correlation");
    expect(toolIds(all, "tool.result")).toEqual([`mcp:${n - 1}`]);
  });

  it(`TOOL-01 ENV-09 ${MAX_PENDING_REQUESTS} unanswered calls fit: no warning, the oldest one's answer closes its row`, () => {
    const { all } = adapt([...range(MAX_PENDING_REQUESTS, (k) => [call(k)]), answer(0)]);
    expect(limits(all)).toEqual([]);
    expect(toolIds(all, "tool.result")).toEqual(["mcp:0"]);
  });
});

describe("MCP request ids", () => {
  const answered = (n: number) => range(n, (k) => [call(k), answer(k)]);

  it(`TOOL-01 ENV-09 past ${MAX_REQUEST_IDS} request ids one warning; a forgotten id used again names its row anew`, () => {
    const { all, last } = adapt([...answered(MAX_REQUEST_IDS + 1), call(0)]);
    expect(limits(all)).toEqual([{ table: "request id", cap: MAX_REQUEST_IDS }]);
    expect(toolIds(last, "tool.started")).toEqual(["mcp:0"]);
  });

  it(`TOOL-01 ENV-09 ${MAX_REQUEST_IDS} request ids fit: no warning, an id used again gets its own row`, () => {
    const { all, last } = adapt([...answered(MAX_REQUEST_IDS), call(0)]);
    expect(limits(all)).toEqual([]);
    expect(toolIds(last, "tool.started")).toEqual(["mcp:0#2"]);
  });
});

describe("MCP progress tokens", () => {
  const tracked = (k: number) => call(k, { _meta: { progressToken: `p${k}` } });
  const progress = (k: number) =>
    s2c({ method: "notifications/progress", params: { progressToken: `p${k}`, progress: 1, total: 2 } });

  it(`TOOL-01 ENV-09 past ${MAX_PROGRESS_TOKENS} running calls one warning; the oldest call's progress is uncorrelated, the newest's still reported`, () => {
    const n = MAX_PROGRESS_TOKENS + 1;
    const { all } = adapt([...range(n, (k) => [tracked(k)]), progress(0), progress(n - 1)]);
    expect(limits(all)).toContainEqual({ table: "progress token", cap: MAX_PROGRESS_TOKENS });
    expect(codes(all.slice(-2))).toContain("missing_correlation");
    expect(toolIds(all, "tool.progress")).toEqual([`mcp:${n - 1}`]);
  });

  it(`TOOL-01 ENV-09 past ${MAX_PROGRESS_TOKENS} finished calls no warning; a running call's progress is still reported`, () => {
    const n = MAX_PROGRESS_TOKENS + 1;
    const finished = range(n, (k) => [tracked(k), answer(k)]);
    const { all } = adapt([...finished, tracked(n), progress(n)]);
    expect(limits(all)).toEqual([]);
    expect(toolIds(all, "tool.progress")).toEqual([`mcp:${n}`]);
  });

  it(`TOOL-01 ENV-09 ${MAX_PROGRESS_TOKENS} running calls fit: the oldest call's progress is reported`, () => {
    const { all } = adapt([...range(MAX_PROGRESS_TOKENS, (k) => [tracked(k)]), progress(0)]);
    expect(limits(all)).toEqual([]);
    expect(toolIds(all, "tool.progress")).toEqual(["mcp:0"]);
  });
});

describe("MCP elicitations", () => {
  const urlElicitation = (k: number) => [
    s2c({
      id: k,
      method: "elicitation/create",
      params: { mode: "url", url: "https://example.test/x", elicitationId: `e${k}`, message: "go" },
    }),
    c2s({ id: k, result: { action: "accept" } }),
  ];
  const complete = (k: number) =>
    s2c({ method: "notifications/elicitation/complete", params: { elicitationId: `e${k}` } });
  const resolved = (events: AgentUiEvent[]) => ofType(events, "action.resolved").map((e) => e.actionId);

  it(`HITL-01 ENV-09 past ${MAX_INTERACTIONS} accepted URL elicitations one warning; the oldest one's completion is uncorrelated, the newest still resolves`, () => {
    const n = MAX_INTERACTIONS + 1;
    const { all } = adapt([...range(n, urlElicitation), complete(0), complete(n - 1)]);
    expect(limits(all)).toEqual([{ table: "elicitation", cap: MAX_INTERACTIONS }]);
    expect(codes(all.slice(-2))).toContain("missing_correlation");
    expect(resolved(all)).toEqual([`e${n - 1}`]);
  });

  it(`HITL-01 ENV-09 ${MAX_INTERACTIONS} accepted URL elicitations fit: no warning, the oldest completes`, () => {
    const { all } = adapt([...range(MAX_INTERACTIONS, urlElicitation), complete(0)]);
    expect(limits(all)).toEqual([]);
    expect(resolved(all)).toEqual(["e0"]);
  });
});
