// Bounded memory whatever the stream sends: the activities, interrupts, subagents, open messages, tool
// calls and streamed argument text the AG-UI adapter remembers have caps. Past each one `source_limit_exceeded` warning names the table and its cap, and what
// forgetting costs is visible; at the cap nothing is forgotten.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { aguiAdapter } from "../src/ag-ui";
import {
  MAX_ACTIVITIES,
  MAX_INTERRUPT_TOOLS,
  MAX_OPEN_MESSAGES,
  MAX_SUBAGENTS,
  MAX_TOOL_CALLS,
} from "../src/ag-ui/context";
import { MAX_ARGUMENT_CHARS } from "../src/shared/argument-text";
import { limits, ofType, pushEach } from "./bounds-support";

const codes = (events: AgentUiEvent[]) =>
  events.map((e) => (e.payload as { code?: string } | undefined)?.code);

/** Every event, and those of the last record. */
const adapt = (records: unknown[]) =>
  pushEach(aguiAdapter.create({ sessionId: "local" }), [
    { type: "RUN_STARTED", threadId: "t", runId: "r" },
    ...records,
  ]);
const many = (n: number, f: (k: number) => unknown) => Array.from({ length: n }, (_, k) => f(k));

describe("AG-UI activities", () => {
  const snapshots = (n: number) =>
    many(n, (k) => ({ type: "ACTIVITY_SNAPSHOT", messageId: `m${k}`, activityType: "X", content: { k } }));
  const delta = { type: "ACTIVITY_DELTA", messageId: "m0", patch: [{ op: "add", path: "/d", value: 1 }] };

  it(`TEXT-10 ENV-09 past ${MAX_ACTIVITIES} activities one warning; a delta to a forgotten one is reported`, () => {
    const { all, last } = adapt([...snapshots(MAX_ACTIVITIES + 1), delta]);
    expect(limits(all)).toEqual([{ table: "activity", cap: MAX_ACTIVITIES }]);
    expect(codes(last)).toContain("patch_failed");
  });

  it(`TEXT-10 ENV-09 ${MAX_ACTIVITIES} activities fit: no warning, a delta applies`, () => {
    const { all, last } = adapt([...snapshots(MAX_ACTIVITIES), delta]);
    expect(limits(all)).toEqual([]);
    expect(codes(last)).not.toContain("patch_failed");
  });
});

describe("AG-UI subagents", () => {
  const started = (n: number) =>
    many(n, (k) => ({ type: "SUBAGENT_STARTED", subagentRunId: `s${k}`, name: `n${k}` }));
  const finished = { type: "SUBAGENT_FINISHED", subagentRunId: "s0" };
  const names = (events: AgentUiEvent[]) =>
    events
      .filter((e) => e.type === "agent.completed")
      .map((e) => (e.payload as { agentName?: string }).agentName);

  it(`TEAM-01 ENV-09 past ${MAX_SUBAGENTS} running subagents one warning; a forgotten one is not named`, () => {
    const { all, last } = adapt([...started(MAX_SUBAGENTS + 1), finished]);
    expect(limits(all)).toEqual([{ table: "subagent", cap: MAX_SUBAGENTS }]);
    expect(names(last)).toEqual([undefined]);
  });

  it(`TEAM-01 ENV-09 ${MAX_SUBAGENTS} subagents fit: no warning, the finished one is named`, () => {
    const { all, last } = adapt([...started(MAX_SUBAGENTS), finished]);
    expect(limits(all)).toEqual([]);
    expect(names(last)).toEqual(["n0"]);
  });
});

describe("AG-UI interrupts", () => {
  const interrupted = (n: number) => [
    { type: "TOOL_CALL_START", toolCallId: "c0", toolCallName: "delete_file" },
    { type: "TOOL_CALL_END", toolCallId: "c0" },
    {
      type: "RUN_FINISHED",
      threadId: "t",
      runId: "r",
      outcome: {
        type: "interrupt",
        interrupts: many(n, (k) => ({ id: `i${k}`, reason: "tool_approval", toolCallId: `c${k}` })),
      },
    },
  ];
  const resumed = {
    type: "RUN_STARTED",
    threadId: "t",
    runId: "r2",
    input: { threadId: "t", runId: "r2", messages: [], resume: [{ interruptId: "i0", status: "resolved" }] },
  };
  const toolEvents = (events: AgentUiEvent[]) => events.filter((e) => e.toolCallId === "c0");

  it(`HITL-02 ENV-09 past ${MAX_INTERRUPT_TOOLS} open interrupts one warning; resuming a forgotten one leaves its tool open`, () => {
    const { all, last } = adapt([...interrupted(MAX_INTERRUPT_TOOLS + 1), resumed]);
    expect(limits(all)).toEqual([{ table: "interrupt", cap: MAX_INTERRUPT_TOOLS }]);
    expect(toolEvents(last)).toEqual([]);
  });

  it(`HITL-02 ENV-09 past ${MAX_INTERRUPT_TOOLS} open interrupts the newest is kept: resuming it closes its tool`, () => {
    const last = `c${MAX_INTERRUPT_TOOLS}`;
    const { all } = adapt([
      { type: "TOOL_CALL_START", toolCallId: last, toolCallName: "delete_file" },
      { type: "TOOL_CALL_END", toolCallId: last },
      ...interrupted(MAX_INTERRUPT_TOOLS + 1).slice(2),
      {
        ...resumed,
        input: { ...resumed.input, resume: [{ interruptId: `i${MAX_INTERRUPT_TOOLS}`, status: "resolved" }] },
      },
    ]);
    const after = all.slice(all.findIndex((e) => e.runId === "r2"));
    expect(after.filter((e) => e.toolCallId === last).length).toBeGreaterThan(0);
  });

  it(`HITL-02 ENV-09 ${MAX_INTERRUPT_TOOLS} interrupts fit: no warning, the resume closes the gated tool`, () => {
    const { all, last } = adapt([...interrupted(MAX_INTERRUPT_TOOLS), resumed]);
    expect(limits(all)).toEqual([]);
    expect(toolEvents(last).length).toBeGreaterThan(0);
  });
});

describe("AG-UI open messages", () => {
  const open = (n: number) =>
    many(n, (k) => [
      { type: "TEXT_MESSAGE_START", messageId: `m${k}`, role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: `m${k}`, delta: `t${k}` },
    ]).flat();
  const finals = (events: AgentUiEvent[]) =>
    ofType(events, "text.final").map((e) => [e.messageId, (e.payload as { text: string }).text]);

  it(`TEXT-04 ENV-09 past ${MAX_OPEN_MESSAGES} open messages one warning; the oldest ends with its text, the newest still ends`, () => {
    const n = MAX_OPEN_MESSAGES + 1;
    const { all } = adapt([...open(n), { type: "TEXT_MESSAGE_END", messageId: `m${n - 1}` }]);
    expect(limits(all)).toEqual([{ table: "open message", cap: MAX_OPEN_MESSAGES }]);
    expect(finals(all)).toEqual([
      ["m0", "t0"],
      [`m${n - 1}`, `t${n - 1}`],
    ]);
  });

  it(`TEXT-04 ENV-09 ${MAX_OPEN_MESSAGES} open messages fit: no warning, none ends before its END`, () => {
    const { all } = adapt([...open(MAX_OPEN_MESSAGES), { type: "TEXT_MESSAGE_END", messageId: "m0" }]);
    expect(limits(all)).toEqual([]);
    expect(finals(all)).toEqual([["m0", "t0"]]);
  });
});

describe("AG-UI tool calls awaiting their result", () => {
  const calls = (n: number) =>
    many(n, (k) => [
      { type: "TOOL_CALL_START", toolCallId: `c${k}`, toolCallName: "t" },
      { type: "TOOL_CALL_ARGS", toolCallId: `c${k}`, delta: "{}" },
      { type: "TOOL_CALL_END", toolCallId: `c${k}` },
    ]).flat();
  const failed = (events: AgentUiEvent[]) => ofType(events, "tool.failed").map((e) => e.toolCallId);

  it(`TOOL-11 ENV-09 past ${MAX_TOOL_CALLS} calls awaiting results one warning; a run error fails the ones remembered`, () => {
    const { all, last } = adapt([...calls(MAX_TOOL_CALLS + 1), { type: "RUN_ERROR", message: "x" }]);
    expect(limits(all)).toEqual([{ table: "tool call", cap: MAX_TOOL_CALLS }]);
    expect(failed(last)).toHaveLength(MAX_TOOL_CALLS);
    expect(failed(last)[0]).toBe("c1");
  });

  it(`TOOL-11 ENV-09 ${MAX_TOOL_CALLS} calls awaiting results fit: no warning, a run error fails them all`, () => {
    const { all, last } = adapt([...calls(MAX_TOOL_CALLS), { type: "RUN_ERROR", message: "x" }]);
    expect(limits(all)).toEqual([]);
    expect(failed(last)).toHaveLength(MAX_TOOL_CALLS);
    expect(failed(last)[0]).toBe("c0");
  });
});

describe("AG-UI streamed tool arguments", () => {
  /** A JSON object whose text is `chars` characters long. */
  const json = (chars: number) => `{"a":"${"x".repeat(chars - 8)}"}`;
  const call = (text: string) => [
    { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "t" },
    { type: "TOOL_CALL_ARGS", toolCallId: "c", delta: text.slice(0, 10) },
    { type: "TOOL_CALL_ARGS", toolCallId: "c", delta: text.slice(10) },
    { type: "TOOL_CALL_END", toolCallId: "c" },
    { type: "TOOL_CALL_RESULT", toolCallId: "c", messageId: "r", content: "ok" },
  ];
  const complete = (events: AgentUiEvent[]) =>
    ofType(events, "tool.args")
      .map((e) => e.payload as { complete?: boolean; input?: unknown; inputSummary?: string })
      .filter((p) => p.complete === true);

  it(`TOOL-06 ENV-09 past ${MAX_ARGUMENT_CHARS} characters of arguments one warning; the input is a preview, the result still lands`, () => {
    const { all } = adapt(call(json(MAX_ARGUMENT_CHARS + 1)));
    expect(limits(all)).toEqual([{ table: "tool argument text", cap: MAX_ARGUMENT_CHARS }]);
    const [args] = complete(all);
    expect(args.input).toBeUndefined();
    expect(args.inputSummary?.startsWith('{"a":"xxxx')).toBe(true);
    expect(ofType(all, "tool.result").map((e) => e.toolCallId)).toEqual(["c"]);
  });

  it(`TOOL-06 ENV-09 ${MAX_ARGUMENT_CHARS} characters of arguments fit: no warning, the input is parsed`, () => {
    const { all } = adapt(call(json(MAX_ARGUMENT_CHARS)));
    expect(limits(all)).toEqual([]);
    expect(complete(all)[0].input).toBeDefined();
  });
});

describe("AG-UI cap warnings", () => {
  /** The warning about `table`: its text and the record it points at. */
  const warning = (events: AgentUiEvent[], table: string) =>
    events
      .filter((e) => (e.payload as { summary?: { table?: string } }).summary?.table === table)
      .map((e) => ({
        message: (e.payload as { message: string }).message,
        index: e.source?.index,
        sourceType: e.source?.sourceType,
      }));

  it.each([
    [
      "tool call",
      MAX_TOOL_CALLS,
      (k: number) => ({ type: "TOOL_CALL_START", toolCallId: `c${k}`, toolCallName: "t" }),
      "TOOL_CALL_START",
      "calls whose arguments ended are forgotten first, then the oldest; a run error does not fail a forgotten call, and its later chunks start it again",
    ],
    [
      "activity",
      MAX_ACTIVITIES,
      (k: number) => ({ type: "ACTIVITY_SNAPSHOT", messageId: `m${k}`, activityType: "X", content: {} }),
      "ACTIVITY_SNAPSHOT",
      "the oldest are forgotten; a delta to a forgotten activity is reported as before its snapshot",
    ],
    [
      "subagent",
      MAX_SUBAGENTS,
      (k: number) => ({ type: "SUBAGENT_STARTED", subagentRunId: `s${k}`, name: `n${k}` }),
      "SUBAGENT_STARTED",
      "finished ones are forgotten first, then the oldest; a forgotten one's later events do not name it",
    ],
  ])(
    "ENV-09 the %s warning says what forgetting costs and points at the record past the cap",
    (table, cap, record, sourceType, consequence) => {
      const { all } = adapt(many(cap + 1, record));
      // The run's start is record 0, so the record past the cap is record cap + 1.
      expect(warning(all, table)).toEqual([
        {
          message: `ag-ui: the ${table} table reached its cap of ${cap}: ${consequence}`,
          index: cap + 1,
          sourceType,
        },
      ]);
    },
  );

  it("ENV-09 the interrupt warning says what forgetting costs", () => {
    const interrupts = many(MAX_INTERRUPT_TOOLS + 1, (k) => ({
      id: `i${k}`,
      reason: "tool_approval",
      toolCallId: `c${k}`,
    }));
    const { all } = adapt([
      { type: "RUN_FINISHED", threadId: "t", runId: "r", outcome: { type: "interrupt", interrupts } },
    ]);
    expect(warning(all, "interrupt").map((w) => w.message)).toEqual([
      `ag-ui: the interrupt table reached its cap of ${MAX_INTERRUPT_TOOLS}: resumed ones are forgotten first, then the oldest; resuming a forgotten one leaves its tool open`,
    ]);
  });

  it(`TOOL-11 ENV-09 past ${MAX_TOOL_CALLS} calls still streaming the oldest is forgotten, the newest kept: a run error fails it`, () => {
    const { last } = adapt([
      ...many(MAX_TOOL_CALLS + 1, (k) => ({
        type: "TOOL_CALL_START",
        toolCallId: `c${k}`,
        toolCallName: "t",
      })),
      { type: "RUN_ERROR", message: "x" },
    ]);
    const failed = ofType(last, "tool.failed").map((e) => e.toolCallId);
    expect(failed).toContain(`c${MAX_TOOL_CALLS}`);
    expect(failed).not.toContain("c0");
  });

  it(`TEAM-01 ENV-09 past ${MAX_SUBAGENTS} finished subagents no warning: forgetting a finished one costs nothing`, () => {
    const { all } = adapt(
      many(MAX_SUBAGENTS + 1, (k) => [
        { type: "SUBAGENT_STARTED", subagentRunId: `s${k}`, name: `n${k}` },
        { type: "SUBAGENT_FINISHED", subagentRunId: `s${k}` },
      ]).flat(),
    );
    expect(limits(all)).toEqual([]);
  });

  it(`HITL-02 ENV-09 past ${MAX_INTERRUPT_TOOLS} resumed interrupts no warning: forgetting a resumed one costs nothing`, () => {
    const pause = (runId: string, ids: string[]) => ({
      type: "RUN_FINISHED",
      threadId: "t",
      runId,
      outcome: {
        type: "interrupt",
        interrupts: ids.map((id) => ({ id, reason: "tool_approval", toolCallId: `c-${id}` })),
      },
    });
    const first = Array.from({ length: MAX_INTERRUPT_TOOLS }, (_, k) => `i${k}`);
    const { all } = adapt([
      pause("r", first),
      {
        type: "RUN_STARTED",
        threadId: "t",
        runId: "r2",
        input: {
          threadId: "t",
          runId: "r2",
          messages: [],
          resume: first.map((interruptId) => ({ interruptId, status: "resolved" })),
        },
      },
      pause("r2", ["late"]),
    ]);
    expect(limits(all)).toEqual([]);
  });

  it(`TEAM-01 ENV-09 past ${MAX_SUBAGENTS} running subagents the newest is kept: its end names it`, () => {
    const { last } = adapt([
      ...many(MAX_SUBAGENTS + 1, (k) => ({
        type: "SUBAGENT_STARTED",
        subagentRunId: `s${k}`,
        name: `n${k}`,
      })),
      { type: "SUBAGENT_FINISHED", subagentRunId: `s${MAX_SUBAGENTS}` },
    ]);
    expect(
      ofType(last, "agent.completed").map((e) => (e.payload as { agentName?: string }).agentName),
    ).toEqual([`n${MAX_SUBAGENTS}`]);
  });
});
