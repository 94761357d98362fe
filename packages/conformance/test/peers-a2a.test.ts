// End to end: the A2A capture (client objects and SSE wire) → framing → auto-detected adapter →
// projection, asserting the peers/README.md row: a remote teammate task, artifact, input-required HITL.
import { beforeEach, describe, expect, it } from "vitest";
import { adaptStream, assistantTexts, errorDiagnostics, framed, project } from "./peers-support";

const TASK = "54ba76be-eb88-416c-b117-1d97b29d64df";
const AGENT = "a2a:173cb440-fcb3-4c4b-949a-1220972413f7";

describe.each([
  "a2a.task-artifact-input-required.client-events.jsonl",
  "a2a.task-artifact-input-required.wire.txt",
])("peers: A2A %s", (name) => {
  let { events, detected } = adaptStream(name, "auto", { sessionId: "local-session" });
  let state = project(events);
  // Recomputed in each test: what a describe runs while the file loads is outside every test
  // (and every mutant of a mutation run).
  beforeEach(() => {
    ({ events, detected } = adaptStream(name, "auto", { sessionId: "local-session" }));
    state = project(events);
  });

  it("ENV-01 auto-detection picks a2a", () => {
    expect(detected).toBe("a2a");
  });

  it("TEAM-11 one remote task, completed, owned by an external_task teammate with lineage", () => {
    expect(Object.keys(state.tasks)).toEqual([TASK]);
    expect(state.tasks[TASK]).toMatchObject({ status: "completed", runtimeEntity: "external_task" });
    expect(state.agents[AGENT]).toMatchObject({
      status: "completed",
      runtimeEntity: "external_task",
      lineage: "known",
      remote: { remoteTaskId: TASK, status: "completed" },
    });
  });

  it("TEAM-04 status messages are the teammate's transcript, each once, no user speech", () => {
    expect(assistantTexts(state)).toEqual([
      ["c7aa7087-8d0c-4df4-bf23-9023fdb1ea95", AGENT, "Drafting report"],
      ["51de19e1-de5f-47de-9434-4ec862f896ba", AGENT, "Approve publishing the report? (yes/no)"],
      ["f83fffec-5416-479e-b56e-f8c7a1d4fced", AGENT, "Publishing"],
      ["12768c50-8a39-4d9c-8195-03b785cc72a7", AGENT, "Published."],
    ]);
    expect(state.messages.some((m) => m.role === "user")).toBe(false);
    expect(state.agents[AGENT].transcript).toHaveLength(4);
  });

  it("ART-01 the artifact is the concatenation of both chunks (append), ready", () => {
    expect(state.artifacts["art-report"]).toMatchObject({
      title: "report.md",
      kind: "document",
      status: "ready",
      preview: "# Report\nParis is 21°C.\n",
    });
  });

  it("HITL-03 the input-required action is resolved by the second turn, nothing pending", () => {
    const actions = Object.values(state.actions);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ type: "structured_input", status: "resolved", toolCallId: "unknown" });
    expect(actions[0].requestedBy).toMatchObject({ agentId: AGENT });
    expect(errorDiagnostics(state)).toEqual([]);
    expect(Object.keys(state.tools)).toEqual([]);
  });
});

describe("peers: A2A turn 1 only (the stream stops at input-required)", () => {
  it("HITL-01 the action is pending and the task needs input; nothing completed", () => {
    const { events } = adaptStream("a2a.task-artifact-input-required.client-events.jsonl");
    const firstTurn = framed("a2a.task-artifact-input-required.client-events.jsonl").filter(
      (r) => (r.value as { turn?: number }).turn === 1,
    ).length;
    const turn1 = events.filter((e) => (e.source?.index ?? Number.POSITIVE_INFINITY) < firstTurn);
    const state = project(turn1);
    expect(Object.values(state.actions).map((a) => a.status)).toEqual(["pending"]);
    expect(state.tasks[TASK].status).toBe("needs_input");
    expect(state.agents[AGENT].status).toBe("needs_input");
  });
});

describe("peers: A2A GetTask after turn 2", () => {
  it("HYD-01 the final task object alone projects the whole history once and a completed task", () => {
    const { events, detected } = adaptStream("a2a.final-task.json");
    expect(detected).toBe("a2a");
    const state = project(events);
    expect(assistantTexts(state).map(([, , text]) => text)).toEqual([
      "Drafting report",
      "Approve publishing the report? (yes/no)",
      "Publishing",
      "Published.",
    ]);
    expect(state.tasks[TASK].status).toBe("completed");
    expect(state.artifacts["art-report"].preview).toBe("# Report\nParis is 21°C.\n");
  });

  it("ORD-02 the task object after the live stream restates history without duplicating or stalling", () => {
    const live = adaptStream("a2a.task-artifact-input-required.client-events.jsonl", "auto", {
      streamId: "live",
    });
    const read = adaptStream("a2a.final-task.json", "auto", { streamId: "get-task" });
    const state = project([...live.events, ...read.events]);
    expect(assistantTexts(state)).toHaveLength(4);
    expect(state.cursor.gaps).toEqual([]);
    expect(state.tasks[TASK].status).toBe("completed");
  });
});
