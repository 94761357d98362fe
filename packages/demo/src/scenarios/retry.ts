// `retry`: a task attempt fails, the runtime retries it by policy, and the new attempt succeeds; both
// attempts stay in the task's history (AUI-AR-TASK-001).
import type { ToolOutcome, TurnContext } from "../context";
import type { Script } from "../process";
import { prepareModel } from "./solo";
import type { DemoScenario } from "./types";

function* retryTurn(ctx: TurnContext): Script {
  yield* prepareModel(ctx);
  const taskId = ctx.id("task", "tests");
  const task = ctx.scoped({ taskId }, "task");
  task.emit("task.created", { status: "queued", title: "Run the projection test suite" });
  const attempt = (n: number) => ({
    runId: `${ctx.scope.runId}_a${n}`,
    attemptId: ctx.id("attempt", `tests_${n}`),
  });

  const first = attempt(1);
  task.emit("task.attempt.started", { status: "running", attemptCount: 1 }, first);
  task.emit("task.started", { status: "running" }, { runId: first.runId });
  const failed = { value: "failed" as ToolOutcome };
  yield* task.tool(
    {
      name: "run_tests",
      kind: "command",
      input: { command: "npm test -- projection" },
      inputSummary: "npm test -- projection",
      progress: ["Starting vitest"],
      durationMs: 600,
      result: { preview: "" },
      fail: { category: "process_crashed", error: "vitest worker exited with code 137", retryable: true },
    },
    failed,
  );
  yield task.pause(60);
  task.emit(
    "task.attempt.failed",
    { status: "failed", retryable: true, failureCategory: "tool_failed", nextAttemptPolicy: "policy_retry" },
    first,
  );
  // The retry names the attempt it prepares, so the failed attempt keeps its own status in history.
  const second = attempt(2);
  task.emit(
    "task.retrying",
    {
      status: "retrying",
      reason: "Worker process crashed (exit 137); retrying once by policy",
      attemptCount: 2,
    },
    second,
  );
  yield task.pause(400);

  task.emit("task.attempt.started", { status: "running", attemptCount: 2 }, second);
  const passed = { value: "failed" as ToolOutcome };
  yield* task.tool(
    {
      name: "run_tests",
      kind: "command",
      input: { command: "npm test -- projection" },
      inputSummary: "npm test -- projection",
      progress: ["Starting vitest", "48 tests"],
      durationMs: 900,
      result: { preview: "48 passed (48) in 2.1s", bytes: 3_904 },
    },
    passed,
  );
  task.emit("task.attempt.completed", { status: "completed" }, second);
  task.emit("task.completed", { status: "completed", currentRunId: second.runId }, { runId: second.runId });
  ctx.finishing();
  yield* ctx.say(
    ctx.id("msg", "answer"),
    "The tests pass on the second attempt; the first attempt's crash is kept in the task history.",
  );
}

export const retryScenario: DemoScenario = {
  name: "retry",
  title: "Task retry",
  description:
    "A task attempt fails, task.retrying, and a new attempt succeeds with the failed one kept in history.",
  openingPrompt: "Run the projection tests.",
  turn: retryTurn,
};
