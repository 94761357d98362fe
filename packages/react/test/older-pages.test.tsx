// @vitest-environment happy-dom
// PERF-04 / HYD-02: the roster and the delegation graph of a 10,000-teammate team mount a bounded number
// of rows, and ask the gateway for the next older page when the user scrolls near their start (once per
// page), keeping the rows in view where they were when the page arrives.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { DelegationEdge } from "@agent-ui/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DelegationGraph } from "../src/delegation-graph";
import type { OlderList, OlderPages } from "../src/older-pages";
import { TeamWorkbench } from "../src/team-workbench";
import { agent, teamRunning } from "./fixtures/team";

afterEach(cleanup);

const COUNT = 10_000;

function team(from: number, to: number) {
  const s = teamRunning();
  const ids = Array.from({ length: to - from }, (_, i) => `worker_${from + i}`);
  s.agents = {
    lead: agent("lead", { name: "Lead" }),
    ...Object.fromEntries(ids.map((id) => [id, agent(id, { name: `Worker ${id.slice(7)}` })])),
  };
  const edges: DelegationEdge[] = ids.map((id) => ({ from: "lead", to: id, kind: "spawn" }));
  s.team = { ...s.team, roster: ids, edges };
  return s;
}

function pages(): OlderPages & { calls: OlderList[] } {
  const calls: OlderList[] = [];
  return { calls, has: () => true, load: (list) => void calls.push(list) };
}

function scroll(element: HTMLElement, top: number) {
  act(() => {
    element.scrollTop = top;
    fireEvent.scroll(element);
  });
}

describe("long team lists page in as the user scrolls", () => {
  it("PERF-04 HYD-02 a 10,000-teammate roster mounts a bounded window and asks for older teammates near its start", () => {
    const older = pages();
    const s = team(100, 100 + COUNT);
    const { rerender } = render(
      <TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} older={older} />,
    );
    const roster = screen.getByLabelText("Roster");
    const rows = () => roster.querySelectorAll("[data-windowed-row]").length;
    expect(rows()).toBeLessThan(60);
    const scroller = roster.querySelector(".aui-windowed") as HTMLElement;
    scroll(scroller, 44 * 5_000);
    expect(older.calls).toEqual([]);
    scroll(scroller, 44 * 3);
    scroll(scroller, 44 * 2);
    expect(older.calls).toEqual(["roster"]);
    expect(rows()).toBeLessThan(60);
    // The page arrives before the held rows: the view stays on the teammate it showed.
    const shown = within(roster).getByText("Worker 102");
    expect(shown).toBeTruthy();
    const grown = team(0, 100 + COUNT);
    rerender(
      <TeamWorkbench team={grown.team} agents={grown.agents} messages={grown.messages} older={older} />,
    );
    expect(scroller.scrollTop).toBe(44 * 102);
    expect(within(roster).getByText("Worker 102")).toBeTruthy();
    expect(within(roster).queryByText("Worker 0")).toBeNull();
    expect(rows()).toBeLessThan(60);
  });

  it("PERF-04 HYD-02 a 10,000-teammate delegation graph is one windowed list of rows and asks for older edges near its start", () => {
    const older = pages();
    const s = team(0, COUNT);
    render(
      <DelegationGraph
        agents={s.agents}
        edges={s.team.edges}
        hasOlder
        onLoadOlder={() => older.load("edges")}
      />,
    );
    const graph = screen.getByLabelText("Delegation graph");
    const rows = () => graph.querySelectorAll("[data-windowed-row]").length;
    expect(rows()).toBeLessThan(60);
    expect(within(graph).getByText("Lead")).toBeTruthy();
    const scroller = graph.querySelector(".aui-windowed") as HTMLElement;
    expect(Number(scroller.dataset.total)).toBe(COUNT + 1);
    scroll(scroller, 32 * COUNT);
    expect(within(graph).getByText(`Worker ${COUNT - 1}`)).toBeTruthy();
    expect(rows()).toBeLessThan(60);
    expect(older.calls).toEqual([]);
    scroll(scroller, 0);
    expect(older.calls).toEqual(["edges"]);
    // A worker sits one level under its lead.
    const row = graph.querySelector('[data-agent="worker_0"]') as HTMLElement;
    expect(row.dataset.depth).toBe("1");
  });

  it("HYD-02 a short list with older rows offers Load older, and a list with none does not", () => {
    const older = pages();
    const s = team(0, 5);
    const { rerender } = render(
      <TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} older={older} />,
    );
    const roster = screen.getByLabelText("Roster");
    fireEvent.click(within(roster).getByRole("button", { name: "Load older" }));
    expect(older.calls).toEqual(["roster"]);
    rerender(
      <TeamWorkbench
        team={s.team}
        agents={s.agents}
        messages={s.messages}
        older={{ has: () => false, load: vi.fn() }}
      />,
    );
    expect(within(roster).queryByRole("button", { name: "Load older" })).toBeNull();
  });
});
