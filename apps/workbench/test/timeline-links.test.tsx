// @vitest-environment happy-dom
// Timeline rows as navigation: a selected row's linked facts open the surface that owns each one, at that
// fact — the conversation's message for a tool, the tasks panel's capsule, the artifacts panel's artifact.
import { createProjector } from "@agent-ui/projection";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderSessionView } from "./session-view-support";

afterEach(cleanup);

function projected() {
  const store = createProjector();
  let seq = 0;
  const apply = (type: string, fields: Record<string, unknown>) => {
    seq += 1;
    store.apply({ type, eventId: `e${seq}`, sequence: seq, turnId: "t1", ...fields });
  };
  apply("run.started", {});
  apply("text.delta", { messageId: "m-1", partId: "p-1", payload: { delta: "Writing the report." } });
  apply("tool.started", { toolCallId: "tc-1", messageId: "m-1", payload: { name: "write_file" } });
  apply("tool.result", { toolCallId: "tc-1", payload: { outputPreview: "wrote report.md" } });
  apply("artifact.created", { artifactId: "art-1", toolCallId: "tc-1", payload: { title: "report.md" } });
  apply("artifact.created", { artifactId: "art-2", payload: { title: "notes.md" } });
  apply("task.changed", { taskId: "task-1", payload: { title: "Deploy preview", status: "running" } });
  apply("run.finished", { payload: { outcome: "success" } });
  return store;
}

const timelineRow = (kind: string, title: string) =>
  screen
    .getAllByRole("button")
    .find(
      (b) => b.getAttribute("data-kind") === kind && b.querySelector(".aui-tl-title")?.textContent === title,
    ) as HTMLElement;

/** The session view of the projected facts, opened on its timeline panel. */
function renderTimeline() {
  const store = projected();
  renderSessionView(store, "timeline");
  return store;
}

describe("timeline rows open what they link", () => {
  it("AS-TL-02 AS-TU-05 a tool row opens its message in the conversation; a task row its capsule", async () => {
    const store = renderTimeline();
    const panel = () => screen.getByRole("tabpanel");
    await waitFor(() => expect(within(panel()).getByText("Timeline")).toBeTruthy());
    fireEvent.click(timelineRow("tool", "write_file"));
    const conversation = screen.getByRole("log", { name: "Conversation" });
    expect(conversation.querySelector('[aria-current="true"]')).toBeNull();
    fireEvent.click(within(panel()).getByRole("button", { name: "Open tool tc-1" }));
    expect(conversation.querySelector('[aria-current="true"]')?.getAttribute("data-message-id")).toBe(
      store.getState().messages.find((m) => m.parts.some((p) => p.toolCallId === "tc-1"))?.id,
    );

    fireEvent.click(timelineRow("task", "Deploy preview"));
    fireEvent.click(within(panel()).getByRole("button", { name: "Open task task-1" }));
    expect(screen.getByRole("tab", { name: "tasks" }).getAttribute("aria-selected")).toBe("true");
    await waitFor(() =>
      expect(panel().querySelector('[aria-current="true"]')?.textContent).toContain("Deploy preview"),
    );
  });

  it("AS-TL-02 an artifact row opens that artifact in the artifacts panel, not the first one", async () => {
    renderTimeline();
    await waitFor(() => expect(screen.getByText("Timeline")).toBeTruthy());
    fireEvent.click(timelineRow("artifact", "notes.md"));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Open artifact art-2" }));
    });
    expect(screen.getByRole("tab", { name: "artifacts" }).getAttribute("aria-selected")).toBe("true");
    await waitFor(() =>
      expect(
        screen.getByRole("tabpanel").querySelector("[data-artifact-id]")?.getAttribute("data-artifact-id"),
      ).toBe("art-2"),
    );
  });
});
