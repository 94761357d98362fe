// A Claude subagent (Agent tool, `parent_tool_use_id`) thinks, answers and completes inside the parent's
// run. Once both have ended, nothing of the subagent may still read streaming or running: its thinking
// is archived like the parent's (PROC-02/03, TEAM-05).
import type { AgentUiEvent, ProjectionState } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { beforeEach, describe, expect, it } from "vitest";
import { claudeAgentSdkAdapter } from "../src/claude-agent-sdk";

const S = "sess-1";
const AGENT = "subagent:toolu_agent";
const sys = (subtype: string, extra: Record<string, unknown> = {}) => ({
  type: "system",
  subtype,
  session_id: S,
  ...extra,
});
const assistant = (content: unknown[], parent: string | null, id: string) => ({
  type: "assistant",
  session_id: S,
  parent_tool_use_id: parent,
  message: { id, role: "assistant", content },
});
const streamEvent = (event: unknown, parent: string | null, id: string) => ({
  type: "stream_event",
  session_id: S,
  parent_tool_use_id: parent,
  api_message_id: id,
  event,
});

const RECORDS: unknown[] = [
  sys("init", { model: "m" }),
  assistant(
    [
      {
        type: "tool_use",
        id: "toolu_agent",
        name: "Agent",
        input: { description: "Notes", subagent_type: "writer" },
      },
    ],
    null,
    "m1",
  ),
  sys("task_started", {
    task_id: "t1",
    tool_use_id: "toolu_agent",
    description: "Notes",
    task_type: "local_agent",
  }),
  {
    type: "user",
    session_id: S,
    parent_tool_use_id: "toolu_agent",
    message: { role: "user", content: "write notes" },
  },
  streamEvent(
    { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "" } },
    "toolu_agent",
    "m2",
  ),
  streamEvent(
    { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "Plan." } },
    "toolu_agent",
    "m2",
  ),
  assistant([{ type: "text", text: "Notes written." }], "toolu_agent", "m2"),
  sys("task_notification", {
    task_id: "t1",
    tool_use_id: "toolu_agent",
    status: "completed",
    summary: "Done",
  }),
  {
    type: "user",
    session_id: S,
    parent_tool_use_id: null,
    message: {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "toolu_agent", content: "Notes written." }],
    },
  },
  assistant([{ type: "text", text: "All done." }], null, "m3"),
  { type: "result", subtype: "success", is_error: false, session_id: S },
];

function project(records: unknown[]): { events: AgentUiEvent[]; state: ProjectionState } {
  const adapter = claudeAgentSdkAdapter.create();
  const events = [...records.flatMap((r, i) => adapter.push(r, i)), ...adapter.finish()];
  return { events, state: projectEvents(events) };
}

describe("claude subagent: nothing stays live after both runs ended", () => {
  let { events, state } = project(RECORDS);
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    ({ events, state } = project(RECORDS));
  });

  it("TEAM-05 the subagent completed and the parent run completed", () => {
    expect(events.some((e) => e.type === "reasoning.delta" && e.agentId === AGENT)).toBe(true);
    expect(state.agents[AGENT]?.status).toBe("completed");
    expect(state.runtime.status).toBe("completed");
  });

  it("PROC-02 PROC-03 the subagent's thinking is archived: done and collapsed", () => {
    const thinking = state.messages.flatMap((m) => m.parts.filter((p) => p.kind.startsWith("reasoning")));
    expect(thinking.length).toBeGreaterThan(0);
    for (const part of thinking) expect(part, part.id).toMatchObject({ status: "done", expanded: false });
  });

  it("no part anywhere is streaming after the run ended", () => {
    const live = state.messages.flatMap((m) =>
      m.parts.filter((p) => p.status === "streaming").map((p) => p.id),
    );
    expect(live).toEqual([]);
  });
});
