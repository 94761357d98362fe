// ARCH-09: one state is the single input of every surface, and its team model is present for a solo run
// as for a team (the Lime SDK's `subagents`), so a surface never branches on a missing slice.
import { type AgentUiEvent, validateProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

const e = stream({ turnId: "t1", messageId: "m1" });
const SOLO = [
  e("run.started", { payload: { input: "hi" } }),
  e("text.delta", { payload: { delta: "hello" } }),
  e("run.completed", { payload: {} }),
];

describe("ARCH-09 the projection state every surface reads", () => {
  it("ARCH-09 a solo run's state carries every slice, the team model empty rather than missing", () => {
    const state = projectEvents(SOLO);
    // The Lime SDK's fields and ours: runtime, messages, timeline, tools, actions, artifacts, evidence,
    // diagnostics as they are; subagents → team (the graph is team.edges); hydration → cursor.
    for (const slice of [
      "runtime",
      "messages",
      "timeline",
      "tools",
      "actions",
      "artifacts",
      "evidence",
      "diagnostics",
      "team",
      "cursor",
    ] as const)
      expect(state[slice], slice).toBeDefined();
    expect(state.team).toMatchObject({ roster: [], edges: [], workBoard: [], handoffs: [] });
    expect(state.cursor.eventCount).toBe(3);
    expect(validateProjectionState(JSON.parse(JSON.stringify(state)))).toEqual([]);
  });

  it("STAT-03 a projector that has seen nothing is idle and calm, its model and limits unknown", () => {
    expect(createProjector().getState().runtime).toEqual({
      status: "idle",
      attention: "low",
      model: { selected: "unknown" },
      limits: { status: "unknown" },
    });
  });

  it("ARCH-09 a fact with no id, sequence or turn is named by its type alone, with no turn", () => {
    const state = projectEvents([
      { type: "artifact.created", artifactId: "f1", payload: { title: "report" } } as AgentUiEvent,
      { type: "text.delta", messageId: "m1", payload: { delta: "hi" } } as AgentUiEvent,
    ]);
    const source = { type: "artifact.created" };
    expect(state.artifacts.f1.source).toStrictEqual(source);
    expect(state.messages.map((message) => message.source)).toStrictEqual([{ type: "text.delta" }]);
    expect(state.timeline).toStrictEqual([
      {
        id: "artifact:f1",
        kind: "artifact",
        title: "report",
        refs: { artifactId: "f1" },
        source,
        status: "unknown",
      },
    ]);
  });

  it("ARCH-09 a state without its team model is refused, naming it", () => {
    const { team: _team, ...withoutTeam } = JSON.parse(JSON.stringify(projectEvents(SOLO)));
    const findings = validateProjectionState(withoutTeam);
    expect(findings.length).toBeGreaterThan(0);
    expect(JSON.stringify(findings)).toContain("team");
  });
});
