import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { assistantStreamAdapter, dataStreamAdapter } from "../src/assistant-stream";
import { MAX_SUBAGENTS } from "../src/assistant-stream/bridge";
import { MAX_PARTS } from "../src/assistant-stream/chunks";
import { MAX_BRIDGED_TOOL_CALLS } from "../src/assistant-stream/tool-calls";
import { MAX_ARGUMENT_CHARS } from "../src/shared/argument-text";
import { limits, ofType, pushEach } from "./bounds-support";

/** Every event, and those of the last record. */
const adapt = (records: unknown[]) => pushEach(assistantStreamAdapter.create(), records);
const part = (type: string, fields: Record<string, unknown>) => ({
  type: "part-start",
  path: [],
  part: { type, ...fields },
});
const many = (n: number, f: (k: number) => unknown) => Array.from({ length: n }, (_, k) => f(k));
/** The message of the `source_limit_exceeded` warning about `table`. */
const warning = (events: AgentUiEvent[], table: string) =>
  ofType(events, "diagnostic.changed")
    .map((e) => e.payload as { code: string; message: string; summary?: { table: string } })
    .find((p) => p.code === "source_limit_exceeded" && p.summary?.table === table)?.message;

describe("assistant-stream tool calls", () => {
  const calls = (n: number) => many(n, (k) => part("tool-call", { toolCallId: `c${k}`, toolName: "t" }));
  const firstResult = { type: "result", path: [0], result: "ok" };

  it(`TOOL-01 ENV-09 past ${MAX_BRIDGED_TOOL_CALLS} open calls one warning; a forgotten call's result is dropped`, () => {
    const { all, last } = adapt([...calls(MAX_BRIDGED_TOOL_CALLS + 1), firstResult]);
    expect(limits(all).filter((t) => t.table === "tool call")).toEqual([
      { table: "tool call", cap: MAX_BRIDGED_TOOL_CALLS },
    ]);
    expect(ofType(last, "tool.result")).toEqual([]);
    expect(warning(all, "tool call")).toBe(
      `assistant-stream: the tool call table reached its cap of ${MAX_BRIDGED_TOOL_CALLS}: calls with a result are forgotten first, then the oldest; a forgotten call's later chunks are dropped`,
    );
  });

  it(`TOOL-01 ENV-09 a call forgotten past ${MAX_BRIDGED_TOOL_CALLS} open calls while its part stays: its later chunks are dropped`, () => {
    // Preliminary results finish the calls' parts but not the calls: the parts of later calls push out
    // finished parts, the calls push out the oldest open call, whose part is still addressed.
    const later = many(MAX_BRIDGED_TOOL_CALLS, (k) => [
      part("tool-call", { toolCallId: `b${k}`, toolName: "t" }),
      { type: "result", path: [k + 1], result: "partial", isPreliminary: true },
    ]).flat();
    const adapter = assistantStreamAdapter.create();
    pushEach(adapter, [part("tool-call", { toolCallId: "a", toolName: "t" }), ...later]);
    const chunks = [
      { type: "text-delta", path: [0], textDelta: "{}" },
      { type: "part-finish", path: [0] },
      { type: "result", path: [0], result: "ok" },
    ];
    expect(chunks.map((chunk, k) => adapter.push(chunk, 10_000 + k))).toEqual([[], [], []]);
  });

  it(`TOOL-01 ENV-09 ${MAX_BRIDGED_TOOL_CALLS} open calls fit: no warning, the first call's result is stated`, () => {
    const { all, last } = adapt([...calls(MAX_BRIDGED_TOOL_CALLS), firstResult]);
    expect(limits(all)).toEqual([]);
    expect(ofType(last, "tool.result").map((e) => e.toolCallId)).toEqual(["c0"]);
  });
});

describe("assistant-stream subagents", () => {
  it(`TEAM-01 DIAG-01 ENV-09 past ${MAX_BRIDGED_TOOL_CALLS} of a subagent's calls the warnings are the stream's, not the subagent's`, () => {
    const subCalls = many(MAX_BRIDGED_TOOL_CALLS + 1, (k) =>
      part("tool-call", { toolCallId: `c${k}`, toolName: "t", parentId: "sub" }),
    );
    const { last } = adapt(subCalls);
    const stream = ["diagnostic.changed", undefined, undefined];
    expect(last.map((e) => [e.type, e.agentId, e.runtimeEntity])).toEqual([
      ["tool.started", "sub", "subagent_turn"],
      stream,
      stream,
      stream,
      stream,
    ]);
  });

  const written = (n: number) =>
    many(n, (k) => [part("text", { parentId: `sub${k}` }), { type: "part-finish", path: [k] }]).flat();
  const again = part("text", { parentId: "sub0" });

  it(`TEAM-01 ENV-09 past ${MAX_SUBAGENTS} subagents one warning; a forgotten one writing again is announced again`, () => {
    const { all, last } = adapt([...written(MAX_SUBAGENTS + 1), again]);
    expect(limits(all)).toEqual([{ table: "subagent", cap: MAX_SUBAGENTS }]);
    expect(ofType(last, "agent.spawned").map((e) => e.agentId)).toEqual(["sub0"]);
    expect(warning(all, "subagent")).toBe(
      `assistant-stream: the subagent table reached its cap of ${MAX_SUBAGENTS}: the oldest are forgotten; a forgotten subagent writing again is announced again`,
    );
  });

  it(`TEAM-01 ENV-09 ${MAX_SUBAGENTS} subagents fit: no warning, one writing again is known`, () => {
    const { all, last } = adapt([...written(MAX_SUBAGENTS), again]);
    expect(limits(all)).toEqual([]);
    expect(ofType(last, "agent.spawned")).toEqual([]);
  });
});

describe("assistant-stream part paths", () => {
  const finished = (n: number) =>
    many(n, (k) => [part("text", {}), { type: "part-finish", path: [k] }]).flat();
  const lateDelta = { type: "text-delta", path: [0], textDelta: "late" };
  const reported = (events: unknown[]) => ofType(events as never, "diagnostic.changed");

  it(`TEXT-04 ENV-09 past ${MAX_PARTS} parts in a message one warning; a forgotten path's late chunk is reported`, () => {
    const { all, last } = adapt([...finished(MAX_PARTS + 1), lateDelta]);
    expect(limits(all)).toEqual([{ table: "part path", cap: MAX_PARTS }]);
    expect(reported(last)).toHaveLength(1);
    expect(warning(all, "part path")).toBe(
      `assistant-stream: the part path table reached its cap of ${MAX_PARTS}: finished parts are forgotten first, then the oldest; a forgotten path's later chunks are reported as never started`,
    );
  });

  const texts = (n: number) => many(n, () => part("text", {}));
  const deltaAt = (path: number[]) => ({ type: "text-delta", path, textDelta: "x" });
  const deltas = (events: AgentUiEvent[]) =>
    ofType(events, "text.delta").map((e) => [e.partId, e.payload?.delta]);

  it(`TEXT-03 ENV-09 past ${MAX_PARTS} open parts the oldest is forgotten and the newest still streams`, () => {
    const { last } = adapt([...texts(MAX_PARTS + 1), deltaAt([MAX_PARTS])]);
    expect(deltas(last)).toEqual([[`part-${MAX_PARTS}`, "x"]]);
  });

  it(`TEXT-03 TOOL-01 ENV-09 a nested tool call's result finishes its part: past ${MAX_PARTS} parts it goes first`, () => {
    const nestedCall = {
      type: "part-start",
      path: [0],
      part: { type: "tool-call", toolCallId: "c", toolName: "t" },
    };
    const nestedResult = { type: "result", path: [0, 0], result: "ok" };
    const { last } = adapt([
      part("text", {}),
      nestedCall,
      nestedResult,
      ...texts(MAX_PARTS - 1),
      deltaAt([0]),
    ]);
    expect(deltas(last)).toEqual([["part-0", "x"]]);
  });

  it(`TEXT-04 ENV-09 ${MAX_PARTS} parts in a message fit: no warning, a finished part's late chunk adds nothing`, () => {
    const { all, last } = adapt([...finished(MAX_PARTS), lateDelta]);
    expect(limits(all)).toEqual([]);
    expect(last).toEqual([]);
  });

  const parents = (n: number) =>
    many(n, (k) => ({
      type: "part-start",
      path: [k],
      part: { type: "source", id: `s${k}`, url: "https://x.test" },
    }));
  const child = { type: "part-start", path: [0], part: { type: "text" } };
  const partIds = (events: unknown[]) => ofType(events as never, "text.delta").map((e) => e.partId);
  const write = (n: number) => ({ type: "text-delta", path: [0, n], textDelta: "x" });

  it(`TEXT-04 ENV-09 past ${MAX_PARTS} parent paths one warning; a forgotten parent numbers its parts from 0 again`, () => {
    const { all } = adapt([...parents(MAX_PARTS + 1), child, write(0)]);
    expect(limits(all)).toEqual([{ table: "parent path", cap: MAX_PARTS }]);
    expect(warning(all, "parent path")).toBe(
      `assistant-stream: the parent path table reached its cap of ${MAX_PARTS}: the oldest are forgotten; a forgotten parent's next part is numbered from 0 again`,
    );
    expect(partIds(all)).toEqual(["part-0.0"]);
  });

  it(`TEXT-04 ENV-09 ${MAX_PARTS} parent paths fit: no warning, a parent's parts are numbered on`, () => {
    const { all } = adapt([...parents(MAX_PARTS), child, write(1)]);
    expect(limits(all)).toEqual([]);
    expect(partIds(all)).toEqual(["part-0.1"]);
  });
});

describe("assistant-stream streamed tool arguments", () => {
  const json = (chars: number) => `{"a":"${"x".repeat(chars - 8)}"}`;
  const call = (text: string) => [
    part("tool-call", { toolCallId: "c", toolName: "t" }),
    { type: "text-delta", path: [0], textDelta: text.slice(0, 10) },
    { type: "text-delta", path: [0], textDelta: text.slice(10) },
    { type: "tool-call-args-text-finish", path: [0] },
    { type: "result", path: [0], result: "ok" },
  ];

  it(`TOOL-06 ENV-09 past ${MAX_ARGUMENT_CHARS} characters of arguments one warning; the input is an error with a preview, the result still lands`, () => {
    const { all } = adapt(call(json(MAX_ARGUMENT_CHARS + 1)));
    expect(limits(all)).toEqual([{ table: "tool argument text", cap: MAX_ARGUMENT_CHARS }]);
    expect(ofType(all, "tool.result").map((e) => e.toolCallId)).toEqual(["c"]);
    expect(JSON.stringify(all)).toContain(`passed ${MAX_ARGUMENT_CHARS} characters`);
  });

  it(`TOOL-06 ENV-09 ${MAX_ARGUMENT_CHARS} characters of arguments fit: no warning, the input is parsed`, () => {
    const { all } = adapt(call(json(MAX_ARGUMENT_CHARS)));
    expect(limits(all)).toEqual([]);
    expect(JSON.stringify(all)).not.toContain("characters; the rest was not kept");
    expect(ofType(all, "tool.result").map((e) => e.toolCallId)).toEqual(["c"]);
  });
});

describe("AI SDK 4 data stream tool calls", () => {
  const dsAdapt = (records: unknown[]) => pushEach(dataStreamAdapter.create(), records);
  const start = (id: string) => ({ type: "b", value: { toolCallId: id, toolName: "t" } });
  const result = (id: string, isPreliminary?: boolean) => ({
    type: "a",
    value: { toolCallId: id, result: isPreliminary ? "partial" : "ok", isPreliminary },
  });
  const callLimits = (events: AgentUiEvent[]) => limits(events).filter((t) => t.table === "tool call");
  const finished = (n: number) => many(n, (k) => [start(`c${k}`), result(`c${k}`)]).flat();

  it(`TOOL-01 ENV-09 past ${MAX_BRIDGED_TOOL_CALLS} calls with a result no warning: they are forgotten first`, () => {
    const { all } = dsAdapt(finished(MAX_BRIDGED_TOOL_CALLS + 1));
    expect(callLimits(all)).toEqual([]);
  });

  it(`TOOL-01 ENV-09 a call with only a preliminary result is still open past ${MAX_BRIDGED_TOOL_CALLS} finished calls`, () => {
    const { last } = dsAdapt([
      start("a"),
      result("a", true),
      ...finished(MAX_BRIDGED_TOOL_CALLS),
      result("a"),
    ]);
    expect(ofType(last, "tool.result").map((e) => e.toolCallId)).toEqual(["a"]);
  });

  it(`TOOL-01 ENV-09 past ${MAX_BRIDGED_TOOL_CALLS} open calls the oldest is forgotten and the newest still streams its arguments`, () => {
    const n = MAX_BRIDGED_TOOL_CALLS + 1;
    const args = { type: "c", value: { toolCallId: `c${n - 1}`, argsTextDelta: "{}" } };
    const { all, last } = dsAdapt([...many(n, (k) => start(`c${k}`)), args]);
    expect(callLimits(all)).toEqual([{ table: "tool call", cap: MAX_BRIDGED_TOOL_CALLS }]);
    expect(ofType(last, "tool.args").map((e) => [e.toolCallId, e.payload?.argsDelta])).toEqual([
      [`c${n - 1}`, "{}"],
    ]);
  });
});
