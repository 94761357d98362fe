// The mock model's answers for the Claude live runs (see claude-agent-sdk.test.ts): each script decides
// what the loopback Anthropic mock streams back per request, so the real CLI takes one scripted path.
import path from "node:path";
import type { MockScript } from "./claude-live";

/** A Write the CLI must ask permission for (default permission mode); the mock then reports the outcome. */
export const writeScript =
  (workDir: string): MockScript =>
  ({ req, hasToolResult }) => {
    if (!req.tools?.length) return [{ type: "text", text: "Mock title" }];
    if (!hasToolResult)
      return [
        { type: "text", text: "I will write a file." },
        {
          type: "tool_use",
          id: "toolu_write_1",
          name: "Write",
          input: { file_path: path.join(workDir, "denied.txt"), content: "secret plan\n" },
        },
      ];
    return [{ type: "text", text: "The write was not allowed." }];
  };

/** Two tools in one answer that both need permission: a Write the user allows, a Bash that exits 3. */
export const allowedAndFailingScript =
  (workDir: string): MockScript =>
  ({ req, hasToolResult }) => {
    if (!req.tools?.length) return [{ type: "text", text: "Mock title" }];
    if (!hasToolResult)
      return [
        { type: "text", text: "Writing, then checking." },
        {
          type: "tool_use",
          id: "toolu_write_ok",
          name: "Write",
          input: { file_path: path.join(workDir, "ok.txt"), content: "allowed\n" },
        },
        {
          type: "tool_use",
          id: "toolu_bash_fail",
          name: "Bash",
          input: { command: "echo partial; exit 3", description: "A failing check" },
        },
      ];
    return [{ type: "text", text: "Written; the check failed." }];
  };

/** A Bash that marks the moment it really runs (file `started`), then sleeps; the test interrupts it then. */
export const STARTED = "started";
export const sleeperScript = (): MockScript => {
  const command = `node -e "require('fs').writeFileSync('${STARTED}', ''); setTimeout(() => {}, 20000)"`;
  return ({ req, hasToolResult }) => {
    if (!req.tools?.length) return [{ type: "text", text: "Mock title" }];
    if (!hasToolResult)
      return [
        { type: "text", text: "Starting a long job." },
        { type: "tool_use", id: "toolu_sleep", name: "Bash", input: { command, description: "A long job" } },
      ];
    return [{ type: "text", text: "This answer must never be requested." }];
  };
};

export async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const firstUserText = (req: Parameters<MockScript>[0]["req"]): string => {
  const content = req.messages[0]?.content ?? "";
  return typeof content === "string" ? content : content.map((c) => c.text ?? "").join(" ");
};

/** The capture recipe stream-subagent.mjs, with Bash beside the Write in the subagent: the parent delegates through the
 * async Agent tool and answers in plain text (calling Agent again would spawn subagents in a loop). */
export const subagentScript = (workDir: string): MockScript => {
  let parentCalls = 0;
  return ({ req, hasToolResult }) => {
    if (!req.tools?.length) return [{ type: "text", text: "Mock title" }];
    if (firstUserText(req).includes("SUBTASK-PROMPT")) {
      if (!hasToolResult)
        return [
          { type: "thinking", thinking: "Subagent: run echo." },
          {
            type: "tool_use",
            id: "toolu_sub_bash",
            name: "Bash",
            input: { command: "echo hello-from-subagent", description: "Echo from the subagent" },
          },
          // As in the recipe: a Write inside the subagent asks canUseTool on the subagent's behalf.
          {
            type: "tool_use",
            id: "toolu_sub_write",
            name: "Write",
            input: { file_path: path.join(workDir, "notes.txt"), content: "hello\n" },
          },
        ];
      return [{ type: "text", text: "Subagent ran echo." }];
    }
    parentCalls++;
    if (parentCalls === 1)
      return [
        { type: "text", text: "Delegating." },
        {
          type: "tool_use",
          id: "toolu_agent_1",
          name: "Agent",
          input: {
            description: "Run echo",
            prompt: "SUBTASK-PROMPT: run echo",
            subagent_type: "general-purpose",
          },
        },
      ];
    return [{ type: "text", text: "The subagent is done." }];
  };
};
