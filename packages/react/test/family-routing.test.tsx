// @vitest-environment happy-dom
// Per-family routing (PROC-08): each event family reaches the surfaces the standard names for it, and only
// those. One table: a family's events carry a marker word; every surface renders the projected state, and
// the marker must show in the family's surfaces and in no other.
import type { AgentUiEvent } from "@agent-ui/contracts";
import { projectEvents } from "@agent-ui/projection";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ArtifactWorkspace } from "../src/artifact-workspace";
import { ContextChips } from "../src/context-chips";
import { EvidenceLane } from "../src/evidence-lane";
import { PermissionStatus } from "../src/permission-status";
import { ProcessTimeline } from "../src/process-timeline";
import { TaskCapsules } from "../src/task-capsules";
import { TeamWorkbench } from "../src/team-workbench";
import { eventStream, renderConversation } from "./helpers";

afterEach(cleanup);

type Surface = "conversation" | "timeline" | "tasks" | "status" | "artifacts" | "evidence" | "team";
const SURFACES: Surface[] = ["conversation", "timeline", "tasks", "status", "artifacts", "evidence", "team"];

type Ev = ReturnType<typeof eventStream>;
/** family → its events (carrying the marker) and the surfaces PROC-08 routes it to. */
const ROUTES: [string, (e: Ev) => AgentUiEvent[], Surface[]][] = [
  [
    "tool → inline process + timeline",
    (e) => [
      e("tool.started", { toolCallId: "tc-1", messageId: "a1", payload: { name: "MARKER_grep" } }),
      e("tool.result", { toolCallId: "tc-1", payload: { output: "3 matches" } }),
    ],
    ["conversation", "timeline"],
  ],
  [
    "action → HITL card + task attention + timeline",
    (e) => [
      e("task.changed", { taskId: "k1", payload: { status: "running", title: "Deploy" } }),
      e("action.required", {
        actionId: "act-1",
        taskId: "k1",
        messageId: "a1",
        payload: { actionType: "tool_approval", title: "MARKER_allow deploy?" },
      }),
    ],
    ["conversation", "timeline"],
  ],
  [
    "task → capsules + timeline",
    (e) => [e("task.changed", { taskId: "k2", payload: { status: "running", title: "MARKER_index" } })],
    ["tasks", "timeline"],
  ],
  [
    "context → chips",
    (e) => [e("context.changed", { payload: { refs: [{ id: "ctx-1", label: "MARKER_spec.md" }] } })],
    ["status"],
  ],
  [
    "permission → status/policy",
    (e) => [e("permission.changed", { payload: { mode: "MARKER_ask" } })],
    ["status"],
  ],
  [
    "artifact → its card in the turn + workspace + timeline",
    (e) => [e("artifact.created", { artifactId: "art-1", payload: { title: "MARKER_report.md" } })],
    ["artifacts", "conversation", "timeline"],
  ],
  [
    "evidence → a citation link in the turn + the evidence lane (the row names no id)",
    (e) => [e("evidence.changed", { evidenceId: "MARKER_ev", payload: { status: "exported" } })],
    ["conversation", "evidence"],
  ],
  [
    "team → a teammate link in the turn + team surfaces + timeline",
    (e) => [
      e("agent.spawned", { agentId: "w1", payload: { agentName: "MARKER_Writer", status: "running" } }),
    ],
    ["conversation", "team", "timeline"],
  ],
];

function renderAll(events: AgentUiEvent[]) {
  const state = projectEvents(events);
  renderConversation(state);
  const region = (name: Surface, node: React.ReactNode) => <div data-testid={name}>{node}</div>;
  render(
    <>
      {region("timeline", <ProcessTimeline entries={state.timeline} height={2000} />)}
      {region("tasks", <TaskCapsules tasks={state.tasks} queue={state.queue} />)}
      {region(
        "status",
        <>
          <PermissionStatus permissions={state.permissions} />
          <ContextChips context={state.context} />
        </>,
      )}
      {region("artifacts", <ArtifactWorkspace artifacts={state.artifacts} />)}
      {region("evidence", <EvidenceLane evidence={state.evidence} />)}
      {region("team", <TeamWorkbench team={state.team} agents={state.agents} messages={state.messages} />)}
    </>,
  );
  return state;
}

const surface = (name: Surface) =>
  name === "conversation" ? screen.getByRole("log", { name: "Conversation" }) : screen.getByTestId(name);

describe("per-family routing", () => {
  it.each(ROUTES)("PROC-08 %s", (_family, events, expected) => {
    const e = eventStream({ sessionId: "s", turnId: "t1" });
    renderAll([
      e("run.started", { runId: "r1" }),
      e("text.delta", { messageId: "a1", partId: "p1", payload: { delta: "Working on it." } }),
      ...events(e),
    ]);
    const shown = SURFACES.filter((name) => (surface(name).textContent ?? "").includes("MARKER"));
    expect(shown.sort()).toEqual([...expected].sort());
  });

  it("PROC-08 an action puts its task in attention and shows a decision card in the turn", () => {
    const e = eventStream({ sessionId: "s", turnId: "t1" });
    renderAll([e("run.started", { runId: "r1" }), ...ROUTES[1][1](e)]);
    const capsule = within(surface("tasks")).getByText("Deploy").closest("[data-state]");
    expect(capsule?.getAttribute("data-state")).toBe("permission_required");
    expect(capsule?.className).toContain("aui-attention-high");
    const card = within(surface("conversation")).getByText(/MARKER_allow deploy\?/);
    expect(card).toBeTruthy();
    expect(within(surface("conversation")).getByRole("button", { name: /approve/i })).toBeTruthy();
  });
});
