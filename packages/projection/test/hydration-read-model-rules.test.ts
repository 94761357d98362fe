import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createProjector } from "../src";

// What a runtime read model restores, field by field (HYD-09, ROUTE-01, TEAM-02, TASK-11, BENCH-01,
// AUI-AR-READ-006): the model chip, thread status, subagents, tasks and a benchmark trial pack.

const FIXTURES = new URL("../../../../shared/fixtures/agentruntime/fixtures/lime-profile/", import.meta.url);
const trialPack = () =>
  JSON.parse(readFileSync(fileURLToPath(new URL("benchmark-trial-pack.json", FIXTURES)), "utf8"));
const session = (fields: Record<string, unknown>) =>
  ({ kind: "runtime-session", snapshot: { sessionId: "s1", threads: [], ...fields } }) as never;
const thread = (fields: Record<string, unknown>) =>
  ({ kind: "thread", thread: { threadId: "th1", status: "running", ...fields } }) as never;

/** A routing summary stating every fact the model chip shows (ROUTE-01). */
const ROUTING = {
  selectedModel: "gpt-x",
  selectedProvider: "openai",
  candidateCount: 3,
  decisionSource: "policy",
  decisionReason: "cheapest capable",
  capabilityGap: "no vision",
};
/** The model chip `ROUTING` gives, showing `selected`, with `extra` facts. */
const chip = (selected: string, extra: Record<string, unknown> = {}) => ({
  selected,
  provider: "openai",
  candidateCount: 3,
  ...extra,
  decisionSource: "policy",
  decisionReason: "cheapest capable",
  capabilityGap: "no vision",
  source: { type: "hydrate:runtime-session" },
});

describe("read model hydration rules", () => {
  it("ROUTE-01 the model chip takes every routing fact the summary states, and nothing else", () => {
    const p = createProjector();
    p.hydrate(
      session({
        routingLimitSummary: { ...ROUTING, singleCandidate: false },
      }),
    );
    expect(p.getState().runtime.model).toStrictEqual(chip("gpt-x", { singleCandidate: false }));
  });

  it("STAT-01 a blocked thread with a pending request reads action_required; a running one stays running", () => {
    const request = { pendingRequests: [{ actionId: "a1", actionType: "tool_approval" }] };
    const blocked = createProjector();
    blocked.hydrate(thread({ status: "blocked", ...request }));
    expect(blocked.getState().runtime.status).toBe("action_required");
    const running = createProjector();
    running.hydrate(thread({ status: "running", ...request }));
    expect(running.getState().runtime.status).toBe("streaming");
    expect(running.getState().actions.a1.status).toBe("pending");
  });

  it("TOOL-03 a running thread whose latest turn has an open tool reads tool_running", () => {
    const p = createProjector();
    p.apply({ type: "tool.started", turnId: "t2", toolCallId: "c1", payload: { name: "search" } });
    p.hydrate(thread({ status: "running", turns: [{ turnId: "t1" }, { turnId: "t2" }] }));
    expect(p.getState().runtime).toMatchObject({ status: "tool_running", turnId: "t2" });
  });

  it("TEAM-02 subagent entries that are not objects are skipped; one without an id is reported", () => {
    const p = createProjector();
    p.apply({
      type: "state.snapshot",
      eventId: "snap-1",
      payload: {
        thread: {
          threadId: "th1",
          status: "running",
          subagents: [null, "researcher", { agentName: "nameless" }, { subagentId: "sub1", name: "writer" }],
        },
      },
    });
    const state = p.getState();
    expect(Object.keys(state.agents)).toEqual(["sub1"]);
    expect(state.agents.sub1.name).toBe("writer");
    expect(state.diagnostics.filter((d) => d.code === "missing_correlation")).toStrictEqual([
      {
        code: "missing_correlation",
        severity: "warning",
        message: "agent.changed without agentId/subagentId",
        eventRef: { eventId: "snap-1", type: "agent.changed" },
      },
    ]);
  });

  it("TASK-11 a task snapshot without a status keeps the task's status; ids that are not strings are not taken", () => {
    const p = createProjector();
    p.hydrate({ kind: "task", task: { taskId: "k", status: "running" } } as never);
    p.hydrate({ kind: "task", task: { taskId: "k", currentRunId: 5, parentTaskId: 6 } } as never);
    const task = p.getState().tasks.k;
    expect(task.status).toBe("running");
    expect(task.currentRunId).toBeUndefined();
    expect(task.parentTaskId).toBeUndefined();
    expect(p.getState().diagnostics).toEqual([]);
  });

  it("TASK-11 / PROC-03 a hydrated task and its attempts are task entries on the timeline, with their refs", () => {
    const p = createProjector();
    p.hydrate({
      kind: "task",
      task: {
        taskId: "k",
        title: "Build",
        status: "running",
        currentRunId: "r2",
        attempts: [
          { runId: "r1", status: "failed" },
          { attemptId: "a2", runId: "r2", status: "running" },
        ],
      },
    } as never);
    const entries = p.getState().timeline.filter((entry) => entry.id.startsWith("task:k"));
    expect(entries.map((entry) => [entry.id, entry.kind, entry.title, entry.status, entry.refs])).toEqual([
      ["task:k:attempt:r1", "task", "Build attempt", "failed", { taskId: "k", runId: "r1" }],
      [
        "task:k:attempt:a2",
        "task",
        "Build attempt",
        "running",
        { taskId: "k", attemptId: "a2", runId: "r2" },
      ],
      ["task:k", "task", "Build", "running", { taskId: "k", runId: "r2" }],
    ]);
  });

  it("PROC-09 HYD-09 a task a turn's state.snapshot restores is on that turn's timeline; one hydrated alone is on none", () => {
    const task = { taskId: "k", title: "Build", status: "running" };
    const entry = { id: "task:k", kind: "task", title: "Build", refs: { taskId: "k" }, status: "running" };
    const inTurn = createProjector();
    inTurn.apply({ type: "state.snapshot", eventId: "snap-1", turnId: "t1", payload: { task } });
    expect(inTurn.getState().timeline).toStrictEqual([
      { ...entry, source: { eventId: "snap-1", type: "state.snapshot" }, turnId: "t1" },
    ]);
    const alone = createProjector();
    alone.hydrate({ kind: "task", task } as never);
    expect(alone.getState().timeline).toStrictEqual([{ ...entry, source: { type: "hydrate:task" } }]);
  });

  it("BENCH-01 / RT-AS-18 a benchmark trial pack keeps its trial facts, named by its trial id", () => {
    const pack = { ...trialPack(), comparison: { baseline: "trial-base", candidate: "trial-candidate-1" } };
    const p = createProjector();
    p.hydrate({ kind: "evidence-pack", pack });
    const record = p.getState().evidence[`trial:${pack.benchmark.trialId}`];
    expect(record.status).toBe("exported");
    expect(record.benchmark).toStrictEqual({
      benchmark: pack.benchmark,
      refs: pack.refs,
      metrics: pack.metrics,
      decisionInputs: pack.decisionInputs,
      trajectory: pack.trajectory,
      ...(pack.reward === undefined ? {} : { reward: pack.reward }),
      comparison: pack.comparison,
    });
    expect(record.correlation).toMatchObject({ sessionId: "sess_123", runId: "run_123" });
  });

  it("BENCH-01 a pack without benchmark facts carries none; a status it states is kept", () => {
    const p = createProjector();
    p.hydrate({
      kind: "evidence-pack",
      pack: { evidenceId: "ev", status: "ready", refs: { a: "b" } },
    } as never);
    const record = p.getState().evidence.ev;
    expect(record.benchmark).toBeUndefined();
    expect(record.status).toBe("ready");
  });

  it("HYD-09 a later read model that omits a field keeps what an earlier one stated", () => {
    const p = createProjector();
    p.hydrate(
      session({
        routingLimitSummary: ROUTING,
        permissionSummary: { mode: "auto", riskLevel: "high" },
      }),
    );
    p.hydrate(
      session({ routingLimitSummary: { selectedModel: "gpt-y" }, permissionSummary: { mode: "ask" } }),
    );
    expect(p.getState().permissions).toMatchObject({ mode: "ask", riskLevel: "high" });
    expect(p.getState().runtime.model).toStrictEqual(chip("gpt-y"));
    p.hydrate(
      thread({
        turns: [{ turnId: "t1" }],
        toolCalls: [{ toolCallId: "c1", status: "completed", outputRef: "out://c1" }],
        evidenceSummary: { evidenceRefs: ["ev"], verificationOutcomes: [{ status: "passed" }] },
      }),
    );
    const verification = p.getState().evidence.ev.verification;
    p.hydrate(
      thread({
        toolCalls: [{ toolCallId: "c1", status: "completed" }],
        evidenceSummary: { evidenceRefs: ["ev"] },
      }),
    );
    expect(p.getState().runtime.turnId).toBe("t1");
    expect(p.getState().tools.c1.outputRef).toBe("out://c1");
    expect(p.getState().evidence.ev.verification).toEqual(verification);
    expect(verification).toBeDefined();
    p.hydrate({
      kind: "task",
      task: { taskId: "k", title: "Build", status: "running", dependsOn: ["j"] },
    } as never);
    p.hydrate({ kind: "task", task: { taskId: "k", status: "completed" } } as never);
    expect(p.getState().tasks.k).toMatchObject({ title: "Build", status: "completed", dependsOn: ["j"] });
  });

  it("TOOL-03 a thread without turns reads tool_running while a tool started outside any turn is open", () => {
    const p = createProjector();
    p.apply({ type: "tool.started", toolCallId: "c1", payload: { name: "search" } });
    p.hydrate(thread({ status: "running" }));
    expect(p.getState().runtime.status).toBe("tool_running");
  });
});
