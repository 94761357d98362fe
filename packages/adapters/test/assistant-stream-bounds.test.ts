import { describe, expect, it } from "vitest";
import { assistantStreamAdapter } from "../src/assistant-stream";
import { MAX_SUBAGENTS } from "../src/assistant-stream/bridge";
import { MAX_BRIDGED_TOOL_CALLS } from "../src/assistant-stream/tool-calls";
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
  const written = (n: number) => many(n, (k) => part("text", { parentId: `sub${k}` }));
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
