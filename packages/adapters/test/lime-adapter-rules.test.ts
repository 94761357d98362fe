import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { limeAdapter } from "../src/lime";
import { LIME_IDS, limeFixture } from "./lime-support";

// The Lime adapter's record handling: ids and keys, envelope facts read from the record, degraded-fact
// diagnostics (ENV-12), read models without a type (HYD-09) and team topology stamping (TEAM-16).

const fixture = limeFixture;

const IDS = LIME_IDS;

const push = (record: unknown, index = 0, options = {}): AgentUiEvent[] =>
  limeAdapter.create(options).push(record, index);

const codes = (events: AgentUiEvent[]) =>
  events.map(
    (e) => `${e.type}${e.type === "diagnostic.changed" ? `:${(e.payload as { code: string }).code}` : ""}`,
  );

describe("lime records the adapter cannot map (ENV-09, FALL-02)", () => {
  it.each([[null], ["text"], [42], [[1, 2]]])("ENV-09 %j is not a JSON object", (record) => {
    const events = push(record, 3);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      code: "unsupported_source_event",
      severity: "warning",
      message: "lime record #3: not a JSON object",
    });
  });

  it("ENV-09 an unknown class is reported at the record's place, with its ids and a clipped name", () => {
    const events = push({ type: `x.${"y".repeat(100)}`, eventId: "e9", sequence: 4, ...IDS, payload: {} }, 2);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "diagnostic.changed",
      sessionId: "s",
      threadId: "t",
      turnId: "u",
      sequence: 4,
    });
    const message = (events[0].payload as { message: string }).message;
    expect(message.startsWith('lime record #2: unknown runtime event class "x.')).toBe(true);
    expect(message.length).toBeLessThan(140);
    expect(events[0].source).toMatchObject({ sourceType: `x.${"y".repeat(100)}`, sourceEventId: "e9" });
  });

  it("ENV-01 the class may be spelled eventType or event_type", () => {
    expect(push({ eventType: "turn.started", eventId: "a", ...IDS, payload: {} })[0].type).toBe("run.status");
    expect(push({ event_type: "turn.started", eventId: "b", ...IDS, payload: {} })[0].type).toBe(
      "run.status",
    );
  });

  it("FALL-02 a known class without the facts its mapping needs is reported with its ids", () => {
    const events = push({ type: "model.delta", eventId: "d", sequence: 2, ...IDS, payload: {} }, 1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ sessionId: "s", turnId: "u", sequence: 2 });
    expect((events[0].payload as { message: string }).message).toBe(
      "lime record #1: model.delta lacks the payload fields its mapping needs",
    );
  });

  it("ORD-02 finish() closes nothing the runtime left open", () => {
    const adapter = limeAdapter.create();
    adapter.push({ type: "turn.started", eventId: "a", ...IDS, payload: {} }, 0);
    expect(adapter.finish()).toEqual([]);
  });
});

describe("lime event ids and positions (ENV-02, ORD-01)", () => {
  it.each([
    [{ eventId: "own" }, 0, {}, "own"],
    [{ event_id: "snake" }, 0, {}, "snake"],
    [{ id: "plain" }, 0, {}, "plain"],
    [{ sequence: 5 }, 0, {}, "lime:s:5"],
    [{ seq: 6 }, 0, {}, "lime:s:6"],
    [{}, 3, {}, "lime:s:i3"],
  ])("ENV-02 a record %j at #%i has the event id %s", (extra, index, options, eventId) => {
    expect(push({ type: "turn.started", ...IDS, payload: {}, ...extra }, index, options)[0].eventId).toBe(
      eventId,
    );
  });

  it.each([
    [{ streamId: "st" }, "lime:st:i0"],
    [{ sessionId: "opt-s" }, "lime:opt-s:i0"],
    [{}, "lime:default:i0"],
  ])("ENV-02 without a session id the key uses the stream of options %j", (options, eventId) => {
    const [event] = limeAdapter.create(options).push({ type: "session.updated", payload: {} }, 0);
    expect(event.eventId).toBe(eventId);
  });

  it("ENV-02 without an index the generated key counts from i0", () => {
    expect(limeAdapter.create().push({ type: "turn.started", ...IDS, payload: {} })[0].eventId).toBe(
      "lime:s:i0",
    );
  });

  it("ORD-01 only the primary event takes the record's sequence; derived ones keep it on their source", () => {
    const events = push({ type: "turn.submitted", eventId: "e", sequence: 7, ...IDS, payload: {} });
    expect(events.map((e) => e.eventId)).toEqual(["e", "e#run.status"]);
    expect(events[0].sequence).toBe(7);
    expect(events[1].sequence).toBeUndefined();
    expect(events[1].source).toMatchObject({ sequence: 7 });
  });

  it.each([[-1], [1.5], ["3"]])("ORD-01 a sequence of %j is no position", (sequence) => {
    const [event] = push({ type: "turn.started", ...IDS, sequence, payload: {} }, 1);
    expect(event.sequence).toBeUndefined();
    expect(event.eventId).toBe("lime:s:i1");
  });

  it("ORD-01 sequence 0 is a position", () => {
    expect(push({ type: "turn.started", ...IDS, sequence: 0, payload: {} })[0]).toMatchObject({
      sequence: 0,
      eventId: "lime:s:0",
    });
  });
});

describe("lime envelope facts read from the record (ENV-03, ENV-06, §E-4)", () => {
  it("ENV-04 the timestamp may be a string, createdAt, created_at or epoch milliseconds", () => {
    const at = (extra: Record<string, unknown>) =>
      push({ type: "turn.started", ...IDS, payload: {}, ...extra })[0].timestamp;
    expect(at({ timestamp: "2026-05-11T10:00:00Z" })).toBe("2026-05-11T10:00:00Z");
    expect(at({ createdAt: "2026-05-11T10:00:01Z" })).toBe("2026-05-11T10:00:01Z");
    expect(at({ created_at: "2026-05-11T10:00:02Z" })).toBe("2026-05-11T10:00:02Z");
    expect(at({ timestamp: 1778493600000 })).toBe(new Date(1778493600000).toISOString());
  });

  it("§E-4 camelCase ids win over snake_case; an empty camel id lets the snake one through", () => {
    const [event] = push({
      type: "turn.started",
      eventId: "e",
      runtimeId: "rt",
      sessionId: "camel",
      session_id: "snake",
      threadId: "",
      thread_id: "t-snake",
      turnId: "u",
      payload: {},
    });
    expect(event).toMatchObject({ sessionId: "camel", threadId: "t-snake" });
    const [empty] = push({ type: "turn.started", eventId: "e", ...IDS, taskId: "", payload: {} });
    expect(empty.taskId).toBeUndefined();
    const [num] = push({ type: "turn.started", eventId: "e", ...IDS, runId: 5, payload: {} });
    expect(num.runId).toBeUndefined();
  });

  it("§D.5 runtime ids without an envelope field are kept as extra properties, in either spelling", () => {
    const [event] = push({
      type: "turn.started",
      eventId: "e",
      ...IDS,
      requestId: "rq",
      process_id: "p",
      channelId: "ch",
      job_item_id: "ji",
      queueId: "q",
      model_request_id: "mr",
      rootTaskId: "root",
      output_ref: "o",
      parentTaskId: "camel",
      parent_task_id: "snake",
      payload: {},
    });
    expect(event).toMatchObject({
      requestId: "rq",
      processId: "p",
      channelId: "ch",
      jobItemId: "ji",
      queueId: "q",
      modelRequestId: "mr",
      rootTaskId: "root",
      outputRef: "o",
      parentTaskId: "camel",
    });
  });

  it("ENV-06 shape fields keep primitives only; a snake value counts only when the camel one is null or absent", () => {
    const [event] = push({
      type: "turn.started",
      eventId: "e",
      ...IDS,
      runtimeEntity: "agent_turn",
      runtime_entity: "subagent_turn",
      latest_turn_status: "running",
      teamPhase: null,
      team_phase: "fanout",
      queuedTurnCount: { n: 1 },
      retryable_overload: false,
      payload: {},
    });
    expect(event).toMatchObject({
      runtimeEntity: "agent_turn",
      latestTurnStatus: "running",
      teamPhase: "fanout",
      retryableOverload: false,
    });
    expect(event.queuedTurnCount).toBeUndefined();
  });

  it("TEAM-05 a teammate's record is authored by it: agentId from subagentId unless stated", () => {
    expect(
      push({ type: "model.delta", eventId: "e", ...IDS, subagentId: "w1", payload: { delta: "a" } })[0]
        .agentId,
    ).toBe("w1");
    expect(
      push({
        type: "model.delta",
        eventId: "e",
        ...IDS,
        agentId: "a",
        subagentId: "w1",
        payload: { delta: "a" },
      })[0].agentId,
    ).toBe("a");
    expect(
      push({ type: "model.delta", eventId: "e", ...IDS, payload: { delta: "a" } })[0].agentId,
    ).toBeUndefined();
  });

  it("SEC-01 record refs travel on every event, redacted", () => {
    const [event] = push({
      type: "turn.started",
      eventId: "e",
      ...IDS,
      refs: { traceRef: "trace://1", apiKey: "sk-abcdefghijklmnopqrstuvwx" },
      payload: {},
    });
    expect(event.refs).toEqual({ traceRef: "trace://1", apiKey: "[redacted:api_key]" });
  });

  it("ENV-10 the schema version and the source's class are on the source", () => {
    const [event] = push({
      type: "message.delta",
      eventId: "e",
      schema_version: "lime-profile-0.4.0",
      ...IDS,
      payload: { delta: "a" },
    });
    expect(event.source).toMatchObject({
      format: "lime",
      sourceType: "message.delta",
      sourceEventId: "e",
      schemaVersion: "lime-profile-0.4.0",
    });
  });
});

describe("lime degraded facts (ENV-12, ENV-14)", () => {
  it.each([
    ["thread.started", {}, ["threadId"]],
    ["turn.started", {}, ["threadId", "turnId"]],
    ["model.delta", { delta: "a" }, ["threadId", "turnId"]],
    ["reasoning.delta", { delta: "a" }, ["threadId", "turnId"]],
    ["tool.progress", {}, ["threadId", "turnId", "stepId", "toolCallId"]],
    ["action.resolved", { actionId: "a" }, ["threadId", "turnId", "actionId"]],
    ["permission.evaluated", {}, ["threadId", "turnId"]],
    ["sandbox.applied", {}, ["threadId", "turnId"]],
    ["hook.started", {}, ["threadId", "turnId"]],
    ["context.resolved", {}, ["threadId", "turnId"]],
    ["routing.decided", {}, ["threadId", "turnId"]],
    ["cost.recorded", {}, ["threadId", "turnId"]],
    ["rate_limit.hit", {}, ["threadId", "turnId"]],
    ["quota.low", {}, ["threadId", "turnId"]],
    ["task.attempt.completed", { status: "completed" }, ["taskId", "runId"]],
    ["subagent.status", { agentId: "x" }, ["subagentId"]],
    ["evidence.changed", {}, ["evidenceId"]],
    ["session.updated", {}, []],
    ["queue.changed", {}, []],
  ])("ENV-12 %s without ids reports missing %j", (type, payload, missing) => {
    const events = push({
      type,
      eventId: "e",
      runtimeId: "rt",
      sessionId: "s",
      agentId: "x",
      taskId: type.startsWith("task.") ? undefined : "k",
      payload,
    });
    const diagnostics = events.filter((e) => (e.payload as { code?: string }).code === "missing_scope_id");
    if (missing.length === 0) {
      expect(diagnostics).toEqual([]);
      return;
    }
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      type: "diagnostic.changed",
      eventId: "e#missing_scope_id",
      sessionId: "s",
    });
    expect(diagnostics[0].payload).toEqual({
      code: "missing_scope_id",
      severity: "warning",
      message: `${type} is missing ${missing.join(", ")}; the link renders unknown`,
      summary: { missing },
    });
  });

  it("ENV-12 task.attempt.* needs the task and the run", () => {
    const events = push({
      type: "task.attempt.started",
      eventId: "e",
      runtimeId: "rt",
      sessionId: "s",
      payload: {},
    });
    expect(codes(events)).toEqual([
      "diagnostic.changed:unsupported_source_event",
      "diagnostic.changed:missing_scope_id",
    ]);
    expect((events[1].payload as { summary: unknown }).summary).toEqual({ missing: ["taskId", "runId"] });
  });

  it("ENV-12 the missing-id check reads the canonical class of an alias", () => {
    const events = push({
      type: "message.delta",
      eventId: "e",
      runtimeId: "rt",
      sessionId: "s",
      payload: { delta: "a" },
    });
    expect((events[1].payload as { message: string }).message).toBe(
      "message.delta is missing threadId, turnId; the link renders unknown",
    );
  });

  it("ENV-14 a foreign schema version is mapped and reported once, clipped", () => {
    const events = push({
      type: "turn.started",
      eventId: "e",
      schemaVersion: "lime-profile-0.3.0",
      ...IDS,
      payload: {},
    });
    expect(codes(events)).toEqual(["run.status", "diagnostic.changed:schema_mismatch"]);
    expect(events[1].eventId).toBe("e#schema_mismatch");
    expect(events[1].payload).toEqual({
      code: "schema_mismatch",
      severity: "info",
      message: "schemaVersion lime-profile-0.3.0 is not lime-profile-0.4.0; mapped as a core runtime event",
      summary: { schemaVersion: "lime-profile-0.3.0" },
    });
    const long = push({
      type: "turn.started",
      eventId: "e",
      schemaVersion: "v".repeat(60),
      ...IDS,
      payload: {},
    });
    const version = (long[1].payload as { summary: { schemaVersion: string } }).summary.schemaVersion;
    expect(version.length).toBeLessThan(60);
    expect(
      codes(
        push({
          type: "turn.started",
          eventId: "e",
          schemaVersion: "lime-profile-0.4.0",
          ...IDS,
          payload: {},
        }),
      ),
    ).toEqual(["run.status"]);
  });

  it("ENV-12 an unmappable record still reports its missing ids and version", () => {
    const events = push({
      type: "tool.args",
      eventId: "e",
      schemaVersion: "old",
      runtimeId: "rt",
      sessionId: "s",
      payload: {},
    });
    expect(codes(events)).toEqual([
      "diagnostic.changed:unsupported_source_event",
      "diagnostic.changed:missing_scope_id",
      "diagnostic.changed:schema_mismatch",
    ]);
  });
});

describe("lime read models without a type (HYD-09, EVID-11)", () => {
  it("HYD-09 the official thread read snapshot hydrates the session", () => {
    const record = fixture("thread-read-snapshot.json");
    const events = push(record, 0);
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]).toMatchObject({ type: "state.snapshot", phase: "hydrating" });
  });

  it("HYD-09 a SessionSnapshot is a hydrating snapshot plus a session marker keyed by its update time", () => {
    const events = push(
      {
        schemaVersion: "lime-profile-0.4.0",
        runtimeId: "rt",
        sessionId: "s",
        updatedAt: "2026-05-11T10:00:00Z",
        threads: [{ threadId: "t1" }],
        token: "abc",
      },
      4,
    );
    expect(events.map((e) => e.type)).toEqual(["state.snapshot", "session.hydrated"]);
    expect(events[0]).toMatchObject({
      eventId: "lime:snapshot:s:2026-05-11T10:00:00Z",
      sessionId: "s",
      threadId: "t1",
      timestamp: "2026-05-11T10:00:00Z",
      phase: "hydrating",
    });
    expect(events[0].source).toMatchObject({
      sourceType: "session_snapshot",
      schemaVersion: "lime-profile-0.4.0",
      index: 4,
    });
    expect((events[0].payload as { runtimeSession: { token: string } }).runtimeSession.token).toBe(
      "[redacted:token]",
    );
    expect(events[1]).toMatchObject({
      eventId: "lime:snapshot:s:2026-05-11T10:00:00Z#session.hydrated",
      threadId: "t1",
    });
    expect(events[1].payload).toEqual({ change: "snapshot", updatedAt: "2026-05-11T10:00:00Z" });
  });

  it("HYD-09 a snapshot of several threads names none; without update time or session the key uses the stream and index", () => {
    const events = limeAdapter
      .create({ streamId: "st" })
      .push({ tasks: [], threads: [{ threadId: "a" }, { threadId: "b" }] }, 2);
    expect(events[0].eventId).toBe("lime:snapshot:st:i2");
    expect(events[0].threadId).toBeUndefined();
    expect(events[0].timestamp).toBeUndefined();
    expect(events[1].payload).toEqual({ change: "snapshot" });
    expect(push({ tasks: [], threadId: "own", threads: [{ threadId: "x" }] })[0].threadId).toBe("own");
    expect(push({ threads: [] }, 0, {})[0].eventId).toBe("lime:snapshot:default:i0");
    expect(limeAdapter.create().push({ threads: [] })[0].eventId).toBe("lime:snapshot:default:i0");
  });

  it("HYD-09 a TaskSnapshot is a hydrating task snapshot", () => {
    const [event, ...rest] = push({
      taskId: "k",
      status: "running",
      updated_at: "u",
      sessionId: "s",
      schema_version: "v1",
    });
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      type: "state.snapshot",
      taskId: "k",
      sessionId: "s",
      timestamp: "u",
      phase: "hydrating",
    });
    expect(event.source).toMatchObject({ sourceType: "task_snapshot", schemaVersion: "v1" });
    expect(event.payload).toEqual({
      task: { taskId: "k", status: "running", updated_at: "u", sessionId: "s", schema_version: "v1" },
    });
  });

  it("EVID-11 the official benchmark trial pack lifts its correlation spine, never the dataset task id", () => {
    const record = fixture("benchmark-trial-pack.json");
    const [event] = push(record);
    expect(event).toMatchObject({ type: "state.snapshot", phase: "hydrating" });
    expect(event.source).toMatchObject({ sourceType: "benchmark_trial_pack" });
    expect(event.taskId).toBe(record.runtimeCorrelation.taskId);
    expect(event.sessionId).toBe(record.runtimeCorrelation.sessionId);
  });

  it("EVID-11 an evidence pack carries its refs on the envelope", () => {
    const [event] = push({
      runtime_correlation: { sessionId: "s", turnId: "u" },
      evidence_id: "ev",
      pack_ref: "pack://1",
      replay_ref: "replay://1",
      review_ref: "review://1",
      packRef: "pack://camel",
    });
    expect(event).toMatchObject({
      sessionId: "s",
      turnId: "u",
      evidenceId: "ev",
      evidencePackRef: "pack://camel",
      replayRef: "replay://1",
      reviewRef: "review://1",
    });
    expect(event.source).toMatchObject({ sourceType: "evidence_pack" });
    const [byRef] = push({ packRef: "p", evidencePackRef: "other" });
    expect(byRef.evidencePackRef).toBe("p");
    expect((byRef.payload as { evidencePack: unknown }).evidencePack).toEqual({
      packRef: "p",
      evidencePackRef: "other",
    });
    expect(push({ runtimeCorrelation: {}, evidencePackRef: "e" })[0].evidencePackRef).toBe("e");
  });

  it("HYD-09 a thread read model is a thread snapshot", () => {
    const [event] = push({ threadId: "t", status: "idle", sessionId: "s" });
    expect(event).toMatchObject({
      type: "state.snapshot",
      threadId: "t",
      sessionId: "s",
      phase: "hydrating",
    });
    expect(event.source).toMatchObject({ sourceType: "thread_read_model" });
    expect(event.payload).toEqual({ thread: { threadId: "t", status: "idle", sessionId: "s" } });
  });

  it.each([
    [{ threadId: "t" }],
    [{ status: "idle" }],
    [{ taskId: 1, status: "x" }],
    [{ taskId: "k" }],
    [{ type: 5, taskId: "k", status: "running" }],
    [{ foo: 1 }],
  ])("FALL-02 %j is no known read model", (record) => {
    const events = push(record, 5);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      code: "unsupported_source_event",
      message: "lime record #5: record has no type and is not a known read model",
    });
    expect(events[0].source).toMatchObject({ sourceType: "snapshot" });
  });
});

describe("lime team topology stamping (TEAM-16)", () => {
  const team = (records: Record<string, unknown>[]) => {
    const adapter = limeAdapter.create();
    return records.flatMap((r, i) => adapter.push({ eventId: `e${i}`, ...IDS, payload: {}, ...r }, i));
  };

  it.each([
    [{ topology: "review_team" }, "review_team"],
    [{ teamTopology: "parallel_workers" }, "parallel_workers"],
    [{ team_topology: "specialist_handoff" }, "specialist_handoff"],
    [{ payload: { topology: "review_team" } }, "review_team"],
    [{ payload: { teamTopology: "parallel_workers" } }, "parallel_workers"],
    [{ payload: { team_topology: "solo_run" } }, "solo_run"],
    [{ topology: "hive_mind" }, "unknown"],
  ])("TEAM-16 a stated topology %j is stamped as %s", (extra, topology) => {
    const [event] = team([{ type: "subagent.status", subagentId: "w", ...extra }]);
    expect(event.topology).toBe(topology);
  });

  it.each([
    [{ type: "task.delegated", taskId: "k", subagentId: "w" }],
    [{ type: "subagent.status", subagentId: "w", teamPhase: "fanout" }],
    [{ type: "subagent.status", subagentId: "w", payload: { team_phase: "fanin" } }],
    [{ type: "subagent.status", subagentId: "w", payload: { teamPhase: "wait" } }],
    [{ type: "subagent.spawned", subagentId: "w", parentSessionId: "ps" }],
    [{ type: "subagent.spawned", subagentId: "w", parentThreadId: "pt" }],
    [{ type: "subagent.spawned", subagentId: "w", parentTaskId: "pk" }],
    [{ type: "subagent.spawned", subagentId: "w", payload: { parent_agent_id: "lead" } }],
    [{ type: "subagent.spawned", subagentId: "w", payload: { parentSessionId: "ps" } }],
    [{ type: "subagent.spawned", subagentId: "w", payload: { parentThreadId: "pt" } }],
  ])("TEAM-16 %j implies a coordinator team", (record) => {
    expect(team([record])[0].topology).toBe("coordinator_team");
  });

  it.each([
    [{ type: "subagent.status", subagentId: "w", parentSessionId: "ps" }],
    [{ type: "subagent.spawned", subagentId: "w" }],
    [{ type: "subagent.spawned", subagentId: "w", payload: { parentTask: "x" } }],
  ])("TEAM-16 %j implies no team", (record) => {
    expect(team([record])[0].topology).toBeUndefined();
  });

  it("TEAM-16 a stated topology is remembered per session for later implied team facts", () => {
    const events = team([
      { type: "subagent.status", subagentId: "w", topology: "review_team" },
      { type: "subagent.spawned", subagentId: "w2", parentSessionId: "ps" },
      { type: "subagent.spawned", subagentId: "w3", parentSessionId: "ps", sessionId: "other" },
    ]);
    expect(events.map((e) => e.topology)).toEqual(["review_team", "review_team", "coordinator_team"]);
  });

  it("TEAM-16 only team classes are stamped, and a builder's own topology wins", () => {
    const events = team([
      { type: "task.delegated", taskId: "k", subagentId: "w", payload: { handoff: { to: "w" } } },
    ]);
    expect(events.map((e) => [e.type, e.topology])).toEqual([
      ["task.changed", "coordinator_team"],
      ["agent.spawned", "coordinator_team"],
      ["agent.handoff", "coordinator_team"],
    ]);
    const stated = team([{ type: "run.status", topology: "review_team", payload: { status: "running" } }]);
    expect(stated[0].topology).toBeUndefined();
    const channel = team([{ type: "channel.connected", channelId: "c", topology: "review_team" }]);
    expect(channel[0].topology).toBe("remote_teammate");
  });
});

describe("lime record handling: positions, spellings and hostile records", () => {
  it("ORD-01 a degraded-fact diagnostic never takes the record's stream position", () => {
    const events = push({
      type: "tool.progress",
      eventId: "e",
      sequence: 3,
      runtimeId: "rt",
      sessionId: "s",
      payload: {},
    });
    expect(codes(events)).toEqual(["tool.progress", "diagnostic.changed:missing_scope_id"]);
    expect(events[0].sequence).toBe(3);
    expect(events[1].sequence).toBeUndefined();
    expect(events[1].source).toMatchObject({ sequence: 3 });
  });

  it("ENV-09 a record whose field throws on read is reported with its index, never a crash", () => {
    const payload = {};
    Object.defineProperty(payload, "status", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    const events = push({ type: "run.status", eventId: "e", ...IDS, payload }, 4);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      code: "unsupported_source_event",
      message: "lime record #4: adapter error: boom",
    });
    expect(events[0].source).toMatchObject({ index: 4 });
  });

  it("STAT-08 native_status and status_reason in snake_case", () => {
    const [event] = push({
      type: "run.status",
      eventId: "e",
      ...IDS,
      native_status: "RUN",
      status_reason: "warming up",
      payload: { status: "running" },
    });
    expect(event.payload).toEqual({ status: "preparing", reason: "warming up", nativeStatus: "RUN" });
  });

  it("HYD-09 a snapshot's single thread may spell thread_id; both events are session snapshots", () => {
    const events = push({ sessionId: "s", threads: [{ thread_id: "t1" }] });
    expect(events.map((e) => e.threadId)).toEqual(["t1", "t1"]);
    expect(events.map((e) => e.source?.sourceType)).toEqual(["session_snapshot", "session_snapshot"]);
  });

  it("HYD-09 a snapshot of tasks alone names no thread", () => {
    expect(push({ sessionId: "s", tasks: [] })[0].threadId).toBeUndefined();
  });

  it("EVID-11 an evidence pack's refs in either spelling", () => {
    const [event] = push({
      runtimeCorrelation: { sessionId: "s" },
      evidenceId: "ev-c",
      pack_ref: "pack://snake",
      replayRef: "replay://c",
      reviewRef: "review://c",
    });
    expect(event).toMatchObject({
      evidenceId: "ev-c",
      evidencePackRef: "pack://snake",
      replayRef: "replay://c",
      reviewRef: "review://c",
    });
  });

  it("TEAM-16 a subagent spawned under a parent agent named in camelCase implies a coordinator team", () => {
    const [event] = push({
      type: "subagent.spawned",
      eventId: "e",
      ...IDS,
      subagentId: "w",
      payload: { parentAgentId: "lead" },
    });
    expect(event.topology).toBe("coordinator_team");
  });
});
