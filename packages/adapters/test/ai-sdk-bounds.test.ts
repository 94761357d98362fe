// Bounded memory whatever the stream sends: the part ids, open parts, tool calls, approvals, steers and
// step items the AI SDK adapter remembers have caps. Past each one `source_limit_exceeded` warning names the table and its cap, and
// what forgetting costs is visible; at the cap nothing is forgotten.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { aiSdkAdapter } from "../src/ai-sdk";
import {
  MAX_APPROVALS,
  MAX_OPEN_PARTS,
  MAX_PART_IDS,
  MAX_STEERS,
  MAX_STEP_ITEMS,
  MAX_TOOL_CALLS,
} from "../src/ai-sdk/context";
import { limitMessages, limits, ofType, pushEach } from "./bounds-support";

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

  it(`TOOL-01 ENV-09 past ${MAX_TOOL_CALLS} calls without a tool name only the started table warns`, () => {
    const nameless = range(MAX_TOOL_CALLS + 1, (k) => [{ type: "tool-input-start", toolCallId: `c${k}` }]);
    expect(limits(adapt([{ type: "start" }, ...nameless]).all)).toEqual([
      { table: "started tool", cap: MAX_TOOL_CALLS },
    ]);
  });

  it("TOOL-01 ENV-09 the warnings stand at the chunk that passed the cap: its index and type", () => {
    const { last } = adapt([{ type: "start" }, ...open(MAX_TOOL_CALLS + 1)]);
    const warnings = last.filter((e) => e.payload?.code === "source_limit_exceeded");
    const index = MAX_TOOL_CALLS + 1;
    expect(warnings.map((e) => e.source)).toEqual([
      { format: "ai-sdk", index, sourceType: "tool-input-start", sourceEventId: "limit:tool name" },
      { format: "ai-sdk", index, sourceType: "tool-input-start", sourceEventId: "limit:started tool" },
    ]);
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

describe("AI SDK automatic approvals", () => {
  const requests = (n: number) =>
    range(n, (k) => [
      { type: "tool-input-available", toolCallId: `c${k}`, toolName: "t", input: {} },
      { type: "tool-approval-request", approvalId: `a${k}`, toolCallId: `c${k}`, isAutomatic: true },
    ]);
  const response = { type: "tool-approval-response", approvalId: "a0", approved: true };
  const decidedBy = (events: AgentUiEvent[]) =>
    ofType(events, "action.resolved").map((e) => (e.payload as { decidedBy?: string }).decidedBy);

  it(`HITL-01 ENV-09 past ${MAX_APPROVALS} automatic approvals one warning; a forgotten one's response does not say a policy decided it`, () => {
    const { all, last } = adapt([{ type: "start" }, ...requests(MAX_APPROVALS + 1), response]);
    expect(limits(all)).toContainEqual({ table: "automatic approval", cap: MAX_APPROVALS });
    expect(decidedBy(last)).toEqual([undefined]);
  });

  it(`HITL-01 ENV-09 ${MAX_APPROVALS} automatic approvals fit: no warning, the response says a policy decided it`, () => {
    const { all, last } = adapt([{ type: "start" }, ...requests(MAX_APPROVALS), response]);
    expect(limits(all)).toEqual([]);
    expect(decidedBy(last)).toEqual(["policy"]);
  });
});

describe("AI SDK pending approvals", () => {
  const requests = (n: number) =>
    range(n, (k) => [
      { type: "tool-input-available", toolCallId: `c${k}`, toolName: "t", input: {} },
      { type: "tool-approval-request", approvalId: `a${k}`, toolCallId: `c${k}` },
    ]);
  const response = (k: number) => ({ type: "tool-approval-response", approvalId: `a${k}`, approved: true });
  const resolved = (events: AgentUiEvent[]) => ofType(events, "action.resolved").map((e) => e.actionId);

  it(`HITL-01 ENV-09 past ${MAX_TOOL_CALLS} unanswered approvals one warning; the newest still resolves`, () => {
    const n = MAX_TOOL_CALLS + 1;
    const { all, last } = adapt([{ type: "start" }, ...requests(n), response(n - 1)]);
    expect(limits(all)).toContainEqual({ table: "pending approval", cap: MAX_TOOL_CALLS });
    expect(resolved(last)).toEqual([`c${n - 1}`]);
  });

  it(`HITL-01 ENV-09 ${MAX_TOOL_CALLS} unanswered approvals fit: no pending-approval warning`, () => {
    const { all } = adapt([{ type: "start" }, ...requests(MAX_TOOL_CALLS)]);
    expect(limits(all).map((l) => l.table)).not.toContain("pending approval");
  });
});

describe("AI SDK open parts", () => {
  const open = (n: number) =>
    range(n, (k) => [
      { type: "text-start", id: `p${k}` },
      { type: "text-delta", id: `p${k}`, delta: `t${k}` },
    ]);
  const finals = (events: AgentUiEvent[]) =>
    ofType(events, "text.final").map((e) => [e.partId, (e.payload as { text: string }).text]);

  it(`TEXT-04 ENV-09 past ${MAX_OPEN_PARTS} open parts one warning; the oldest ends with its text, the newest still ends`, () => {
    const n = MAX_OPEN_PARTS + 1;
    const end = { type: "text-end", id: `p${n - 1}` };
    const { all } = adapt([{ type: "start" }, ...open(n), end]);
    expect(limits(all)).toEqual([{ table: "open part", cap: MAX_OPEN_PARTS }]);
    expect(finals(all)).toEqual([
      ["p0", "t0"],
      [`p${n - 1}`, `t${n - 1}`],
    ]);
  });

  it(`TEXT-04 ENV-09 ${MAX_OPEN_PARTS} open parts fit: no warning, none ends before its end`, () => {
    const { all } = adapt([{ type: "start" }, ...open(MAX_OPEN_PARTS), { type: "text-end", id: "p0" }]);
    expect(limits(all)).toEqual([]);
    expect(finals(all)).toEqual([["p0", "t0"]]);
  });
});

describe("AI SDK steers", () => {
  const steers = (n: number) =>
    range(n, (k) => [{ type: "steering-message", id: `s${k}`, parts: [{ type: "text", text: `go ${k}` }] }]);
  const listed = (events: AgentUiEvent[]) => {
    const queue = ofType(events, "queue.changed").at(-1)?.payload as { steers: { id: string }[] };
    return queue.steers.map((s) => s.id);
  };

  it(`QUEUE-04 ENV-09 past ${MAX_STEERS} steers one warning; the queue lists the newest ${MAX_STEERS}`, () => {
    const { all, last } = adapt([{ type: "start" }, ...steers(MAX_STEERS + 1)]);
    expect(limits(all)).toEqual([{ table: "steer", cap: MAX_STEERS }]);
    expect(listed(last)).toHaveLength(MAX_STEERS);
    expect(listed(last)[0]).toBe("s1");
    expect(ofType(last, "text.final").map((e) => e.messageId)).toHaveLength(1);
  });

  it(`QUEUE-04 ENV-09 ${MAX_STEERS} steers fit: no warning, the queue lists them all`, () => {
    const { all, last } = adapt([{ type: "start" }, ...steers(MAX_STEERS)]);
    expect(limits(all)).toEqual([]);
    expect(listed(last)[0]).toBe("s0");
  });
});

describe("AI SDK step items", () => {
  const sources = (n: number) =>
    range(n, (k) => [{ type: "source-url", sourceId: `s${k}`, url: `https://example.test/${k}` }]);
  const kept = (events: AgentUiEvent[]) =>
    ofType(events, "diagnostic.changed")
      .map((e) => (e.payload as { message: string }).message)
      .filter((m) => m.startsWith("reset-step"));

  it(`STAT-03 ENV-09 past ${MAX_STEP_ITEMS} items in one step one warning; a reset-step names the ones it tracked`, () => {
    const records = [{ type: "start" }, { type: "start-step" }, ...sources(MAX_STEP_ITEMS + 1)];
    const { all, last } = adapt([...records, { type: "reset-step" }]);
    expect(limits(all)).toEqual([{ table: "step item", cap: MAX_STEP_ITEMS }]);
    expect(kept(last)).toEqual([
      `reset-step discarded ${MAX_STEP_ITEMS} part(s) that cannot be retracted here; they stay visible`,
    ]);
    expect(ofType(last, "run.status")).toHaveLength(1);
  });

  it(`STAT-03 ENV-09 ${MAX_STEP_ITEMS} items in one step fit: no warning, a reset-step names them all`, () => {
    const records = [{ type: "start" }, { type: "start-step" }, ...sources(MAX_STEP_ITEMS)];
    const { all, last } = adapt([...records, { type: "reset-step" }]);
    expect(limits(all)).toEqual([]);
    expect(kept(last)).toEqual([
      `reset-step discarded ${MAX_STEP_ITEMS} part(s) that cannot be retracted here; they stay visible`,
    ]);
  });
});

describe("AI SDK cap warnings and what a full table keeps", () => {
  const start = { type: "start" };
  const call = (k: number) => ({ type: "tool-input-start", toolCallId: `c${k}`, toolName: `t${k}` });
  const done = (k: number) => [
    { type: "tool-input-available", toolCallId: `c${k}`, toolName: "t", input: {} },
    { type: "tool-output-available", toolCallId: `c${k}`, output: "ok" },
  ];
  const request = (k: number, isAutomatic = false) => [
    { type: "tool-input-available", toolCallId: `c${k}`, toolName: "t", input: {} },
    {
      type: "tool-approval-request",
      approvalId: `a${k}`,
      toolCallId: `c${k}`,
      ...(isAutomatic ? { isAutomatic } : {}),
    },
  ];
  const answer = (k: number) => ({ type: "tool-approval-response", approvalId: `a${k}`, approved: true });
  const cost = (table: string, cap: number, consequence: string) =>
    `ai-sdk: the ${table} table reached its cap of ${cap}: ${consequence}`;

  it("ENV-09 each warning says what forgetting that table's entries costs", () => {
    const calls = adapt([start, ...range(MAX_TOOL_CALLS + 1, (k) => [call(k)])]).all;
    const finished = adapt([start, ...range(MAX_TOOL_CALLS + 1, done)]).all;
    const ids = adapt([
      start,
      ...range(MAX_PART_IDS + 1, (k) => [
        { type: "text-start", id: `p${k}` },
        { type: "text-end", id: `p${k}` },
      ]),
    ]).all;
    const automatic = adapt([start, ...range(MAX_APPROVALS + 1, (k) => request(k, true))]).all;
    const pending = adapt([start, ...range(MAX_TOOL_CALLS + 1, (k) => request(k))]).all;
    expect({
      ...limitMessages(calls),
      ...limitMessages(finished),
      ...limitMessages(ids),
      ...limitMessages(automatic),
      ...limitMessages(pending),
    }).toEqual({
      "tool name": cost(
        "tool name",
        MAX_TOOL_CALLS,
        "finished calls are forgotten first; a forgotten call's later chunks state no name",
      ),
      "started tool": cost(
        "started tool",
        MAX_TOOL_CALLS,
        "finished calls are forgotten first; a forgotten open call's next chunk starts it again",
      ),
      "finished tool": cost(
        "finished tool",
        MAX_TOOL_CALLS,
        "the oldest are forgotten; a forgotten call's repeated outcome is stated again",
      ),
      "part id": cost(
        "part id",
        MAX_PART_IDS,
        "the oldest are forgotten; a forgotten id started again numbers its parts anew",
      ),
      "pending approval": cost(
        "pending approval",
        MAX_TOOL_CALLS,
        "the oldest unanswered are forgotten; a forgotten one's decision is not stated",
      ),
      approval: cost(
        "approval",
        MAX_APPROVALS,
        "answered approvals are forgotten first, then the oldest; a forgotten one's response is stated by its approval id",
      ),
      "automatic approval": cost(
        "automatic approval",
        MAX_APPROVALS,
        "answered approvals are forgotten first, then the oldest; a forgotten one's response does not say a policy decided it",
      ),
    });
  });

  it(`TOOL-01 ENV-09 past ${MAX_TOOL_CALLS} open calls the newest keeps its name: its approval names the tool`, () => {
    const { last } = adapt([
      start,
      ...range(MAX_TOOL_CALLS + 1, (k) => [call(k)]),
      { type: "tool-approval-request", approvalId: "a", toolCallId: `c${MAX_TOOL_CALLS}` },
    ]);
    expect(ofType(last, "action.required").map((e) => (e.payload as { toolName?: string }).toolName)).toEqual(
      [`t${MAX_TOOL_CALLS}`],
    );
  });

  it(`TOOL-01 ENV-09 past ${MAX_TOOL_CALLS} finished calls the newest is remembered: a tool-calls finish awaits none`, () => {
    const { last } = adapt([
      start,
      ...range(MAX_TOOL_CALLS + 1, done),
      { type: "finish", finishReason: "tool-calls" },
    ]);
    expect(last.map((e) => e.type)).toContain("run.finished");
  });

  it.each([false, true])(
    `HITL-01 ENV-09 past ${MAX_APPROVALS} answered approvals (automatic: %s) no approval warning`,
    (isAutomatic) => {
      const { all } = adapt([
        start,
        ...range(MAX_APPROVALS + 1, (k) => [...request(k, isAutomatic), answer(k)]),
      ]);
      expect(limits(all).map((l) => l.table)).not.toContain("approval");
      expect(limits(all).map((l) => l.table)).not.toContain("automatic approval");
    },
  );
});
