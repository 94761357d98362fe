import { describe, expect, it } from "vitest";
import { assistantStreamAdapter } from "../src/assistant-stream";
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

describe("assistant-stream tool calls", () => {
  const calls = (n: number) => many(n, (k) => part("tool-call", { toolCallId: `c${k}`, toolName: "t" }));
  const firstResult = { type: "result", path: [0], result: "ok" };

  it(`TOOL-01 ENV-09 past ${MAX_BRIDGED_TOOL_CALLS} open calls one warning; a forgotten call's result is dropped`, () => {
    const { all, last } = adapt([...calls(MAX_BRIDGED_TOOL_CALLS + 1), firstResult]);
    expect(limits(all).filter((t) => t.table === "tool call")).toEqual([
      { table: "tool call", cap: MAX_BRIDGED_TOOL_CALLS },
    ]);
    expect(ofType(last, "tool.result")).toEqual([]);
  });

  it(`TOOL-01 ENV-09 ${MAX_BRIDGED_TOOL_CALLS} open calls fit: no warning, the first call's result is stated`, () => {
    const { all, last } = adapt([...calls(MAX_BRIDGED_TOOL_CALLS), firstResult]);
    expect(limits(all)).toEqual([]);
    expect(ofType(last, "tool.result").map((e) => e.toolCallId)).toEqual(["c0"]);
  });
});

describe("assistant-stream subagents", () => {
  const written = (n: number) =>
    many(n, (k) => [part("text", { parentId: `sub${k}` }), { type: "part-finish", path: [k] }]).flat();
  const again = part("text", { parentId: "sub0" });

  it(`TEAM-01 ENV-09 past ${MAX_SUBAGENTS} subagents one warning; a forgotten one writing again is announced again`, () => {
    const { all, last } = adapt([...written(MAX_SUBAGENTS + 1), again]);
    expect(limits(all)).toEqual([{ table: "subagent", cap: MAX_SUBAGENTS }]);
    expect(ofType(last, "agent.spawned").map((e) => e.agentId)).toEqual(["sub0"]);
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
