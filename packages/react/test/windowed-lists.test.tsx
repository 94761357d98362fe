// @vitest-environment happy-dom
// PERF-04: a roster of thousands mounts only the rows near the scroll position; scrolling to the end
// reaches the last teammate, and the mounted row count stays bounded throughout.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { EvidenceRecord } from "@agent-ui/contracts";
import { EvidenceLane } from "../src/evidence-lane";
import { TeamWorkbench } from "../src/team-workbench";
import { windowRange } from "../src/windowed-list";
import { agent, teamRunning } from "./fixtures/team";

afterEach(cleanup);

const COUNT = 5_000;

function bigTeam() {
  const s = teamRunning();
  const ids = Array.from({ length: COUNT }, (_, i) => `worker_${i + 1}`);
  s.agents = Object.fromEntries(ids.map((id, i) => [id, agent(id, { name: `Worker ${i + 1}` })]));
  s.team = { ...s.team, roster: ids };
  return s;
}

describe("windowed long lists", () => {
  it("PERF-04 a 5,000-teammate roster mounts a bounded window; scrolling reaches the last teammate", () => {
    const s = bigTeam();
    render(<TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} />);
    const roster = screen.getByLabelText("Roster");
    const rows = () => roster.querySelectorAll("[data-windowed-row]").length;
    expect(within(roster).getByText("Worker 1")).toBeTruthy();
    expect(rows()).toBeLessThan(60);
    const scroller = roster.querySelector(".aui-windowed") as HTMLElement;
    for (const top of [44 * 1_000, 44 * 2_500, 44 * COUNT]) {
      act(() => {
        scroller.scrollTop = top;
        fireEvent.scroll(scroller);
      });
      expect(rows()).toBeLessThan(60);
    }
    expect(within(roster).getByText(`Worker ${COUNT}`)).toBeTruthy();
    expect(within(roster).queryByText("Worker 1")).toBeNull();
  });

  it("PERF-04 a 3,000-item evidence lane mounts a bounded window and opens at a linked last item", () => {
    const evidence: Record<string, EvidenceRecord> = {};
    for (let i = 1; i <= 3_000; i++)
      evidence[`ev_${i}`] = {
        evidenceId: `ev_${i}`,
        status: "verified",
        packRef: "unavailable",
        replayRef: "unavailable",
        reviewRef: "unavailable",
        correlation: {},
        verification: [],
        knownGaps: [],
        toolCallIds: [],
        artifactIds: [],
      };
    const { rerender } = render(<EvidenceLane evidence={evidence} />);
    const cards = () => document.querySelectorAll("article.aui-evidence-card").length;
    expect(screen.getByRole("article", { name: "Evidence ev_1" })).toBeTruthy();
    expect(cards()).toBeLessThan(40);
    rerender(<EvidenceLane evidence={evidence} focusId="ev_3000" />);
    expect(screen.getByRole("article", { name: "Evidence ev_3000" }).getAttribute("aria-current")).toBe(
      "true",
    );
    expect(cards()).toBeLessThan(40);
  });

  it("PERF-04 a 3,000-item work board mounts a bounded window; scrolling reaches the last item", () => {
    const s = teamRunning();
    s.team = {
      ...s.team,
      workBoard: Array.from({ length: 3_000 }, (_, i) => ({
        workItemId: `wi_${i + 1}`,
        title: `Item ${i + 1}`,
        status: "queued",
      })),
    };
    render(<TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} />);
    const board = screen.getByLabelText("Work board");
    const rows = () => board.querySelectorAll("[data-windowed-row]").length;
    expect(rows()).toBeLessThan(60);
    const scroller = board.querySelector(".aui-windowed") as HTMLElement;
    act(() => {
      scroller.scrollTop = 44 * 3_000;
      fireEvent.scroll(scroller);
    });
    expect(rows()).toBeLessThan(60);
    expect(within(board).getByText("Item 3000")).toBeTruthy();
  });

  it("windowRange always covers the end of the list and never runs past it", () => {
    expect(windowRange(100, 40, 400, 100_000, 5)).toEqual({ first: 95, last: 100 });
    expect(windowRange(100, 40, 400, 0, 5)).toEqual({ first: 0, last: 15 });
    expect(windowRange(10, 40, 400, 0, 5)).toEqual({ first: 0, last: 10 });
  });
});
