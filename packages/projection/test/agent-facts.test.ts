// Agent and team facts that must change exactly what they name (TEAM-01..18, PROC-03): a later fact keeps
// what it does not restate, a fact of the wrong shape is not taken, the team slice changes only when its
// shape does, a lineage diagnostic is withdrawn only for the agent an edge reaches, a finished agent's own
// turn is archived (only its own messages), and review edges need both ends.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { describe, expect, it } from "vitest";
import { createProjector, projectEvents } from "../src";
import { stream } from "./helpers";

type State = ReturnType<typeof projectEvents>;
const diagnostics = (state: State) => state.diagnostics.map((d) => [d.code, d.severity, d.message]);
const unknownLineage = (id: string) => [
  "lineage_unknown",
  "info",
  `agent ${id} has no parent ids: no delegation edge is drawn`,
];

describe("later agent facts keep what they do not restate (TEAM-01, TEAM-02, TEAM-17)", () => {
  it("TEAM-02 a later fact without parent ids, remote, background or policy keeps the reported ones", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", {
        agentId: "w1",
        parentSessionId: "ps",
        parentThreadId: "pt",
        payload: {
          status: "running",
          remote: { url: "https://agent.example" },
          background: { jobId: "j1" },
          policy: { permissionMode: "plan" },
        },
      }),
      e("agent.changed", { agentId: "w1", payload: { status: "waiting" } }),
    ]);
    expect(state.agents.w1).toMatchObject({
      status: "waiting",
      lineage: "known",
      parentSessionId: "ps",
      parentThreadId: "pt",
      remote: { url: "https://agent.example" },
      background: { jobId: "j1" },
      policy: { permissionMode: "plan" },
    });
  });

  it("TEAM-02 remote and background facts that are not objects are not taken", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", {
        agentId: "w1",
        parentThreadId: "pt",
        payload: { remote: "far", background: ["j"] },
      }),
      e("agent.spawned", { agentId: "w2", parentThreadId: "pt", payload: {} }),
    ] as AgentUiEvent[]);
    for (const id of ["w1", "w2"]) {
      expect(state.agents[id]).not.toHaveProperty("remote");
      expect(state.agents[id]).not.toHaveProperty("background");
      expect(state.agents[id]).not.toHaveProperty("policy");
    }
  });

  it("REM-01 a remote teammate keeps the peer's context id from the envelope; a local one gets none", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", {
        agentId: "r1",
        parentThreadId: "pt",
        contextId: "ctx-1",
        payload: { remote: { remoteTaskId: "rt-1" } },
      }),
      e("agent.changed", { agentId: "r1", payload: { status: "waiting" } }),
      e("agent.spawned", { agentId: "w1", parentThreadId: "pt", contextId: "ctx-2", payload: {} }),
      e("agent.spawned", {
        agentId: "r2",
        parentThreadId: "pt",
        contextId: 7,
        payload: { remote: { remoteTaskId: "rt-2" } },
      } as never),
    ]);
    expect(state.agents.r1.remote).toEqual({ remoteTaskId: "rt-1", contextId: "ctx-1" });
    expect(state.agents.w1).not.toHaveProperty("remote");
    expect(state.agents.r2.remote).toEqual({ remoteTaskId: "rt-2" });
  });

  it("TEAM-02 an envelope team name names the agent's team only, never its role or model", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", { agentId: "w1", parentThreadId: "pt", teamName: "Blue", payload: {} }),
    ]);
    expect(state.agents.w1.teamName).toBe("Blue");
    expect(state.agents.w1).not.toHaveProperty("role");
    expect(state.agents.w1).not.toHaveProperty("model");
  });

  it("TEAM-01 a repeated spawn keeps the status reached; a failed phase only fails a completing agent", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", { agentId: "w1", parentThreadId: "pt", payload: { status: "running" } }),
      e("agent.spawned", { agentId: "w1", payload: {} }),
      e("agent.changed", { agentId: "w1", phase: "failed", payload: {} } as Partial<AgentUiEvent>),
    ]);
    expect(state.agents.w1.status).toBe("running");
  });

  it("TEAM-09 a roster entry without a role keeps the agent's role", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", { agentId: "w1", parentThreadId: "pt", payload: { role: "reviewer" } }),
      e("team.changed", { payload: { roster: [{ agentId: "w1", agentName: "Rita" }] } }),
    ]);
    expect([state.agents.w1.name, state.agents.w1.role]).toEqual(["Rita", "reviewer"]);
  });

  it("TEAM-09 work board entries that are not objects with a workItemId are skipped", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("team.changed", {
        payload: {
          workBoard: ["w", { title: "no id" }, { workItemId: 7 }, { workItemId: "i1", title: "Fix" }],
        },
      }),
    ] as AgentUiEvent[]);
    expect(state.team.workBoard.map((item) => [item.workItemId, item.title])).toEqual([["i1", "Fix"]]);
    expect(diagnostics(state)).toEqual([]);
  });
});

describe("lineage diagnostics (TEAM-18)", () => {
  it("TEAM-18 an agent first seen by a change is flagged by that fact only; a spawn without parents flags it again", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("agent.changed", { agentId: "w1", payload: { status: "running" } }));
    p.apply(e("agent.changed", { agentId: "w1", payload: { status: "waiting" } }));
    const flagged = () =>
      p.getState().diagnostics.map((d) => [d.code, d.severity, d.message, d.eventRef?.eventId]);
    expect(diagnostics(p.getState())).toEqual([unknownLineage("w1")]);
    expect(flagged()).toEqual([[...unknownLineage("w1"), "s1-1"]]);
    p.apply(e("agent.spawned", { agentId: "w1", payload: {} }));
    expect(diagnostics(p.getState())).toEqual([unknownLineage("w1"), unknownLineage("w1")]);
    expect(flagged().map((row) => row[3])).toEqual(["s1-1", "s1-3"]);
  });

  it("TEAM-18 an edge drawn to one agent withdraws only that agent's lineage diagnostic", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("agent.spawned", { agentId: "w1", payload: {} }),
      e("agent.spawned", { agentId: "w2", payload: {} }),
      e("agent.changed", { agentId: "w1", parentThreadId: "pt", payload: {} }),
    ]);
    expect(diagnostics(state)).toEqual([unknownLineage("w2")]);
    expect(state.agents.w1.lineage).toBe("known");
  });
});

describe("the team slice changes only when its shape does (TEAM-10)", () => {
  it("TEAM-10 an agent fact restating nothing of the team's shape leaves the team slice as it was", () => {
    const e = stream({ turnId: "t1" });
    const p = createProjector();
    p.apply(e("agent.spawned", { agentId: "w1", parentThreadId: "pt", teamActiveCount: 2, payload: {} }));
    const before = p.getState().team;
    p.apply(e("agent.changed", { agentId: "w1", teamActiveCount: 2, payload: { status: "running" } }));
    expect(p.getState().agents.w1.status).toBe("running");
    expect(p.getState().team).toBe(before);
    p.apply(e("agent.changed", { agentId: "w1", teamActiveCount: 3, payload: {} }));
    expect(p.getState().team.counts.active).toBe(3);
    expect(p.getState().team).not.toBe(before);
  });
});

describe("a finished agent's own turn (PROC-03)", () => {
  it("PROC-03 a finished agent's own turn is archived, not other speakers' messages in it; a running agent's stays", () => {
    const e = stream({});
    const p = createProjector();
    p.apply(
      e("agent.spawned", {
        agentId: "w1",
        turnId: "w1",
        parentThreadId: "pt",
        payload: { status: "running" },
      }),
    );
    p.apply(e("text.delta", { turnId: "w1", agentId: "w1", messageId: "m1", payload: { delta: "mine" } }));
    p.apply(e("text.delta", { turnId: "w1", messageId: "m2", payload: { delta: "other" } }));
    p.apply(e("agent.changed", { agentId: "w1", turnId: "w1", payload: { status: "running" } }));
    const parts = () =>
      p
        .getState()
        .messages.map((m) => [m.id, m.parts.filter((x) => x.kind === "assistant_text").map((x) => x.status)]);
    expect(parts()).toEqual([
      ["m1", ["streaming"]],
      ["m2", ["streaming"]],
    ]);
    // Reported outside its own turn: the agent's messages are found by its turn, not by the fact's.
    p.apply(e("agent.completed", { agentId: "w1", payload: {} }));
    expect(parts()).toEqual([
      ["m1", ["done"]],
      ["m2", ["streaming"]],
    ]);
  });
});

describe("notifications and reviews (TEAM-04, TEAM-08)", () => {
  it("TEAM-04 a notification without agent, task or result names none of them", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([e("worker.notification", { payload: { status: "done" } })]);
    const [notification] = state.team.notifications;
    expect(Object.keys(notification).sort()).toEqual(["id", "source", "status"]);
    const part = state.messages[0].parts[0];
    expect(part).not.toHaveProperty("agentId");
    expect(part).not.toHaveProperty("taskId");
  });

  it("TEAM-08 a review request without a status is requested; a completion without one stays as it was", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("review.requested", { reviewId: "rv1", payload: {} }),
      e("review.completed", { reviewId: "rv1", payload: {} }),
    ]);
    expect(state.team.reviews.map((r) => [r.reviewId, r.status])).toEqual([["rv1", "requested"]]);
    expect(diagnostics(state)).toEqual([]);
  });

  it("TEAM-08 a review with only a reviewer or only a target draws no edge", () => {
    const e = stream({ turnId: "t1" });
    const state = projectEvents([
      e("review.requested", { reviewId: "rv1", payload: { reviewer: "w1" } }),
      e("review.requested", { reviewId: "rv2", payload: { target: "w2" } }),
    ]);
    expect(state.team.edges).toEqual([]);
  });
});
