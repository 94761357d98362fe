// @vitest-environment happy-dom
// Team controls end to end at the component level: a click dispatches exactly one intent, the surface
// shows "waiting for runtime…" and changes only when a new projection state carries the runtime's fact.
import type { ProjectionState } from "@agent-ui/contracts";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Dispatch } from "../src/commands";
import { WriteGuard } from "../src/controlled-write";
import { TeamWorkbench } from "../src/team-workbench";
import { teamRunning } from "./fixtures/team";
import { recordingDispatch } from "./helpers";

afterEach(cleanup);

function renderTeam(state: ProjectionState, dispatch: Dispatch) {
  const view = (s: ProjectionState) => (
    <TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} dispatch={dispatch} />
  );
  const utils = render(view(state));
  return { ...utils, show: (s: ProjectionState) => utils.rerender(view(s)) };
}

const rosterRow = (name: string) =>
  within(screen.getByLabelText("Roster")).getByText(name).closest("li") as HTMLElement;

describe("Team controls (TEAM-14, CTRL-01/02, FALL-06)", () => {
  it("TEAM-14/CTRL-01 stop: one click is one write; the row changes only with the runtime's status", async () => {
    const s = teamRunning();
    const rec = recordingDispatch();
    const { show } = renderTeam(s, rec.dispatch);
    const stop = within(rosterRow("Coordinator")).getByRole("button", { name: "Stop Coordinator" });
    fireEvent.click(stop);
    fireEvent.click(stop);
    expect(rec.calls).toEqual([{ kind: "stop", agentId: "coord" }]);
    await act(async () => rec.settle("accepted"));
    // Accepted is not done: the teammate still reads running, the control waits for the fact.
    expect(within(rosterRow("Coordinator")).getByText("running")).toBeTruthy();
    expect(within(rosterRow("Coordinator")).getByText("Stop sent — waiting for runtime…")).toBeTruthy();
    show({ ...s, agents: { ...s.agents, coord: { ...s.agents.coord, status: "killed" } } });
    expect(within(rosterRow("Coordinator")).getByText("killed")).toBeTruthy();
    expect(within(rosterRow("Coordinator")).queryByText(/waiting for runtime/)).toBeNull();
    expect(rec.calls).toHaveLength(1);
  });

  it("CTRL-02 a rejected stop keeps the facts and offers a retry that sends the same intent", async () => {
    const s = teamRunning();
    const rec = recordingDispatch();
    renderTeam(s, rec.dispatch);
    fireEvent.click(screen.getByRole("button", { name: "Stop Coordinator" }));
    await act(async () => rec.settle("rejected", "coordinator cannot be stopped mid-merge"));
    const row = rosterRow("Coordinator");
    expect(within(row).getByRole("alert").textContent).toContain(
      "Stop not applied (rejected: coordinator cannot be stopped mid-merge). Nothing changed.",
    );
    expect(within(row).getByText("running")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Retry stop" }));
    expect(rec.calls).toEqual([
      { kind: "stop", agentId: "coord" },
      { kind: "stop", agentId: "coord" },
    ]);
    await act(async () => rec.settle("unavailable", "runtime offline"));
    expect(within(row).getByRole("alert").textContent).toContain("unavailable: runtime offline");
  });

  it("FALL-06 close is disabled with a reason while running, and closes an idle teammate through the runtime", async () => {
    const s = teamRunning();
    const rec = recordingDispatch();
    const { show } = renderTeam(s, rec.dispatch);
    const closeCoord = within(rosterRow("Coordinator")).getByRole("button", { name: "Close Coordinator" });
    expect((closeCoord as HTMLButtonElement).disabled).toBe(true);
    expect(within(rosterRow("Coordinator")).getByText("running — stop it first")).toBeTruthy();
    const stopResearcher = within(rosterRow("Researcher")).getByRole("button", { name: "Stop Researcher" });
    expect((stopResearcher as HTMLButtonElement).disabled).toBe(true);
    expect(within(rosterRow("Researcher")).getByText("not running (completed)")).toBeTruthy();
    fireEvent.click(within(rosterRow("Researcher")).getByRole("button", { name: "Close Researcher" }));
    expect(rec.calls).toEqual([{ kind: "close", agentId: "researcher" }]);
    await act(async () => rec.settle("accepted"));
    expect(within(rosterRow("Researcher")).getByText("completed")).toBeTruthy();
    show({ ...s, agents: { ...s.agents, researcher: { ...s.agents.researcher, status: "closed" } } });
    expect(within(rosterRow("Researcher")).getByText("closed")).toBeTruthy();
    expect(
      (
        within(rosterRow("Researcher")).getByRole("button", {
          name: "Close Researcher",
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    expect(within(rosterRow("Researcher")).getByText("already closed")).toBeTruthy();
  });

  it("TEAM-14 delegate sends text, name and role; the new teammate appears only from the runtime's roster", async () => {
    const s = teamRunning();
    const rec = recordingDispatch();
    const { show } = renderTeam(s, rec.dispatch);
    const form = screen.getByRole("form", { name: "Delegate" });
    const submit = within(form).getByRole("button", { name: "Delegate" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(within(form).getByText("describe the task to delegate")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Task"), { target: { value: "Check the numbers" } });
    fireEvent.change(within(form).getByLabelText("Teammate name (optional)"), {
      target: { value: "Checker" },
    });
    fireEvent.change(within(form).getByLabelText("Role (optional)"), { target: { value: "verifier" } });
    fireEvent.click(submit);
    expect(rec.calls).toEqual([
      { kind: "delegate", text: "Check the numbers", agentName: "Checker", role: "verifier" },
    ]);
    await act(async () => rec.settle("accepted"));
    expect(within(form).getByText("Delegate sent — waiting for runtime…")).toBeTruthy();
    expect(within(screen.getByLabelText("Roster")).queryByText("Checker")).toBeNull();
    show({
      ...s,
      team: { ...s.team, roster: [...s.team.roster, "checker"] },
      agents: {
        ...s.agents,
        checker: {
          agentId: "checker",
          name: "Checker",
          status: "spawning",
          lineage: "known",
          transcript: [],
        },
      },
    });
    expect(within(screen.getByLabelText("Roster")).getByText("Checker")).toBeTruthy();
    expect(within(form).queryByText(/waiting for runtime/)).toBeNull();
  });

  it("CTRL-02/COMP-03 a refused delegate keeps the typed task for the retry", async () => {
    const rec = recordingDispatch();
    renderTeam(teamRunning(), rec.dispatch);
    const form = screen.getByRole("form", { name: "Delegate" });
    fireEvent.change(within(form).getByLabelText("Task"), { target: { value: "Translate it" } });
    fireEvent.click(within(form).getByRole("button", { name: "Delegate" }));
    await act(async () => rec.settle("rejected", "parallel budget exhausted"));
    expect((within(form).getByLabelText("Task") as HTMLInputElement).value).toBe("Translate it");
    expect(within(form).getByRole("alert").textContent).toContain("parallel budget exhausted");
    fireEvent.click(within(form).getByRole("button", { name: "Retry delegate" }));
    expect(rec.calls).toHaveLength(2);
    expect(rec.calls[1]).toEqual({ kind: "delegate", text: "Translate it" });
  });

  it("TEAM-14 continue_agent sends input to the teammate whose transcript is open; a closed teammate is disabled with a reason", async () => {
    const s = teamRunning();
    const rec = recordingDispatch();
    const { show } = renderTeam(s, rec.dispatch);
    fireEvent.click(within(rosterRow("Writer")).getByRole("button", { name: "Transcript" }));
    const form = screen.getByRole("form", { name: "Continue Writer" });
    fireEvent.change(within(form).getByLabelText("Input for Writer"), { target: { value: "Use EUR" } });
    fireEvent.click(within(form).getByRole("button", { name: "Send to Writer" }));
    expect(rec.calls).toEqual([{ kind: "continue_agent", agentId: "writer", text: "Use EUR" }]);
    await act(async () => rec.settle("accepted"));
    expect(within(form).getByText("Continue sent — waiting for runtime…")).toBeTruthy();
    show({ ...s, agents: { ...s.agents, writer: { ...s.agents.writer, status: "closed" } } });
    const after = screen.getByRole("form", { name: "Continue Writer" });
    expect(within(after).queryByText(/waiting for runtime/)).toBeNull();
    expect(
      (within(after).getByRole("button", { name: "Send to Writer" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(within(after).getByText("teammate is closed")).toBeTruthy();
  });

  it("TEAM-14 wait is sent for the selected running teammates only; disabled with a reason until one is picked", async () => {
    const s = teamRunning();
    const rec = recordingDispatch();
    renderTeam(s, rec.dispatch);
    const wait = screen.getByRole("button", { name: "Wait for selected" }) as HTMLButtonElement;
    expect(wait.disabled).toBe(true);
    expect(screen.getByText("select running teammates to wait on")).toBeTruthy();
    const researcherBox = within(rosterRow("Researcher")).getByRole("checkbox") as HTMLInputElement;
    expect(researcherBox.disabled).toBe(true);
    fireEvent.click(within(rosterRow("Coordinator")).getByRole("checkbox"));
    fireEvent.click(within(rosterRow("Writer")).getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "Wait for selected" }));
    expect(rec.calls).toEqual([{ kind: "wait", agentIds: ["coord", "writer"] }]);
    await act(async () => rec.settle("accepted"));
    expect(screen.getByText("Wait for selected sent — waiting for runtime…")).toBeTruthy();
  });

  it("TEAM-14 assign goes to the work board owner; the assignee changes only with the runtime's fact", async () => {
    const s = teamRunning();
    const rec = recordingDispatch();
    const { show } = renderTeam(s, rec.dispatch);
    const board = screen.getByLabelText("Work board");
    const item = within(board).getByText("Collect sources").closest("li") as HTMLElement;
    const assign = within(item).getByRole("button", { name: "Assign Collect sources" }) as HTMLButtonElement;
    expect(assign.disabled).toBe(true);
    fireEvent.change(within(item).getByLabelText("Assignee for Collect sources"), {
      target: { value: "researcher" },
    });
    expect(assign.disabled).toBe(true);
    expect(within(item).getByText("already assigned")).toBeTruthy();
    fireEvent.change(within(item).getByLabelText("Assignee for Collect sources"), {
      target: { value: "writer" },
    });
    fireEvent.click(assign);
    expect(rec.calls).toEqual([{ kind: "assign", workItemId: "w1", assignee: "writer" }]);
    await act(async () => rec.settle("accepted"));
    expect(within(item).getByText("assignee: Researcher")).toBeTruthy();
    expect(within(item).getByText("Assign sent — waiting for runtime…")).toBeTruthy();
    show({
      ...s,
      team: {
        ...s.team,
        workBoard: s.team.workBoard.map((w) => (w.workItemId === "w1" ? { ...w, assignee: "writer" } : w)),
      },
    });
    const updated = within(board).getByText("Collect sources").closest("li") as HTMLElement;
    expect(within(updated).getByText("assignee: Writer")).toBeTruthy();
    expect(within(updated).queryByText(/waiting for runtime/)).toBeNull();
  });

  it("FALL-06 assign without any known teammate is disabled with a reason", () => {
    const s = teamRunning();
    const rec = recordingDispatch();
    render(
      <TeamWorkbench team={{ ...s.team, roster: [] }} agents={{}} messages={[]} dispatch={rec.dispatch} />,
    );
    const item = within(screen.getByLabelText("Work board")).getByText("Draft report").closest("li");
    expect(within(item as HTMLElement).getByText("roster: unknown")).toBeTruthy();
  });

  it("TEAM-14 request_review on a teammate's result: disabled without a result ref, else confirmed by a review of that target", async () => {
    const s = teamRunning();
    const rec = recordingDispatch();
    const { show } = renderTeam(s, rec.dispatch);
    const notes = screen.getByLabelText("Worker notifications");
    const name = "Request review of Researcher's result";
    expect((within(notes).getByRole("button", { name }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(notes).getByText("result ref: unavailable")).toBeTruthy();
    const withRef: ProjectionState = {
      ...s,
      team: {
        ...s.team,
        notifications: s.team.notifications.map((n) => ({ ...n, resultRef: "result://research" })),
      },
    };
    show(withRef);
    fireEvent.click(within(notes).getByRole("button", { name }));
    expect(rec.calls).toEqual([{ kind: "request_review", target: "result://research" }]);
    await act(async () => rec.settle("accepted"));
    expect(within(notes).getByText("Request review sent — waiting for runtime…")).toBeTruthy();
    show({
      ...withRef,
      team: {
        ...withRef.team,
        reviews: [
          ...withRef.team.reviews,
          { reviewId: "rev-2", target: "result://research", status: "requested", evidenceRefs: [] },
        ],
      },
    });
    expect(within(notes).queryByText(/waiting for runtime/)).toBeNull();
    expect(within(screen.getByLabelText("Review lane")).getByText(/result:\/\/research/)).toBeTruthy();
  });

  it("FALL-06 under a write guard (viewing the past) every team control is disabled, the reason said once, nothing sent", () => {
    const s = teamRunning();
    const rec = recordingDispatch();
    render(
      <WriteGuard reason="Viewing the past (#3)">
        <TeamWorkbench team={s.team} agents={s.agents} messages={s.messages} dispatch={rec.dispatch} />
      </WriteGuard>,
    );
    expect(screen.getAllByText(/Viewing the past \(#3\)/)).toHaveLength(1);
    const stop = screen.getByRole("button", { name: "Stop Coordinator" }) as HTMLButtonElement;
    expect(stop.disabled).toBe(true);
    expect(stop.title).toBe("Viewing the past (#3)");
    fireEvent.click(stop);
    const form = screen.getByRole("form", { name: "Delegate" });
    fireEvent.change(within(form).getByLabelText("Task"), { target: { value: "x" } });
    expect((within(form).getByRole("button", { name: "Delegate" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(form);
    expect(rec.calls).toEqual([]);
  });
});
