// Subagent lineage and the ids every event of the Claude Agent SDK adapter carries: a record of a subagent
// (its `parent_tool_use_id` names the parent's Task call) is the subagent's own turn in the parent's
// session, on every event it gives, not only on its `agent.spawned` (ENV-02, TEAM-02, TEAM-12).
import { describe, expect, it } from "vitest";
import { of, pushEach as adapt, sessionRecords } from "./claude-support";

const S = "sess-l";
const { sys, user } = sessionRecords(S);

const assistant = (
  content: unknown,
  parent: string | null,
  id: string,
  extra: Record<string, unknown> = {},
) => ({
  type: "assistant",
  session_id: S,
  parent_tool_use_id: parent,
  message: { id, role: "assistant", content },
  ...extra,
});
const taskCall = assistant(
  [{ type: "tool_use", id: "toolu_a", name: "Task", input: { description: "Audit", prompt: "Audit it" } }],
  null,
  "m-parent",
);

describe("claude-agent-sdk subagent lineage", () => {
  it("TEAM-02 ENV-02 every event of a subagent's record names the parent session, the subagent and its turn", () => {
    const events = adapt([
      sys("init"),
      taskCall,
      user("Audit it", { parent_tool_use_id: "toolu_a" }),
      assistant([{ type: "text", text: "Reading." }], "toolu_a", "m-sub"),
      assistant(
        [{ type: "tool_use", id: "toolu_r", name: "Read", input: { file_path: "/a" } }],
        "toolu_a",
        "m-sub2",
      ),
      user([{ type: "tool_result", tool_use_id: "toolu_r", content: "text of a" }], {
        parent_tool_use_id: "toolu_a",
      }),
    ]);
    const sub = events.filter((e) => e.agentId === "subagent:toolu_a");
    expect(sub.map((e) => e.type)).toEqual([
      "agent.spawned",
      "text.final",
      "tool.started",
      "tool.args",
      "tool.result",
    ]);
    for (const e of sub)
      expect([e.type, e.sessionId, e.parentSessionId, e.turnId, e.runtimeEntity]).toEqual([
        e.type,
        S,
        S,
        "subagent:toolu_a",
        "subagent_turn",
      ]);
    // The parent's own events are not a child's: no parent session, no agent.
    const parent = events.filter((e) => e.agentId === undefined && e.type !== "diagnostic.changed");
    expect(parent.length).toBeGreaterThan(0);
    expect(parent.every((e) => e.parentSessionId === undefined)).toBe(true);
  });

  it("TEAM-02 a subagent's record names the session it arrived in as its parent's, over an earlier one", () => {
    // The adapter first heard of `sess-first`; the subagent's records name `S`: their parent session is `S`.
    const events = adapt([
      { type: "tool_progress", session_id: "sess-first", tool_use_id: "t0" },
      taskCall,
      user("Audit it", { parent_tool_use_id: "toolu_a" }),
      assistant([{ type: "text", text: "Child." }], "toolu_a", "m-sub"),
    ]);
    expect(of(events, "agent.spawned").map((e) => [e.sessionId, e.parentSessionId])).toEqual([[S, S]]);
    expect(of(events, "text.final").map((e) => [e.sessionId, e.parentSessionId])).toEqual([[S, S]]);
  });

  it("TEAM-02 TEAM-18 a subagent announced by a task_started names the task's session as its parent's", () => {
    // The announcing record has no parent_tool_use_id: its own session is the parent's, as for the
    // subagent's prompt record above.
    const events = adapt([
      { type: "tool_progress", session_id: "sess-first", tool_use_id: "t0" },
      taskCall,
      sys("task_started", { task_id: "t1", tool_use_id: "toolu_a", task_type: "local_agent" }),
    ]);
    expect(of(events, "agent.spawned").map((e) => [e.sessionId, e.parentSessionId])).toEqual([[S, S]]);
  });

  it("TEAM-02 TEAM-12 a subagent is spawned once, in a coordinator team, acting, whichever record announces it", () => {
    const events = adapt([
      sys("init"),
      taskCall,
      user("Audit it", { parent_tool_use_id: "toolu_a" }),
      sys("task_started", { task_id: "t1", tool_use_id: "toolu_a", task_type: "local_agent" }),
      user("More", { parent_tool_use_id: "toolu_a" }),
    ]);
    expect(events.every((e) => typeof e === "object" && typeof e.type === "string")).toBe(true);
    expect(
      of(events, "agent.spawned").map((e) => [e.agentId, e.toolCallId, e.topology, e.phase, e.runtimeEntity]),
    ).toEqual([["subagent:toolu_a", "toolu_a", "coordinator_team", "acting", "subagent_turn"]]);
  });
});
