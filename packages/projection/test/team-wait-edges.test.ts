import type { AgentUiEvent, DelegationEdge } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents, selectDelegationGraph } from "../src";
import { codes, stream } from "./helpers";

const LEAD = "agent_lead";
const WORKERS = ["agent_coder", "agent_tester", "agent_writer"];

/** A coordinator with three workers spawned under it (spawn edges with lineage). */
function team(e: ReturnType<typeof stream>): AgentUiEvent[] {
  return [
    e("agent.spawned", { agentId: LEAD, payload: { agentName: "Lead", status: "running" } }),
    ...WORKERS.map((agentId) =>
      e("agent.spawned", { agentId, parentSessionId: "sess", payload: { parentAgentId: LEAD } }),
    ),
  ];
}

const waitEdges = (edges: DelegationEdge[]) =>
  edges.filter((edge) => edge.kind === "wait").map((edge) => [edge.from, edge.to, edge.status]);

describe("wait edges in the delegation graph (TEAM-03, TEAM-14)", () => {
  it("TEAM-03 a confirmed wait draws one active wait edge from the waiter to each named teammate", () => {
    const e = stream();
    const state = projectEvents([
      ...team(e),
      e("agent.changed", {
        agentId: LEAD,
        payload: { status: "waiting", reason: "Waiting for Coder, Tester", waitingOn: WORKERS.slice(0, 2) },
      }),
    ]);
    expect(state.agents[LEAD].status).toBe("waiting");
    expect(waitEdges(state.team.edges)).toEqual([
      [LEAD, "agent_coder", "active"],
      [LEAD, "agent_tester", "active"],
    ]);
    const graph = selectDelegationGraph(state);
    expect(graph.edges.filter((edge) => edge.kind === "spawn")).toHaveLength(3);
    // Both ends are teammates: no external node is added for a wait.
    expect(graph.nodes.map((node) => node.lineage)).not.toContain("external");
    expect(state.timeline.find((entry) => entry.id === `wait:${LEAD}`)).toMatchObject({
      kind: "team",
      status: "active",
      title: "Lead waits on agent_coder, agent_tester",
    });
  });

  it("TEAM-03 the wait ends when the runtime moves the waiter on; the edge stays, marked ended", () => {
    const e = stream();
    const state = projectEvents([
      ...team(e),
      e("agent.changed", { agentId: LEAD, payload: { status: "waiting", waitingOn: ["agent_coder"] } }),
      e("agent.completed", { agentId: "agent_coder" }),
      e("agent.changed", { agentId: LEAD, payload: { status: "running", reason: "Wait finished" } }),
    ]);
    expect(waitEdges(state.team.edges)).toEqual([[LEAD, "agent_coder", "ended"]]);
    expect(state.team.edges.find((edge) => edge.kind === "wait")?.source?.eventId).toBe("s1-7");
    expect(state.timeline.find((entry) => entry.id === `wait:${LEAD}`)?.status).toBe("ended");
  });

  it("TEAM-14 / ARCH-01 the client's own wait write draws nothing: only the runtime's fact does", () => {
    const e = stream();
    const state = projectEvents([
      ...team(e),
      e("agent.changed", {
        agentId: LEAD,
        owner: "ui_projection",
        payload: { status: "waiting", waitingOn: ["agent_coder"] },
      }),
    ]);
    expect(waitEdges(state.team.edges)).toEqual([]);
    expect(codes(state)).toContain("ui_owned_fact_ignored");
  });

  it("TEAM-18 a waiting agent that names no one gets no fabricated edge", () => {
    const e = stream();
    const state = projectEvents([
      ...team(e),
      e("agent.changed", { agentId: LEAD, payload: { status: "waiting", reason: "Waiting" } }),
    ]);
    expect(state.agents[LEAD].status).toBe("waiting");
    expect(waitEdges(state.team.edges)).toEqual([]);
  });

  it("TEAM-18 malformed waitingOn entries are reported; only stated agent ids are drawn", () => {
    const e = stream();
    const state = projectEvents([
      ...team(e),
      e("agent.changed", {
        agentId: LEAD,
        payload: { status: "waiting", waitingOn: ["agent_coder", 7, "", LEAD, "agent_coder"] },
      }),
    ]);
    expect(waitEdges(state.team.edges)).toEqual([[LEAD, "agent_coder", "active"]]);
    expect(state.diagnostics.find((d) => d.path === "/payload/waitingOn")?.code).toBe("schema_mismatch");
  });

  it("TEAM-03 a wait on a new set ends the targets it no longer names and re-activates a returning one", () => {
    const e = stream();
    const p = createProjector();
    p.applyAll(team(e));
    p.apply(
      e("agent.changed", { agentId: LEAD, payload: { status: "waiting", waitingOn: ["agent_coder"] } }),
    );
    p.apply(
      e("agent.changed", { agentId: LEAD, payload: { status: "waiting", waitingOn: ["agent_tester"] } }),
    );
    expect(waitEdges(p.getState().team.edges)).toEqual([
      [LEAD, "agent_coder", "ended"],
      [LEAD, "agent_tester", "active"],
    ]);
    // A fact that keeps waiting without restating the targets changes nothing.
    const before = p.getState().team;
    p.apply(e("agent.changed", { agentId: LEAD, payload: { status: "waiting", reason: "still" } }));
    expect(p.getState().team.edges).toEqual(before.edges);
    p.apply(
      e("agent.changed", { agentId: LEAD, payload: { status: "waiting", waitingOn: ["agent_coder"] } }),
    );
    expect(waitEdges(p.getState().team.edges)).toEqual([
      [LEAD, "agent_coder", "active"],
      [LEAD, "agent_tester", "ended"],
    ]);
  });

  it("TEAM-03 / ORD-02 wait edges match the runtime's latest word, whatever the facts and redeliveries", () => {
    const factArb = fc.record({
      waiting: fc.boolean(),
      targets: fc.option(fc.subarray(WORKERS), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.array(factArb, { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (facts, again) => {
          const e = stream();
          const events = [
            ...team(e),
            ...facts.map((fact) =>
              e("agent.changed", {
                agentId: LEAD,
                payload: {
                  status: fact.waiting ? "waiting" : "running",
                  ...(fact.targets !== undefined ? { waitingOn: fact.targets } : {}),
                },
              }),
            ),
          ];
          // Redeliveries of events already applied (same eventId and sequence) change nothing.
          const delivered = [...events, ...again.map((i) => events[i % events.length])];
          const state = projectEvents(delivered);
          // The model: the active set is the last stated set while waiting, empty otherwise; every target
          // ever named while waiting has exactly one edge.
          let active = new Set<string>();
          const named = new Set<string>();
          for (const fact of facts) {
            if (!fact.waiting) active = new Set();
            else if (fact.targets !== undefined) {
              active = new Set(fact.targets);
              for (const id of fact.targets) named.add(id);
            }
          }
          const edges = state.team.edges.filter((edge) => edge.kind === "wait");
          expect(edges.map((edge) => edge.to).sort()).toEqual([...named].sort());
          for (const edge of edges) {
            expect(edge.from).toBe(LEAD);
            expect(edge.status).toBe(active.has(edge.to) ? "active" : "ended");
          }
          expect(state.team.edges.filter((edge) => edge.kind === "spawn")).toHaveLength(3);
        },
      ),
      { numRuns: 200 },
    );
  });
});
