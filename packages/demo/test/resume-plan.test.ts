// The demo runtime's resume, without a gateway: a runtime "dies" at an arbitrary point, a fresh one is
// planned from the projection of what it emitted (what the gateway would have stored) and re-attached.
// Properties: numbering continues (no id or sequence reused), the recovery facts are valid profile events,
// nothing of the dead run stays open or is resolved as if it had happened, and writes about it are
// rejected with a reason.
import { isRuntimeActive, type RuntimeEvent, validateRuntimeEvent } from "@agent-ui/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDemoRuntime, DEMO_SCENARIO_NAMES, type DemoRuntime } from "../src";
import { answerEverything, type CommandInput, playManual, projectLime, write } from "./harness";
import { planDemoResume } from "../src/resume-plan";

/** Projects what `first` emitted and re-attaches a fresh runtime of the same scenario to it. */
function resume(first: DemoRuntime, scenario: string, seed = 7) {
  const before = first.events();
  const plan = planDemoResume(projectLime(before));
  const runtime = createDemoRuntime({ scenario, seed, manual: true, resume: plan });
  runtime.start();
  runtime.runUntilIdle();
  const all = () => [...before, ...runtime.events()];
  return { before, plan, runtime, all, state: () => projectLime(all()) };
}

const turnsOf = (events: readonly RuntimeEvent[]) =>
  events.filter((e) => e.type === "turn.submitted").map((e) => e.turnId as string);

/** Text as the runtime's one-line previews keep it (whitespace runs folded). */
const normalized = (text: string) => text.replace(/\s+/g, " ").trim();

const OPEN_TOOL = new Set(["input-streaming", "input-available", "approval-requested", "running"]);

type BeforeCrash = { advance: number } | { write: "queue" | "steer"; text: string };

const crashInput = fc.record({
  scenario: fc.constantFrom(...DEMO_SCENARIO_NAMES),
  seed: fc.integer({ min: 0, max: 1_000 }),
  steps: fc.array(
    fc.oneof(
      fc.record({ advance: fc.integer({ min: 0, max: 2_500 }) }),
      fc.record({
        write: fc.constantFrom("queue" as const, "steer" as const),
        // Long texts are stored only as a truncated preview: they cannot be carried over.
        text: fc.oneof(
          fc.string({ minLength: 1, maxLength: 20 }),
          fc.string({ minLength: 90, maxLength: 120 }),
        ),
      }),
    ) as fc.Arbitrary<BeforeCrash>,
    { maxLength: 6 },
  ),
  answerFirst: fc.boolean(),
});

describe("demo runtime resume from stored facts (ORD-01, CTRL-06, HITL-03, FALL-01)", () => {
  it("ORD-01/02 / ENV-10 / HITL-03 a crash at any point: sequences stay contiguous and ids unique, recovery facts are valid profile events, nothing of the dead run stays open, and new turns get new ids", () => {
    fc.assert(
      fc.property(crashInput, ({ scenario, seed, steps, answerFirst }) => {
        const first = createDemoRuntime({ scenario, seed, manual: true });
        first.start();
        const queuedBeforeCrash: { id: string; text: string }[] = [];
        for (const step of steps) {
          if ("advance" in step) first.advance(step.advance);
          else {
            const result = write(first, { kind: step.write, text: step.text } as CommandInput);
            const id = result.assigned?.queuedId;
            if (id !== undefined) queuedBeforeCrash.push({ id, text: step.text });
          }
        }
        if (answerFirst) answerEverything(first);
        const { before, plan, runtime, all, state } = resume(first, scenario, seed);

        // Recovery facts are runtime facts like any other: valid Lime profile events.
        for (const [index, event] of runtime.events().entries())
          expect(
            validateRuntimeEvent(event, { index }).filter((d) => d.severity !== "info"),
            event.type,
          ).toEqual([]);
        // Nothing of the dead run is left open, and the resumed runtime is idle.
        const recovered = state();
        expect(isRuntimeActive(recovered.runtime.status)).toBe(false);
        expect(runtime.activeTurnId).toBeUndefined();
        expect(Object.values(recovered.actions).filter((a) => a.status === "pending")).toEqual([]);
        expect(Object.values(recovered.tools).filter((t) => OPEN_TOOL.has(t.status))).toEqual([]);
        expect(recovered.queue.steers.filter((s) => s.status === "pending")).toEqual([]);
        // An approval of the dead run is refused with a reason, and nothing is emitted for it.
        for (const action of plan.pendingActions) {
          const count = runtime.events().length;
          const answer = write(runtime, { kind: "respond_action", actionId: action.id, decision: "approve" });
          expect(answer.status).toBe("rejected");
          expect(answer.reason).toMatch(/no longer available: .*gateway restarted/);
          expect(runtime.events().length).toBe(count);
        }
        // Queued turns whose text was stored in full are still queued, the others are named in the reason.
        expect(recovered.queue.items.map((i) => i.id)).toEqual(plan.carriedQueue.map((q) => q.id));
        for (const { id } of plan.carriedQueue)
          expect(recovered.tasks[id]?.status ?? "queued").toBe("queued");
        for (const id of plan.droppedQueue) expect(plan.reason).toContain(id);

        // A new turn continues the numbering; once everything settles the log is one contiguous stream.
        expect(write(runtime, { kind: "send", text: "after the restart" }).status).toBe("accepted");
        // A queued turn or steer minted now gets an id no stored fact used, even one that left the queue.
        const queued = write(runtime, { kind: "queue", text: "and then this" });
        const steered = write(runtime, { kind: "steer", text: "shorter" });
        const stored = JSON.stringify(before);
        for (const id of [queued.assigned?.queuedId, steered.assigned?.steerId])
          if (id !== undefined) expect(stored).not.toContain(`"${id}"`);
        runtime.runUntilIdle();
        answerEverything(runtime);
        const events = all();
        expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
        expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
        const oldTurns = new Set(turnsOf(before));
        const newTurns = turnsOf(runtime.events());
        expect(newTurns.length).toBeGreaterThan(0);
        for (const turnId of newTurns) expect(oldTurns.has(turnId)).toBe(false);
        const settled = state();
        expect(settled.diagnostics.map((d) => d.code)).not.toContain("turn_terminal_repeated");
        // QUEUE-08: no queued turn the store knew of is lost silently — it ran (before or after the restart)
        // or the reason names it as not carried over. (A write accepted in the last instant before the crash,
        // whose fact was never stored, is beyond what a resume from stored facts can see.)
        const said = new Set(
          settled.messages
            .filter((m) => m.role === "user")
            .map((m) => normalized(m.parts.map((p) => p.text ?? "").join(""))),
        );
        const storedText = JSON.stringify(before);
        for (const { id, text } of queuedBeforeCrash.filter((q) => storedText.includes(`"${q.id}"`)))
          expect(said.has(normalized(text)) || plan.droppedQueue.includes(id), id).toBe(true);
        expect(Object.values(settled.actions).filter((a) => a.status === "pending")).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it("QUEUE-08 a crash right as a queued turn leaves the queue (before its turn.submitted) does not lose it", () => {
    const first = createDemoRuntime({ scenario: "solo", manual: true });
    first.start();
    first.advance(100);
    expect(write(first, { kind: "queue", text: "Then the queued one." })).toMatchObject({
      assigned: { queuedId: "queued_001" },
    });
    // The instant the running turn ends, the runtime takes the queued one (its turn.submitted comes later).
    while (!first.events().some((e) => e.type === "turn.completed")) first.advance(1);
    expect(turnsOf(first.events())).toEqual(["turn_001"]);
    const { plan, runtime, state } = resume(first, "solo");
    expect(plan.carriedQueue).toEqual([
      expect.objectContaining({ id: "queued_001", text: "Then the queued one." }),
    ]);
    write(runtime, { kind: "send", text: "after the restart" });
    runtime.runUntilIdle();
    const said = state()
      .messages.filter((m) => m.role === "user")
      .map((m) => m.parts.map((p) => p.text).join(""));
    expect(said).toEqual([
      "How does the projection avoid showing the final answer twice?",
      "after the restart",
      "Then the queued one.",
    ]);
  });

  it("CTRL-06/ORD-01 a second crash, while the resumed runtime's own run waits: it resumes again from all the stored facts", () => {
    const first = playManual("approval");
    const second = resume(first, "approval");
    write(second.runtime, { kind: "send", text: "again" });
    second.runtime.runUntilIdle();
    expect(second.runtime.waitingFor()).toEqual(["action_002_write_file_1"]);
    const stored = second.all();
    const plan = planDemoResume(projectLime(stored));
    expect(plan.deadRun).toMatchObject({ turnId: "turn_002" });
    expect(plan.pendingActions.map((a) => a.id)).toEqual(["action_002_write_file_1"]);
    const third = createDemoRuntime({ scenario: "approval", manual: true, resume: plan });
    third.start();
    for (const actionId of ["action_001_write_file_1", "action_002_write_file_1"])
      expect(write(third, { kind: "respond_action", actionId, decision: "approve" }).status).toBe("rejected");
    expect(write(third, { kind: "send", text: "third" })).toMatchObject({ assigned: { turnId: "turn_003" } });
    third.runUntilIdle();
    answerEverything(third);
    const events = [...stored, ...third.events()];
    expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
    const state = projectLime(events);
    expect(state.runtime).toMatchObject({ turnId: "turn_003", status: "completed" });
    expect(Object.values(state.actions).map((a) => [a.actionId, a.status])).toEqual([
      ["action_001_write_file_1", "expired"],
      ["action_002_write_file_1", "expired"],
      ["action_003_write_file_1", "resolved"],
    ]);
  });

  it("HYD-08 an idle session resumes with nothing declared lost: only the numbering continues", () => {
    const first = playManual("solo");
    const { plan, runtime } = resume(first, "solo");
    expect(plan.deadRun).toBeUndefined();
    expect(plan.point).toMatchObject({ turnNo: 1, sequence: first.events().length });
    expect(plan.reason).toBe(`demo runtime resumed at turn 2 (sequence ${first.events().length + 1})`);
    // No recovery fact is needed: the resumed runtime emits nothing until it is asked to.
    expect(runtime.events()).toEqual([]);
    expect(write(runtime, { kind: "send", text: "next" })).toMatchObject({
      status: "accepted",
      assigned: { turnId: "turn_002", messageId: "msg_002_user" },
    });
  });

  it("CTRL-06/FALL-01 a run in flight ends failed (runtime_lost) with its outcome unknown: its tool ends unknown, its approval expired — never approved", () => {
    const first = playManual("approval");
    const { plan, state } = resume(first, "approval");
    expect(plan.deadRun).toMatchObject({ turnId: "turn_001", runId: "run_001", status: "action_required" });
    const recovered = state();
    expect(recovered.runtime).toMatchObject({ status: "failed", failure: { category: "runtime_lost" } });
    expect(recovered.runtime.failure?.message).toMatch(/outcome is unknown/);
    expect(recovered.actions.action_001_write_file_1).toMatchObject({ status: "expired" });
    expect(recovered.actions.action_001_write_file_1.decision).toBeUndefined();
    expect(recovered.tools.call_001_write_file_1.status).toBe("unknown");
    // The dead turn's parts are archived, never left streaming.
    expect(recovered.messages.flatMap((m) => m.parts).every((p) => p.status === "done")).toBe(true);
  });

  it("TEAM-14/FALL-01 the team is not carried over: open teammates closed, open tasks lost, writes about them rejected with why; an old detail ref stays openable", () => {
    const first = playManual("team");
    const { plan, runtime, state } = resume(first, "team");
    expect(plan.reason).toMatch(/team not carried over: 2 open teammates closed; 2 open tasks lost/);
    const recovered = state();
    for (const agentId of ["agent_001_coordinator", "agent_001_coder"])
      expect(recovered.agents[agentId].status).toBe("closed");
    expect(recovered.tasks.task_001_coder.status).toBe("stale");
    const refusals: CommandInput[] = [
      { kind: "continue_agent", agentId: "agent_001_researcher", text: "more" },
      { kind: "close", agentId: "agent_001_coder" },
      { kind: "delegate", text: "help", role: "analyst" },
      { kind: "stop", taskId: "task_001_coder" },
      { kind: "interrupt", turnId: "turn_001" },
    ];
    for (const command of refusals) {
      const result = write(runtime, command);
      expect(result.status, command.kind).toBe("rejected");
      expect(result.reason, command.kind).toMatch(/is no longer available: .*gateway restarted/);
    }
    // The researcher's result was handed out before the restart; the gateway still holds its body.
    const oldRef = recovered.team.notifications.find((n) => n.resultRef)?.resultRef;
    expect(oldRef).toBe("result://task_001_researcher/notes.md");
    expect(write(runtime, { kind: "open_detail", ref: oldRef! }).status).toBe("accepted");
    expect(write(runtime, { kind: "open_detail", ref: "artifact://nowhere" }).status).toBe("rejected");
  });

  it("ENV ids: write-minted ids continue after the stored ones, so a new team's delegate does not reuse w01", () => {
    const first = playManual("team");
    answerEverything(first);
    expect(write(first, { kind: "delegate", text: "Benchmark", role: "analyst" })).toMatchObject({
      assigned: { agentId: "agent_w01_analyst" },
    });
    first.runUntilIdle();
    const { plan, runtime } = resume(first, "team");
    expect(plan.point.writeNo).toBe(1);
    expect(write(runtime, { kind: "send", text: "Again, as a team" })).toMatchObject({ status: "accepted" });
    runtime.advance(3_000);
    const delegated = write(runtime, { kind: "delegate", text: "Benchmark again", role: "analyst" });
    expect(delegated).toMatchObject({ status: "accepted", assigned: { agentId: "agent_w02_analyst" } });
  });

  it("ART/FALL-01 artifacts stay as history: an edit of one the previous process made is rejected with why", () => {
    const first = playManual("team");
    answerEverything(first);
    const { plan, runtime } = resume(first, "team");
    const [artifactId] = [...plan.inherited.artifacts];
    expect(artifactId).toBeDefined();
    expect(plan.reason).toMatch(/artifact.* kept as history/);
    for (const command of [
      { kind: "edit", artifactId, content: "new text" },
      { kind: "export", artifactId },
    ] as CommandInput[]) {
      const result = write(runtime, command);
      expect(result.status).toBe("rejected");
      expect(result.reason).toMatch(new RegExp(`Artifact ${artifactId} .*gateway restarted`));
    }
  });
});
