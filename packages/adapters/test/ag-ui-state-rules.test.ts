// AG-UI state, activities, subagents, CUSTOM and RAW events as the envelope states them: each AG-UI 1.0
// event in, the exact facts (or the diagnostic a reader sees) out.
import { describe, expect, it } from "vitest";
import { adapt, diagnostic, facts, factsAfterStart } from "./ag-ui-support";

/** The summary an unreadable record is reported with: its keys and type, never its values. */
const shape = (record: Record<string, unknown>) => ({
  kind: "object",
  keys: Object.keys(record),
  type: record.type,
});
const unsupported = (record: Record<string, unknown>, reason: string) => [
  diagnostic("unsupported_source_event", "warning", `ag-ui record #1: ${reason}`, shape(record)),
];

describe("AG-UI records missing what they need", () => {
  it.each([
    [{ type: "STATE_SNAPSHOT", snapshot: [1, 2] }, "STATE_SNAPSHOT whose snapshot is not an object"],
    [{ type: "STATE_DELTA", delta: { op: "add" } }, "STATE_DELTA without a patch array"],
    [{ type: "ACTIVITY_SNAPSHOT", activityType: "PLAN", content: {} }, "activity without messageId"],
    [{ type: "ACTIVITY_DELTA", activityType: "PLAN", patch: [] }, "activity without messageId"],
    [{ type: "SUBAGENT_STARTED", name: "researcher" }, "SUBAGENT_STARTED without subagentRunId"],
    [{ type: "SUBAGENT_FINISHED", outcome: { type: "success" } }, "SUBAGENT_FINISHED without subagentRunId"],
    [{ type: "SUBAGENT_ERROR", message: "boom" }, "SUBAGENT_ERROR without subagentRunId"],
  ])("DIAG-02 %j is reported: %s", (record, reason) => {
    expect(factsAfterStart([record])).toStrictEqual(unsupported(record, reason));
  });
});

describe("AG-UI state", () => {
  it("STAT-08 a snapshot becomes app state; a delta passes its JSON Patch (`delta`, or the draft's `patch`)", () => {
    const patch = [{ op: "replace", path: "/status", value: "done" }];
    expect(
      factsAfterStart([
        { type: "STATE_SNAPSHOT", snapshot: { status: "planning" } },
        { type: "STATE_DELTA", delta: patch },
        { type: "STATE_DELTA", patch },
      ]),
    ).toStrictEqual([
      { type: "state.snapshot", payload: { appState: { status: "planning" } } },
      { type: "state.delta", payload: { patch } },
      { type: "state.delta", payload: { patch } },
    ]);
  });

  it("TOOL-03 a message snapshot states what it could not read; a full snapshot removes nothing", () => {
    expect(
      factsAfterStart([
        {
          type: "MESSAGES_SNAPSHOT",
          messages: [{ id: "u1", role: "user", content: "hi" }, { role: "bogus" }, 5],
        },
        { type: "MESSAGES_SNAPSHOT", messages: [{ id: "u1", role: "user", content: "hi" }] },
      ]),
    ).toStrictEqual([
      {
        type: "messages.snapshot",
        payload: { messages: [{ id: "u1", role: "user", text: "hi" }], skipped: 2 },
      },
      { type: "messages.snapshot", payload: { messages: [{ id: "u1", role: "user", text: "hi" }] } },
    ]);
  });
});

describe("AG-UI activities", () => {
  const plan = (steps: unknown) => ({
    type: "plan.final",
    messageId: "act-1",
    partId: "act-1",
    phase: "planning",
    payload: { steps },
  });

  it("PROC-01 a PLAN activity (any case) is the plan; its deltas patch the activity's own content", () => {
    expect(
      factsAfterStart([
        {
          type: "ACTIVITY_SNAPSHOT",
          messageId: "act-1",
          activityType: "plan",
          content: {
            steps: [
              { id: "s-a", title: "fetch", status: "running" },
              { name: "summarise" },
              { description: "report", status: "pending" },
              { status: "orphan" },
            ],
          },
        },
        // The delta names no type: the snapshot's type holds.
        {
          type: "ACTIVITY_DELTA",
          messageId: "act-1",
          patch: [{ op: "replace", path: "/steps/0/status", value: "done" }],
        },
        // A delta with no operations changes nothing: the plan is restated as it is.
        { type: "ACTIVITY_DELTA", messageId: "act-1" },
      ]),
    ).toStrictEqual([
      plan([
        { id: "s-a", title: "fetch", status: "running" },
        { id: "1", title: "summarise" },
        { id: "2", title: "report", status: "pending" },
      ]),
      ...[1, 2].map(() =>
        plan([
          { id: "s-a", title: "fetch", status: "done" },
          { id: "1", title: "summarise" },
          { id: "2", title: "report", status: "pending" },
        ]),
      ),
    ]);
  });

  it("DIAG-02 a delta before its snapshot, or one that does not apply, is a patch failure", () => {
    expect(
      factsAfterStart([
        { type: "ACTIVITY_DELTA", messageId: "act-9", activityType: "PLAN", patch: [] },
        { type: "ACTIVITY_SNAPSHOT", messageId: "act-1", activityType: "PLAN", content: { steps: [] } },
        { type: "ACTIVITY_DELTA", messageId: "act-1", patch: [{ op: "test", path: "/steps", value: 1 }] },
      ]),
    ).toStrictEqual([
      diagnostic("patch_failed", "warning", "activity act-9 delta before its snapshot"),
      plan([]),
      diagnostic("patch_failed", "warning", 'activity patch failed: operation 0: test failed at "/steps"'),
    ]);
  });

  it("CTX-03 other activities (and a plan without steps) are kept as info with their shape", () => {
    expect(
      factsAfterStart([
        {
          type: "ACTIVITY_SNAPSHOT",
          messageId: "act-2",
          activityType: "SEARCH",
          content: { query: "weather" },
        },
        { type: "ACTIVITY_SNAPSHOT", messageId: "act-3", content: ["x"] },
        { type: "ACTIVITY_SNAPSHOT", messageId: "act-4", activityType: "PLAN", content: { title: "later" } },
      ]),
    ).toStrictEqual([
      diagnostic("runtime_info", "info", "activity SEARCH act-2", {
        activityType: "SEARCH",
        content: { kind: "object", keys: ["query"] },
      }),
      diagnostic("runtime_info", "info", "activity unknown act-3", {
        activityType: "unknown",
        content: { kind: "array", length: 1 },
      }),
      diagnostic("runtime_info", "info", "activity PLAN act-4", {
        activityType: "PLAN",
        content: { kind: "object", keys: ["title"] },
      }),
    ]);
  });
});

describe("AG-UI subagents", () => {
  const agent = (type: string, phase: string, payload: Record<string, unknown>, agentId = "sub-1") => ({
    type,
    agentId,
    subagentId: agentId,
    runtimeEntity: "subagent_turn",
    phase,
    payload,
  });

  it("TEAM-02 a subagent runs inside the thread; its outcomes map to completed, waiting, failed or unknown", () => {
    expect(
      factsAfterStart([
        {
          type: "SUBAGENT_STARTED",
          subagentRunId: "sub-1",
          name: "researcher",
          parentToolCallId: "tc-1",
          parentMessageId: "msg-1",
        },
        { type: "SUBAGENT_FINISHED", subagentRunId: "sub-1" },
        {
          type: "SUBAGENT_FINISHED",
          subagentRunId: "sub-1",
          outcome: { type: "suspended", interruptIds: ["i"] },
        },
        { type: "SUBAGENT_FINISHED", subagentRunId: "sub-1", outcome: { type: "interrupt" } },
        { type: "SUBAGENT_FINISHED", subagentRunId: "sub-1", outcome: { type: "error" } },
        { type: "SUBAGENT_FINISHED", subagentRunId: "sub-2", outcome: { type: "exploded" } },
      ]),
    ).toStrictEqual([
      {
        type: "agent.spawned",
        agentId: "sub-1",
        subagentId: "sub-1",
        parentThreadId: "t1",
        runtimeEntity: "subagent_turn",
        phase: "acting",
        payload: {
          agentName: "researcher",
          status: "running",
          parentToolCallId: "tc-1",
          parentMessageId: "msg-1",
        },
      },
      agent("agent.completed", "completed", { agentName: "researcher", status: "completed" }),
      agent("agent.completed", "waiting", { agentName: "researcher", status: "waiting" }),
      agent("agent.completed", "waiting", { agentName: "researcher", status: "waiting" }),
      agent("agent.completed", "failed", { agentName: "researcher", status: "failed" }),
      agent("agent.completed", "waiting", { status: "unknown" }, "sub-2"),
    ]);
  });

  it("TEAM-02 the draft's `subagentId`/`agentName`; no thread known means no parent thread", () => {
    const events = facts(
      adapt([
        { type: "RUN_STARTED", runId: "r1" },
        { type: "SUBAGENT_STARTED", subagentId: "sub-3", agentName: "critic" },
      ]),
    );
    expect(events[1]).toStrictEqual(
      agent("agent.spawned", "acting", { agentName: "critic", status: "running" }, "sub-3"),
    );
  });

  it("TEAM-03 a subagent error fails the subagent, not the run, and keeps its message", () => {
    expect(
      factsAfterStart([
        { type: "SUBAGENT_STARTED", subagentRunId: "sub-1", name: "researcher" },
        { type: "SUBAGENT_ERROR", subagentRunId: "sub-1", message: "quota exceeded", code: "429" },
        { type: "SUBAGENT_ERROR", subagentRunId: "sub-4" },
      ]).slice(1),
    ).toStrictEqual([
      agent("agent.completed", "failed", { agentName: "researcher", status: "failed" }),
      diagnostic("runtime_error", "warning", "subagent researcher failed: quota exceeded", {
        agentId: "sub-1",
        code: "429",
      }),
      agent("agent.completed", "failed", { status: "failed" }, "sub-4"),
      diagnostic("runtime_error", "warning", "subagent sub-4 failed: subagent failed", { agentId: "sub-4" }),
    ]);
  });
});

describe("AG-UI CUSTOM and RAW", () => {
  it("EVID-02 a citation (or source) with a url is evidence; its id defaults to the url", () => {
    expect(
      factsAfterStart([
        {
          type: "CUSTOM",
          name: "x-agentui.citation",
          value: {
            id: "c-1",
            url: "https://example.com/wx",
            title: "Weather",
            mediaType: "text/html",
            messageId: "msg-2",
          },
        },
        { type: "CUSTOM", name: "Source", value: { url: "https://example.com/b" } },
      ]),
    ).toStrictEqual([
      {
        type: "evidence.changed",
        evidenceId: "c-1",
        messageId: "msg-2",
        payload: {
          citations: [
            {
              id: "c-1",
              sourceType: "url",
              url: "https://example.com/wx",
              title: "Weather",
              mediaType: "text/html",
              messageId: "msg-2",
            },
          ],
        },
      },
      {
        type: "evidence.changed",
        evidenceId: "https://example.com/b",
        payload: {
          citations: [{ id: "https://example.com/b", sourceType: "url", url: "https://example.com/b" }],
        },
      },
    ]);
  });

  it("TEXT-08 a finite number is a metric; anything else (a citation without url, a link that is no citation) is info", () => {
    expect(
      factsAfterStart([
        { type: "CUSTOM", name: "latency_ms", value: 42 },
        { type: "CUSTOM", name: "citation", value: { title: "no url" } },
        { type: "CUSTOM", name: "link", value: { url: "https://example.com" } },
        { type: "CUSTOM", name: "ratio", value: Number.POSITIVE_INFINITY },
        { type: "CUSTOM", value: "hello" },
      ]),
    ).toStrictEqual([
      { type: "metric.changed", metricName: "latency_ms", payload: { value: 42 } },
      diagnostic("runtime_info", "info", "custom event citation", {
        name: "citation",
        value: { kind: "object", keys: ["title"] },
        preview: '{"title":"no url"}',
      }),
      diagnostic("runtime_info", "info", "custom event link", {
        name: "link",
        value: { kind: "object", keys: ["url"] },
        preview: '{"url":"https://example.com"}',
      }),
      diagnostic("runtime_info", "info", "custom event ratio", {
        name: "ratio",
        value: { kind: "number" },
        preview: "null",
      }),
      diagnostic("runtime_info", "info", "custom event custom", {
        name: "custom",
        value: { kind: "string" },
        preview: "hello",
      }),
    ]);
  });

  it("DIAG-01 a RAW event is info naming its source, with the event's shape only", () => {
    expect(
      factsAfterStart([
        { type: "RAW", source: "openai", event: { type: "response.created", id: "resp_1" } },
        { type: "RAW", event: "ping" },
      ]),
    ).toStrictEqual([
      diagnostic("runtime_info", "info", "raw event from openai", {
        event: { kind: "object", keys: ["type", "id"], type: "response.created" },
      }),
      diagnostic("runtime_info", "info", "raw event from source", { event: { kind: "string" } }),
    ]);
  });
});

describe("AG-UI draft spellings and lists pinned whole", () => {
  it("TEAM-02 the draft's `subagentId` ends and fails a subagent; an activity delta's `delta` patches it", () => {
    expect(
      factsAfterStart([
        { type: "SUBAGENT_FINISHED", subagentId: "sub-5" },
        { type: "SUBAGENT_ERROR", subagentId: "sub-6", message: "boom" },
        { type: "ACTIVITY_SNAPSHOT", messageId: "act-5", activityType: "SEARCH", content: { steps: [] } },
        { type: "ACTIVITY_DELTA", messageId: "act-5", delta: [{ op: "add", path: "/q", value: "x" }] },
      ]),
    ).toStrictEqual([
      {
        type: "agent.completed",
        agentId: "sub-5",
        subagentId: "sub-5",
        runtimeEntity: "subagent_turn",
        phase: "completed",
        payload: { status: "completed" },
      },
      {
        type: "agent.completed",
        agentId: "sub-6",
        subagentId: "sub-6",
        runtimeEntity: "subagent_turn",
        phase: "failed",
        payload: { status: "failed" },
      },
      diagnostic("runtime_error", "warning", "subagent sub-6 failed: boom", { agentId: "sub-6" }),
      diagnostic("runtime_info", "info", "activity SEARCH act-5", {
        activityType: "SEARCH",
        content: { kind: "object", keys: ["steps"] },
      }),
      diagnostic("runtime_info", "info", "activity SEARCH act-5", {
        activityType: "SEARCH",
        content: { kind: "object", keys: ["steps", "q"] },
      }),
    ]);
  });

  it("DIAG-02 a stream that is only a failure, and a usage list without counts, emit exactly their facts", () => {
    expect(facts(adapt([{ type: "RUN_ERROR", message: "boom" }]))).toStrictEqual([
      { type: "run.failed", phase: "failed", payload: { message: "boom" } },
    ]);
    expect(factsAfterStart([{ type: "RUN_FINISHED", usage: [{ provider: "openai" }] }])).toStrictEqual([
      { type: "run.finished", phase: "completed", payload: { outcome: "success" } },
    ]);
  });
});
