// `queue-steer`: a long turn during which the user can queue follow-ups ("run this next": positions,
// promote, remove) and steer the running turn ("change what is happening now": pending, then accepted at
// the next checkpoint, or rejected once the turn is finishing).
import type { ToolOutcome, TurnContext } from "../context";
import type { Script } from "../process";
import { preview } from "../text";
import { prepareModel } from "./solo";
import type { DemoScenario } from "./types";

const SECTIONS = [
  "Here is a walk through the projection pipeline, one stage at a time. ",
  "First, adapters turn each source record into envelope events with stable ids and order. ",
  "Second, the projector applies each event to its family's slice in constant time, without copying history. ",
  "Third, surfaces read slices: status, message parts, tools, actions, tasks and the team workbench. ",
];
const CLOSING = "Finally, hydration and repair keep the view honest when the stream has gaps.";

function* queueSteerTurn(ctx: TurnContext): Script {
  yield* prepareModel(ctx);
  yield* ctx.think(ctx.id("msg", "answer"), "This is a long explanation; I will stream it in sections.");
  const messageId = ctx.id("msg", "answer");
  let text = "";
  // A steer applied at a checkpoint visibly changes the rest of the answer.
  const applySteers = function* (): Script {
    for (const steer of ctx.checkpoint()) {
      const note = `(Adjusting as you asked: ${preview(steer.text, 60)}) `;
      yield* ctx.stream(messageId, note);
      text += note;
    }
  };
  for (let i = 0; i < SECTIONS.length; i++) {
    yield* applySteers();
    yield* ctx.stream(messageId, SECTIONS[i]);
    text += SECTIONS[i];
    if (i === 1) {
      const scan = { value: "failed" as ToolOutcome };
      yield* ctx.tool(
        {
          name: "scan_repository",
          kind: "search",
          input: { pattern: "packages/*/src/**/*.ts" },
          inputSummary: "scan packages/*/src/**/*.ts",
          progress: ["Indexing 120 files", "Indexing 240 files", "Resolving imports"],
          durationMs: 1_600,
          result: { preview: "240 files, 9 packages, 0 cycles", bytes: 18_400 },
        },
        scan,
      );
    }
  }
  yield* applySteers();
  ctx.finishing();
  yield* ctx.stream(messageId, CLOSING);
  text += CLOSING;
  ctx.complete(messageId, text);
}

export const queueSteerScenario: DemoScenario = {
  name: "queue-steer",
  title: "Queue and steer",
  description:
    "A long turn: follow-ups sent meanwhile are queued (promote/remove), a steer is pending then accepted at the next checkpoint or rejected once the turn is finishing.",
  openingPrompt: "Explain the projection pipeline end to end.",
  turn: queueSteerTurn,
};
