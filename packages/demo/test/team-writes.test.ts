import { type ProjectionState, type RuntimeEvent, validateRuntimeEvent } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDemoRuntime, type DemoRuntime } from "../src";
import { answerEverything, type CommandInput, playManual, projectLime, write } from "./harness";

const COORDINATOR = "agent_001_coordinator";
const RESEARCHER = "agent_001_researcher";
const CODER = "agent_001_coder";
const REVIEWER = "agent_001_reviewer";
const REPORT = "artifact_001_report";
const BACKLOG = "task_001_backlog";

/** The team scenario played to the end (the write approved): every teammate idle, report at v2. */
function finishedTeam(): DemoRuntime {
  const runtime = playManual("team");
  answerEverything(runtime, "approve");
  return runtime;
}

/** The team scenario while the coder waits for its write approval. */
function teamWaitingOnApproval(): DemoRuntime {
  return playManual("team");
}

function since(runtime: DemoRuntime, from: number): RuntimeEvent[] {
  return runtime.events().slice(from);
}

const typesOf = (events: readonly RuntimeEvent[]) => events.map((e) => `${e.type}:${e.subagentId ?? ""}`);

function settle(runtime: DemoRuntime, command: CommandInput) {
  const from = runtime.events().length;
  const result = write(runtime, command);
  runtime.runUntilIdle();
  return { result, events: since(runtime, from), state: projectLime(runtime.events()) };
}

const agentOf = (state: ProjectionState, id: string) => state.agents[id];

describe("TEAM-14 team writes on the demo runtime: accepted at once, effects only as runtime facts", () => {
  it("TEAM-14 / TEAM-02 delegate spawns a teammate with a task and lineage under the coordinator", () => {
    const runtime = finishedTeam();
    const from = runtime.events().length;
    const result = write(runtime, { kind: "delegate", text: "Benchmark the SSE fan-out", role: "analyst" });
    expect(result).toMatchObject({ status: "accepted", assigned: { agentId: "agent_w01_analyst" } });
    // Accepted is not done: nothing happened yet.
    expect(runtime.events().length).toBe(from);
    runtime.runUntilIdle();
    const events = since(runtime, from);
    expect(typesOf(events)).toEqual(
      expect.arrayContaining(["subagent.spawned:agent_w01_analyst", "subagent.completed:agent_w01_analyst"]),
    );
    const state = projectLime(runtime.events());
    const agent = agentOf(state, "agent_w01_analyst");
    expect(agent).toMatchObject({
      role: "analyst",
      lineage: "known",
      parentAgentId: COORDINATOR,
      parentSessionId: `sess_demo__${COORDINATOR}`,
      taskId: "task_w01_analyst",
    });
    expect(state.team.edges).toContainEqual(
      expect.objectContaining({ from: COORDINATOR, to: "agent_w01_analyst", kind: "spawn" }),
    );
    expect(state.tasks.task_w01_analyst).toMatchObject({
      status: "completed",
      parentTaskId: "task_001_coordinator",
    });
    const notification = state.team.notifications.find((n) => n.agentId === "agent_w01_analyst");
    expect(notification?.summary).toMatch(/Benchmark the SSE fan-out/);
    // A worker result is never user speech (TEAM-04).
    expect(state.messages.filter((m) => m.role === "user")).toHaveLength(1);
  });

  it("TEAM-02 after a second team turn, a delegate goes under that turn's coordinator", () => {
    const runtime = finishedTeam();
    write(runtime, { kind: "send", text: "Again, shorter", clientMessageId: "c2" });
    runtime.runUntilIdle();
    answerEverything(runtime);
    const { state } = settle(runtime, { kind: "delegate", text: "Summarise both runs" });
    expect(agentOf(state, "agent_w01_worker")).toMatchObject({ parentAgentId: "agent_002_coordinator" });
  });

  it("ORD-07 a repeated delegate key returns the first result and spawns nobody twice", () => {
    const runtime = finishedTeam();
    const first = write(runtime, { kind: "delegate", text: "Check links", idempotencyKey: "d1" });
    const again = write(runtime, { kind: "delegate", text: "Check links", idempotencyKey: "d1" });
    expect(again).toMatchObject({ ...first, duplicate: true });
    runtime.runUntilIdle();
    expect(
      runtime.events().filter((e) => e.type === "subagent.spawned" && e.subagentId?.includes("_w")),
    ).toHaveLength(1);
  });

  it("TEAM-14 continue_agent resumes an idle teammate with the user's input under a follow-up task", () => {
    const runtime = finishedTeam();
    const { result, events, state } = settle(runtime, {
      kind: "continue_agent",
      agentId: RESEARCHER,
      text: "Also cover the A2A protocol",
    });
    expect(result).toMatchObject({ status: "accepted", assigned: { agentId: RESEARCHER } });
    const input = events.find((e) => e.type === "subagent.input");
    expect(input).toMatchObject({
      subagentId: RESEARCHER,
      payload: { input: "Also cover the A2A protocol" },
    });
    expect(events.map((e) => e.type)).toContain("subagent.completed");
    const notes = state.team.notifications.filter((n) => n.agentId === RESEARCHER);
    expect(notes).toHaveLength(2);
    expect(state.tasks[result.assigned!.taskId]).toMatchObject({ status: "completed" });
  });

  it("TEAM-13 continue_agent is refused while the teammate waits on an approval, and for the coordinator", () => {
    const runtime = teamWaitingOnApproval();
    const from = runtime.events().length;
    expect(write(runtime, { kind: "continue_agent", agentId: CODER, text: "hurry" })).toMatchObject({
      status: "rejected",
      reason: expect.stringMatching(/waiting on an action/),
    });
    expect(write(runtime, { kind: "continue_agent", agentId: COORDINATOR, text: "x" })).toMatchObject({
      status: "rejected",
      reason: expect.stringMatching(/send, queue or steer/),
    });
    expect(write(runtime, { kind: "continue_agent", agentId: "agent_nobody", text: "x" })).toMatchObject({
      status: "rejected",
      reason: "Unknown agent agent_nobody.",
    });
    runtime.advance(100);
    expect(since(runtime, from).filter((e) => e.type.startsWith("subagent."))).toEqual([]);
  });

  it("TEAM-03 wait: the coordinator waits on the coder's task and carries on once it has finished", () => {
    const runtime = teamWaitingOnApproval();
    const from = runtime.events().length;
    expect(write(runtime, { kind: "wait", agentIds: [CODER] })).toMatchObject({ status: "accepted" });
    runtime.advance(200);
    const waiting = since(runtime, from).find(
      (e) => e.type === "subagent.status" && e.subagentId === COORDINATOR,
    );
    expect(waiting?.payload).toMatchObject({ status: "waiting", waitingOn: [CODER] });
    expect(projectLime(runtime.events()).agents[COORDINATOR].status).toBe("waiting");
    answerEverything(runtime, "approve");
    const types = typesOf(since(runtime, from));
    const finished = since(runtime, from).findIndex(
      (e) => e.type === "subagent.status" && String(e.payload?.reason).startsWith("Wait finished"),
    );
    expect(finished).toBeGreaterThan(types.indexOf(`subagent.completed:${CODER}`));
  });

  it("TEAM-14 wait names only open teammates", () => {
    const runtime = finishedTeam();
    expect(write(runtime, { kind: "wait", agentIds: [] }).status).toBe("rejected");
    expect(write(runtime, { kind: "wait", agentIds: ["agent_ghost"] }).reason).toMatch(/Unknown agent/);
    expect(write(runtime, { kind: "wait", agentIds: [COORDINATOR] }).reason).toMatch(/cannot wait on itself/);
  });

  it("TEAM-13 close: an idle teammate is closed; it takes no more work afterwards", () => {
    const runtime = finishedTeam();
    const { result, state } = settle(runtime, { kind: "close", agentId: RESEARCHER });
    expect(result).toMatchObject({ status: "accepted", assigned: { closed: RESEARCHER } });
    expect(agentOf(state, RESEARCHER).status).toBe("closed");
    expect(write(runtime, { kind: "continue_agent", agentId: RESEARCHER, text: "more" })).toMatchObject({
      status: "rejected",
      reason: expect.stringMatching(/is closed/),
    });
    expect(write(runtime, { kind: "close", agentId: RESEARCHER }).reason).toMatch(/is closed/);
  });

  it("TOOL-11 / CTRL-06 closing a teammate mid-approval cancels its action and tool; the team carries on", () => {
    const runtime = teamWaitingOnApproval();
    const { result, events, state } = settle(runtime, { kind: "close", agentId: CODER });
    expect(result.status).toBe("accepted");
    expect(typesOf(events)).toEqual(
      expect.arrayContaining(["action.resolved:agent_001_coder", "tool.failed:agent_001_coder"]),
    );
    expect(agentOf(state, CODER).status).toBe("closed");
    expect(state.actions.action_001_write_file_1.status).toBe("cancelled");
    expect(runtime.waitingFor()).toEqual([]);
    expect(state.runtime.status).toBe("completed");
  });

  it("TEAM-14 closing the coordinator closes the team; later team writes find no active team", () => {
    const runtime = teamWaitingOnApproval();
    expect(write(runtime, { kind: "close", agentId: COORDINATOR }).reason).toMatch(/interrupt it first/);
    answerEverything(runtime);
    const { state } = settle(runtime, { kind: "close", agentId: COORDINATOR });
    for (const id of [COORDINATOR, RESEARCHER, CODER, REVIEWER])
      expect(agentOf(state, id).status).toBe("closed");
    const from = runtime.events().length;
    expect(write(runtime, { kind: "delegate", text: "one more" }).reason).toMatch(/No active team/);
    expect(write(runtime, { kind: "assign", workItemId: BACKLOG, assignee: CODER }).reason).toMatch(
      /No active team/,
    );
    runtime.runUntilIdle();
    expect(runtime.events().length).toBe(from);
  });

  it("TEAM-15 assign: the open backlog item goes to the coder, who picks it up and reports back", () => {
    const runtime = finishedTeam();
    const before = projectLime(runtime.events()).tasks[BACKLOG];
    expect(before.status).toBe("queued");
    const { result, events, state } = settle(runtime, {
      kind: "assign",
      workItemId: BACKLOG,
      assignee: "Coder",
    });
    expect(result).toMatchObject({ status: "accepted", assigned: { workItemId: BACKLOG, agentId: CODER } });
    const updated = events.find((e) => e.type === "task.updated");
    expect(updated).toMatchObject({
      taskId: BACKLOG,
      subagentId: CODER,
      payload: { assigneeAgentId: CODER },
    });
    expect(state.tasks[BACKLOG]).toMatchObject({ status: "completed", agentId: CODER });
    expect(write(runtime, { kind: "assign", workItemId: BACKLOG, assignee: CODER }).reason).toMatch(
      /already done/,
    );
    expect(write(runtime, { kind: "assign", workItemId: "task_nope", assignee: CODER }).reason).toMatch(
      /Unknown work item/,
    );
  });

  it("TEAM-08 / EVID-03 request_review: the reviewer gets a review task; a verdict with evidence follows", () => {
    const runtime = finishedTeam();
    const { result, events, state } = settle(runtime, { kind: "request_review", target: REPORT });
    expect(result).toMatchObject({ status: "accepted", assigned: { agentId: REVIEWER } });
    const reviewId = result.assigned!.reviewId;
    const evidence = events.filter((e) => e.type === "evidence.changed");
    expect(evidence.map((e) => (e.payload?.review as { verdict?: string } | undefined)?.verdict)).toEqual([
      undefined,
      "passed",
    ]);
    const review = state.team.reviews.find((r) => r.reviewId === reviewId);
    expect(review).toMatchObject({ reviewer: REVIEWER, target: REPORT, status: "passed", verdict: "passed" });
    expect(review?.evidenceRefs).toContain(evidence[0].evidenceId);
    expect(state.tasks[result.assigned!.taskId]).toMatchObject({ status: "completed" });
  });

  it("TEAM-08 a review of an edited report with a TODO requests changes, with the fix named", () => {
    const runtime = finishedTeam();
    settle(runtime, {
      kind: "edit",
      artifactId: REPORT,
      content: "# Report\n\nTODO: write it\n\n## Sources\n- x",
    });
    const { result, state } = settle(runtime, { kind: "request_review", target: REPORT, reviewer: REVIEWER });
    const review = state.team.reviews.find((r) => r.reviewId === result.assigned!.reviewId);
    expect(review).toMatchObject({ status: "changes_requested", verdict: "changes_requested" });
    expect(review?.requestedFixes).toEqual(["Resolve the TODOs in report.md v3"]);
  });

  it("TEAM-08 request_review needs a known target and an open reviewer", () => {
    const runtime = finishedTeam();
    expect(write(runtime, { kind: "request_review", target: "artifact_x" }).reason).toMatch(
      /Unknown review target/,
    );
    settle(runtime, { kind: "close", agentId: REVIEWER });
    expect(write(runtime, { kind: "request_review", target: REPORT }).reason).toMatch(/No reviewer/);
    expect(write(runtime, { kind: "request_review", target: REPORT, reviewer: REVIEWER }).reason).toMatch(
      /is closed/,
    );
  });
});

describe("team and artifact write facts are well-formed and deterministic", () => {
  const script: CommandInput[] = [
    { kind: "delegate", text: "Benchmark the SSE fan-out", role: "analyst" },
    { kind: "continue_agent", agentId: RESEARCHER, text: "Also cover A2A" },
    { kind: "assign", workItemId: BACKLOG, assignee: CODER },
    { kind: "wait", agentIds: [RESEARCHER, CODER] },
    { kind: "edit", artifactId: REPORT, content: "# Report\n\nTODO" },
    { kind: "request_review", target: REPORT },
    { kind: "export", artifactId: REPORT },
    { kind: "close", agentId: "agent_w01_analyst" },
  ];
  const play = () => {
    const runtime = finishedTeam();
    for (const command of script) {
      write(runtime, command);
      runtime.advance(40);
    }
    runtime.runUntilIdle();
    return runtime.events();
  };

  it("ENV-10 every fact a write causes validates against the Lime profile schema", () => {
    const events = play();
    const problems = events.flatMap((event, index) =>
      validateRuntimeEvent(event, { index })
        .filter((d) => d.severity !== "info")
        .map((d) => `${event.type}: ${d.code} ${d.message}`),
    );
    expect(problems).toEqual([]);
    expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
  });

  it("determinism: the same writes at the same logical times give byte-identical events", () => {
    expect(JSON.stringify(play())).toBe(JSON.stringify(play()));
  });
});

describe("property: team writes never crash the runtime, and a refused write causes nothing", () => {
  const ids = [COORDINATOR, RESEARCHER, CODER, REVIEWER, "agent_ghost", "Coder", ""];
  const writeArb: fc.Arbitrary<CommandInput> = fc.oneof(
    fc.record({ kind: fc.constant("delegate" as const), text: fc.constantFrom("x", "", "Check links") }),
    fc.record({
      kind: fc.constant("continue_agent" as const),
      agentId: fc.constantFrom(...ids),
      text: fc.constant("go"),
    }),
    fc.record({ kind: fc.constant("wait" as const), agentIds: fc.subarray(ids) }),
    fc.record({ kind: fc.constant("close" as const), agentId: fc.constantFrom(...ids) }),
    fc.record({
      kind: fc.constant("assign" as const),
      workItemId: fc.constantFrom(BACKLOG, "task_001_coder", "task_x"),
      assignee: fc.constantFrom(...ids),
    }),
    fc.record({
      kind: fc.constant("request_review" as const),
      target: fc.constantFrom(REPORT, BACKLOG, "nope"),
    }),
    fc.record({
      kind: fc.constant("edit" as const),
      artifactId: fc.constantFrom(REPORT, "nope"),
      content: fc.constantFrom("", "# New", "# Other\nTODO"),
    }),
  );

  it("TEAM-14 / ORD-07 any sequence: every result is accepted or rejected with a reason; rejected → no event", () => {
    fc.assert(
      fc.property(fc.array(writeArb, { maxLength: 8 }), (writes) => {
        const runtime = createDemoRuntime({ scenario: "team", manual: true });
        runtime.start();
        runtime.runUntilIdle();
        answerEverything(runtime);
        for (const command of writes) {
          runtime.runUntilIdle();
          const from = runtime.events().length;
          const result = write(runtime, command);
          expect(["accepted", "rejected"]).toContain(result.status);
          runtime.runUntilIdle();
          if (result.status === "rejected") {
            expect(result.reason).toBeTruthy();
            expect(runtime.events().length).toBe(from);
          }
        }
        const state = projectLime(runtime.events());
        const codes = state.diagnostics.map((d) => d.code);
        expect(codes).not.toContain("execution_after_turn_terminal");
        expect(codes).not.toContain("lineage_unknown");
      }),
      { numRuns: 25 },
    );
  });
});
