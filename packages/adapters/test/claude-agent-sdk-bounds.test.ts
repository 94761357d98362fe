// Bounded memory whatever the SDK sends: the message uuids, messages, tool calls, subagents, background
// tasks and denials the Claude Agent SDK adapter remembers have caps. Past each one
// `source_limit_exceeded` warning names the table and its cap, and what forgetting costs is visible; at
// the cap nothing is forgotten.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { describe, expect, it } from "vitest";
import { claudeAgentSdkAdapter } from "../src/claude-agent-sdk";
import {
  MAX_AGENTS,
  MAX_BLOCKS,
  MAX_MESSAGES,
  MAX_SEEN_UUIDS,
  MAX_TOOLS,
} from "../src/claude-agent-sdk/state";
import { limits, ofType, pushEach } from "./bounds-support";

/** The message of the `source_limit_exceeded` warning about `table`: what forgetting its entries costs. */
const costOf = (events: AgentUiEvent[], table: string) =>
  events
    .filter((e) => e.payload?.code === "source_limit_exceeded" && limits([e])[0]?.table === table)
    .map((e) => e.payload?.message);
const cost = (table: string, cap: number, consequence: string) => [
  `claude-agent-sdk: the ${table} table reached its cap of ${cap}: ${consequence}`,
];

// An unknown subtype: one diagnostic per translation, none for a redelivery.
const record = (k: number) => ({ type: "system", subtype: "brand_new", session_id: "s", uuid: `u${k}` });

describe("Claude Agent SDK message uuids", () => {
  it(`ORD-02 ENV-09 past ${MAX_SEEN_UUIDS} uuids one warning; only a forgotten one is translated again`, () => {
    const adapter = claudeAgentSdkAdapter.create();
    const n = MAX_SEEN_UUIDS + 10;
    const events = Array.from({ length: n }, (_, k) => adapter.push(record(k), k)).flat();
    expect(limits(events)).toEqual([{ table: "message uuid", cap: MAX_SEEN_UUIDS }]);
    expect(costOf(events, "message uuid")).toEqual(
      cost(
        "message uuid",
        MAX_SEEN_UUIDS,
        "the oldest are forgotten; a redelivery of one is translated again",
      ),
    );
    expect(adapter.push(record(n - MAX_SEEN_UUIDS), n)).toEqual([]);
    expect(adapter.push(record(n - 1), n)).toEqual([]);
    const again = adapter.push(record(0), n);
    expect(again.map((e) => e.payload?.code)).toEqual(["unsupported_source_event"]);
  });

  it(`ORD-02 ENV-09 ${MAX_SEEN_UUIDS} uuids fit: no warning, every redelivery adds nothing`, () => {
    const adapter = claudeAgentSdkAdapter.create();
    const events = Array.from({ length: MAX_SEEN_UUIDS }, (_, k) => adapter.push(record(k), k)).flat();
    expect(limits(events)).toEqual([]);
    expect(adapter.push(record(0), MAX_SEEN_UUIDS)).toEqual([]);
  });
});

const S = "s";
const adapt = (records: unknown[]) => pushEach(claudeAgentSdkAdapter.create(), records);
const many = <T>(n: number, f: (k: number) => T) => Array.from({ length: n }, (_, k) => f(k));
const assistant = (id: string, content: unknown[], parent: string | null = null) => ({
  type: "assistant",
  session_id: S,
  parent_tool_use_id: parent,
  message: { id, role: "assistant", content },
});
const user = (content: unknown[]) => ({ type: "user", session_id: S, message: { role: "user", content } });
const result = (k: number) => ({ type: "tool_result", tool_use_id: `t${k}`, content: "ok" });

describe("Claude Agent SDK tool calls", () => {
  const ended = (n: number) => [
    assistant(
      "m1",
      many(n, (k) => ({ type: "tool_use", id: `t${k}`, name: "Read", input: {} })),
    ),
    user(many(n, result)),
  ];

  it(`TOOL-01 ENV-09 past ${MAX_TOOLS} ended calls one warning; only a forgotten call's repeated result is stated again`, () => {
    const { all, last } = adapt([...ended(MAX_TOOLS + 1), user([result(0)])]);
    expect(limits(all)).toEqual([{ table: "tool", cap: MAX_TOOLS }]);
    expect(costOf(all, "tool")).toEqual(
      cost(
        "tool",
        MAX_TOOLS,
        "ended calls are forgotten first, then the oldest; a forgotten call's later result is stated again",
      ),
    );
    expect(ofType(last, "tool.result").map((e) => e.toolCallId)).toEqual(["t0"]);
  });

  it(`TOOL-01 ENV-09 past ${MAX_TOOLS} running calls a new call is still tracked: its repeated result adds nothing`, () => {
    const open = assistant(
      "m1",
      many(MAX_TOOLS + 1, (k) => ({ type: "tool_use", id: `t${k}`, name: "Read", input: {} })),
    );
    const newest = result(MAX_TOOLS);
    const { all, last } = adapt([open, user([newest]), user([newest])]);
    expect(limits(all)).toEqual([{ table: "tool", cap: MAX_TOOLS }]);
    expect(ofType(all, "tool.result").map((e) => e.toolCallId)).toEqual([`t${MAX_TOOLS}`]);
    expect(last).toEqual([]);
  });

  it(`TOOL-01 ENV-09 ${MAX_TOOLS} ended calls fit: no warning, a repeated result adds nothing`, () => {
    const { all, last } = adapt([...ended(MAX_TOOLS), user([result(0)])]);
    expect(limits(all)).toEqual([]);
    expect(ofType(last, "tool.result")).toEqual([]);
  });
});

describe("Claude Agent SDK messages", () => {
  const text = (k: number) => assistant(`m${k}`, [{ type: "text", text: `t${k}` }]);
  const parts = (events: AgentUiEvent[]) =>
    ofType(events, "text.final")
      .filter((e) => e.messageId === "m0")
      .map((e) => e.partId);

  it(`TEXT-04 ENV-09 past ${MAX_MESSAGES} messages one warning; a forgotten message restated names its first part again`, () => {
    const { all } = adapt([...many(MAX_MESSAGES + 1, text), text(0)]);
    expect(limits(all)).toEqual([{ table: "message", cap: MAX_MESSAGES }]);
    expect(costOf(all, "message")).toEqual(
      cost(
        "message",
        MAX_MESSAGES,
        "the oldest are forgotten; a forgotten message's later blocks are stated as new parts",
      ),
    );
    const [first, again] = parts(all);
    expect(again).toBe(first);
  });

  it(`TEXT-04 ENV-09 ${MAX_MESSAGES} messages fit: no warning, a restated message's text is a part of its own`, () => {
    const { all } = adapt([...many(MAX_MESSAGES, text), text(0)]);
    expect(limits(all)).toEqual([]);
    const [first, again] = parts(all);
    expect(again).not.toBe(first);
  });
});

describe("Claude Agent SDK content blocks", () => {
  const stream = (event: unknown) => ({ type: "stream_event", session_id: S, api_message_id: "m", event });
  const start = (k: number) =>
    stream({ type: "content_block_start", index: k, content_block: { type: "text", text: "" } });
  const delta = (k: number) =>
    stream({ type: "content_block_delta", index: k, delta: { type: "text_delta", text: `t${k}` } });
  const snapshot = (k: number) => assistant("m", [{ type: "text", text: `t${k}` }]);
  /** Each projected text part of message m: its part id and text. */
  const parts = (events: AgentUiEvent[]) =>
    projectEvents(events)
      .messages.filter((m) => m.id === "m")
      .flatMap((m) => m.parts.map((p) => [p.id, p.text]));
  const finalParts = (events: AgentUiEvent[]) => ofType(events, "text.final").map((e) => e.partId);

  it(`TEXT-04 ENV-09 past ${MAX_BLOCKS} open blocks one warning; every block's text still streams, nothing is lost`, () => {
    const n = MAX_BLOCKS + 1;
    const { all } = adapt([...many(n, start), ...many(n, delta), ...many(n, snapshot)]);
    expect(limits(all)).toEqual([{ table: "content block", cap: MAX_BLOCKS }]);
    expect(costOf(all, "content block")).toEqual(
      cost(
        "content block",
        MAX_BLOCKS,
        "finalized blocks are forgotten first; with every one open, a new block is not tracked: its text still streams (its tool input comes with its snapshot) and its snapshot is stated as a part of its own",
      ),
    );
    expect(ofType(all, "text.delta")).toHaveLength(n);
    // The tracked blocks' snapshots land on their streamed parts; the untracked one is a part of its own.
    const finals = finalParts(all);
    expect(finals.slice(0, MAX_BLOCKS)).toEqual(many(MAX_BLOCKS, (k) => `m:${k}`));
    expect(finals[MAX_BLOCKS]).not.toBe(`m:${MAX_BLOCKS}`);
    const texts = parts(all).map(([, text]) => text);
    for (let k = 0; k < n; k++) expect(texts).toContain(`t${k}`);
  });

  it(`TEXT-04 ENV-09 finalized blocks are forgotten for free: past ${MAX_BLOCKS} of them no warning, each text once`, () => {
    const n = 2 * MAX_BLOCKS;
    const { all } = adapt(many(n, (k) => [start(k), delta(k), snapshot(k)]).flat());
    expect(limits(all)).toEqual([]);
    expect(finalParts(all)).toEqual(many(n, (k) => `m:${k}`));
    expect(parts(all)).toEqual(many(n, (k) => [`m:${k}`, `t${k}`]));
  });
});

describe("Claude Agent SDK background tasks", () => {
  const list = (ids: number[]) => ({
    type: "system",
    subtype: "background_tasks_changed",
    session_id: S,
    tasks: ids.map((k) => ({ task_id: `b${k}`, description: "job" })),
  });

  it(`TEAM-01 ENV-09 past ${MAX_AGENTS} tasks one warning; only a forgotten task listed again is announced again`, () => {
    const { all, last } = adapt([list(many(MAX_AGENTS + 1, (k) => k)), list([0])]);
    expect(limits(all)).toEqual([{ table: "background task", cap: MAX_AGENTS }]);
    expect(costOf(all, "background task")).toEqual(
      cost(
        "background task",
        MAX_AGENTS,
        "the oldest are forgotten; a forgotten task listed again is announced again",
      ),
    );
    expect(ofType(last, "task.changed").map((e) => e.taskId)).toEqual(["b0"]);
  });

  it(`TEAM-01 ENV-09 ${MAX_AGENTS} tasks fit: no warning, a task listed again adds nothing`, () => {
    const { all, last } = adapt([list(many(MAX_AGENTS, (k) => k)), list([0])]);
    expect(limits(all)).toEqual([]);
    expect(ofType(last, "task.changed")).toEqual([]);
  });
});

describe("Claude Agent SDK subagents", () => {
  const said = (k: number) => ({ ...user([{ type: "text", text: "go" }]), parent_tool_use_id: `p${k}` });

  it(`TEAM-01 ENV-09 past ${MAX_AGENTS} subagents one warning; only a forgotten one speaking again is spawned again`, () => {
    const { all, last } = adapt([...many(MAX_AGENTS + 1, said), said(0)]);
    expect(limits(all)).toContainEqual({ table: "subagent", cap: MAX_AGENTS });
    expect(costOf(all, "subagent")).toEqual(
      cost(
        "subagent",
        MAX_AGENTS,
        "the oldest are forgotten; a forgotten subagent announced again is spawned again",
      ),
    );
    expect(ofType(last, "agent.spawned").map((e) => e.agentId)).toEqual(["subagent:p0"]);
  });

  it(`TEAM-01 ENV-09 ${MAX_AGENTS} subagents fit: no warning, one speaking again is not spawned again`, () => {
    const { all, last } = adapt([...many(MAX_AGENTS, said), said(0)]);
    expect(limits(all)).toEqual([]);
    expect(ofType(last, "agent.spawned")).toEqual([]);
  });
});

describe("Claude Agent SDK denials", () => {
  const denied = (ids: number[]) => ({
    type: "result",
    subtype: "success",
    is_error: false,
    session_id: S,
    permission_denials: ids.map((k) => ({ tool_use_id: `t${k}`, tool_name: "Bash" })),
  });
  const audited = (events: AgentUiEvent[]) => ofType(events, "action.resolved").map((e) => e.actionId);

  it(`HITL-04 ENV-09 past ${MAX_TOOLS} denials one warning; only a forgotten denial listed again is audited again`, () => {
    const { all, last } = adapt([denied(many(MAX_TOOLS + 1, (k) => k)), denied([0, MAX_TOOLS])]);
    expect(limits(all)).toContainEqual({ table: "denied tool", cap: MAX_TOOLS });
    expect(costOf(all, "denied tool")).toEqual(
      cost(
        "denied tool",
        MAX_TOOLS,
        "the oldest are forgotten; a forgotten denial reported again is audited again",
      ),
    );
    expect(audited(last)).toEqual(["permission:t0"]);
  });

  it(`HITL-04 ENV-09 ${MAX_TOOLS} denials fit: no warning, a denial listed again adds nothing`, () => {
    const { all, last } = adapt([denied(many(MAX_TOOLS, (k) => k)), denied([0])]);
    expect(limits(all)).toEqual([]);
    expect(audited(last)).toEqual([]);
  });
});
