// @vitest-environment happy-dom
// Reference parts in the conversation (D.6): `evidence_ref` and `agent_task` are compact links into the
// lane that owns the fact, never a second expanded copy; the context a user message was sent with shows
// as chips; an unknown part kind is named with its ids, not turned into prose (FALL-01).
import type { MessagePart, ProjectionState } from "@agent-ui/contracts";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { teamRunning } from "./fixtures/team";
import { renderConversation } from "./helpers";

afterEach(cleanup);

/** The running team with `parts` appended to the coordinator's message. */
function withParts(...parts: MessagePart[]): ProjectionState {
  const state = teamRunning();
  state.messages[1].parts.push(...parts);
  return state;
}

const coordinator = () => screen.getByLabelText("Message from Coordinator");

describe("Conversation reference parts", () => {
  it("EVID-02 an evidence_ref is one compact link with the owner's status that opens the evidence lane", () => {
    const opened: string[] = [];
    const state = withParts({
      id: "evidence:ev-1",
      kind: "evidence_ref",
      status: "done",
      evidenceId: "ev-1",
      data: { reviewId: "rev-1" },
    });
    renderConversation(state, { onOpenEvidence: (id) => opened.push(id) });
    const link = within(coordinator()).getByRole("button", { name: "Open evidence ev-1" });
    expect(link.textContent).toBe("evidence ev-1");
    expect(link.parentElement?.textContent).toBe("evidence ev-1exportedcited by review rev-1");
    // The body (pack, replay, verification) stays in the evidence lane.
    expect(within(coordinator()).queryByText("pack")).toBeNull();
    fireEvent.click(link);
    expect(opened).toEqual(["ev-1"]);
  });

  it("FALL-01 an evidence_ref whose record is not known says unknown; without a handler it is text, not a dead button", () => {
    renderConversation(
      withParts({ id: "evidence:ev-9", kind: "evidence_ref", status: "done", evidenceId: "ev-9" }),
    );
    expect(within(coordinator()).queryByRole("button", { name: /Open evidence/ })).toBeNull();
    expect(coordinator().querySelector(".aui-fact-link")?.textContent).toBe("evidence ev-9unknown");
  });

  it("TEAM-05/18 an agent_task step links to the teammate with its task, stated lineage and recorded state", () => {
    const opened: string[] = [];
    const state = withParts(
      {
        id: "agent_task:task-write",
        kind: "agent_task",
        status: "done",
        agentId: "writer",
        taskId: "task-write",
        title: "Draft the report",
        data: { state: "completed", lineage: "known", parentAgentId: "coord" },
      },
      {
        id: "agent_task:agent:ghost",
        kind: "agent_task",
        status: "done",
        agentId: "ghost",
        title: "ghost",
        data: { state: "unknown", lineage: "unknown" },
      },
    );
    renderConversation(state, { onOpenAgent: (id) => opened.push(id) });
    // After the answer text the finished steps form their own collapsed process, summarized from facts.
    const process = within(coordinator()).getAllByLabelText("Process")[1];
    expect(process.textContent).toContain("2 teammate tasks");
    fireEvent.click(within(process).getByRole("button", { name: "Show steps" }));
    const writer = screen.getByRole("button", { name: "Open teammate task Writer" });
    expect(writer.parentElement?.textContent).toBe(
      "teammate task WritercompletedDraft the report · task task-write · from Coordinator",
    );
    const ghost = screen.getByRole("button", { name: "Open teammate task ghost" });
    expect(ghost.parentElement?.textContent).toBe("teammate task ghostunknownlineage unknown");
    fireEvent.click(writer);
    expect(opened).toEqual(["writer"]);
  });

  it("QUEUE-06 an agent_task step for a task the runtime's queue lists shows its queue position", () => {
    const state = withParts({
      id: "agent_task:task-next",
      kind: "agent_task",
      status: "done",
      agentId: "writer",
      taskId: "task-next",
      data: { state: "queued", lineage: "known", queuePosition: 2 },
    });
    renderConversation(state, { onOpenAgent: () => {} });
    const process = within(coordinator()).getAllByLabelText("Process")[1];
    fireEvent.click(within(process).getByRole("button", { name: "Show steps" }));
    expect(screen.getByRole("button", { name: "Open teammate task Writer" }).parentElement?.textContent).toBe(
      "teammate task Writerqueuedtask task-next · from Coordinator · queue position 2",
    );
  });

  it("COMP-02 a user message sent with context shows those refs as chips by their known labels", () => {
    const state = teamRunning();
    state.messages[0].parts[0].data = { contextRefs: ["researcher", "art-1", "ctx-gone"] };
    renderConversation(state);
    const sent = screen.getByRole("list", { name: "Sent with context" });
    expect(
      within(sent)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Researcher", "report.md", "ctx-gone"]);
  });

  it("FALL-01 a part kind this surface does not know is named with its ids, never dropped", () => {
    const state = teamRunning();
    state.messages[0].parts.push({
      id: "x",
      kind: "remote_status_v2" as MessagePart["kind"],
      status: "done",
      taskId: "task-remote",
      agentId: "remote-1",
    });
    renderConversation(state);
    const unknown = screen.getByLabelText("Message from You").querySelector(".aui-part-unknown");
    expect(unknown?.textContent).toBe(
      "part: remote_status_v2 no content taskId task-remote · agentId remote-1".replace(" no content", ""),
    );
  });
});

describe("Conversation citations", () => {
  it("EVID-01 an evidence_ref with sources lists them: title links to http(s) urls only, host shown, opener cut", () => {
    renderConversation(
      withParts({
        id: "evidence:ev-1",
        kind: "evidence_ref",
        status: "done",
        evidenceId: "ev-1",
        citations: [
          {
            id: "s1",
            sourceType: "url",
            url: "https://weather.example.org/paris?x=1",
            title: "Paris weather",
          },
          { id: "s2", sourceType: "url", url: "javascript:alert(1)", title: "Hostile" },
          {
            id: "s3",
            sourceType: "document",
            title: "Report",
            filename: "r.pdf",
            mediaType: "application/pdf",
          },
        ],
      }),
    );
    const list = within(coordinator()).getByRole("list", { name: "Sources of evidence ev-1" });
    const links = within(list).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("rel")])).toEqual([
      ["Paris weather", "https://weather.example.org/paris?x=1", "noopener noreferrer"],
    ]);
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Paris weather weather.example.org", "Hostile", "Report application/pdf"]);
  });

  it("EVID-01 an evidence_ref without sources shows no citation list", () => {
    renderConversation(
      withParts({ id: "evidence:ev-1", kind: "evidence_ref", status: "done", evidenceId: "ev-1" }),
    );
    expect(within(coordinator()).queryByRole("list", { name: /Sources/ })).toBeNull();
  });
});
