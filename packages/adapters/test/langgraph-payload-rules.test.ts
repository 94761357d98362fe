// What LangGraph's app-defined values become: `interrupt(value)` requests, `custom` progress and state,
// the root state's own keys, Agent Server `tasks` chunks and `error` events — exact values, through the
// public adapter.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { adapt } from "./langgraph-rows-support";

type Tuple = [string[], string, unknown];

const ofType = (events: AgentUiEvent[], type: string) => events.filter((e) => e.type === type);
const interrupt = (value: unknown, ns: string[] = []): Tuple => [
  ns,
  "updates",
  { __interrupt__: [{ id: "i1", value }] },
];

describe("langgraph interrupt(value) as an action request", () => {
  it.each<[string, unknown, Record<string, unknown>, string | undefined]>([
    [
      "a tool_approval value names its tool, prompt, scope and the call it gates",
      {
        type: "tool_approval",
        name: "delete_file",
        message: "Delete x?",
        args: { path: "/x" },
        toolCallId: "call_rm",
      },
      {
        actionType: "tool_approval",
        sourceType: "langgraph.interrupt",
        toolName: "delete_file",
        prompt: "Delete x?",
        scope: { path: "/x" },
      },
      "call_rm",
    ],
    [
      "a HumanInterrupt's action_request is an approval of its action and args",
      { action_request: { action: "send_email", args: { to: "a@b.c" } }, description: "Send it?" },
      {
        actionType: "tool_approval",
        sourceType: "langgraph.interrupt",
        toolName: "send_email",
        prompt: "Send it?",
        scope: { to: "a@b.c" },
      },
      undefined,
    ],
    [
      "a question object is structured input, its question the prompt, tool_call_id the gated call",
      { question: "Which folder?", tool_call_id: "c2" },
      { actionType: "structured_input", sourceType: "langgraph.interrupt", prompt: "Which folder?" },
      "c2",
    ],
    [
      "a plain string is a clarification whose prompt is the string",
      "What is your name?",
      { actionType: "clarification", sourceType: "langgraph.interrupt", prompt: "What is your name?" },
      undefined,
    ],
    [
      "a number is structured input with nothing else known",
      42,
      { actionType: "structured_input", sourceType: "langgraph.interrupt" },
      undefined,
    ],
  ])("HITL-01 HITL-08 %s", (_, value, payload, toolCallId) => {
    const [action] = ofType(adapt([interrupt(value)]), "action.required");
    expect(action.payload).toEqual(payload);
    expect(action.toolCallId).toBe(toolCallId);
    expect(action).toMatchObject({ actionId: "i1", phase: "waiting" });
  });

  it("TEAM-02 HITL-01 a subgraph's interrupt is requested by the subgraph's agent", () => {
    const events = adapt([interrupt("Go on?", ["research:t1", "inner:t2"])]);
    const [action] = ofType(events, "action.required");
    expect(action.payload?.requestedBy).toEqual({ agentId: "research:t1|inner:t2" });
    expect(action).toMatchObject({ agentId: "research:t1|inner:t2", runtimeEntity: "subagent_turn" });
  });

  it("TOOL-03 a secret in an approval's args is redacted before it reaches the action's scope", () => {
    const [action] = ofType(
      adapt([interrupt({ type: "tool_approval", args: { apiKey: "sk-live-abcdefghijklmnop1234" } })]),
      "action.required",
    );
    expect(JSON.stringify(action.payload?.scope)).not.toContain("sk-live-abcdefghijklmnop1234");
  });

  it("HITL-01 interrupts without ids are keyed by namespace and position; the values echo adds nothing", () => {
    const list = [{ value: "first?" }, { value: "second?" }];
    const events = adapt([
      [["research:t1"], "updates", { __interrupt__: list }],
      [["research:t1"], "values", { __interrupt__: list }],
      [[], "updates", { __interrupt__: [{ value: "root?" }] }],
    ]);
    expect(ofType(events, "action.required").map((e) => e.actionId)).toEqual([
      "research:t1:interrupt:0",
      "research:t1:interrupt:1",
      "root:interrupt:0",
    ]);
    // The root interrupt after the pause is another task's interrupt of the same step: nothing resumed.
    expect(ofType(events, "action.resolved")).toEqual([]);
    expect(ofType(events, "run.finished").map((e) => e.payload)).toEqual([
      {
        outcome: "interrupted",
        reason: "waiting on interrupt research:t1:interrupt:0, research:t1:interrupt:1",
      },
    ]);
  });

  it("HITL-01 the updates and values restating an interrupt a task result raised neither resume nor repeat it", () => {
    const interrupts = [{ id: "i1", value: "ok?" }];
    const events = adapt([
      [[], "tasks", { id: "t1", name: "approve", result: [], interrupts }],
      [[], "updates", { __interrupt__: interrupts }],
      [[], "values", { __interrupt__: interrupts }],
    ]);
    expect(events.map((e) => e.type)).toEqual([
      "run.started",
      "task.changed",
      "action.required",
      "run.finished",
    ]);
    expect(events[3].payload?.outcome).toBe("interrupted");
  });

  it("HITL-03 a values chunk with a new interrupt beside a raised one is no echo: the new one is raised", () => {
    const events = adapt([
      [[], "updates", { __interrupt__: [{ id: "i1", value: "a?" }] }],
      [
        [],
        "values",
        {
          __interrupt__: [
            { id: "i1", value: "a?" },
            { id: "i2", value: "b?" },
          ],
        },
      ],
    ]);
    expect(ofType(events, "action.required").map((e) => e.actionId)).toEqual(["i1", "i2"]);
  });

  it("HITL-01 an interrupt_id names the action too", () => {
    const events = adapt([[[], "updates", { __interrupt__: [{ interrupt_id: "x9", value: "ok?" }] }]]);
    expect(ofType(events, "action.required").map((e) => e.actionId)).toEqual(["x9"]);
  });
});

describe("langgraph custom stream mode", () => {
  it.each<[string, unknown, Record<string, unknown>]>([
    [
      "a percent above 1 is divided by 100",
      { progress: "reading", pct: 40 },
      { message: "reading", ratio: 0.4 },
    ],
    ["a ratio up to 1 is kept", { message: "half", percent: 0.5 }, { message: "half", ratio: 0.5 }],
    ["exactly 1 is a whole ratio", { status: "done", percent: 1 }, { message: "done", ratio: 1 }],
    ["a numeric progress alone is the ratio", { progress: 75 }, { ratio: 0.75 }],
    ["a status alone is the message", { status: "waiting" }, { message: "waiting" }],
  ])("TASK-01 a subgraph's progress-shaped payload updates its capsule: %s", (_, payload, progress) => {
    const events = adapt([[["research:t1"], "custom", payload]]);
    const [task] = ofType(events, "task.changed");
    expect(task).toMatchObject({
      taskId: "research:t1",
      agentId: "research:t1",
      phase: "acting",
      payload: { status: "running", title: "research", progress },
    });
    expect(task.payload?.progress).toEqual(progress);
    expect(ofType(events, "state.delta")).toEqual([]);
  });

  it.each<[string, string[], unknown, string]>([
    ["a root payload is app state under /custom", [], { progress: "x", pct: 10 }, "/custom"],
    [
      "a subgraph's other payload is app state under its namespace",
      ["research:t1"],
      { rows: 3 },
      "/custom/research:t1",
    ],
    ["namespace separators are JSON-pointer escaped", ["a/b:1", "c~d:2"], "hello", "/custom/a~1b:1|c~0d:2"],
  ])("TASK-02 %s", (_, namespace, payload, path) => {
    const events = adapt([[namespace, "custom", payload]]);
    expect(ofType(events, "task.changed")).toEqual([]);
    const [delta] = ofType(events, "state.delta");
    expect(delta.payload).toEqual({ patch: [{ op: "add", path, value: payload }] });
    expect(delta.agentId).toBeUndefined();
  });
});

describe("langgraph root state keys as app state", () => {
  it("ENV-01 a root values chunk's own keys are one snapshot, repeated only when they change", () => {
    const events = adapt([
      [[], "values", { messages: [], plan: ["a"] }],
      [[], "values", { messages: [{ type: "human", id: "h", content: "hi" }], plan: ["a"] }],
      [[], "values", { plan: ["a", "b"], __interrupt__: [] }],
      [["research:t1"], "values", { notes: "sub" }],
      [[], "values", { messages: [] }],
    ]);
    expect(ofType(events, "state.snapshot").map((e) => e.payload)).toEqual([
      { appState: { plan: ["a"] } },
      { appState: { plan: ["a", "b"] } },
    ]);
  });

  it("ENV-09 values and updates that are not objects are reported, not guessed", () => {
    const events = adapt([
      [[], "values", [1, 2]],
      [[], "updates", "nope"],
    ]);
    expect(ofType(events, "diagnostic.changed").map((e) => [e.payload?.code, e.payload?.message])).toEqual([
      ["unsupported_source_event", "langgraph record #0: values chunk is not an object"],
      ["unsupported_source_event", "langgraph record #1: updates chunk is not an object"],
      ["transport_unavailable", expect.stringContaining("langgraph stream ended without an end event")],
    ]);
  });
});

describe("langgraph Agent Server tasks mode", () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      "a start is running",
      { id: "t1", name: "agent", input: {}, triggers: [] },
      { status: "running", title: "agent" },
    ],
    [
      "a result is completed",
      { id: "t1", name: "agent", result: [] },
      { status: "completed", title: "agent" },
    ],
    [
      "an error fails it with the error as reason",
      { id: "t1", name: "tools", result: null, error: "ValueError: bad" },
      { status: "failed", title: "tools", reason: "ValueError: bad" },
    ],
    ["a null error is a completion", { id: "t1", error: null }, { status: "completed" }],
    [
      "a result with interrupts waits for input",
      { id: "t1", name: "approve", result: [], interrupts: [{ id: "i1", value: "ok?" }] },
      { status: "waiting_input", title: "approve", reason: "paused on interrupt()" },
    ],
    [
      "a result with an empty interrupt list is completed",
      { id: "t1", name: "approve", result: [], interrupts: [] },
      { status: "completed", title: "approve" },
    ],
  ])("TASK-01 %s", (_, body, payload) => {
    const events = adapt([[[], "tasks", body]]);
    const [task] = ofType(events, "task.changed");
    expect(task.taskId).toBe("t1");
    expect(task.payload).toEqual(payload);
  });

  it("TASK-06 a resumed run restating a finished task of the paused step does not run it again", () => {
    // As `@langchain/langgraph` 1.x streams `["updates", "values", "tasks"]`: task `a` finished and `b`
    // paused; the resume replays `a`'s cached write and announces `a` again, with no result (it does not
    // run), then runs `b` to its end.
    const a = { id: "task-a", name: "a", triggers: ["branch:to:a"], interrupts: [] };
    const b = { id: "task-b", name: "b", triggers: ["branch:to:b"], interrupts: [] };
    const events = adapt([
      [[], "values", { log: [] }],
      [[], "tasks", { ...a, input: {} }],
      [[], "tasks", { ...b, input: {} }],
      [[], "updates", { a: { log: ["a"] } }],
      [[], "tasks", { id: "task-a", name: "a", result: { log: ["a"] }, interrupts: [], error: null }],
      [[], "updates", { __interrupt__: [{ id: "i1", value: "b?" }] }],
      [[], "tasks", { id: "task-b", name: "b", result: {}, interrupts: [{ id: "i1", value: "b?" }] }],
      [[], "values", { log: [] }],
      [[], "updates", { a: { log: ["a"] }, __metadata__: { cached: true } }],
      [[], "tasks", { ...a, input: {} }],
      [[], "tasks", { ...b, input: {} }],
      [[], "tasks", { id: "task-b", name: "b", result: { log: ["b"] }, interrupts: [], error: null }],
    ]);
    const statuses = (taskId: string) =>
      ofType(events, "task.changed")
        .filter((e) => e.taskId === taskId)
        .map((e) => (e.payload as { status: string }).status);
    expect(statuses("task-a")).toEqual(["running", "completed"]);
    expect(statuses("task-b")).toEqual(["running", "waiting_input", "running", "completed"]);
  });

  it("ENV-09 a task chunk without an id is reported", () => {
    const events = adapt([[[], "tasks", { name: "agent" }]]);
    expect(ofType(events, "diagnostic.changed")[0].payload).toMatchObject({
      code: "unsupported_source_event",
      severity: "warning",
      message: "langgraph record #0: task chunk without id",
    });
  });
});

describe("langgraph error events", () => {
  it.each<[string, unknown, string]>([
    ["the message field", { error: "ValueError", message: "bad input" }, "bad input"],
    ["the error field when there is no message", { error: "ValueError" }, "ValueError"],
    ["a plain string", "connection lost", "connection lost"],
    ["a fallback when nothing says why", { code: 1 }, "graph error"],
  ])("STAT-02 a failed run's message is %s", (_, data, message) => {
    const events = adapt([
      { event: "metadata", data: { run_id: "r1", thread_id: "th1" } },
      { event: "error", data },
    ]);
    expect(events.map((e) => e.type)).toEqual(["run.started", "run.failed"]);
    expect(events[1]).toMatchObject({ runId: "r1", threadId: "th1", phase: "failed", payload: { message } });
  });

  it("STAT-02 a cancellation without a message has a default reason; nothing runs after it", () => {
    const events = adapt([
      { event: "metadata", data: { run_id: "r1" } },
      { event: "error", data: { error: "CancelledError" } },
    ]);
    expect(events.map((e) => [e.type, e.payload?.outcome])).toEqual([
      ["run.started", undefined],
      ["run.finished", "cancelled"],
    ]);
    expect(events[1].payload?.reason).toBe("run cancelled");
  });

  it("STAT-02 an end event closes a metadata-opened run with nothing else: started then completed", () => {
    const events = adapt([
      { event: "metadata", data: { run_id: "r1" } },
      { event: "end", data: null },
    ]);
    expect(events.map((e) => [e.type, e.phase])).toEqual([
      ["run.started", "submitted"],
      ["run.finished", "completed"],
    ]);
  });
});
