// @vitest-environment happy-dom
// The session workbench's panel tabs follow the WAI-ARIA tabs pattern: arrows / Home / End move the
// selection with a roving tabindex, and the panel is labelled by (and controlled from) its tab.
import { createProjector } from "@agent-ui/projection";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type SessionDrafts, SessionView } from "../src/session-view";
import { renderSessionView } from "./session-view-support";

afterEach(cleanup);

function renderView() {
  const store = createProjector();
  const calls: unknown[] = [];
  render(
    <SessionView
      store={store}
      dispatch={async (intent) => {
        calls.push(intent);
        return { status: "accepted", idempotencyKey: "k" };
      }}
      inspector={<p>inspector body</p>}
      initialPanel="team"
    />,
  );
  return calls;
}

const tab = (name: string) => screen.getByRole("tab", { name });

describe("SessionView panels", () => {
  it("a11y (WAI-ARIA tabs) arrow keys, Home and End switch panels; only the selected tab is tabbable", () => {
    renderView();
    expect(tab("team").getAttribute("tabindex")).toBe("0");
    expect(tab("tasks").getAttribute("tabindex")).toBe("-1");
    fireEvent.keyDown(tab("team"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("artifacts"));
    expect(screen.getByRole("tabpanel", { name: "artifacts" }).id).toBe(
      tab("artifacts").getAttribute("aria-controls"),
    );
    fireEvent.keyDown(tab("artifacts"), { key: "End" });
    expect(screen.getByRole("tabpanel", { name: "inspector" }).textContent).toContain("inspector body");
    fireEvent.keyDown(tab("inspector"), { key: "ArrowRight" });
    expect(tab("tasks").getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(tab("tasks"), { key: "ArrowLeft" });
    expect(tab("inspector").getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(tab("inspector"), { key: "Home" });
    expect(document.activeElement).toBe(tab("tasks"));
    expect(screen.getAllByRole("tab").filter((t) => t.getAttribute("tabindex") === "0")).toHaveLength(1);
  });

  it("TEAM-14/FALL-06 the team panel offers delegate even before any teammate exists, disabled with a reason", async () => {
    const calls = renderView();
    // The side panels' code loads beside the session: a hint first, then the panel.
    expect(screen.getByRole("tabpanel", { name: "team" }).textContent).toBe("Loading the team panel…");
    expect(await screen.findByRole("form", { name: "Delegate" })).toBeTruthy();
    expect(screen.getByText("select running teammates to wait on")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("AS-HITL-05 a credential request mid-task keeps the composer draft and the task's capsule", async () => {
    const store = createProjector();
    let seq = 0;
    const apply = (type: string, fields: Record<string, unknown>) =>
      act(() => {
        seq += 1;
        store.apply({ type, eventId: `e${seq}`, sequence: seq, turnId: "t1", ...fields });
      });
    apply("run.started", {});
    apply("task.changed", { taskId: "task-1", payload: { title: "Deploy preview", status: "running" } });
    renderSessionView(store, "tasks");
    const message = () => screen.getByRole("combobox", { name: "Message" }) as HTMLTextAreaElement;
    fireEvent.change(message(), { target: { value: "also update the changelog" } });
    apply("action.required", {
      actionId: "cred-1",
      taskId: "task-1",
      payload: {
        actionType: "credential_request",
        title: "Deploy token needed",
        schema: { type: "object", properties: { token: { type: "string" } } },
      },
    });
    apply("task.changed", { taskId: "task-1", payload: { status: "needs_input" } });
    const card = await screen.findByRole("region", { name: "Action Deploy token needed" });
    expect(within(card).getByLabelText("token")).toBeTruthy();
    expect(message().value).toBe("also update the changelog");
    const capsules = await screen.findByRole("region", { name: "Tasks" });
    expect(capsules.textContent).toContain("Deploy preview");
    expect(capsules.textContent).toContain("needs input");
  });

  it("COMP-03 switching sessions A → B → A keeps A's composer draft and its context chips", () => {
    const drafts: SessionDrafts = { text: new Map(), context: new Map() };
    const store = createProjector();
    store.apply({
      type: "agent.spawned",
      eventId: "e1",
      sequence: 1,
      agentId: "researcher",
      payload: { agentName: "Researcher", role: "research" },
    });
    const view = (key: string) => (
      <SessionView
        key={key}
        store={store}
        dispatch={async () => ({ status: "accepted", idempotencyKey: "k" })}
        inspector={null}
        drafts={drafts.text}
        contextDrafts={drafts.context}
        draftKey={key}
      />
    );
    const message = () => screen.getByRole("combobox", { name: "Message" }) as HTMLTextAreaElement;
    const chips = () => screen.queryByRole("list", { name: "Attached context" })?.textContent ?? "";
    const { rerender } = render(view("A"));
    fireEvent.change(message(), { target: { value: "half-written thought @res" } });
    fireEvent.keyDown(message(), { key: "Enter" });
    expect(chips()).toContain("Researcher");
    rerender(view("B"));
    expect(message().value).toBe("");
    expect(chips()).toBe("");
    rerender(view("A"));
    expect(message().value).toBe("half-written thought @Researcher ");
    expect(chips()).toContain("Researcher");
  });

  it("EVID-02/TEAM-05 conversation links open the owning lane at that fact, never a second expanded copy", async () => {
    const store = createProjector();
    const base = store.getState();
    store.hydrate({
      kind: "projection",
      state: {
        ...base,
        agents: {
          writer: { agentId: "writer", name: "Writer", status: "running", lineage: "known", transcript: [] },
        },
        evidence: {
          "ev-1": {
            evidenceId: "ev-1",
            status: "exported",
            packRef: "pack://ev-1",
            replayRef: "unavailable",
            reviewRef: "unavailable",
            correlation: {},
            verification: "unavailable",
            knownGaps: "unavailable",
            toolCallIds: [],
            artifactIds: [],
          },
        },
        messages: [
          {
            id: "m1",
            role: "assistant",
            parts: [
              { id: "t", kind: "agent_task", status: "streaming", agentId: "writer", taskId: "task-1" },
              { id: "a", kind: "assistant_text", status: "done", text: "Done." },
              { id: "e", kind: "evidence_ref", status: "done", evidenceId: "ev-1" },
            ],
          },
        ],
      },
    });
    renderSessionView(store, "tasks");
    expect(screen.queryAllByText("pack")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Open evidence ev-1" }));
    const evidence = screen.getByRole("tabpanel", { name: "evidence" });
    await waitFor(() =>
      expect(evidence.querySelector('[aria-current="true"]')?.getAttribute("aria-label")).toBe(
        "Evidence ev-1",
      ),
    );
    expect(screen.getAllByText("pack")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Open teammate task Writer" }));
    const team = screen.getByRole("tabpanel", { name: "team" });
    await waitFor(() => expect(team.querySelector('[aria-current="true"]')?.textContent).toContain("Writer"));
    expect(screen.getByRole("button", { name: "Hide transcript" })).toBeTruthy();
  });
});
