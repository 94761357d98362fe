// The scope LangGraph chunks are read in: runs (opened, resumed, closed), subgraph namespaces as
// subagents, Agent Server SSE replays and the end of input — exact values, through the public adapter.
import type { AgentUiEvent, RecordMeta } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { langgraphAdapter } from "../src";

function adapt(records: unknown[], metas: (RecordMeta | undefined)[] = []): AgentUiEvent[] {
  const adapter = langgraphAdapter.create();
  return [...records.flatMap((r, i) => adapter.push(r, i, metas[i])), ...adapter.finish()];
}
const ofType = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);
const UNKNOWN = "stream ended without an end event or a final checkpoint; the run's outcome is not known";

describe("langgraph subgraph namespaces", () => {
  it("TEAM-02 TEAM-18 each namespace level is one subagent whose parent is the enclosing level", () => {
    const events = adapt([
      { event: "metadata", data: { run_id: "r1", thread_id: "th1" } },
      { event: "custom|research:t1|search:t2", data: { rows: 1 } },
      { event: "custom|research:t1|search:t2", data: { rows: 2 } },
    ]);
    const spawned = ofType(events, "agent.spawned");
    expect(spawned.map((e) => [e.agentId, e.taskId, e.parentThreadId, e.payload])).toEqual([
      ["research:t1", "research:t1", "th1", { agentName: "research", role: "subgraph", status: "running" }],
      [
        "research:t1|search:t2",
        "research:t1|search:t2",
        undefined,
        { agentName: "search", role: "subgraph", status: "running", parentAgentId: "research:t1" },
      ],
    ]);
    for (const e of spawned)
      expect(e).toMatchObject({
        runtimeEntity: "subagent_turn",
        topology: "coordinator_team",
        phase: "acting",
        runId: "r1",
        threadId: "th1",
      });
    expect(spawned[0].eventId).toBe("langgraph:ns:research:t1:agent.spawned");
    expect(ofType(events, "agent.changed")).toEqual([]);
  });

  it("TEAM-18 a top-level subgraph seen before the thread id learns its parent once the id arrives", () => {
    const events = adapt([
      [["research:t1"], "custom", { rows: 1 }],
      [["research:t1", "search:t2"], "custom", { rows: 1 }],
      [[], "messages", [{ _type: "AIMessageChunk", id: "a", content: "x" }, { thread_id: "th1" }]],
      [[], "messages", [{ _type: "AIMessageChunk", id: "a", content: "y" }, { thread_id: "th2" }]],
      [["other:t3"], "custom", { rows: 1 }],
    ]);
    expect(ofType(events, "agent.spawned").map((e) => [e.agentId, e.parentThreadId])).toEqual([
      ["research:t1", undefined],
      ["research:t1|search:t2", undefined],
      ["other:t3", "th1"],
    ]);
    expect(
      ofType(events, "agent.changed").map((e) => [e.agentId, e.parentThreadId, e.runtimeEntity]),
    ).toEqual([["research:t1", "th1", "subagent_turn"]]);
    expect(ofType(events, "text.delta").map((e) => e.threadId)).toEqual(["th1", "th1"]);
  });

  it("TEAM-02 a parent's update for the node completes that node's subgraph, once, and no other", () => {
    const events = adapt([
      [["research:t1"], "custom", { rows: 1 }],
      [["research:t1", "search:t2"], "custom", { rows: 1 }],
      [["write:t4"], "custom", { rows: 1 }],
      [[], "updates", { search: { messages: [] } }],
      [["research:t1"], "updates", { search: { messages: [] } }],
      [[], "updates", { research: { messages: [] } }],
      [[], "updates", { research: { messages: [] } }],
    ]);
    expect(ofType(events, "agent.completed").map((e) => [e.agentId, e.payload])).toEqual([
      ["research:t1|search:t2", { status: "completed" }],
      ["research:t1", { status: "completed" }],
    ]);
    expect(
      ofType(events, "task.changed").map((e) => [e.taskId, e.runtimeEntity, e.phase, e.payload]),
    ).toEqual([
      ["research:t1|search:t2", "subagent_turn", "completed", { status: "completed", title: "search" }],
      ["research:t1", "subagent_turn", "completed", { status: "completed", title: "research" }],
    ]);
  });
});

describe("langgraph runs", () => {
  it("HITL-03 the resumed run resolves the pending interrupt and the tool it gated; a call held beside it waits", () => {
    const ai = {
      _type: "AIMessage",
      id: "a1",
      content: "",
      tool_calls: [
        { id: "c1", name: "rm", args: {} },
        { id: "c2", name: "ls", args: {} },
        { id: "c3", name: "pwd", args: {} },
      ],
    };
    const done = { _type: "ToolMessage", id: "t3", tool_call_id: "c3", content: "/" };
    const approval = { id: "i1", value: { type: "tool_approval", toolCallId: "c1" } };
    const events = adapt([
      { event: "metadata", data: { run_id: "r1", thread_id: "th1" } },
      { event: "updates", data: { agent: { messages: [ai] } } },
      { event: "updates", data: { pwd: { messages: [done] } } },
      { event: "updates", data: { __interrupt__: [approval] } },
      { event: "end", data: null },
      { event: "metadata", data: { run_id: "r2", thread_id: "th1" } },
      { event: "updates", data: { tools: { messages: [] } } },
      { event: "end", data: null },
    ]);
    const held = ofType(events, "tool.progress").find((e) => e.toolCallId === "c2");
    expect(held).toMatchObject({ runId: "r1", payload: { heldByActionId: "i1" } });
    expect(held?.eventId).toBe("langgraph:held:c2:i1:tool.progress");
    // A call already answered is not held.
    expect(ofType(events, "tool.progress").map((e) => e.toolCallId)).toEqual(["c1", "c2"]);
    const gated = ofType(events, "tool.progress").find((e) => e.toolCallId === "c1");
    expect(gated).toMatchObject({ actionId: "i1", phase: "waiting", payload: { awaitingActionId: "i1" } });
    expect(ofType(events, "action.resolved")).toEqual([
      expect.objectContaining({
        runId: "r2",
        threadId: "th1",
        actionId: "i1",
        toolCallId: "c1",
        eventId: "langgraph:interrupt:i1:action.resolved",
        payload: { outcome: "resolved", reason: "graph resumed past the interrupt" },
      }),
    ]);
    expect(ofType(events, "run.finished").map((e) => [e.runId, e.phase, e.payload])).toEqual([
      ["r1", "interrupted", { outcome: "interrupted", reason: "waiting on interrupt i1" }],
      ["r2", "completed", { outcome: "success" }],
    ]);
  });

  it("HITL-01 an interrupt raised on a paused thread before any run keeps it paused at the end", () => {
    const events = adapt([
      { values: { messages: [] }, next: ["approve"], tasks: [{ interrupts: [{ id: "i1", value: "ok?" }] }] },
    ]);
    expect(events.map((e) => e.type)).toEqual(["action.required"]);
  });

  it("HYD-01 a thread state names its thread; its facts restate (no stream position)", () => {
    const events = adapt([
      {
        config: { configurable: { thread_id: "th1" } },
        values: {
          messages: [
            { type: "human", id: "h1", content: "hi" },
            { type: "ai", id: "a1", content: "hello" },
          ],
        },
        next: [],
        tasks: [],
      },
    ]);
    expect(events.map((e) => [e.type, e.messageId, e.threadId, e.sequence])).toEqual([
      ["text.final", "h1", "th1", undefined],
      ["text.final", "a1", "th1", undefined],
    ]);
  });

  it("ORD-01 facts of a streamed chunk take stream positions; restated values facts do not", () => {
    const events = adapt([
      [[], "messages", [{ _type: "AIMessageChunk", id: "a1", content: "Hi" }, {}]],
      [[], "values", { messages: [{ _type: "AIMessage", id: "a1", content: "Hi" }] }],
    ]);
    expect(events.map((e) => [e.type, e.sequence])).toEqual([
      ["run.started", 1],
      ["text.delta", 2],
      ["text.final", undefined],
      ["run.status", 3],
      ["diagnostic.changed", 4],
    ]);
  });

  it("FALL-01 an open run nothing confirmed ends unknown, with the reason and a transport diagnostic", () => {
    const events = adapt([
      { event: "metadata", data: { run_id: "r1", thread_id: "th1" } },
      { event: "updates", data: { agent: { messages: [] } } },
    ]);
    expect(events.slice(-2).map((e) => [e.type, e.runId, e.threadId, e.payload])).toEqual([
      ["run.status", "r1", "th1", { status: "unknown", reason: UNKNOWN }],
      [
        "diagnostic.changed",
        "r1",
        "th1",
        { code: "transport_unavailable", severity: "info", message: `langgraph ${UNKNOWN}` },
      ],
    ]);
  });

  it("STAT-08 a metadata event alone still opens and ends its run (unknown)", () => {
    const events = adapt([{ event: "metadata", data: { run_id: "r1" } }]);
    expect(events.map((e) => [e.type, e.runId, e.payload?.status])).toEqual([
      ["run.started", "r1", undefined],
      ["run.status", "r1", "unknown"],
      ["diagnostic.changed", "r1", undefined],
    ]);
  });

  it("STAT-08 restating modes after the final checkpoint keep it; an unmapped mode's record voids it", () => {
    const final = { values: {}, next: [], tasks: [] };
    const keep = adapt([
      [[], "checkpoints", final],
      [[], "values", { messages: [] }],
      [[], "messages/metadata", {}],
      [[], "feedback", {}],
    ]);
    expect(ofType(keep, "run.finished").map((e) => e.payload)).toEqual([{ outcome: "success" }]);
    const voided = adapt([
      [[], "checkpoints", final],
      [[], "events", {}],
    ]);
    expect(ofType(voided, "run.finished")).toEqual([]);
    expect(ofType(voided, "run.status").map((e) => e.payload?.status)).toEqual(["unknown"]);
  });

  it("STAT-08 a thread state that still has a pending interrupt confirms nothing", () => {
    const paused = { values: {}, next: [], tasks: [{ interrupts: [{ id: "i1", value: "ok?" }] }] };
    const events = adapt([[[], "updates", { agent: {} }], { ...paused }]);
    // The state's interrupt pauses the thread: the open run ends interrupted, not completed.
    expect(ofType(events, "run.finished").map((e) => e.payload?.outcome)).toEqual(["interrupted"]);
    const noNext = adapt([
      [[], "updates", { agent: {} }],
      { values: {}, tasks: [], config: {}, next: ["x"] },
    ]);
    expect(ofType(noNext, "run.finished")).toEqual([]);
  });

  it("ENV-09 a record that is neither a chunk nor a thread state is reported with its shape only", () => {
    const [note] = adapt([{ token: "sk-live-abcdefghijklmnop1234", type: "x" }]);
    expect(note.payload).toEqual({
      code: "unsupported_source_event",
      severity: "warning",
      message: "langgraph record #0: not understood by this adapter",
      summary: { kind: "object", keys: ["token", "type"], type: "x" },
    });
  });
});

describe("langgraph Agent Server SSE replays", () => {
  const frame = (event: string, data: unknown, id: string) => ({ event, data, id });

  it("ORD-02 events without a fact id are stamped from the run and SSE id; fact ids are kept", () => {
    const events = adapt([
      frame("metadata", { run_id: "r1" }, "0"),
      frame("messages", [{ _type: "AIMessageChunk", id: "a1", content: "Hi" }, {}], "1"),
      frame("messages", [{ _type: "AIMessageChunk", id: "a1", content: "!" }, {}], "2"),
      frame("updates", { agent: { messages: [{ _type: "AIMessage", id: "a1", content: "Hi!" }] } }, "3"),
      frame("end", null, "4"),
    ]);
    expect(events.map((e) => [e.type, e.eventId, e.source?.sourceEventId])).toEqual([
      ["run.started", "langgraph:sse:r1:1:0", "sse:r1:1"],
      ["text.delta", "langgraph:sse:r1:1:1", "sse:r1:1"],
      ["text.delta", "langgraph:sse:r1:2:0", "sse:r1:2"],
      ["text.final", "langgraph:message:a1:text.final", "message:a1"],
      ["run.finished", "langgraph:sse:r1:4:0", "sse:r1:4"],
    ]);
  });

  it("ORD-02 without a metadata event the SSE id alone keys the event", () => {
    const events = adapt([frame("custom", { n: 1 }, "7")]);
    expect(events.slice(0, 2).map((e) => e.eventId)).toEqual(["langgraph:sse:7:0", "langgraph:sse:7:1"]);
  });

  it("ORD-02 replayed frames add nothing and are counted in one diagnostic", () => {
    const run = [
      frame("metadata", { run_id: "r1" }, "0"),
      frame("custom", { n: 1 }, "1"),
      frame("custom", { n: 2 }, "2"),
    ];
    const events = adapt([...run, ...run.slice(1), frame("end", null, "3")]);
    expect(ofType(events, "state.delta")).toHaveLength(2);
    expect(ofType(events, "diagnostic.changed").map((e) => e.payload)).toEqual([
      {
        code: "duplicate_event",
        severity: "info",
        message: "2 replayed SSE event(s) were already projected and skipped",
      },
    ]);
  });

  it("ORD-02 the same SSE id in another run is new", () => {
    const events = adapt([
      frame("metadata", { run_id: "r1" }, "0"),
      frame("custom", { n: 1 }, "1"),
      frame("end", null, "2"),
      frame("metadata", { run_id: "r2" }, "0"),
      frame("custom", { n: 1 }, "1"),
      frame("end", null, "2"),
    ]);
    expect(ofType(events, "run.finished").map((e) => e.eventId)).toEqual([
      "langgraph:sse:r1:2:0",
      "langgraph:sse:r2:2:0",
    ]);
    expect(ofType(events, "diagnostic.changed")).toEqual([]);
  });
});

describe("langgraph stream modes", () => {
  it("ENV-01 each fact names the chunk it came from (mode and namespace) and its record", () => {
    const events = adapt([[["research:t1"], "custom", { progress: "x" }]]);
    expect(events.slice(0, 3).map((e) => [e.type, e.source])).toEqual([
      ["run.started", { format: "langgraph", index: 0, sourceType: "custom|research:t1" }],
      [
        "agent.spawned",
        { format: "langgraph", index: 0, sourceType: "custom|research:t1", sourceEventId: "ns:research:t1" },
      ],
      ["task.changed", { format: "langgraph", index: 0, sourceType: "custom|research:t1" }],
    ]);
  });

  it("ENV-09 an unmapped mode is reported by name; messages/metadata and an unknown debug type say nothing new", () => {
    const events = adapt([
      [[], "messages/metadata", { run: {} }],
      [[], "events", { event: "on_chain_start" }],
      [[], "debug", "not an object"],
    ]);
    expect(
      ofType(events, "diagnostic.changed").map((e) => [e.payload?.message, e.source?.sourceType]),
    ).toEqual([
      ["langgraph record #1: stream mode events is not mapped", "events"],
      ["langgraph record #2: stream mode debug is not mapped", "debug"],
      [`langgraph ${UNKNOWN}`, undefined],
    ]);
    expect(events[0]).toMatchObject({ type: "run.started", source: { index: 1 } });
  });

  it("TASK-01 a debug task is the tasks mode: a subgraph's task is its agent's", () => {
    const events = adapt([
      [["research:t1"], "debug", { type: "task", payload: { id: "t2", name: "search" } }],
    ]);
    expect(ofType(events, "task.changed").map((e) => [e.taskId, e.agentId, e.payload])).toEqual([
      ["t2", "research:t1", { status: "running", title: "search" }],
    ]);
  });

  it("TEXT-04 a messages chunk that is a bare message (no metadata pair) is read as the message", () => {
    const events = adapt([[[], "messages", { _type: "AIMessageChunk", id: "a1", content: "Hi" }]]);
    expect(ofType(events, "text.delta").map((e) => e.payload?.delta)).toEqual(["Hi"]);
  });

  it("ENV-01 a [mode, payload] pair is a root chunk; non-string namespace entries are dropped", () => {
    const events = adapt([
      ["custom", { rows: 1 }],
      [["research:t1", 3], "custom", { rows: 2 }],
    ]);
    expect(
      ofType(events, "state.delta").map(
        (e) => (e.payload?.patch as { path: string }[] | undefined)?.[0].path,
      ),
    ).toEqual(["/custom", "/custom/research:t1"]);
  });

  it("TOOL-03 app state keys are redacted before they become a snapshot", () => {
    const events = adapt([[[], "values", { config: { api_key: "sk-live-abcdefghijklmnop1234" }, step: 2 }]]);
    const [snapshot] = ofType(events, "state.snapshot");
    expect(snapshot.payload?.appState).toMatchObject({ step: 2 });
    expect(JSON.stringify(snapshot.payload)).not.toContain("sk-live-abcdefghijklmnop1234");
  });

  it("ENV-01 a later metadata without ids keeps the run and thread it knows; a thread state keeps the thread", () => {
    const events = adapt([
      { event: "metadata", data: { run_id: "r1", thread_id: "th1" } },
      { event: "end", data: null },
      { event: "metadata", data: { attempt: 2 } },
      { event: "end", data: null },
      { values: {}, next: [], tasks: [], config: { configurable: { thread_id: "th2" } } },
      { event: "custom", data: 1 },
    ]);
    expect(ofType(events, "run.started").map((e) => [e.runId, e.threadId])).toEqual([
      ["r1", "th1"],
      ["r1", "th1"],
      ["r1", "th1"],
    ]);
  });

  it("TEXT-09 a subgraph's values never carry the run's input; a checkpoint's values do", () => {
    const prompt = { type: "human", id: "h1", content: "go" };
    const sub = adapt([[["research:t1"], "values", { messages: [prompt] }]]);
    expect(ofType(sub, "run.started")[0].payload).toEqual({});
    const cp = adapt([[[], "checkpoints", { values: { messages: [prompt] }, next: ["agent"], tasks: [] }]]);
    expect(ofType(cp, "run.started")[0].payload).toEqual({ input: "go", userMessageId: "h1" });
    const noId = adapt([[[], "values", { messages: [{ type: "human", content: "go" }] }]]);
    expect(ofType(noId, "run.started")[0].payload).toEqual({ input: "go" });
    const update = adapt([[[], "updates", { agent: { messages: [prompt] } }]]);
    expect(ofType(update, "run.started")[0].payload).toEqual({});
  });
});
