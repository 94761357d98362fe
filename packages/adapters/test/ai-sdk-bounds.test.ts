// Bounded memory whatever the stream sends: the part ids, tool calls and approvals the AI SDK adapter
// remembers have caps. Past each one `source_limit_exceeded` warning names the table and its cap, and
// what forgetting costs is visible; at the cap nothing is forgotten.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { aiSdkAdapter } from "../src/ai-sdk";
import { MAX_APPROVALS, MAX_PART_IDS, MAX_TOOL_CALLS } from "../src/ai-sdk/context";
import { limits, ofType, pushEach } from "./bounds-support";

/** Every event, and those of the last record. */
const adapt = (records: unknown[]) => pushEach(aiSdkAdapter.create({ sessionId: "local" }), records);
const range = <T>(n: number, f: (k: number) => T[]) => Array.from({ length: n }, (_, k) => f(k)).flat();

describe("AI SDK tool calls", () => {
  const open = (n: number) =>
    range(n, (k) => [{ type: "tool-input-start", toolCallId: `c${k}`, toolName: "t" }]);
  const again = { type: "tool-input-available", toolCallId: "c0", input: {} };

  it(`TOOL-01 ENV-09 past ${MAX_TOOL_CALLS} open calls one warning per table; a forgotten call starts again`, () => {
    const { all, last } = adapt([{ type: "start" }, ...open(MAX_TOOL_CALLS + 1), again]);
    expect(limits(all)).toEqual([
      { table: "tool name", cap: MAX_TOOL_CALLS },
      { table: "started tool", cap: MAX_TOOL_CALLS },
    ]);
    expect(ofType(last, "tool.started")).toHaveLength(1);
  });

  it(`TOOL-01 ENV-09 ${MAX_TOOL_CALLS} open calls fit: no warning, a call's next chunk continues it`, () => {
    const { all, last } = adapt([{ type: "start" }, ...open(MAX_TOOL_CALLS), again]);
    expect(limits(all)).toEqual([]);
    expect(ofType(last, "tool.started")).toEqual([]);
  });

  const finished = (n: number) =>
    range(n, (k) => [
      { type: "tool-input-available", toolCallId: `c${k}`, toolName: "t", input: {} },
      { type: "tool-output-available", toolCallId: `c${k}`, output: "ok" },
    ]);

  it(`TOOL-01 ENV-09 past ${MAX_TOOL_CALLS} finished calls only the finished table warns`, () => {
    const { all } = adapt([{ type: "start" }, ...finished(MAX_TOOL_CALLS + 1)]);
    expect(limits(all)).toEqual([{ table: "finished tool", cap: MAX_TOOL_CALLS }]);
  });

  it(`TOOL-01 ENV-09 ${MAX_TOOL_CALLS} finished calls fit: no warning`, () => {
    const { all } = adapt([{ type: "start" }, ...finished(MAX_TOOL_CALLS)]);
    expect(limits(all)).toEqual([]);
  });
});

describe("AI SDK part ids", () => {
  const parts = (n: number) =>
    range(n, (k) => [
      { type: "text-start", id: `p${k}` },
      { type: "text-end", id: `p${k}` },
    ]);
  const reused = [
    { type: "text-start", id: "p0" },
    { type: "text-delta", id: "p0", delta: "x" },
  ];
  const partIds = (events: AgentUiEvent[]) => events.map((e) => e.partId);

  it(`TEXT-04 ENV-09 past ${MAX_PART_IDS} part ids one warning; a forgotten id reused numbers its parts anew`, () => {
    const { all, last } = adapt([{ type: "start" }, ...parts(MAX_PART_IDS + 1), ...reused]);
    expect(limits(all)).toEqual([{ table: "part id", cap: MAX_PART_IDS }]);
    expect(partIds(last)).toEqual(["p0"]);
  });

  it(`TEXT-04 ENV-09 ${MAX_PART_IDS} part ids fit: no warning, a reused id gets its own part`, () => {
    const { all, last } = adapt([{ type: "start" }, ...parts(MAX_PART_IDS), ...reused]);
    expect(limits(all)).toEqual([]);
    expect(partIds(last)).toEqual(["p0~2"]);
  });
});

describe("AI SDK approvals", () => {
  const requests = (n: number) =>
    range(n, (k) => [
      { type: "tool-input-available", toolCallId: `c${k}`, toolName: "t", input: {} },
      { type: "tool-approval-request", approvalId: `a${k}`, toolCallId: `c${k}` },
    ]);
  const response = { type: "tool-approval-response", approvalId: "a0", approved: true };
  const resolved = (events: AgentUiEvent[]) => ofType(events, "action.resolved").map((e) => e.actionId);

  it(`HITL-01 ENV-09 past ${MAX_APPROVALS} open approvals one warning; a forgotten one resolves by its approval id`, () => {
    const { all, last } = adapt([{ type: "start" }, ...requests(MAX_APPROVALS + 1), response]);
    expect(limits(all)).toEqual([{ table: "approval", cap: MAX_APPROVALS }]);
    expect(resolved(last)).toEqual(["a0"]);
  });

  it(`HITL-01 ENV-09 ${MAX_APPROVALS} open approvals fit: no warning, the response resolves its call's action`, () => {
    const { all, last } = adapt([{ type: "start" }, ...requests(MAX_APPROVALS), response]);
    expect(limits(all)).toEqual([]);
    expect(resolved(last)).toEqual(["c0"]);
  });
});
