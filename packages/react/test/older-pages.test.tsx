// @vitest-environment happy-dom
// PERF-04 / HYD-02: the roster and the delegation graph of a 10,000-teammate team mount a bounded number
// of rows, and ask the gateway for the next older page when the user scrolls near their start (once per
// page), keeping the rows in view where they were when the page arrives.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { DelegationEdge } from "@agent-ui/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ArtifactRecord, EvidenceRecord, TaskRecord } from "@agent-ui/contracts";
import { ArtifactWorkspace } from "../src/artifact-workspace";
import { DelegationGraph } from "../src/delegation-graph";
import { EvidenceLane } from "../src/evidence-lane";
import { TaskCapsules } from "../src/task-capsules";
import { TaskGraph } from "../src/task-graph";
import { ProcessTimeline } from "../src/process-timeline";
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
  return {
    calls,
    has: () => true,
    load: async (list) => {
      calls.push(list);
    },
  };
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
        older={{ has: () => false, load: vi.fn(async () => {}) }}
      />,
    );
    expect(within(roster).queryByRole("button", { name: "Load older" })).toBeNull();
  });

  it("PERF-04 HYD-02 10,000 tasks, artifacts and evidence items each mount a bounded window and ask for their older page near the start", () => {
    const older = pages();
    const ids = Array.from({ length: COUNT }, (_, i) => i);
    const tasks: Record<string, TaskRecord> = Object.fromEntries(
      ids.map((i) => [
        `t${i}`,
        {
          taskId: `t${i}`,
          title: `Task ${i}`,
          status: "running",
          attention: "low",
          attempts: [],
          artifactIds: [],
          evidenceIds: [],
        } as TaskRecord,
      ]),
    );
    const artifacts = Object.fromEntries(
      ids.map((i) => [
        `a${i}`,
        {
          artifactId: `a${i}`,
          title: `Artifact ${i}`,
          kind: "text",
          status: "saved",
          versions: [],
          export: { status: "none" },
          sourceRefs: [],
          evidenceRefs: [],
        } as unknown as ArtifactRecord,
      ]),
    );
    const evidence = Object.fromEntries(
      ids.map((i) => [
        `e${i}`,
        {
          evidenceId: `e${i}`,
          status: "verified",
          packRef: "unavailable",
          replayRef: "unavailable",
          reviewRef: "unavailable",
          correlation: {},
          verification: [],
          knownGaps: [],
          toolCallIds: [],
          artifactIds: [],
        } as EvidenceRecord,
      ]),
    );
    const queue = { items: [], steers: [] } as unknown as Parameters<typeof TaskCapsules>[0]["queue"];
    const surfaces = [
      {
        list: "tasks",
        node: <TaskCapsules tasks={tasks} queue={queue} older={older} />,
        label: "Tasks",
        estimate: 48,
      },
      {
        list: "artifacts",
        node: <ArtifactWorkspace artifacts={artifacts} older={older} />,
        label: "Artifacts",
        estimate: 56,
      },
      {
        list: "evidence",
        node: <EvidenceLane evidence={evidence} older={older} />,
        label: "Evidence",
        estimate: 260,
      },
    ] as const;
    for (const surface of surfaces) {
      const { unmount } = render(surface.node);
      const region = screen.getByRole("region", { name: surface.label });
      const rows = () => region.querySelectorAll("[data-windowed-row]").length;
      expect(rows()).toBeLessThan(60);
      const scroller = region.querySelector(".aui-windowed") as HTMLElement;
      scroll(scroller, surface.estimate * 5_000);
      expect(older.calls).not.toContain(surface.list);
      scroll(scroller, 0);
      expect(older.calls.at(-1)).toBe(surface.list);
      expect(rows()).toBeLessThan(60);
      unmount();
    }
    expect(older.calls).toEqual(["tasks", "artifacts", "evidence"]);
  });

  it("PERF-04 a dependency list of 10,000 waiting tasks mounts a bounded window and reaches the last", () => {
    const tasks: Record<string, TaskRecord> = {};
    for (let i = 0; i < COUNT; i++)
      tasks[`t${i}`] = {
        taskId: `t${i}`,
        title: `Task ${i}`,
        status: "blocked",
        attention: "medium",
        attempts: [],
        artifactIds: [],
        evidenceIds: [],
        dependsOn: i > 0 ? [`t${i - 1}`] : ["t-missing"],
      } as TaskRecord;
    render(<TaskGraph tasks={tasks} />);
    const region = screen.getByRole("region", { name: "Task dependencies" });
    const rows = () => region.querySelectorAll("[data-windowed-row]").length;
    expect(rows()).toBeLessThan(60);
    scroll(region.querySelector(".aui-windowed") as HTMLElement, 64 * COUNT);
    expect(within(region).getByRole("list", { name: `Task ${COUNT - 1} waits on` })).toBeTruthy();
    expect(rows()).toBeLessThan(60);
  });

  it("PERF-04 HYD-02 the work board, worker results and reviews of a large team page older entries in near their start", () => {
    const older = pages();
    const s = team(0, 10);
    s.team = {
      ...s.team,
      workBoard: Array.from({ length: COUNT }, (_, i) => ({
        workItemId: `wi${i}`,
        title: `Item ${i}`,
        status: "done",
      })),
      notifications: Array.from({ length: COUNT }, (_, i) => ({
        id: `n${i}`,
        status: "completed",
        summary: `Result ${i}`,
      })),
      reviews: Array.from({ length: COUNT }, (_, i) => ({
        reviewId: `rv${i}`,
        reviewer: "lead",
        target: `result://${i}`,
        status: "passed" as const,
        evidenceRefs: [],
      })),
    };
    render(<TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} older={older} />);
    for (const [label, list, estimate] of [
      ["Work board", "workBoard", 44],
      ["Worker notifications", "notifications", 40],
      ["Review lane", "reviews", 40],
    ] as const) {
      const region = screen.getByRole("region", { name: label });
      expect(region.querySelectorAll("[data-windowed-row]").length).toBeLessThan(60);
      const scroller = region.querySelector(".aui-windowed") as HTMLElement;
      scroll(scroller, estimate * 5_000);
      scroll(scroller, 0);
      expect(older.calls.at(-1)).toBe(list);
    }
  });

  it("PERF-04 HYD-02 a 10,000-row timeline mounts a bounded window and asks for older rows near its start", () => {
    const older = pages();
    const entries = Array.from({ length: COUNT }, (_, i) => ({
      id: `tl${i}`,
      kind: "tool" as const,
      title: `Step ${i}`,
      refs: {},
      source: { sequence: i + 1 },
    }));
    render(<ProcessTimeline entries={entries} height={320} older={older} />);
    const list = screen.getByRole("region", { name: "Timeline entries" });
    expect(list.querySelectorAll("li").length).toBeLessThan(40);
    scroll(list, 32 * 5_000);
    expect(older.calls).toEqual([]);
    scroll(list, 32);
    expect(older.calls).toEqual(["timeline"]);
    expect(list.querySelectorAll("li").length).toBeLessThan(40);
  });

  it("PERF-04 a work board under a 10,000-teammate roster picks assignees by search, never a roster-wide select per row", async () => {
    const s = team(0, COUNT);
    s.team = {
      ...s.team,
      workBoard: Array.from({ length: 200 }, (_, i) => ({
        workItemId: `wi${i}`,
        title: `Item ${i}`,
        status: "queued",
      })),
    };
    const sent: unknown[] = [];
    const dispatch = async (intent: unknown) => {
      sent.push(intent);
      return { status: "accepted" as const, idempotencyKey: "k" };
    };
    render(<TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} dispatch={dispatch} />);
    const board = screen.getByRole("region", { name: "Work board" });
    expect(board.querySelectorAll("option").length).toBeLessThan(60 * 21);
    const field = within(board).getByLabelText("Assignee for Item 0");
    fireEvent.change(field, { target: { value: "worker_9999" } });
    const suggestions = document.getElementById(field.getAttribute("list") as string) as HTMLElement;
    expect([...suggestions.querySelectorAll("option")].map((o) => o.getAttribute("value"))).toEqual([
      "worker_9999",
    ]);
    const assign = within(board).getByRole("button", { name: "Assign Item 0" }) as HTMLButtonElement;
    expect(assign.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(assign);
    });
    expect(sent).toContainEqual(
      expect.objectContaining({ kind: "assign", workItemId: "wi0", assignee: "worker_9999" }),
    );
    fireEvent.change(field, { target: { value: "nobody" } });
    expect(assign.disabled).toBe(true);
  });
});
