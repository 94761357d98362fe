// Bounded memory whatever the stream sends: the tool calls and pending approvals the OpenAI Agents
// adapter remembers have caps. Past each one `source_limit_exceeded` warning names the table and its
// cap, and what forgetting costs is visible; at the cap nothing is forgotten.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { openaiAgentsAdapter } from "../src/openai-agents";
import { MAX_PENDING_APPROVALS, MAX_TOOL_CALLS } from "../src/openai-agents/tools";
import { limits, ofType, pushEach } from "./bounds-support";

const adapt = (records: unknown[]) => pushEach(openaiAgentsAdapter.create({ sessionId: "local" }), records);
const many = <T>(n: number, f: (k: number) => T[]) => Array.from({ length: n }, (_, k) => f(k)).flat();
const item = (name: string, rawItem: Record<string, unknown>) => ({
  type: "run_item_stream_event",
  name,
  itemType: "tool_call_item",
  agent: "ops",
  rawItem,
});
const call = (k: number) => ({ type: "function_call", callId: `c${k}`, name: "t", arguments: "{}" });
const output = (k: number) =>
  item("tool_output", { type: "function_call_result", callId: `c${k}`, output: "ok" });

describe("OpenAI Agents tool calls", () => {
  const finished = (n: number) => many(n, (k) => [item("tool_called", call(k)), output(k)]);

  it(`TOOL-01 ENV-09 past ${MAX_TOOL_CALLS} finished calls one warning; only a forgotten call's repeated output is stated again`, () => {
    const { all, last } = adapt([...finished(MAX_TOOL_CALLS + 1), output(0)]);
    expect(limits(all)).toEqual([{ table: "tool call", cap: MAX_TOOL_CALLS }]);
    expect(ofType(last, "tool.result").map((e) => e.toolCallId)).toEqual(["c0"]);
  });

  it(`TOOL-01 ENV-09 ${MAX_TOOL_CALLS} finished calls fit: no warning, a repeated output adds nothing`, () => {
    const { all, last } = adapt([...finished(MAX_TOOL_CALLS), output(0)]);
    expect(limits(all)).toEqual([]);
    expect(ofType(last, "tool.result")).toEqual([]);
  });
});

describe("OpenAI Agents unfinished tool calls", () => {
  it(`FALL-01 ENV-09 past ${MAX_TOOL_CALLS} open calls the oldest is forgotten: the end names the newest, and the warning says so`, () => {
    const n = MAX_TOOL_CALLS + 1;
    const adapter = openaiAgentsAdapter.create({ sessionId: "local" });
    const { all } = pushEach(
      adapter,
      many(n, (k) => [item("tool_called", call(k))]),
    );
    const warning = all.find((e) => e.payload?.code === "source_limit_exceeded");
    expect(warning?.payload?.message).toBe(
      `openai-agents: the tool call table reached its cap of ${MAX_TOOL_CALLS}: finished calls are forgotten first, then the oldest; a forgotten call's repeated output is stated again and an unfinished one is not named at the end`,
    );
    const reason = String(ofType(adapter.finish(), "run.status")[0]?.payload?.reason);
    expect(reason).toContain(`with tool call c1, c2, `);
    expect(reason).toContain(`, c${n - 1} unfinished`);
    expect(reason).not.toContain("call c0,");
  });
});

describe("OpenAI Agents pending approvals", () => {
  const requested = (n: number) => many(n, (k) => [item("tool_approval_requested", call(k))]);
  const resolved = (events: AgentUiEvent[]) => ofType(events, "action.resolved").map((e) => e.actionId);

  it(`HITL-01 ENV-09 past ${MAX_PENDING_APPROVALS} pending approvals one warning; the newest still resolves at its output`, () => {
    const n = MAX_PENDING_APPROVALS + 1;
    const { all } = adapt([...requested(n), output(0), output(n - 1)]);
    expect(limits(all)).toEqual([{ table: "pending approval", cap: MAX_PENDING_APPROVALS }]);
    expect(all.find((e) => e.payload?.code === "source_limit_exceeded")?.payload?.message).toBe(
      `openai-agents: the pending approval table reached its cap of ${MAX_PENDING_APPROVALS}: the oldest are forgotten; a forgotten one is not resolved by its call's output nor named when the run stops`,
    );
    expect(resolved(all)).toEqual([`c${n - 1}`]);
  });

  it(`HITL-01 ENV-09 ${MAX_PENDING_APPROVALS} pending approvals fit: no warning, the oldest resolves at its output`, () => {
    const { all } = adapt([...requested(MAX_PENDING_APPROVALS), output(0)]);
    expect(limits(all)).toEqual([]);
    expect(resolved(all)).toEqual(["c0"]);
  });
});
