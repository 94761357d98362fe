// A message the source's authoritative list drops (AG-UI `removedMessageIds`, TEXT-06) leaves no trace a
// later fact could write into: its lane, its turn, its tool places, its cards and its author's transcript
// forget it, and later facts land where they would without it. Also: which facts a delegated task's worker
// owns (TASK-02), and status words the capsule and the roster take as they are (TASK-03, TEAM-03).
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const removed = (ids: unknown[]) => ({ payload: { messages: [], removedMessageIds: ids } });
const parts = (state: State) => state.messages.map((m) => [m.id, m.parts.map((p) => p.kind)]);

describe("a removed message is forgotten everywhere (TEXT-06)", () => {
  it("TEXT-06 text after its lane's message was removed starts a new message", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "old" } }),
      e("messages.snapshot", removed(["t1:assistant", "never-held"])),
      e("text.delta", { payload: { delta: "new" } }),
    ]);
    expect(state.messages.map((m) => [m.id, m.parts.map((p) => p.text)])).toEqual([
      ["t1:assistant", ["new"]],
    ]);
    // An id the projection never held is nothing to remove, not a failure.
    expect(state.diagnostics).toEqual([]);
  });

  it("TOOL-01 removing one message leaves another message's tool part following its tool", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { messageId: "m1", toolCallId: "c1", payload: { toolName: "grep" } }),
      e("tool.started", { messageId: "m2", toolCallId: "c2", payload: { toolName: "ls" } }),
      e("messages.snapshot", removed(["m1"])),
      e("tool.result", { toolCallId: "c2", payload: { output: "done" } }),
    ]);
    expect(state.messages.map((m) => [m.id, m.parts.map((p) => [p.id, p.status])])).toEqual([
      ["m2", [["tool:c2", "done"]]],
    ]);
  });

  it("STAT-03 a tool whose message was removed still runs in its turn: its result ends tool_running", () => {
    const e = stream({ turnId: "t1", runId: "r1" });
    const start = [
      e("run.started", { payload: { input: "q" } }),
      e("tool.started", { messageId: "m1", toolCallId: "c1", payload: { toolName: "shell" } }),
      e("messages.snapshot", removed(["m1"])),
    ];
    expect(projectEvents(start).runtime.status).toBe("tool_running");
    const state = projectEvents([
      ...start,
      e("tool.result", { toolCallId: "c1", payload: { output: "done" } }),
    ]);
    expect(state.tools.c1.status).toBe("output-available");
    expect(state.runtime.status).toBe("streaming");
    expect(state.messages.map((m) => m.id)).toEqual(["t1:user"]);
  });

  it.each([
    ["after it ended", ["result", "remove"]],
    ["while it ran", ["remove", "result"]],
  ])(
    "TOOL-01 / TOOL-07 / STAT-03 a tool retried after its message was removed (%s) runs in its turn and ends with the run",
    (_, order) => {
      const e = stream({ turnId: "t1", runId: "r1" });
      const steps = {
        result: () => e("tool.result", { toolCallId: "c1", payload: { output: "done" } }),
        remove: () => e("messages.snapshot", removed(["m1"])),
      };
      const retried = [
        e("run.started", { payload: { input: "q" } }),
        e("tool.started", { messageId: "m1", toolCallId: "c1", payload: { toolName: "shell" } }),
        ...order.map((step) => steps[step as keyof typeof steps]()),
        e("tool.started", { toolCallId: "c1", payload: { toolName: "shell" } }),
      ];
      const running = projectEvents(retried);
      expect([running.tools.c1.status, running.runtime.status]).toEqual(["running", "tool_running"]);
      const ended = projectEvents([...retried, e("run.finished", { payload: {} })]);
      expect(ended.tools.c1.attempts.map((a) => a.status)).toEqual(["output-available", "unknown"]);
      expect(ended.diagnostics.map((d) => d.code)).toEqual(["tool_unclosed_at_turn_end"]);
    },
  );

  it("ART-04 a snapshot's card for an artifact whose card was removed is the one later facts update", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("artifact.created", { messageId: "m1", artifactId: "a1", payload: { title: "Doc" } }),
      e("messages.snapshot", {
        payload: {
          messages: [{ id: "m2", parts: [{ id: "artifact:a1", kind: "artifact_ref", artifactId: "a1" }] }],
          removedMessageIds: ["m1"],
        },
      }),
      e("artifact.updated", { artifactId: "a1", artifactStatus: "ready" }),
    ]);
    expect(state.messages.map((m) => [m.id, m.parts.map((p) => [p.kind, p.data?.status])])).toEqual([
      ["m2", [["artifact_ref", "ready"]]],
    ]);
  });

  it("STAT-07 a run failure marks the turn's remaining answer, not a removed one, nor another turn's", () => {
    const e = stream();
    const state = projectEvents([
      e("text.delta", { turnId: "t1", messageId: "m1", payload: { delta: "kept" } }),
      e("text.delta", { turnId: "t1", messageId: "m2", payload: { delta: "dropped" } }),
      e("text.delta", { turnId: "t2", messageId: "m3", payload: { delta: "other" } }),
      e("messages.snapshot", removed(["m2"])),
      e("run.failed", { turnId: "t1", payload: { message: "boom" } }),
      e("run.failed", { turnId: "t2", payload: { message: "boom" } }),
    ]);
    expect(parts(state)).toEqual([
      ["m1", ["assistant_text", "error"]],
      ["m3", ["assistant_text", "error"]],
    ]);
  });

  it("PERF-08 usage of a turn whose only answer was removed waits for the next answer", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "dropped" } }),
      e("messages.snapshot", removed(["m1"])),
      e("metric.changed", { metricName: "tokens", payload: { value: 5 } }),
      e("text.delta", { messageId: "m2", payload: { delta: "answer" } }),
    ]);
    expect(state.messages.map((m) => [m.id, m.usage])).toEqual([["m2", { tokens: 5 }]]);
  });

  it("TEAM-09 a removed message leaves its author's transcript; an unknown author's removal is harmless", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.changed", { agentId: "w1", parentThreadId: "th", payload: {} }),
      e("text.delta", { agentId: "w1", messageId: "w1a", payload: { delta: "a" } }),
      e("text.delta", { agentId: "w1", messageId: "w1b", payload: { delta: "b" } }),
      e("text.delta", { agentId: "ghost", messageId: "g1", payload: { delta: "g" } }),
      e("messages.snapshot", removed(["w1a", "g1"])),
    ]);
    expect(state.agents.w1.transcript).toEqual(["w1b"]);
    expect(state.messages.map((m) => m.id)).toEqual(["w1b"]);
    expect(state.diagnostics).toEqual([]);
  });

  it("TEXT-06 text the source streams again under a removed message's id shows in a new message", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "old" } }),
      e("messages.snapshot", removed(["m1"])),
      e("text.delta", { messageId: "m1", payload: { delta: "new" } }),
    ]);
    expect(state.messages.map((m) => [m.id, m.parts.map((p) => p.text)])).toEqual([["m1", ["new"]]]);
  });

  it("TEXT-06 another lane keeps its message: its next text continues it", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "kept " } }),
      e("text.delta", { agentId: "w1", messageId: "w1a", payload: { delta: "dropped" } }),
      e("messages.snapshot", removed(["w1a"])),
      e("text.delta", { payload: { delta: "and continued" } }),
    ]);
    expect(state.messages.map((m) => [m.id, m.parts.map((p) => p.text)])).toEqual([
      ["t1:assistant", ["kept and continued"]],
    ]);
  });

  it("EVID-08 evidence naming the tool of a removed message is cited in its turn's answer", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("tool.started", { messageId: "m1", toolCallId: "c1", payload: { toolName: "grep" } }),
      e("messages.snapshot", removed(["m1"])),
      e("evidence.changed", { evidenceId: "ev1", toolCallId: "c1", payload: { status: "exported" } }),
    ]);
    expect(parts(state)).toEqual([["t1:assistant", ["evidence_ref"]]]);
  });

  it("ART-04 another message's card still shows its artifact's later facts", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("artifact.created", { messageId: "m1", artifactId: "a1", payload: { title: "One" } }),
      e("artifact.created", { messageId: "m2", artifactId: "a2", payload: { title: "Two" } }),
      e("messages.snapshot", removed(["m1"])),
      e("artifact.updated", { artifactId: "a2", artifactStatus: "ready" }),
    ]);
    expect(state.messages.map((m) => [m.id, m.parts.map((p) => [p.kind, p.data?.status])])).toEqual([
      ["m2", [["artifact_ref", "ready"]]],
    ]);
  });

  it("PROC-01 a generated part id skips an id a fact already gave a part", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("reasoning.delta", { partId: "m1:text:1", payload: { delta: "hm" } }),
      e("text.delta", { payload: { delta: "Answer." } }),
    ]);
    expect(state.messages[0].parts.map((p) => [p.id, p.kind, p.text])).toEqual([
      ["m1:text:1", "reasoning_summary", "hm"],
      ["m1:text:2", "assistant_text", "Answer."],
    ]);
  });

  it("TEXT-04 a discarded part's id names a new part when the source streams it again", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { partId: "p1", payload: { delta: "wrong" } }),
      e("text.final", { partId: "p1", payload: { text: "", discarded: true } }),
      e("text.delta", { partId: "p1", payload: { delta: "right" } }),
    ]);
    expect(state.messages.map((m) => [m.id, m.parts.map((p) => [p.id, p.text])])).toEqual([
      ["m1", [["p1", "right"]]],
    ]);
  });
});

describe("facts a delegated task's worker owns (TASK-02, TEAM-05)", () => {
  const routed = (fact: AgentUiEvent) => {
    const e = stream({ turnId: "t1" }, "s0");
    return projectEvents([
      e("text.delta", { messageId: "m1", payload: { delta: "Plan." } }),
      e("agent.changed", { agentId: "w1", parentThreadId: "th", payload: {} }),
      e("task.changed", { taskId: "k1", agentId: "w1", payload: { status: "running" } }),
      fact,
    ]);
  };
  const lanes = (state: State) =>
    state.messages.map((m) => [m.agentId ?? "coordinator", m.parts.map((p) => p.kind)]);

  it("TASK-02 reasoning naming only a worker's task goes to that worker's lane", () => {
    const state = routed({
      type: "reasoning.delta",
      eventId: "r",
      turnId: "t1",
      taskId: "k1",
      payload: { delta: "Thinking." },
    } as AgentUiEvent);
    expect(lanes(state).at(-1)?.[0]).toBe("w1");
  });

  it("TASK-02 a coordinator's tool call naming the worker's task stays in the coordinator's message", () => {
    const state = routed({
      type: "tool.started",
      eventId: "t",
      turnId: "t1",
      taskId: "k1",
      toolCallId: "c1",
      payload: { toolName: "shell" },
    } as AgentUiEvent);
    expect(lanes(state).filter(([, kinds]) => kinds.includes("tool_call"))).toEqual([
      ["coordinator", expect.arrayContaining(["tool_call"])],
    ]);
  });
});

describe("status words taken as they are (TASK-03, TEAM-03)", () => {
  it.each([["steering"], ["plan_ready"], ["needs_input"], ["permission_required"]])(
    "TASK-03 a task status %s that is a capsule state is that state",
    (status) => {
      const e = stream({ turnId: "t1" });
      const state = projectEvents([e("task.changed", { taskId: "k1", payload: { status } })]);
      expect(state.tasks.k1.status).toBe(status);
      expect(state.diagnostics).toEqual([]);
    },
  );

  it("STAT-03 a run status that is not a word is not known, whatever it spells", () => {
    const e = stream({ turnId: "t1", runId: "r1" });
    const state = projectEvents([
      e("run.started", { payload: { input: "q" } }),
      e("run.status", { payload: { status: ["aborted"] } }),
    ]);
    expect(state.runtime.status).not.toBe("cancelled");
    expect(state.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["unknown_taxonomy_value", "run.status has no known status"],
    ]);
  });

  it("TEAM-03 a teammate status that is not a word is not known, whatever it spells", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.changed", { agentId: "w1", parentThreadId: "th", payload: { status: "running" } }),
      e("agent.changed", { agentId: "w1", payload: { status: ["active"] } }),
    ]);
    expect(state.agents.w1.status).toBe("running");
    expect(state.diagnostics.map((d) => d.message)).toEqual(['teammate status "active" is not known']);
  });
});
