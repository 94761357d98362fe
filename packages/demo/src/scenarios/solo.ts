// `solo`: one agent, one run — routing, reasoning, a file read whose large output is offloaded to a ref,
// a streamed answer reconciled by `model.completed`, and an evidence export.
import { PACING, type ToolOutcome, type TurnContext } from "../context";
import { withPackBody } from "../evidence-pack";
import type { Script } from "../process";
import { sourceListing, testRunLog } from "./tool-outputs";
import type { DemoScenario } from "./types";

const FILE_BYTES = 48_213;

export const REASONING_TEXT =
  "The question is about how the projection handles streamed text. I should read the reducer source " +
  "first, then explain the rule that final text replaces the streamed deltas instead of appending.";

export const SOLO_ANSWER =
  "The projection keeps one text part per message. Each `model.delta` appends a small chunk while the " +
  "part is streaming; `model.completed` then carries the final text, which replaces the streamed text " +
  "instead of being appended, so the answer appears exactly once. Tool output stays in the tool row " +
  "(here a 48 KB file, offloaded to a ref with a short preview) and never leaks into the answer.";

/** The opening of every runtime turn: routing, context and the model request (status before text). */
export function* prepareModel(ctx: TurnContext, model = "gpt-5.4"): Script {
  ctx.emit("routing.single_candidate", {
    taskKind: "coding",
    candidateCount: 1,
    selectedModel: model,
    decisionSource: "explicit_default",
    capabilityGap: "none",
  });
  yield ctx.pause(PACING.status);
  ctx.emit("context.resolved", {
    refs: [
      { id: "ctx_workspace", label: "workspace: agent-ui-toolkit", kind: "workspace" },
      { id: "ctx_readme", label: "README.md", kind: "file" },
    ],
    budget: { used: 3_412, limit: 200_000 },
  });
  ctx.emit(
    "model.requested",
    { model, provider: "openai", purpose: "answer" },
    { modelRequestId: ctx.id("mreq", "main") },
  );
  yield ctx.jitter([120, 220]);
}

/** Exports the turn's evidence pack: refs in the event; the pack body travels beside its ref (a detail). */
export function evidenceExport(ctx: TurnContext, outcomes: { name: string; status: string }[], extra = {}) {
  const { sessionId, threadId, turnId, runId } = ctx.scope;
  const evidenceId = ctx.id("evidence", "turn");
  ctx.emit(
    "evidence.changed",
    withPackBody(
      {
        status: "exported",
        packRef: `evidence://${sessionId}/${threadId}/${turnId}`,
        replayRef: `replay://${sessionId}/${turnId}`,
        verificationOutcomes: outcomes,
        ...extra,
      },
      evidenceId,
      { sessionId, threadId, turnId, runId },
    ),
    { evidenceId, runId },
  );
  return evidenceId;
}

function* soloTurn(ctx: TurnContext): Script {
  yield* prepareModel(ctx);
  yield* ctx.think(ctx.id("msg", "answer"), REASONING_TEXT);
  ctx.checkpoint();
  const read = { value: "failed" as ToolOutcome };
  yield* ctx.tool(
    {
      name: "read_file",
      kind: "read",
      input: { path: "packages/projection/src/text.ts" },
      inputSummary: "read packages/projection/src/text.ts",
      progress: ["Opening file", "Reading 48 KB"],
      durationMs: 420,
      result: {
        preview: "// Text parts: deltas append while streaming; final text replaces them (TEXT-04)…",
        bytes: FILE_BYTES,
        ref: `output://${ctx.scope.turnId}/read_file`,
        output: sourceListing("packages/projection/src/text.ts", FILE_BYTES),
      },
    },
    read,
  );
  const log = testRunLog(ctx.scope.seed);
  const tests = { value: "failed" as ToolOutcome };
  yield* ctx.tool(
    {
      name: "run_tests",
      kind: "command",
      input: { command: "npx vitest run packages/projection" },
      inputSummary: "npx vitest run packages/projection",
      progress: ["Collecting tests", `Running ${log.files} files`],
      durationMs: 900,
      result: {
        preview: `${log.passed} passed (${log.files} files)`,
        bytes: log.text.length,
        ref: `output://${ctx.scope.turnId}/run_tests.log`,
        output: log.text,
      },
    },
    tests,
  );
  yield* compactContext(ctx);
  yield ctx.jitter([150, 300]);
  ctx.finishing();
  yield* ctx.say(ctx.id("msg", "answer"), SOLO_ANSWER);
  ctx.emit("cost.recorded", { inputTokens: 3_412, outputTokens: 118, costUsd: 0.0142, currency: "USD" });
  evidenceExport(ctx, [
    { name: "tool_output_offloaded", status: "passed" },
    { name: "answer_reconciled", status: "passed" },
  ]);
}

/** The tool outputs filled the context window: the runtime compacts it (CTX-05). The projection shows a
 * compaction boundary, never the replayed reasoning or outputs. */
export function* compactContext(ctx: TurnContext): Script {
  const compactionId = ctx.id("compaction", "context");
  ctx.emit("context.resolved", { budget: { used: 181_300, limit: 200_000 } });
  ctx.emit("context.compaction.started", {
    compactionId,
    reason: "Context window 91% full after the tool outputs",
    tokensBefore: 181_300,
  });
  yield ctx.pause(700);
  ctx.emit("context.compaction.completed", {
    compactionId,
    summary:
      "Earlier turns and the full tool outputs were summarised; the file and the test log stay available by ref.",
    tokensBefore: 181_300,
    tokensAfter: 24_800,
  });
  ctx.emit("context.resolved", { budget: { used: 24_800, limit: 200_000 } });
}

export const soloScenario: DemoScenario = {
  name: "solo",
  title: "Solo run",
  description:
    "One agent: routing, reasoning, a read_file and a run_tests tool with large offloaded outputs, context compaction, a streamed answer and an evidence export.",
  openingPrompt: "How does the projection avoid showing the final answer twice?",
  turn: soloTurn,
};
