// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DelegationGraph } from "../src/delegation-graph";
import { TeamWorkbench } from "../src/team-workbench";
import { agent, teamRunning } from "./fixtures/team";
import { acceptingDispatch } from "./helpers";

afterEach(cleanup);

describe("TeamWorkbench", () => {
  it("TEAM-01/16 shows the roster with each teammate's status and the topology", () => {
    const s = teamRunning();
    render(<TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} />);
    const roster = screen.getByLabelText("Roster");
    expect(within(roster).getByText("Researcher")).toBeTruthy();
    expect(within(roster).getByText("needs input")).toBeTruthy();
    expect(screen.getByText("topology: coordinator_team")).toBeTruthy();
  });

  it("TEAM-08 the review lane shows the verdict from the review fact", () => {
    const s = teamRunning();
    render(<TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} />);
    const lane = screen.getByLabelText("Review lane");
    expect(within(lane).getByText("verdict: changes_requested")).toBeTruthy();
    expect(within(lane).getByText(/Add a summary table/)).toBeTruthy();
  });

  it("EVID-03/TEAM-08 a review held by an evidence fact shows the evidence owner's verdict", () => {
    const s = teamRunning();
    s.team.reviews = [];
    s.evidence["ev-1"] = {
      ...s.evidence["ev-1"],
      status: "verified",
      reviewRef: "review://r1",
      verification: [{ name: "links_resolve", status: "passed" }],
    };
    render(<TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} evidence={s.evidence} />);
    const lane = screen.getByLabelText("Review lane");
    // The ref is for the inspector (hover), not the label.
    expect(within(lane).getByText("Review").getAttribute("title")).toBe("review://r1");
    expect(lane.textContent).not.toContain("review://");
    expect(within(lane).getByText("verdict: verified")).toBeTruthy();
    expect(within(lane).getByText("links_resolve: passed")).toBeTruthy();
    expect(within(lane).queryByText("No reviews.")).toBeNull();
  });

  it("a review's target reads as the artifact's title and version, its id only on hover", () => {
    const s = teamRunning();
    s.team.reviews = [
      { reviewId: "rv", reviewer: "writer", target: "v2", status: "approved", evidenceRefs: [] } as never,
    ];
    render(<TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} artifacts={s.artifacts} />);
    const lane = screen.getByLabelText("Review lane");
    expect(within(lane).getByText("report.md, Version 2").getAttribute("title")).toBe("v2");
  });

  it("TEAM-06/07/15 worker notifications, handoffs and blocked work items are shown", () => {
    const s = teamRunning();
    render(<TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} />);
    expect(
      within(screen.getByLabelText("Worker notifications")).getByText(/Research done: 12 sources/),
    ).toBeTruthy();
    expect(within(screen.getByLabelText("Handoff lane")).getByText(/sources ready/)).toBeTruthy();
    expect(within(screen.getByLabelText("Work board")).getByText("blocked: awaiting approval")).toBeTruthy();
  });

  it("TEAM-09 a teammate transcript opens on demand and is bounded", () => {
    const s = teamRunning();
    s.messages.push(
      ...Array.from({ length: 30 }, (_, i) => ({
        id: `w${i}`,
        role: "assistant" as const,
        agentId: "writer",
        parts: [
          {
            id: `wp${i}`,
            kind: "assistant_text" as const,
            status: "done" as const,
            text: `writer says ${i}`,
          },
        ],
      })),
    );
    render(<TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} transcriptLimit={5} />);
    expect(screen.queryByLabelText("Transcript of Writer")).toBeNull();
    const writerRow = within(screen.getByLabelText("Roster"))
      .getByText("Writer")
      .closest("li") as HTMLElement;
    fireEvent.click(within(writerRow).getByRole("button", { name: "Transcript" }));
    const transcript = screen.getByLabelText("Transcript of Writer");
    expect(transcript.querySelectorAll("p")).toHaveLength(5);
    expect(transcript.textContent).toContain("writer says 29");
    expect(transcript.textContent).not.toContain("writer says 24");
  });

  it("TEAM-10/11 background and remote teammates are marked; TEAM-14 stop goes through the runtime", () => {
    const s = teamRunning();
    s.agents.bg = agent("bg", { name: "Nightly", background: { wakeReason: "cron" } });
    s.agents.rm = agent("rm", { name: "Remote", status: "idle", remote: { status: "working" } });
    s.team.roster.push("bg", "rm");
    const { dispatch, calls } = acceptingDispatch();
    render(<TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} dispatch={dispatch} />);
    expect(screen.getByText("background: cron")).toBeTruthy();
    expect(screen.getByText("remote: working")).toBeTruthy();
    const row = within(screen.getByLabelText("Roster")).getByText("Nightly").closest("li") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Stop Nightly" }));
    expect(calls).toEqual([{ kind: "stop", agentId: "bg" }]);
  });
});

describe("DelegationGraph", () => {
  it("TEAM-02 shows the children under the agent that spawned them", () => {
    const s = teamRunning();
    render(<DelegationGraph agents={s.agents} edges={s.team.edges} />);
    const sub = screen.getByLabelText("Delegated by Coordinator");
    expect(within(sub).getByText("Researcher")).toBeTruthy();
    expect(within(sub).getByText("Writer")).toBeTruthy();
  });

  it("TEAM-02 a non-agent parent (the session thread) is a root, not a duplicated teammate", () => {
    const s = teamRunning();
    const edges = [{ from: "thread_main", to: "coord", kind: "spawn" as const }, ...s.team.edges];
    const { container } = render(<DelegationGraph agents={s.agents} edges={edges} />);
    expect(screen.getByText("thread_main")).toBeTruthy();
    expect(container.querySelectorAll("[data-agent='researcher']")).toHaveLength(1);
  });

  it("TEAM-05 a teammate with a declared parent and a stray thread edge appears once, under its parent", () => {
    const s = teamRunning();
    const edges = [...s.team.edges, { from: "thread__coord", to: "writer", kind: "spawn" as const }];
    const { container } = render(<DelegationGraph agents={s.agents} edges={edges} />);
    expect(container.querySelectorAll("[data-agent='writer']")).toHaveLength(1);
    expect(screen.queryByText("thread__coord")).toBeNull();
  });

  it("TEAM-18 missing lineage is shown as unknown and no parent edge is invented", () => {
    const s = teamRunning();
    s.agents.orphan = agent("orphan", { name: "Orphan", lineage: "unknown" });
    render(<DelegationGraph agents={s.agents} edges={s.team.edges} />);
    const orphan = screen.getByText("Orphan").closest("li") as HTMLElement;
    expect(orphan.parentElement?.getAttribute("aria-label")).toBe("Delegation");
    expect(within(orphan).getByText("lineage: unknown")).toBeTruthy();
  });
});
