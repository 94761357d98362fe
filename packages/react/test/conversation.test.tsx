// @vitest-environment happy-dom
import type { MessagePart, ProjectionState } from "@agent-ui/contracts";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { InlineProcess, summarizeProcess } from "../src/inline-process";
import { teamApproved, teamRunning } from "./fixtures/team";
import { acceptingDispatch, renderConversation } from "./helpers";

afterEach(cleanup);

describe("Conversation", () => {
  it("TEXT-01 only assistant_text forms the answer; process stays in the inline process", () => {
    const { container } = renderConversation();
    const answers = container.querySelectorAll(".aui-answer");
    expect(answers).toHaveLength(1);
    expect(answers[0].textContent).toBe("Drafting the report now.");
    expect(answers[0].textContent).not.toContain("Split research");
  });

  it("PROC-01 keeps the runtime order of process and answer parts", () => {
    const { container } = renderConversation();
    const coord = screen.getByLabelText("Message from Coordinator");
    const children = [...coord.children].map((el) => el.className);
    expect(children.findIndex((c) => c.includes("aui-inline-process"))).toBeLessThan(
      children.findIndex((c) => c.includes("aui-answer")),
    );
    expect(container.querySelectorAll(".aui-inline-process")).toHaveLength(1);
  });

  it("TEAM-04/06 worker notifications are visibly distinct from user messages", () => {
    renderConversation();
    const note = screen.getByLabelText("Worker notification from Researcher");
    expect(note.getAttribute("data-role")).toBe("notification");
    expect(within(note).getByText("worker notification")).toBeTruthy();
    expect(screen.getByLabelText("Message from You").getAttribute("data-role")).toBe("user");
  });

  it("TEAM-05 each agent authors its own messages", () => {
    renderConversation();
    expect(screen.getByLabelText("Message from Coordinator")).toBeTruthy();
    expect(screen.queryByLabelText("Message from Assistant")).toBeNull();
  });

  it("STAT-02/DIAG-01 runtime status and diagnostic parts never render as conversation text", () => {
    const state = teamRunning();
    state.messages[1].parts.push(
      { id: "p-st", kind: "runtime_status", status: "done", text: "STATUS-TEXT" },
      { id: "p-dg", kind: "diagnostic", status: "done", text: "DIAG-TEXT" },
    );
    const { container } = renderConversation(state);
    expect(container.textContent).not.toContain("STATUS-TEXT");
    expect(container.textContent).not.toContain("DIAG-TEXT");
  });

  it("AS-MP-03 an action_required part is a call to action with Approve and Reject, never Markdown in the answer", () => {
    const state = teamRunning();
    state.actions["act-1"] = {
      ...state.actions["act-1"],
      prompt: "Write **report.md** with `rm -rf` first?",
    };
    state.messages[1].parts = state.messages[1].parts.map((p) =>
      p.kind === "action_required" ? { ...p, text: "**Approve** the write?" } : p,
    );
    renderConversation(state);
    const message = screen.getByLabelText("Message from Coordinator");
    const card = within(message).getByRole("region", { name: "Action Allow write_file?" });
    expect(within(card).getByRole("button", { name: "Approve" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Reject" })).toBeTruthy();
    // The prompt is the runtime's text, shown as text: no Markdown elements made from it.
    expect(within(card).getByText("Write **report.md** with `rm -rf` first?")).toBeTruthy();
    const marked = [...message.querySelectorAll("strong, em, code")].map((el) => el.textContent);
    expect(marked.filter((t) => ["report.md", "rm -rf", "Approve"].includes(t ?? ""))).toEqual([]);
    expect(message.querySelector(".aui-answer")?.textContent).toBe("Drafting the report now.");
    expect(message.textContent).not.toContain("Approve** the write");
  });

  it("CTX-01 a context boundary part renders as a boundary, not answer text", () => {
    const state = teamRunning();
    state.messages[1].parts.push({
      id: "p-ctx",
      kind: "context_event",
      status: "done",
      title: "Context compacted: 9000 → 2000",
    });
    const { container } = renderConversation(state);
    expect(container.querySelector("[data-boundary='context']")?.textContent).toContain("Context compacted");
  });
});

/** The inline process of `parts` over the fact tables of `state`. */
function renderProcess(parts: MessagePart[], state: ProjectionState) {
  return render(
    <InlineProcess
      parts={parts}
      tools={state.tools}
      actions={state.actions}
      agents={state.agents}
      dispatch={acceptingDispatch().dispatch}
    />,
  );
}

describe("InlineProcess", () => {
  const parts = teamRunning().messages[1].parts.filter((p) => p.kind !== "assistant_text");

  it("PROC-02 is expanded while a step is live", () => {
    const state = teamRunning();
    renderProcess(parts, state);
    expect(screen.getByLabelText("Process").getAttribute("data-expanded")).toBe("true");
    expect(screen.getByLabelText("Tool write_file")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Approve" })).toBeTruthy();
  });

  it("PROC-03/05 collapses to a summary from stable facts once done, expandable on demand", () => {
    const state = teamApproved();
    state.tools["tc-write"] = { ...state.tools["tc-write"], status: "output-available", progress: undefined };
    const done: MessagePart[] = parts.map((p) => ({ ...p, status: "done", expanded: false }));
    renderProcess(done, state);
    const region = screen.getByLabelText("Process");
    expect(region.getAttribute("data-expanded")).toBe("false");
    expect(screen.queryByLabelText("Tool write_file")).toBeNull();
    expect(region.textContent).toContain("1 tool (write_file)");
    fireEvent.click(screen.getByRole("button", { name: "Show steps" }));
    expect(screen.getByLabelText("Tool write_file")).toBeTruthy();
  });

  it("PROC-06 a finished 30-step process is one summary line; its failed step stays in view, the rest on demand", () => {
    const state = teamRunning();
    const many: MessagePart[] = [];
    for (let i = 0; i < 30; i++) {
      const toolCallId = `tc-${i}`;
      state.tools[toolCallId] = {
        toolCallId,
        name: i === 7 ? "deploy" : "read_file",
        status: i === 7 ? "output-error" : "output-available",
        outputPreview: `contents ${i}`,
        error: i === 7 ? { message: "permission denied" } : undefined,
        attempts: [],
        artifactIds: [],
        evidenceIds: [],
      };
      many.push({ id: `p-${i}`, kind: "tool_call", status: "done", toolCallId });
    }
    renderProcess(many, state);
    const region = screen.getByLabelText("Process");
    expect(region.getAttribute("data-expanded")).toBe("false");
    expect(region.querySelector(".aui-process-summary")?.textContent).toMatch(/^30 tools \(/);
    // The failure is promoted out of the collapsed steps: one row, with its error.
    const failed = within(region).getByLabelText("Failed steps");
    expect(within(failed).getAllByRole("article")).toHaveLength(1);
    expect(within(failed).getByRole("alert").textContent).toContain("permission denied");
    expect(region.textContent).not.toContain("contents 3");
    fireEvent.click(screen.getByRole("button", { name: "Show steps" }));
    expect(within(region).queryByLabelText("Failed steps")).toBeNull();
    expect(screen.getAllByLabelText("Tool read_file")).toHaveLength(29);
    expect(screen.getAllByLabelText("Tool deploy")).toHaveLength(1);
  });

  it("HITL-01 an action part that also names its tool renders the approval card, the tool once", () => {
    const state = teamRunning();
    const withTool: MessagePart[] = [
      { id: "t", kind: "tool_call", status: "streaming", toolCallId: "tc-write", actionId: "act-1" },
      { id: "a", kind: "action_required", status: "streaming", toolCallId: "tc-write", actionId: "act-1" },
    ];
    renderProcess(withTool, state);
    expect(screen.getAllByLabelText("Tool write_file")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Approve" })).toBeTruthy();
  });

  it("PROC-05 a tool with call and result parts is counted and shown once", () => {
    const state = teamRunning();
    const twice: MessagePart[] = [
      { id: "a", kind: "tool_call", status: "done", toolCallId: "tc-write" },
      { id: "b", kind: "tool_result", status: "done", toolCallId: "tc-write" },
    ];
    expect(summarizeProcess(twice, state.tools)).toBe("1 tool (write_file)");
  });

  it("HITL-10 a collapsed process keeps the runtime's recorded decision as an audit summary", () => {
    const state = teamApproved();
    const parts: MessagePart[] = [{ id: "a", kind: "action_required", status: "done", actionId: "act-1" }];
    expect(summarizeProcess(parts, state.tools, state.actions)).toBe("1 decision (approve)");
    expect(summarizeProcess(parts, state.tools, teamRunning().actions)).toBe("1 decision (pending)");
  });
});
