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
/** The message of the `source_limit_exceeded` warning about `table`. */
const warning = (events: AgentUiEvent[], table: string) =>
  ofType(events, "diagnostic.changed")
    .map((e) => e.payload as { code: string; message: string; summary?: { table: string } })
    .find((p) => p.code === "source_limit_exceeded" && p.summary?.table === table)?.message;

describe("MCP pending requests", () => {
  it(`TOOL-01 ENV-09 past ${MAX_PENDING_REQUESTS} unanswered calls one warning; the oldest one's answer is uncorrelated, the newest still closes its row`, () => {
    const n = MAX_PENDING_REQUESTS + 1;
    const { all } = adapt([...range(n, (k) => [call(k)]), answer(0), answer(n - 1)]);
    expect(limits(all)).toEqual([{ table: "pending request", cap: MAX_PENDING_REQUESTS }]);
    expect(warning(all, "pending request")).toBe(
      `mcp: the pending request table reached its cap of ${MAX_PENDING_REQUESTS}: the oldest unanswered are forgotten; a forgotten request's response is stated as uncorrelated`,
    );
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
    expect(warning(all, "request id")).toBe(
      `mcp: the request id table reached its cap of ${MAX_REQUEST_IDS}: the oldest are forgotten; a forgotten id used again names its row as its first use did`,
    );
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
    expect(warning(all, "progress token")).toBe(
      `mcp: the progress token table reached its cap of ${MAX_PROGRESS_TOKENS}: finished calls' tokens are forgotten first, then the oldest; progress on a forgotten token is stated as uncorrelated`,
    );
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

  it(`TOOL-01 ENV-09 a token a running call took over outlives the earlier call's answer past ${MAX_PROGRESS_TOKENS} tokens`, () => {
    // Calls 0 and 1 both name the token `p1`: it reports on call 1 from then on, and call 0's answer
    // does not retire it. Finished calls' tokens are forgotten first, the running call's stays.
    const finished = range(MAX_PROGRESS_TOKENS, (k) => [tracked(k + 2), answer(k + 2)]);
    const { all } = adapt([
      call(0, { _meta: { progressToken: "p1" } }),
      tracked(1),
      answer(0),
      ...finished,
      progress(1),
    ]);
    expect(limits(all)).toEqual([]);
    expect(toolIds(all, "tool.progress")).toEqual(["mcp:1"]);
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
    expect(warning(all, "elicitation")).toBe(
      `mcp: the elicitation table reached its cap of ${MAX_INTERACTIONS}: resolved ones are forgotten first, then the oldest; a forgotten one's completion is stated as uncorrelated`,
    );
  });

  it(`HITL-01 HITL-02 ENV-09 past ${MAX_INTERACTIONS} open elicitations the oldest one's answer still resolves it`, () => {
    // Forgotten, an accepted URL elicitation can no longer wait for its completion (which would be
    // uncorrelated): the acceptance resolves it at once, as a form answer does.
    const n = MAX_INTERACTIONS + 1;
    const asked = range(n, (k) => urlElicitation(k).slice(0, 1));
    const { last } = adapt([...asked, c2s({ id: 0, result: { action: "accept" } })]);
    expect(last.map((e) => [e.type, e.actionId, e.payload])).toEqual([
      ["action.resolved", "e0", { outcome: "resolved", decision: "accept" }],
    ]);
  });

  it(`HITL-01 HITL-02 ENV-09 past ${MAX_INTERACTIONS} open elicitations the oldest one's decline still resolves it`, () => {
    const n = MAX_INTERACTIONS + 1;
    const asked = range(n, (k) => [
      s2c({ id: k, method: "elicitation/create", params: { elicitationId: `e${k}`, message: "name?" } }),
    ]);
    const { last } = adapt([...asked, c2s({ id: 0, result: { action: "decline" } })]);
    expect(last.map((e) => [e.type, e.actionId, e.payload])).toEqual([
      ["action.resolved", "e0", { outcome: "resolved", decision: "decline" }],
    ]);
  });

  it(`HITL-01 ENV-09 ${MAX_INTERACTIONS} accepted URL elicitations fit: no warning, the oldest completes`, () => {
    const { all } = adapt([...range(MAX_INTERACTIONS, urlElicitation), complete(0)]);
    expect(limits(all)).toEqual([]);
    expect(resolved(all)).toEqual(["e0"]);
  });
});
