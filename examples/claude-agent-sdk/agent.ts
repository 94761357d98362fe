// A Claude Agent SDK `query()` piped into a gateway `push` session. Its SDKMessages go to the gateway
// (format `claude-agent-sdk`). When Claude Code asks to use a tool, `canUseTool` puts the permission
// prompt in the session as the stream-json `control_request` the CLI sent, waits for the user's approve
// or reject from the UI (the session's writes channel), records the answer as the `control_response` the
// SDK sends back, and returns it to the SDK. `interrupt` from the UI interrupts the query.
import { createIngestSink } from "@agent-ui/client";
import type { ControlCommand } from "@agent-ui/contracts";
import { type CanUseTool, type Options, type PermissionResult, query } from "@anthropic-ai/claude-agent-sdk";

export interface ClaudeSessionOptions {
  /** The gateway, its token, and a session created with `source: "push"`. */
  baseUrl: string;
  token?: string;
  sessionId: string;
  prompt: string;
  /** Passed to `query()` (cwd, model, env, pathToClaudeCodeExecutable, …); `canUseTool` is this example's. */
  options?: Omit<Options, "canUseTool">;
}

export async function runClaudeSession(options: ClaudeSessionOptions) {
  const sink = createIngestSink({
    baseUrl: options.baseUrl,
    token: options.token,
    sessionId: options.sessionId,
    format: "claude-agent-sdk",
  });
  // Permission prompts waiting for the UI, by request id (the approval's id in the session).
  const waiting = new Map<string, (decision: "approve" | "reject") => void>();
  const canUseTool: CanUseTool = async (toolName, input, context) => {
    const requestId = context.requestId ?? context.toolUseID;
    sink.push({
      type: "control_request",
      request_id: requestId,
      request: {
        subtype: "can_use_tool",
        tool_name: toolName,
        input,
        tool_use_id: context.toolUseID,
        title: context.title,
        decision_reason: context.decisionReason,
      },
    });
    await sink.flush();
    const decision = await new Promise<"approve" | "reject">((resolve, reject) => {
      waiting.set(requestId, resolve);
      context.signal.addEventListener("abort", () => reject(new Error("the query was interrupted")));
    }).finally(() => waiting.delete(requestId));
    const result: PermissionResult =
      decision === "approve"
        ? { behavior: "allow", updatedInput: input }
        : { behavior: "deny", message: "The user rejected this tool use." };
    sink.push({
      type: "control_response",
      response: { subtype: "success", request_id: requestId, response: result },
    });
    return result;
  };
  const run = query({ prompt: options.prompt, options: { ...options.options, canUseTool } });
  sink.onCommand(async (command: ControlCommand) => {
    if (command.kind === "interrupt") {
      await run.interrupt();
      return { status: "accepted" };
    }
    if (command.kind !== "respond_action" || command.decision === "answer")
      return {
        status: "rejected",
        reason: `this agent takes approve / reject and interrupt, not ${command.kind}`,
      };
    const answer = waiting.get(command.actionId);
    if (answer === undefined)
      return { status: "rejected", reason: `no permission prompt ${command.actionId} is waiting` };
    answer(command.decision);
    return { status: "accepted" };
  });

  const messages: unknown[] = [];
  async function* recorded() {
    for await (const message of run) {
      messages.push(message);
      yield message;
    }
  }
  try {
    await sink.pipe(recorded());
    await sink.end("completed");
    return messages as Awaited<ReturnType<typeof run.next>>["value"][];
  } catch (error) {
    await sink.end("failed", (error as Error).message).catch(() => {});
    throw error;
  } finally {
    await sink.close();
  }
}
