// `approval`: one gated tool and nothing else until the user answers through `respond_action`.
import type { ToolOutcome, TurnContext } from "../context";
import type { Script } from "../process";
import { prepareModel } from "./solo";
import type { DemoScenario } from "./types";

function* approvalTurn(ctx: TurnContext): Script {
  yield* prepareModel(ctx);
  const write = { value: "failed" as ToolOutcome };
  yield* ctx.tool(
    {
      name: "write_file",
      kind: "edit",
      input: { path: "README.md", bytes: 812 },
      inputSummary: "write README.md (812 bytes)",
      progress: ["Writing README.md"],
      durationMs: 250,
      result: { preview: "Updated README.md (+12 lines)", bytes: 812 },
      approval: {
        prompt: "Allow write_file to update README.md?",
        scope: { path: "README.md" },
        severity: "medium",
      },
    },
    write,
  );
  ctx.finishing();
  yield* ctx.say(
    ctx.id("msg", "answer"),
    write.value === "completed"
      ? "README.md is updated with the new install section."
      : "I did not change README.md, because the write was denied. I can show the proposed text instead.",
  );
}

export const approvalScenario: DemoScenario = {
  name: "approval",
  title: "Tool approval",
  description:
    "A single write_file that waits for approve or reject; a second answer produces no second fact.",
  openingPrompt: "Add an install section to README.md.",
  turn: approvalTurn,
};
