import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { LIME_IDS, limeReader } from "./lime-support";

// Subagents, remote channels, worker results and handoffs of the Lime profile (TEAM-*): one runtime
// record in, the exact agent / worker / handoff events out.

const IDS = LIME_IDS;

const { adapt, first } = limeReader(IDS);

const types = (events: AgentUiEvent[]) =>
  events.filter((e) => (e.payload as { code?: string }).code !== "missing_scope_id").map((e) => e.type);

describe("lime subagents (TEAM-01, TEAM-02, TEAM-18)", () => {
  it("TEAM-02 subagent.spawned keeps lineage, roster fields and the spawn reason", () => {
    const [event] = adapt(
      "subagent.spawned",
      {
        agentName: "researcher",
        role: "worker",
        model: "m-1",
        teamName: "alpha",
        parentAgentId: "lead",
        spawnReason: "parallel search",
        waitingOn: ["w2", 3],
      },
      { subagentId: "w1", parentSessionId: "ps", parentThreadId: "pt" },
    );
    expect(event).toMatchObject({
      type: "agent.spawned",
      agentId: "w1",
      subagentId: "w1",
      parentSessionId: "ps",
      parentThreadId: "pt",
      runtimeEntity: "subagent_turn",
      phase: "acting",
    });
    expect(event.payload).toEqual({
      agentName: "researcher",
      role: "worker",
      status: "spawning",
      model: "m-1",
      teamName: "alpha",
      parentAgentId: "lead",
      spawnReason: "parallel search",
      waitingOn: ["w2"],
    });
  });

  it.each([
    [
      { agent_name: "a", team_name: "t", parent_agent_id: "p", spawn_reason: "r", waiting_on: ["x"] },
      {
        agentName: "a",
        teamName: "t",
        parentAgentId: "p",
        spawnReason: "r",
        waitingOn: ["x"],
      },
    ],
    [
      { name: "n", reason: "why" },
      { agentName: "n", spawnReason: "why" },
    ],
    [{ parent_session_id: "ps2", parent_thread_id: "pt2" }, {}],
  ])("TEAM-01 subagent.status reads %j", (payload, expected) => {
    expect(first("subagent.status", payload, { subagentId: "w1" }).payload).toEqual(expected);
  });

  it("TEAM-02 the parent ids may come from the payload; the envelope's win", () => {
    expect(
      first("subagent.status", { parentSessionId: "ps", parentThreadId: "pt" }, { subagentId: "w1" }),
    ).toMatchObject({
      parentSessionId: "ps",
      parentThreadId: "pt",
    });
    expect(
      first("subagent.status", { parent_session_id: "p1" }, { subagentId: "w1", parentSessionId: "env" })
        .parentSessionId,
    ).toBe("env");
  });

  it.each([
    ["subagent.spawned", {}, "spawning", "acting"],
    ["subagent.started", {}, "spawning", "acting"],
    ["subagent.completed", {}, "completed", "completed"],
    ["subagent.failed", { reason: "crashed" }, "failed", "failed"],
    ["subagent.closed", {}, "closed", undefined],
    ["subagent.status", { status: "running" }, "running", "acting"],
    ["subagent.status", {}, undefined, undefined],
    ["subagent.completed", { state: "cancelled" }, "cancelled", "cancelled"],
  ])("TEAM-13 %s %j has status %s", (type, payload, status, phase) => {
    const [event] = adapt(type, payload, { subagentId: "w1" });
    expect(event.phase).toBe(phase);
    expect((event.payload as { status?: string }).status).toBe(status);
  });

  it("TEAM-13 a failed subagent carries its error; other classes do not", () => {
    expect(
      (first("subagent.failed", { reason: "oom" }, { subagentId: "w" }).payload as { error: string }).error,
    ).toBe("oom");
    expect(
      (first("subagent.closed", { reason: "done" }, { subagentId: "w" }).payload as { error?: string }).error,
    ).toBeUndefined();
  });

  it("TEAM-09 subagent.input shows the pending input preview, cut at 500", () => {
    expect(
      (first("subagent.input", { input: "go on" }, { subagentId: "w" }).payload as { pendingInput: unknown })
        .pendingInput,
    ).toEqual({
      preview: "go on",
    });
    expect(
      (first("subagent.input", { text: "t" }, { subagentId: "w" }).payload as { pendingInput: unknown })
        .pendingInput,
    ).toEqual({
      preview: "t",
    });
    expect(
      (
        first("subagent.input", { message: "m".repeat(600) }, { subagentId: "w" }).payload as {
          pendingInput: unknown;
        }
      ).pendingInput,
    ).toEqual({
      preview: `${"m".repeat(500)}…`,
    });
    expect(
      (first("subagent.input", {}, { subagentId: "w" }).payload as { pendingInput: unknown }).pendingInput,
    ).toEqual({});
    expect(
      (first("subagent.status", { input: "x" }, { subagentId: "w" }).payload as { pendingInput?: unknown })
        .pendingInput,
    ).toBeUndefined();
  });

  it("TEAM-18 the agent id is the stated agent id first, then the subagent id; none is reported", () => {
    expect(first("subagent.status", {}, { agentId: "a1", subagentId: "w1" })).toMatchObject({
      agentId: "a1",
      subagentId: "w1",
    });
    expect(
      first("subagent.spawned", {}, { runtimeEntity: "agent_turn", subagentId: "w" }).runtimeEntity,
    ).toBe("agent_turn");
    const events = adapt("subagent.spawned", { agentName: "x" });
    expect(events[0].payload).toMatchObject({ code: "unsupported_source_event" });
  });
});

describe("lime worker results (TEAM-04, TEAM-06)", () => {
  it("TEAM-06 subagent.completed with a summary is also a worker notification", () => {
    const events = adapt(
      "subagent.completed",
      { summary: "found 3 files", result_ref: "res://1" },
      { subagentId: "w1" },
    );
    expect(types(events)).toEqual(["agent.completed", "worker.notification"]);
    expect(events[0].payload).toEqual({ status: "completed", summary: "found 3 files" });
    expect(events[1]).toMatchObject({
      agentId: "w1",
      subagentId: "w1",
      workerNotificationId: "e1",
      eventId: "e1#worker.notification",
    });
    expect(events[1].payload).toEqual({
      status: "completed",
      summary: "found 3 files",
      resultRef: "res://1",
    });
  });

  it.each([
    [{ resultSummary: "rs" }, { status: "completed", summary: "rs" }],
    [{ output: "o" }, { status: "completed", summary: "o" }],
    [
      { text: "t", state: "partial" },
      { status: "partial", summary: "t" },
    ],
    [{ resultRef: "r1" }, { status: "completed", resultRef: "r1" }],
    [{ transcriptRef: "tr" }, { status: "completed", resultRef: "tr" }],
    [{ outputRef: "or" }, { status: "completed", resultRef: "or" }],
    [{ summary: "s".repeat(600) }, { status: "completed", summary: `${"s".repeat(500)}…` }],
  ])("TEAM-06 subagent.completed %j notifies %j", (payload, expected) => {
    const events = adapt("subagent.completed", payload, { subagentId: "w1" });
    expect(events[1].type).toBe("worker.notification");
    expect(events[1].payload).toEqual(expected);
  });

  it("TEAM-06 a completion with nothing to report is no notification", () => {
    expect(types(adapt("subagent.completed", {}, { subagentId: "w1" }))).toEqual(["agent.completed"]);
  });

  it("TEAM-04 subagent.output and worker.completed report through the worker lane", () => {
    const [out] = adapt("subagent.output", { text: "partial result" }, { subagentId: "w1" });
    expect(out).toMatchObject({ type: "worker.notification", agentId: "w1" });
    expect(out.payload).toEqual({ summary: "partial result" });
    const events = adapt("worker.completed", { summary: "done" }, { agentId: "w2" });
    expect(types(events)).toEqual(["agent.completed", "worker.notification"]);
    expect(events[1].payload).toEqual({ summary: "done" });
    expect(types(adapt("subagent.output", { text: "x" }))).toEqual(["diagnostic.changed"]);
  });

  it("TEAM-04 a channel.message of kind worker_notification is the teammate reporting back", () => {
    const events = adapt(
      "channel.message",
      { kind: "worker_notification", summary: "tests pass", task_id: "k1" },
      { subagentId: "w1", channelId: "ch" },
    );
    expect(types(events)).toEqual(["worker.notification"]);
    expect(events[0]).toMatchObject({ agentId: "w1", taskId: "k1", workerNotificationId: "e1" });
    expect(events[0].payload).toEqual({ summary: "tests pass" });
    const envTask = adapt(
      "channel.message",
      { kind: "worker_notification", summary: "s" },
      { subagentId: "w1", taskId: "k2" },
    );
    expect(envTask[0].taskId).toBe("k2");
    const noTask = adapt(
      "channel.message",
      { kind: "worker_notification", summary: "s" },
      { subagentId: "w1" },
    );
    expect(noTask[0].taskId).toBeUndefined();
  });

  it("FALL-02 a worker notice naming no teammate or nothing to report is reported", () => {
    const events = adapt("channel.message", { kind: "worker_notification" }, { subagentId: "w1" });
    expect(events[0].payload).toMatchObject({ code: "unsupported_source_event" });
  });
});

describe("lime remote channels (TEAM-11, REM-02)", () => {
  it("TEAM-11 a channel is a remote teammate with its peer, card, task and connectivity", () => {
    const [event] = adapt(
      "channel.connected",
      { peerName: "ops-bot", cardRef: "card://ops", status: "ignored" },
      { channelId: "ch-1", remoteTaskId: "rt-9" },
    );
    expect(event).toMatchObject({
      type: "agent.changed",
      agentId: "ch-1",
      runtimeEntity: "external_task",
      surface: "remote_teammate",
      topology: "remote_teammate",
      remoteTaskId: "rt-9",
    });
    expect(event.payload).toEqual({
      agentName: "ops-bot",
      remote: { remoteTaskId: "rt-9", cardRef: "card://ops", status: "connected", channelId: "ch-1" },
    });
  });

  it.each([
    [
      "channel.disconnected",
      { peer: "p" },
      { agentName: "p", remote: { status: "disconnected", channelId: "c" } },
    ],
    [
      "channel.resumed",
      { agentName: "a", agentCardRef: "card" },
      { agentName: "a", remote: { cardRef: "card", status: "resumed", channelId: "c" } },
    ],
    [
      "channel.message",
      { name: "n", text: "hello", peerTaskId: "pt" },
      {
        agentName: "n",
        summary: "hello",
        remote: { remoteTaskId: "pt", channelId: "c" },
      },
    ],
    [
      "channel.message",
      { message: "m", remoteTaskId: "r", state: "working" },
      {
        summary: "m",
        remote: { remoteTaskId: "r", status: "working", channelId: "c" },
      },
    ],
    ["channel.connected", { summary: "not on connect" }, { remote: { status: "connected", channelId: "c" } }],
  ])("TEAM-11 %s %j", (type, payload, expected) => {
    expect(first(type, payload, { channelId: "c" }).payload).toEqual(expected);
  });

  it.each([
    [{ agentId: "a" }, { agentId: "b", channelId: "c" }, "b"],
    [{ peerAgentId: "pa" }, { channelId: "c" }, "pa"],
    [{ subagentId: "ps" }, { channelId: "c" }, "ps"],
    [{}, { subagentId: "w", channelId: "c" }, "w"],
  ])("TEAM-11 the remote teammate's id from %j / %j is %s", (payload, extra, agentId) => {
    expect(first("channel.resumed", payload, extra).agentId).toBe(agentId);
  });

  it.each([
    [{ contextId: "x" }, {}],
    [{ context_id: "x" }, {}],
    [{}, { contextId: "x" }],
    [{}, { context_id: "x" }],
  ])(
    "REM-01 §E-4 a channel keeps the peer's context id from its payload %j or its record %j",
    (payload, extra) => {
      expect(first("channel.resumed", payload, { channelId: "c", ...extra }).payload).toEqual({
        remote: { contextId: "x", status: "resumed", channelId: "c" },
      });
    },
  );

  it("FALL-02 a channel fact naming no teammate is reported", () => {
    expect(adapt("channel.connected", {})[0].payload).toMatchObject({ code: "unsupported_source_event" });
  });

  it("TEAM-11 channel.peer_task.* is the peer's task as an external task", () => {
    const events = adapt(
      "channel.peer_task.linked",
      { title: "Remote build", status: "working" },
      { channelId: "c", remoteTaskId: "r1" },
    );
    expect(types(events)).toEqual(["agent.changed", "task.changed"]);
    expect(events[1]).toMatchObject({ taskId: "r1", runtimeEntity: "external_task" });
    expect(events[1].payload).toEqual({ status: "working", title: "Remote build" });
    expect(adapt("channel.peer_task.updated", { peerTaskId: "p2" }, { channelId: "c" })[1].taskId).toBe("p2");
    expect(adapt("channel.peer_task.updated", { remoteTaskId: "p3" }, { channelId: "c" })[1].taskId).toBe(
      "p3",
    );
    expect(
      adapt("channel.peer_task.updated", {}, { channelId: "c", taskId: "own", remoteTaskId: "r" })[1].taskId,
    ).toBe("own");
    expect(types(adapt("channel.peer_task.updated", {}, { channelId: "c" }))).toEqual(["agent.changed"]);
  });
});

describe("lime handoffs (TEAM-07)", () => {
  it.each([
    [
      "handoff.requested",
      { from: "a", to: "b", reason: "needs SQL", resumeTarget: "step-3", handoffId: "h1" },
      {
        from: "a",
        to: "b",
        reason: "needs SQL",
        resumeTarget: "step-3",
        status: "handoff_requested",
      },
    ],
    [
      "handoff.completed",
      { fromAgentId: "a", toAgentId: "b", handoff_id: "h1" },
      { from: "a", to: "b", status: "returned" },
    ],
    [
      "handoff.completed",
      { from_agent_id: "a", to_agent_id: "b", resume_target: "r", status: "accepted", handoffId: "h1" },
      {
        from: "a",
        to: "b",
        resumeTarget: "r",
        status: "accepted",
      },
    ],
  ])("TEAM-07 %s %j", (type, payload, expected) => {
    const [event] = adapt(type, payload, { subagentId: "w1" });
    expect(event).toMatchObject({ type: "agent.handoff", handoffId: "h1", agentId: "w1" });
    expect(event.payload).toEqual(expected);
  });

  it("TEAM-07 the envelope's handoff id wins; without one there is none", () => {
    expect(first("handoff.requested", { handoffId: "p" }, { handoffId: "env" }).handoffId).toBe("env");
    expect(first("handoff.requested", {}).handoffId).toBeUndefined();
  });

  it("TEAM-07 task.delegated with payload.handoff is also an agent.handoff", () => {
    const events = adapt(
      "task.delegated",
      {
        delegatedTo: "w2",
        handoff: {
          id: "h9",
          from: "lead",
          to: "w2",
          reason: "r".repeat(400),
          resume_target: "t",
          state: "accepted",
        },
      },
      { taskId: "k", subagentId: "w2" },
    );
    expect(types(events)).toEqual(["task.changed", "agent.spawned", "agent.handoff"]);
    expect(events[2]).toMatchObject({ handoffId: "h9", agentId: "w2" });
    expect(events[2].payload).toEqual({
      from: "lead",
      to: "w2",
      reason: `${"r".repeat(300)}…`,
      resumeTarget: "t",
      status: "accepted",
    });
    const plain = adapt(
      "task.delegated",
      { handoff: { handoffId: "h1" } },
      { taskId: "k", subagentId: "w2" },
    );
    expect(plain[2]).toMatchObject({ handoffId: "h1" });
    expect(plain[2].payload).toEqual({ status: "handoff_requested" });
    expect(
      adapt(
        "task.delegated",
        { handoff: { handoff_id: "h2", status: "done" } },
        { taskId: "k", subagentId: "w" },
      )[2],
    ).toMatchObject({
      handoffId: "h2",
      payload: { status: "done" },
    });
    expect(types(adapt("task.delegated", {}, { taskId: "k", subagentId: "w2" }))).toEqual([
      "task.changed",
      "agent.spawned",
    ]);
  });
});

describe("lime team fields read from the payload (TEAM-04, TEAM-06, TEAM-11)", () => {
  it("TEAM-06 a worker notice names its task by taskId in the payload", () => {
    const [event] = adapt(
      "channel.message",
      { kind: "worker_notification", summary: "s", taskId: "k3" },
      { subagentId: "w" },
    );
    expect(event).toMatchObject({ type: "worker.notification", taskId: "k3" });
  });

  it("FALL-02 a worker notice with a task but nothing to report is still reported, not an empty notification", () => {
    const events = adapt(
      "channel.message",
      { kind: "worker_notification", taskId: "k" },
      { subagentId: "w1" },
    );
    expect(events.map((e) => e.type)).toEqual(["diagnostic.changed"]);
    expect(events[0].payload).toMatchObject({ code: "unsupported_source_event" });
  });

  it("TEAM-04 an ordinary channel message from a teammate is the remote teammate's message, never a worker result", () => {
    const events = adapt("channel.message", { text: "hello" }, { subagentId: "w1", channelId: "c" });
    expect(types(events)).toEqual(["agent.changed"]);
    expect((events[0].payload as { summary: string }).summary).toBe("hello");
  });

  it("TEAM-11 a channel message's summary may be named summary; the agent id may be named agentId", () => {
    expect(
      (first("channel.message", { summary: "sum" }, { channelId: "c" }).payload as { summary: string })
        .summary,
    ).toBe("sum");
    expect(first("channel.resumed", { agentId: "pa" }, { channelId: "c" }).agentId).toBe("pa");
  });

  it("TEAM-06 a subagent's resultSummary is its summary", () => {
    const events = adapt("subagent.completed", { resultSummary: "rs" }, { subagentId: "w1" });
    expect(events[0].payload).toEqual({ status: "completed", summary: "rs" });
  });
});
