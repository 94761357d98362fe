// Background tasks of the Claude Agent SDK (`task_*` system messages and the CLI's task list): which kind
// of runtime entity a task is, and which task messages announce a subagent (TEAM-06, TEAM-12, TEAM-18).
import { describe, expect, it } from "vitest";
import { of, pushEach as adapt, sessionRecords } from "./claude-support";

const S = "sess-t";
const { sys } = sessionRecords(S);

describe("claude-agent-sdk background task kinds", () => {
  it("TEAM-12 a task listed without its kind takes the kind a later task message states", () => {
    const events = adapt([
      sys("background_tasks_changed", { tasks: [{ task_id: "b1", description: "npm run dev" }] }),
      sys("task_updated", { task_id: "b1", task_type: "local_bash", status: "running" }),
      sys("task_updated", { task_id: "b1", status: "completed" }),
    ]);
    expect(of(events, "task.changed").map((e) => [e.taskId, e.runtimeEntity, e.payload?.status])).toEqual([
      ["b1", "subagent_turn", "running"],
      ["b1", "automation_job", "running"],
      ["b1", "automation_job", "completed"],
    ]);
  });
});

describe("claude-agent-sdk subagents announced by tasks", () => {
  it("TEAM-18 a task_started without a tool call id announces no subagent", () => {
    const events = adapt([
      sys("task_started", { task_id: "t1", task_type: "local_agent", description: "Audit" }),
    ]);
    expect(of(events, "agent.spawned")).toEqual([]);
    expect(of(events, "task.changed").map((e) => [e.taskId, e.agentId, e.runtimeEntity, e.payload])).toEqual([
      ["t1", undefined, "subagent_turn", { status: "running", title: "Audit" }],
    ]);
  });

  it("TEAM-18 only task_started announces a subagent: a notification of a task never started names no agent", () => {
    const events = adapt([
      sys("task_progress", {
        task_id: "t1",
        tool_use_id: "toolu_z",
        task_type: "local_agent",
        summary: "Half",
      }),
      sys("task_notification", {
        task_id: "t1",
        tool_use_id: "toolu_z",
        task_type: "local_agent",
        status: "completed",
        summary: "Done",
      }),
    ]);
    expect(events.filter((e) => e.type.startsWith("agent."))).toEqual([]);
    expect(events.map((e) => [e.type, e.taskId, e.toolCallId, e.agentId])).toEqual([
      ["task.changed", "t1", "toolu_z", undefined],
      ["task.changed", "t1", "toolu_z", undefined],
      ["worker.notification", "t1", "toolu_z", undefined],
    ]);
  });
});
