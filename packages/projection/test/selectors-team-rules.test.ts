// Team and evidence selectors read the records a part or a lane names, in the state they are given:
// roster and delegation graph (TEAM-01/02/18), delegated work (D.6), evidence lanes (EVID-03).
import type { ProjectionState } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import {
  createProjector,
  projectEvents,
  selectCitedEvidence,
  selectDelegatedWork,
  selectDelegationGraph,
  selectEvidence,
  selectReplayLane,
  selectReviewLane,
  selectRoster,
} from "../src";
import { stream } from "./helpers";

describe("roster and delegation graph (TEAM-01, TEAM-02, TEAM-18)", () => {
  it("TEAM-18 teammates are labelled by name (by id while unnamed); other edge ends are external nodes", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Delegating." } }),
      e("agent.spawned", {
        agentId: "w1",
        parentThreadId: "th",
        payload: { agentName: "researcher", status: "running" },
      }),
      e("agent.spawned", { agentId: "w2", parentSessionId: "s0", payload: { status: "running" } }),
      e("agent.spawned", { agentId: "w3", parentThreadId: "th", payload: { status: "running" } }),
    ]);
    const graph = selectDelegationGraph(state);
    expect(graph.nodes).toEqual([
      { id: "w1", label: "researcher", status: "running", lineage: "known" },
      { id: "w2", label: "w2", status: "running", lineage: "known" },
      { id: "w3", label: "w3", status: "running", lineage: "known" },
      { id: "th", label: "th", status: "unknown", lineage: "external" },
      { id: "s0", label: "s0", status: "unknown", lineage: "external" },
    ]);
    expect(graph.edges.map((edge) => [edge.from, edge.to])).toEqual([
      ["th", "w1"],
      ["s0", "w2"],
      ["th", "w3"],
    ]);
  });

  it("TEAM-01 a resumed roster shows only teammates it has a record of", () => {
    const e = stream({ turnId: "t1" });
    const live = projectEvents([e("agent.spawned", { agentId: "w1", payload: { agentName: "researcher" } })]);
    const p = createProjector();
    p.hydrate({
      kind: "projection",
      state: { ...live, team: { ...live.team, roster: ["ghost", "w1"] } } as ProjectionState,
    });
    const state = p.getState();
    expect(state.team.roster).toEqual(["ghost", "w1"]);
    expect(selectRoster(state).map((agent) => agent.agentId)).toEqual(["w1"]);
    expect(selectDelegationGraph(state).nodes.map((node) => node.id)).toEqual(["w1"]);
  });
});

describe("delegated work (D.6)", () => {
  it("TEAM-02 a part reads the records of the state it is read with, only those it names", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const p = createProjector();
    p.apply(e("text.delta", { payload: { delta: "Delegating." } }));
    p.apply(e("agent.spawned", { agentId: "w1", payload: { agentName: "researcher", status: "running" } }));
    const before = p.getState();
    const part = before.messages[0].parts.find((item) => item.kind === "agent_task");
    if (part === undefined) throw new Error("no agent_task part");
    expect(selectDelegatedWork(before, part)).toStrictEqual({ agent: before.agents.w1 });
    p.apply(e("agent.changed", { agentId: "w1", payload: { model: "m-2" } }));
    const after = p.getState();
    expect(selectDelegatedWork(after, part)).toStrictEqual({ agent: after.agents.w1 });
    expect(selectDelegatedWork(after, part).agent?.model).toBe("m-2");
  });

  it("TEAM-02 a part naming no worker and no task points at nothing, even beside records named undefined", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Hello" } }),
      e("task.changed", { taskId: "undefined", payload: { status: "running" } }),
      e("agent.changed", { agentId: "undefined", payload: { status: "running" } }),
    ]);
    expect(Object.keys(state.tasks)).toEqual(["undefined"]);
    expect(Object.keys(state.agents)).toEqual(["undefined"]);
    expect(selectDelegatedWork(state, state.messages[0].parts[0])).toStrictEqual({});
  });
});

describe("evidence lanes (EVID-03)", () => {
  it("EVID-03 an unknown evidence id has no lane and no record; a part citing none cites nothing", () => {
    const e = stream({ turnId: "t1", messageId: "m1" });
    const state = projectEvents([
      e("text.delta", { payload: { delta: "Hello" } }),
      e("evidence.changed", { evidenceId: "undefined", payload: { status: "exported" } }),
    ]);
    expect(selectReplayLane(state, "ev9")).toBeUndefined();
    expect(selectReviewLane(state, "ev9")).toBeUndefined();
    const text = state.messages[0].parts.find((part) => part.kind === "assistant_text");
    if (text === undefined) throw new Error("no text part");
    expect(text.evidenceId).toBeUndefined();
    expect(selectCitedEvidence(state, text)).toBeUndefined();
  });

  it("EVID-03 the evidence list is every record in first-seen order, the same list while nothing changes", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("evidence.changed", { evidenceId: "ev2", payload: { status: "pending" } }));
    p.apply(e("evidence.changed", { evidenceId: "ev1", payload: { status: "exported" } }));
    const state = p.getState();
    expect(selectEvidence(state).map((record) => [record.evidenceId, record.status])).toEqual([
      ["ev2", "pending"],
      ["ev1", "exported"],
    ]);
    expect(selectEvidence(state)[0]).toBe(state.evidence.ev2);
    p.apply(e("text.delta", { messageId: "m1", payload: { delta: "Hi" } }));
    expect(selectEvidence(p.getState())).toBe(selectEvidence(state));
  });
});
