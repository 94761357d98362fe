import type { AgentUiEvent, DelegationEdge } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { projectEvents } from "../src";
import { stream } from "./helpers";

const LEAD = "agent_lead";

/** A named coordinator and two workers spawned under it. */
function team(e: ReturnType<typeof stream>, leadName?: string): AgentUiEvent[] {
  return [
    e("agent.spawned", {
      agentId: LEAD,
      payload: { ...(leadName ? { agentName: leadName } : {}), status: "running" },
    }),
    ...["agent_coder", "agent_tester"].map((agentId) =>
      e("agent.spawned", { agentId, parentSessionId: "sess", payload: { parentAgentId: LEAD } }),
    ),
  ];
}

const waits = (edges: DelegationEdge[]) =>
  edges.filter((edge) => edge.kind === "wait").map((edge) => [edge.to, edge.status, edge.source?.eventId]);

const waitingOn = (value: unknown) =>
  ({ agentId: LEAD, payload: { status: "waiting", waitingOn: value } }) as Partial<AgentUiEvent>;

describe("wait edges: what the runtime's waitingOn draws (TEAM-03, TEAM-18)", () => {
  it("TEAM-03 a waitingOn naming one teammate as a bare id draws its edge, with nothing to report", () => {
    const e = stream();
    const state = projectEvents([...team(e, "Lead"), e("agent.changed", waitingOn("agent_coder"))]);
    expect(waits(state.team.edges)).toEqual([["agent_coder", "active", "s1-4"]]);
    expect(state.diagnostics.filter((d) => d.code !== "lineage_unknown")).toEqual([]);
  });

  it.each([
    ["a number", 42, []],
    ["an object", { agent: "agent_coder" }, []],
    ["a list with a nested list", ["agent_coder", ["agent_tester"]], [["agent_coder", "active", "s1-4"]]],
    [
      "a list with a length-bearing object",
      [{ length: 3 }, "agent_tester"],
      [["agent_tester", "active", "s1-4"]],
    ],
  ])("TEAM-18 waitingOn as %s: only stated ids are drawn, the rest reported", (_label, value, drawn) => {
    const e = stream();
    const state = projectEvents([...team(e, "Lead"), e("agent.changed", waitingOn(value))]);
    expect(waits(state.team.edges)).toEqual(drawn);
    const reported = state.diagnostics.filter((d) => d.code !== "lineage_unknown");
    expect(reported.map(({ code, severity, message, path }) => ({ code, severity, message, path }))).toEqual([
      {
        code: "schema_mismatch",
        severity: "info",
        message: `waitingOn of ${LEAD} should name other agents by id: the rest is not drawn`,
        path: "/payload/waitingOn",
      },
    ]);
  });

  it("TEAM-03 a restated wait on the same teammates changes nothing: the edge keeps the fact that drew it", () => {
    const e = stream();
    const state = projectEvents([
      ...team(e, "Lead"),
      e("agent.changed", waitingOn(["agent_coder", "agent_tester"])),
      e("agent.changed", waitingOn(["agent_tester", "agent_coder"])),
    ]);
    expect(waits(state.team.edges)).toEqual([
      ["agent_coder", "active", "s1-4"],
      ["agent_tester", "active", "s1-4"],
    ]);
    expect(state.timeline.find((entry) => entry.id === `wait:${LEAD}`)?.source?.eventId).toBe("s1-4");
  });

  it("TEAM-03 the timeline names the waiter, its targets and the end of the wait, with the waiter's ref", () => {
    const e = stream();
    const events = [
      ...team(e, "Lead"),
      e("agent.changed", waitingOn(["agent_coder", "agent_tester"])),
      e("agent.changed", { agentId: LEAD, payload: { status: "running" } }),
    ];
    const entry = (state: ReturnType<typeof projectEvents>) => {
      const found = state.timeline.find((row) => row.id === `wait:${LEAD}`);
      return found && { kind: found.kind, title: found.title, status: found.status, refs: found.refs };
    };
    expect(entry(projectEvents(events.slice(0, 4)))).toEqual({
      kind: "team",
      title: "Lead waits on agent_coder, agent_tester",
      status: "active",
      refs: { agentId: LEAD },
    });
    expect(entry(projectEvents(events))).toEqual({
      kind: "team",
      title: "Lead stopped waiting",
      status: "ended",
      refs: { agentId: LEAD },
    });
  });

  it("TEAM-18 a waiter the runtime never named is shown by its id, not as unknown", () => {
    const e = stream();
    const state = projectEvents([...team(e), e("agent.changed", waitingOn(["agent_coder"]))]);
    expect(state.agents[LEAD].name).toBe("unknown");
    expect(state.timeline.find((row) => row.id === `wait:${LEAD}`)?.title).toBe(
      `${LEAD} waits on agent_coder`,
    );
  });
});
