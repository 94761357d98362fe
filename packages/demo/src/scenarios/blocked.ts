// `blocked`: the provider rate limit is hit, then the quota blocks the task. The task and the run show
// `blocked` with the reason, never an endless `running`; a `retry` write resumes it once quota is back.
import { PACING, type TurnContext } from "../context";
import type { Script } from "../process";
import { prepareModel } from "./solo";
import type { DemoScenario } from "./types";

const QUOTA_REASON = "Monthly token quota for gpt-5.4 is exhausted (resets 2026-06-01).";

function* blockedTurn(ctx: TurnContext): Script {
  yield* prepareModel(ctx);
  const taskId = ctx.id("task", "summary");
  const task = ctx.scoped({ taskId }, "task");
  task.emit("task.created", { status: "queued", title: "Summarise the week's runtime incidents" });
  task.emit("task.started", { status: "running" }, { runId: ctx.scope.runId });
  ctx.emit("cost.estimated", { inputTokens: 42_000, costUsd: 0.52, currency: "USD" });
  yield ctx.pause(300);
  ctx.emit("rate_limit.hit", {
    provider: "openai",
    model: "gpt-5.4",
    limitKind: "requests_per_minute",
    retryAfterMs: 2_000,
    retryableOverload: true,
  });
  ctx.emit("run.status", { status: "retrying", reason: "Rate limited; retrying in 2 s", retryCount: 1 });
  yield ctx.pause(2_000);
  ctx.emit("quota.blocked", {
    provider: "openai",
    model: "gpt-5.4",
    quotaKind: "monthly_tokens",
    reason: QUOTA_REASON,
    resetAt: "2026-06-01T00:00:00Z",
  });
  task.emit("task.blocked", { status: "blocked", reason: QUOTA_REASON, blockedBy: "quota" });
  ctx.emit("run.status", { status: "blocked", reason: QUOTA_REASON });

  // Held blocked until a `retry` write (the demo then assumes the quota was raised).
  const retry = (yield ctx.awaitRetry(taskId)) as { idempotencyKey: string };
  task.emit("task.retrying", {
    status: "retrying",
    reason: "Retry requested by the user",
    requestKey: retry.idempotencyKey,
  });
  ctx.emit("run.status", { status: "running", reason: "Quota available again" });
  yield ctx.pause(PACING.status);
  task.emit("task.resumed", { status: "running" });
  ctx.finishing();
  yield* ctx.say(
    ctx.id("msg", "answer"),
    "Three incidents this week: two provider rate limits and one quota block, all recovered.",
  );
  task.emit("task.completed", { status: "completed" });
}

export const blockedScenario: DemoScenario = {
  name: "blocked",
  title: "Rate limit and quota",
  description:
    "rate_limit.hit, then quota.blocked with a reason: the task shows blocked until a retry write.",
  openingPrompt: "Summarise this week's runtime incidents.",
  turn: blockedTurn,
};
