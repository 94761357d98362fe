// @vitest-environment happy-dom
// Wait edges on the team surface (TEAM-03, TEAM-14): drawn from the runtime's confirmed wait (projected
// from real events), active reads "waiting on", ended stays visible but muted as "waited on", and the
// change is announced in a polite live region. The `wait` write is confirmed by the edge, not the click.
import type { AgentRecord, AgentUiEvent, DelegationEdge } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { DelegationGraph } from "../src/delegation-graph";
import { TeamWorkbench } from "../src/team-workbench";
import { WaitEdges } from "../src/wait-edges";
import { agent } from "./fixtures/team";
import { eventStream, recordingDispatch } from "./helpers";

afterEach(cleanup);

const LEAD = "agent_lead";

/** A coordinator with two workers spawned under it, then the runtime's own wait fact. */
function waitingTeam(e: ReturnType<typeof eventStream>): AgentUiEvent[] {
  return [
    e("agent.spawned", { agentId: LEAD, payload: { agentName: "Lead", status: "running" } }),
    e("agent.spawned", {
      agentId: "agent_coder",
      parentSessionId: "sess",
      payload: { agentName: "Coder", parentAgentId: LEAD, status: "running" },
    }),
    e("agent.spawned", {
      agentId: "agent_tester",
      parentSessionId: "sess",
      payload: { agentName: "Tester", parentAgentId: LEAD, status: "running" },
    }),
    e("agent.changed", {
      agentId: LEAD,
      payload: { status: "waiting", waitingOn: ["agent_coder", "agent_tester"] },
    }),
  ];
}

function renderTeam(events: AgentUiEvent[]) {
  const state = projectEvents(events);
  return render(<TeamWorkbench team={state.team} agents={state.agents} messages={state.messages} />);
}

const waits = () => within(screen.getByRole("region", { name: "Waits" }));
const announcements = () => screen.getByRole("status", { name: "Wait announcements" });

describe("WaitEdges", () => {
  it("TEAM-03 a confirmed wait draws 'waiting on' edges, on the graph and the waiter's roster row", () => {
    renderTeam(waitingTeam(eventStream()));
    const coder = waits().getByRole("listitem", { name: "Lead waiting on Coder" });
    expect(coder.getAttribute("data-status")).toBe("active");
    expect(within(coder).getByText("wait: active")).toBeTruthy();
    expect(waits().getByRole("listitem", { name: "Lead waiting on Tester" })).toBeTruthy();
    const roster = within(screen.getByRole("region", { name: "Roster" }));
    expect(roster.getByText("waiting on Coder, Tester")).toBeTruthy();
    expect(announcements().textContent).toBe("Lead waiting on Coder, Tester.");
    // A wait is not a one-off link: it is not repeated in the static "Other links" list.
    expect(screen.queryByRole("list", { name: "Other links" })).toBeNull();
  });

  it("TEAM-03 an ended wait stays visible, muted as 'waited on', and the live region says no wait is active", () => {
    const e = eventStream();
    renderTeam([
      ...waitingTeam(e),
      e("agent.completed", { agentId: "agent_coder" }),
      e("agent.changed", { agentId: LEAD, payload: { status: "running", reason: "Wait finished" } }),
    ]);
    const ended = waits().getByRole("listitem", { name: "Lead waited on Coder (ended)" });
    expect(ended.getAttribute("data-status")).toBe("ended");
    expect(ended.className).toContain("aui-wait-ended");
    expect(within(ended).getByText("wait: waited")).toBeTruthy();
    expect(waits().queryByText("waiting on")).toBeNull();
    expect(screen.queryByText(/^waiting on /)).toBeNull();
    expect(announcements().textContent).toBe("No active wait; earlier waits ended.");
  });

  it("TEAM-03 a11y the live region is there before any wait, and the same region then announces the wait", () => {
    const e = eventStream();
    const events = waitingTeam(e);
    const before = projectEvents(events.slice(0, 3));
    const { rerender } = render(
      <TeamWorkbench team={before.team} agents={before.agents} messages={before.messages} />,
    );
    const region = announcements();
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(region.textContent).toBe("");
    expect(screen.queryByRole("region", { name: "Waits" })).toBeNull();
    const after = projectEvents(events);
    rerender(<TeamWorkbench team={after.team} agents={after.agents} messages={after.messages} />);
    expect(announcements()).toBe(region);
    expect(region.textContent).toBe("Lead waiting on Coder, Tester.");
  });

  it("TEAM-03/FALL-05 a wait edge without a status is shown as stated ('waits on', unknown), never guessed", () => {
    const agents = { a: agent("a", { name: "Lead" }), b: agent("b", { name: "Coder" }) };
    render(<WaitEdges agents={agents} edges={[{ from: "a", to: "b", kind: "wait" }]} />);
    const row = screen.getByRole("listitem", { name: "Lead waits on Coder" });
    expect(row.getAttribute("data-status")).toBe("unknown");
    expect(within(row).getByText("wait: unknown")).toBeTruthy();
  });

  it("TEAM-18 a wait on an id the roster does not know names the id, not an invented teammate", () => {
    const agents = { a: agent("a", { name: "Lead" }) };
    render(
      <DelegationGraph
        agents={agents}
        edges={[{ from: "a", to: "agent_x", kind: "wait", status: "active" }]}
      />,
    );
    expect(screen.getByRole("listitem", { name: "Lead waiting on agent_x" })).toBeTruthy();
  });

  it("TEAM-14 wait is confirmed when the runtime re-activates an ended wait edge, not by the click", async () => {
    const rec = recordingDispatch();
    const agents: Record<string, AgentRecord> = {
      [LEAD]: agent(LEAD, { name: "Lead" }),
      agent_coder: agent("agent_coder", { name: "Coder", status: "running" }),
    };
    const team = (status: "active" | "ended") => ({
      topology: "coordinator_team" as const,
      roster: [LEAD, "agent_coder"],
      workBoard: [],
      edges: [{ from: LEAD, to: "agent_coder", kind: "wait" as const, status }],
      handoffs: [],
      notifications: [],
      reviews: [],
      counts: {},
    });
    const { rerender } = render(
      <TeamWorkbench team={team("ended")} agents={agents} messages={[]} dispatch={rec.dispatch} />,
    );
    const coderRow = screen.getAllByRole("listitem").find((li) => li.textContent?.startsWith("Coder"));
    fireEvent.click(within(coderRow as HTMLElement).getByRole("checkbox", { name: "wait on" }));
    fireEvent.click(screen.getByRole("button", { name: "Wait for selected" }));
    expect(rec.calls).toEqual([{ kind: "wait", agentIds: ["agent_coder"] }]);
    await act(async () => rec.settle("accepted"));
    expect(screen.getByText(/waiting for runtime/)).toBeTruthy();
    expect(screen.getByRole("listitem", { name: "Lead waited on Coder (ended)" })).toBeTruthy();
    rerender(<TeamWorkbench team={team("active")} agents={agents} messages={[]} dispatch={rec.dispatch} />);
    expect(screen.queryByText(/waiting for runtime/)).toBeNull();
    expect(screen.getByRole("listitem", { name: "Lead waiting on Coder" })).toBeTruthy();
  });

  it("TEAM-03 property: every wait edge is drawn once, and only active ones read 'waiting on'", () => {
    const ids = ["a", "b", "c", "d"];
    const edge = fc.record({
      from: fc.constantFrom(...ids),
      to: fc.constantFrom(...ids),
      kind: fc.constantFrom("spawn", "handoff", "wait", "review"),
      status: fc.option(fc.constantFrom("active", "ended"), { nil: undefined }),
    });
    const agents = Object.fromEntries(ids.map((id) => [id, agent(id, { name: id.toUpperCase() })]));
    fc.assert(
      fc.property(
        fc.uniqueArray(edge, { selector: (x) => `${x.kind}:${x.from}>${x.to}`, maxLength: 12 }),
        (raw) => {
          const edges = raw.map(({ status, ...rest }) =>
            rest.kind === "wait" && status ? { ...rest, status } : rest,
          ) as DelegationEdge[];
          const { container, unmount } = render(<WaitEdges agents={agents} edges={edges} />);
          const rows = [...container.querySelectorAll("li.aui-wait")];
          const waitsIn = edges.filter((x) => x.kind === "wait");
          expect(rows).toHaveLength(waitsIn.length);
          expect(rows.filter((li) => li.getAttribute("data-status") === "active")).toHaveLength(
            waitsIn.filter((x) => x.status === "active").length,
          );
          for (const li of rows)
            expect(li.textContent?.includes("waiting on")).toBe(li.getAttribute("data-status") === "active");
          unmount();
        },
      ),
      { numRuns: 60 },
    );
  });
});
