// Edges of an OpenAI Agents handoff and of a run's last response (TEAM-07, STAT-02): which handoffs say the
// handing-off agent is done, and which model response is the run's final one.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { adapt } from "./openai-agents-support";

const result = { type: "function_call_result", callId: "call_h", output: '{"assistant":"writer"}' };
const handoff = (name: string, extra: Record<string, unknown> = {}) => ({
  type: "run_item_stream_event",
  name,
  rawItem: result,
  ...extra,
});
const kinds = (events: AgentUiEvent[]) =>
  events
    .filter((e) => e.type === "agent.handoff" || e.type === "agent.changed")
    .map((e) => [e.type, e.agentId, e.topology]);

describe("openai-agents handoff edges", () => {
  it("TEAM-07 the agent that handed off is done, as a specialist-handoff party of the team", () => {
    expect(kinds(adapt([handoff("handoff_occurred", { agent: "triage" })]))).toEqual([
      ["agent.handoff", "writer", "specialist_handoff"],
      ["agent.changed", "triage", "specialist_handoff"],
    ]);
  });

  it("TEAM-07 a handoff only requested, one from no known agent, or one to the same agent completes no one", () => {
    expect(kinds(adapt([handoff("handoff_requested", { agent: "triage" })])).map((k) => k[0])).not.toContain(
      "agent.changed",
    );
    expect(kinds(adapt([handoff("handoff_occurred")]))).toEqual([
      ["agent.handoff", "writer", "specialist_handoff"],
    ]);
    expect(kinds(adapt([handoff("handoff_occurred", { agent: "writer" })]))).toEqual([
      ["agent.handoff", "writer", "specialist_handoff"],
    ]);
  });

  it("STAT-02 a last response of reasoning and a message is final: the run finishes", () => {
    const events = adapt([
      { type: "raw_model_stream_event", data: { type: "response_started" } },
      {
        type: "raw_model_stream_event",
        data: { type: "response_done", response: { output: [{ type: "reasoning" }, { type: "message" }] } },
      },
    ]);
    expect(events.at(-1)).toMatchObject({ type: "run.finished", payload: { outcome: "success" } });
  });
});
